import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Retry Payment of the suspended prepaid notice (home spec §4 'Billing panel states', Suspended prepaid;
 * shell spec §4 'Payment retry', §7 authorizePayment, §8 'Payment fails').
 *
 * ready --PAYMENT.RETRY--> authorizing (authorizePayment) --> succeeded: the retry-payment success flag is
 * set, the new payment id is stored and the user is taken to /home; 'Retry success leaves the notice in a
 * success state' (the final state). On failure the toast 'An error occurred when submitting your payment.
 * Your request was not submitted, please try again later.' (4 s) and back to ready, so the buttons
 * re-enable. PAYMENT.EDIT_METHOD and PAYMENT.NEW_METHOD go to the external payment-method pages.
 * Whether Retry Payment is offered (the data it needs is all present, not an ACH/account payment method) is
 * a rule: the app passes the decision as `retryAllowed`, and the machine refuses PAYMENT.RETRY when false.
 *
 * Texts it can produce: MESSAGES.paymentFailed (toast).
 */

export interface RetryPaymentInput {
  /** Decided by the rules (rules/billing-actions.json, action 'retry-payment'). */
  retryAllowed: boolean;
}

export interface RetryPaymentContext {
  retryAllowed: boolean;
}

export type RetryPaymentEvent =
  { type: 'PAYMENT.RETRY' } | { type: 'PAYMENT.EDIT_METHOD' } | { type: 'PAYMENT.NEW_METHOD' };

/** Output of `authorizePayment`: the saved payment record's id. */
export interface RetryPaymentOutput {
  paymentId: string;
}

export const retryPaymentMachine = setup({
  types: {
    context: {} as RetryPaymentContext,
    events: {} as RetryPaymentEvent,
    input: {} as RetryPaymentInput,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST authorizePayment with the account's number, next payment amount and email (the app reads them
     * from its stores). Resolves with the payment id when statusInfo.status is '0' or
     * authorizePaymentResponse.status is 0 (shell spec §7); rejects otherwise and on call failure.
     */
    authorizePayment: fromPromise<RetryPaymentOutput>(() =>
      Promise.reject(new Error('authorizePayment is not provided')),
    ),
  },
  actions: {
    /** Sets the retry-payment success flag (the rules then show the payment success box). */
    setRetrySuccess: () => {},
    /** Stores the new payment id. */
    savePaymentId: (_, _params: { paymentId: string }) => {},
    /** Goes to /home. */
    navigateHome: () => {},
    /** Goes to the external page that edits the payment method on file (jump-out). */
    openEditPaymentMethod: () => {},
    /** Goes to the external page that takes a new payment method (jump-out). */
    openNewPaymentMethod: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    retryAllowed: ({ context }) => context.retryAllowed,
  },
}).createMachine({
  id: 'retryPayment',
  context: ({ input }) => ({ retryAllowed: input.retryAllowed }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'PAYMENT.RETRY': { guard: 'retryAllowed', target: 'authorizing' },
        'PAYMENT.EDIT_METHOD': { actions: 'openEditPaymentMethod' },
        'PAYMENT.NEW_METHOD': { actions: 'openNewPaymentMethod' },
      },
    },
    authorizing: {
      invoke: {
        id: 'authorizePayment',
        src: 'authorizePayment',
        onDone: {
          target: 'succeeded',
          actions: [
            'setRetrySuccess',
            { type: 'savePaymentId', params: ({ event }) => ({ paymentId: event.output.paymentId }) },
            'navigateHome',
          ],
        },
        onError: { target: 'ready', actions: { type: 'showToast', params: MESSAGES.paymentFailed } },
      },
    },
    succeeded: { type: 'final' },
  },
});

export type RetryPaymentMachine = typeof retryPaymentMachine;

/** Every text this machine can produce. */
export const retryPaymentMessages = [MESSAGES.paymentFailed] as const;
