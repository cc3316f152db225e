/** The billing panel's flows (pay a bill, payment plans, scheduled payments, View Bill) with their effects provided from the stores: loaded with the cards that start them. */
import { fromPromise } from 'xstate';
import { cancelScheduledPaymentMachine } from '../../../machines/cancel-scheduled-payment.machine';
import { payBillMachine } from '../../../machines/pay-bill.machine';
import { paymentPlanMachine, type PlanToken } from '../../../machines/payment-plan.machine';
import { viewBillMachine, type FoundBill } from '../../../machines/view-bill.machine';
import { checkJumpOut, jumpOutPayBillUrl } from '../../api/calls/jump-out';
import { tokenJumpTarget } from '../../api/redirect';
import { encodeParam } from '../../api/url';
import { config, jumpOut } from '../../config';
import { accountNumberOf, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';
import { isPrepaid, NEXT_PAYMENT, newestFirst } from './billing-data';
import { PAYMENT_SOURCE, paymentAttributes } from './payment-attributes';

const jumpOutTokenCall = () => import('../../api/calls/jump-out-token');
const planTokenCall = () => import('../../api/calls/payment-plan-token');
const cancelPaymentCall = () => import('../../api/calls/cancel-payment');
const billDatesCall = () => import('../../api/calls/bill-dates');
const prepaidInvoicesCall = () => import('../../api/calls/prepaid-invoice-history');

/**
 * Pay: the payment jump-out token (createJumpOutToken with the payment attributes, docs/contracts.md), then
 * the jumpOutPayBill redirect entry is asked whether it will send the browser on; only then does the browser
 * go there. Each failure is logged (createJumpOutToken, jumpOutPayBill) and ends in its toast.
 */
export function providePayBill(store: RootStore) {
  return payBillMachine.provide({
    actors: {
      createPaymentToken: fromPromise<void>(async () => {
        const operation = 'createJumpOutToken';
        const p = store.profile.data;
        if (!p) refuse(store, operation, 'no profile for the payment token');
        const { createJumpOutToken } = await jumpOutTokenCall();
        const data = await unwrap(
          store,
          operation,
          createJumpOutToken(store.orch, { attribList: paymentAttributes(p) }),
        );
        if (!data.data.token.trim()) refuse(store, operation, 'payment token empty');
      }),
      checkJumpOut: fromPromise<void>(async () => {
        await unwrap(
          store,
          'jumpOutPayBill',
          checkJumpOut(store.env.fetch, jumpOutPayBillUrl(accountNumberOf(store))),
        );
      }),
    },
    actions: {
      goToPayment: () => store.env.assign(jumpOutPayBillUrl(accountNumberOf(store))),
      showToast: toast(store),
    },
  });
}

/**
 * Set up / View Payment plan: the payment-plan token (statusCode 1 plus token), then the payment-plan site
 * with it, checked like any redirect (a token cannot take the browser off the allowlist). No token, or one
 * the checker refuses, is logged (paymentPlanToken) and ends in the token-failure toast.
 */
export function providePaymentPlan(store: RootStore) {
  const operation = 'paymentPlanToken';
  const targetOf = (token: string) =>
    tokenJumpTarget(jumpOut('paymentPlan'), token, {
      origin: store.env.origin,
      allowlist: config.redirectAllowlist,
    });
  return paymentPlanMachine.provide({
    actors: {
      getPlanToken: fromPromise<PlanToken>(async () => {
        const { getPaymentPlanToken } = await planTokenCall();
        const data = await unwrap(
          store,
          operation,
          getPaymentPlanToken(store.orch, { accountNumber: accountNumberOf(store) }),
        );
        if (data.statusCode !== 1 || !data.token) refuse(store, operation, `statusCode ${data.statusCode}`);
        if (!targetOf(data.token))
          refuse(store, operation, 'payment-plan site refused by the redirect check');
        return { token: data.token };
      }),
    },
    actions: {
      openPlanSite: (_, { token }) => {
        const target = targetOf(token);
        if (target) store.env.assign(target);
      },
      showToast: toast(store),
    },
  });
}

/**
 * Cancel one scheduled payment: POST cancelPayment {accountNumber, paymentId, userId (the sign-in name),
 * sourceSystem 'DIGIHOME'}; success only on status 'success'. Afterwards the profile reloads, and with it the
 * list (the sandbox keeps the payment gone for the session).
 */
export function provideCancelScheduledPayment(store: RootStore, paymentId: string, focusOutcome: () => void) {
  const operation = 'cancelPayment';
  return cancelScheduledPaymentMachine.provide({
    actors: {
      cancelPayment: fromPromise<void>(async () => {
        const { cancelPayment } = await cancelPaymentCall();
        const data = await unwrap(
          store,
          operation,
          cancelPayment(store.orch, {
            accountNumber: accountNumberOf(store),
            paymentId,
            userId: store.session.profileId ?? '',
            sourceSystem: PAYMENT_SOURCE,
          }),
        );
        if (data.status.toLowerCase() !== 'success')
          refuse(store, operation, `cancel payment ${paymentId}: status ${data.status}`);
      }),
    },
    actions: {
      paymentCancelled: () => {
        // The payment's row, and its button, leave with the reload: the focus is handed on first.
        focusOutcome();
        void store.reloadProfile();
      },
      showToast: toast(store),
    },
  });
}

/**
 * View Bill: the newest bill of the account (prepaid: the prepaid invoice history, 'NextPayment' excluded;
 * others: the bill dates, errorNo 0), opened on its detail page. `noBillsYet` comes from the rules.
 */
export function provideViewBill(store: RootStore, navigate: (to: string) => void) {
  return viewBillMachine.provide({
    actors: {
      findBill: fromPromise<FoundBill>(async () => {
        const p = store.profile.data;
        if (!p) refuse(store, 'viewBill', 'no profile for View Bill');
        const accountNumber = p.currentlyManagedAccount;
        if (isPrepaid(p)) {
          const operation = 'getPrepaidInvoiceHistory';
          const { getPrepaidInvoiceHistory } = await prepaidInvoicesCall();
          const data = await unwrap(
            store,
            operation,
            getPrepaidInvoiceHistory(store.orch, { accountNumber }),
          );
          const bills = data.invoices.filter((i) => i.invoiceNumber !== NEXT_PAYMENT);
          const newest = newestFirst(bills, (i) => i.invoiceDate)[0];
          return { to: newest ? `/billDetail?invoiceNumber=${encodeParam(newest.invoiceNumber)}` : null };
        }
        const operation = 'getBillDates';
        const { getBillDates, billDatesSucceeded } = await billDatesCall();
        const data = await unwrap(store, operation, getBillDates(store.orch, { acctNo: accountNumber }));
        if (!billDatesSucceeded(data)) refuse(store, operation, `errorNo ${data.errorNo}`);
        const newest = newestFirst(data.details, (d) => d.billDate)[0];
        return { to: newest ? `/billDetailPdf?billDate=${encodeParam(newest.billDate)}` : null };
      }),
    },
    actions: {
      openBill: (_, { to }) => navigate(to),
      showToast: toast(store),
    },
  });
}
