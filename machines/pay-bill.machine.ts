import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Pay a bill (home spec §2.7, §8; shell spec §7 'createJumpOutToken ... the payment variant uses a longer
 * attribute list', 'GET /Orch/dssh/redirectEntry/jumpOutPayBill accountNumber, page redirect').
 *
 * idle --BILL.PAY--> requestingToken (createJumpOutToken with the payment attributes) --> openingPayment (the
 * jumpOutPayBill redirect entry is asked whether it will send the browser on) --> leaving: `goToPayment`
 * sends the browser to the payment site. A token that cannot be had: 'We are unable to provide this function
 * at this time. Please try again later.' (4 s); a jump-out that fails: 'Something went wrong, please try again
 * later' (4 s); both back to idle, the button enabled again. Whether Pay is offered is rules/billing-actions.json's
 * 'pay-bill'.
 *
 * Texts it can produce: MESSAGES.tokenFailed, MESSAGES.payJumpOutFailed (toasts).
 */

export type PayBillEvent = { type: 'BILL.PAY' };

export const payBillMachine = setup({
  types: {
    events: {} as PayBillEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST createJumpOutToken with the payment attribute list (docs/contracts.md). Resolves when data.token is
     * there; rejects on a failed call or no token.
     */
    createPaymentToken: fromPromise<void>(() =>
      Promise.reject(new Error('createPaymentToken is not provided')),
    ),
    /**
     * GET jumpOutPayBill?accountNumber without following it: resolves when Orch answers with a redirect to
     * the payment site; rejects on an error status, a time-out or any other answer.
     */
    checkJumpOut: fromPromise<void>(() => Promise.reject(new Error('checkJumpOut is not provided'))),
  },
  actions: {
    /** The browser goes to the jumpOutPayBill redirect entry (and on to the payment site). */
    goToPayment: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
}).createMachine({
  id: 'payBill',
  initial: 'idle',
  states: {
    idle: {
      on: { 'BILL.PAY': 'requestingToken' },
    },
    requestingToken: {
      invoke: {
        id: 'createPaymentToken',
        src: 'createPaymentToken',
        onDone: 'openingPayment',
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.tokenFailed } },
      },
    },
    openingPayment: {
      invoke: {
        id: 'checkJumpOut',
        src: 'checkJumpOut',
        onDone: { target: 'leaving', actions: 'goToPayment' },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.payJumpOutFailed } },
      },
    },
    leaving: { type: 'final' },
  },
});

export type PayBillMachine = typeof payBillMachine;

/** Every text this machine can produce. */
export const payBillMessages = [MESSAGES.tokenFailed, MESSAGES.payJumpOutFailed] as const;
