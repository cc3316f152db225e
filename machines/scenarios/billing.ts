/**
 * The path scenarios of billing and paying: walled-garden pay, payment retry, paperless, pay bill, payment plan,
 * scheduled payments, bills.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { JsonValue, PathEvent } from '../paths';
import { walledGardenPayMachine, walledGardenPayMessages } from '../walled-garden-pay.machine';
import { retryPaymentMachine, retryPaymentMessages } from '../retry-payment.machine';
import { paperlessMachine, paperlessMessages } from '../paperless.machine';
import { payBillMachine, payBillMessages } from '../pay-bill.machine';
import { paymentPlanMachine, paymentPlanMessages } from '../payment-plan.machine';
import {
  cancelScheduledPaymentMachine,
  cancelScheduledPaymentMessages,
} from '../cancel-scheduled-payment.machine';
import { viewBillMachine, viewBillMessages } from '../view-bill.machine';
import { done, failed, type PathMachine } from './scenario';

export const walledGardenPay: PathMachine = {
  id: 'walled-garden-pay',
  machine: walledGardenPayMachine,
  messages: walledGardenPayMessages,
  scenarios: [
    {
      id: 'card-valid',
      given: 'Pay now is offered (card not expired)',
      input: { payNowAllowed: true },
      events: [
        { type: 'PAY.NOW' },
        { type: 'PAY.NEW_CARD' },
        done('authorizePayment', { paymentId: 'PAY-1001' }),
        failed('authorizePayment', "statusInfo.status is not '0'"),
      ],
    },
    {
      id: 'card-expired',
      given: 'Pay now is not offered (card expired)',
      input: { payNowAllowed: false },
      events: [{ type: 'PAY.NOW' }, { type: 'PAY.NEW_CARD' }],
    },
  ],
};

export const retryPayment: PathMachine = {
  id: 'retry-payment',
  machine: retryPaymentMachine,
  messages: retryPaymentMessages,
  scenarios: [
    {
      id: 'retry-offered',
      given: 'Retry Payment is offered (the rules decided retry-payment)',
      input: { retryAllowed: true },
      events: [
        { type: 'PAYMENT.RETRY' },
        { type: 'PAYMENT.EDIT_METHOD' },
        { type: 'PAYMENT.NEW_METHOD' },
        done('authorizePayment', { paymentId: 'PAY-775501' }),
        failed('authorizePayment', "statusInfo.status is not '0'"),
      ],
    },
    {
      id: 'retry-not-offered',
      given: 'Retry Payment is not offered (data missing or an ACH/account payment method)',
      input: { retryAllowed: false },
      events: [{ type: 'PAYMENT.RETRY' }, { type: 'PAYMENT.EDIT_METHOD' }, { type: 'PAYMENT.NEW_METHOD' }],
    },
  ],
};

// The paperless flow's answers, offered where they apply and, for the rarer ones, only on the first round, so
// the traversal covers each transition without multiplying them by every count of submissions. The form's own
// events (address, option, phone) have a scenario of their own.
const paperlessAnswers = (snapshot: AnyMachineSnapshot): readonly PathEvent[] => {
  const { submissions } = snapshot.context as { submissions: number };
  const untried = submissions === 0;
  const firstRound = submissions === 1;
  if (snapshot.matches('off')) return untried ? [{ type: 'PAPERLESS.TURN_ON' }] : [];
  if (snapshot.matches('editing'))
    return [{ type: 'PAPERLESS.SUBMIT' }, ...(untried ? [{ type: 'DIALOG.CLOSE' }] : [])];
  if (snapshot.matches('validating'))
    return [
      done('validateEmail', 'SUCCESS'),
      done('validateEmail', 'ERROR'),
      ...(firstRound ? [failed('validateEmail', 'HTTP 500')] : []),
    ];
  if (snapshot.matches('confirmEmail'))
    return [{ type: 'EMAIL.CONFIRM' }, { type: 'EMAIL.REJECT' }, { type: 'DIALOG.CLOSE' }];
  if (snapshot.matches('turningOn'))
    return [
      done('updatePaperless'),
      ...(firstRound ? [failed('updatePaperless', "data.code is not '200'")] : []),
    ];
  return [];
};

const paperlessInput = (paperless: boolean, inline: boolean, emailValid = true): JsonValue => ({
  paperless,
  email: emailValid ? 'pat@example.com' : '',
  emailValid,
  emailRetryLimit: 2,
  phoneDigits: 10,
  inline,
});

export const paperless: PathMachine = {
  id: 'paperless',
  machine: paperlessMachine,
  messages: paperlessMessages,
  scenarios: [
    {
      id: 'dialog-off',
      given:
        'Paperless billing is off; the paperless dialog (early-life card, /billing, settings) opens on the bill email',
      input: paperlessInput(false, false),
      events: paperlessAnswers,
    },
    {
      id: 'paper-charge-alert',
      given: "Paperless billing is off; the paper-charge alert's own email field holds the bill email",
      input: paperlessInput(false, true),
      events: paperlessAnswers,
    },
    {
      id: 'form',
      given:
        "The paper-charge alert's field is empty: 'Turn On' waits for a valid address, and for SMS a 10-digit phone",
      input: paperlessInput(false, true, false),
      // One step at a time, in the order a customer fills the form, each tried with a submission that the
      // incomplete form refuses: the traversal follows the form instead of every order of its fields.
      events: (snapshot) => {
        if (!snapshot.matches('editing')) return [];
        const c = snapshot.context as { email: string; emailValid: boolean; option: string; phone: string };
        const submit: PathEvent = { type: 'PAPERLESS.SUBMIT' };
        if (c.email === '') return [{ type: 'EMAIL.CHANGE', email: 'pat@example', valid: false }, submit];
        if (!c.emailValid) return [{ type: 'EMAIL.CHANGE', email: 'pat@example.com', valid: true }, submit];
        if (c.option === 'email') return [{ type: 'OPTION.SELECT', option: 'emailSms' }];
        if (c.phone === '') return [{ type: 'PHONE.CHANGE', phone: '303555010' }, submit];
        if (c.phone.length < 10) return [{ type: 'PHONE.CHANGE', phone: '3035550100' }, submit];
        return [submit];
      },
    },
    {
      id: 'on',
      given: 'Paperless billing is on (/billing, settings)',
      input: paperlessInput(true, false),
      events: [
        { type: 'PAPERLESS.TURN_OFF' },
        { type: 'TURN_OFF.CONFIRM' },
        { type: 'DIALOG.CLOSE' },
        done('updatePaperless'),
        failed('updatePaperless', 'HTTP 500'),
      ],
    },
  ],
};

export const payBill: PathMachine = {
  id: 'pay-bill',
  machine: payBillMachine,
  messages: payBillMessages,
  scenarios: [
    {
      id: 'pay-offered',
      given: 'Pay is offered (rules/billing-actions.json pay-bill)',
      events: [
        { type: 'BILL.PAY' },
        done('createPaymentToken'),
        failed('createPaymentToken', 'HTTP 500'),
        done('checkJumpOut'),
        failed('checkJumpOut', 'HTTP 500 from jumpOutPayBill'),
      ],
    },
  ],
};

export const paymentPlan: PathMachine = {
  id: 'payment-plan',
  machine: paymentPlanMachine,
  messages: paymentPlanMessages,
  scenarios: [
    {
      id: 'plan-offered',
      given: 'Set up or View Payment plan is offered (rules/billing-actions.json)',
      events: [
        { type: 'PLAN.OPEN' },
        done('getPlanToken', { token: 'PP-0123456789abcdef' }),
        failed('getPlanToken', 'statusCode 0'),
      ],
    },
  ],
};

export const cancelScheduledPayment: PathMachine = {
  id: 'cancel-scheduled-payment',
  machine: cancelScheduledPaymentMachine,
  messages: cancelScheduledPaymentMessages,
  scenarios: [
    {
      id: 'scheduled-payment',
      given: 'A scheduled payment is listed with its cancel button',
      events: [
        { type: 'PAYMENT.CANCEL' },
        { type: 'PAYMENT.CONFIRM' },
        { type: 'PAYMENT.KEEP' },
        { type: 'DIALOG.CLOSE' },
        done('cancelPayment'),
        failed('cancelPayment', "status 'failure'"),
      ],
    },
  ],
};

export const viewBill: PathMachine = {
  id: 'view-bill',
  machine: viewBillMachine,
  messages: viewBillMessages,
  scenarios: [
    {
      id: 'with-bills',
      given: "View Bill on the home of an account past its first bill (rules: not 'no-bills-yet')",
      input: { noBillsYet: false },
      events: [
        { type: 'BILL.VIEW' },
        done('findBill', { to: '/billDetailPdf?billDate=2026-02-22' }),
        done('findBill', { to: null }),
        failed('findBill', 'errorNo 1'),
      ],
    },
    {
      id: 'no-bills-yet',
      given: "View Bill for an early-life account or tenure 0 (rules: 'no-bills-yet')",
      input: { noBillsYet: true },
      events: [{ type: 'BILL.VIEW' }],
    },
  ],
};
