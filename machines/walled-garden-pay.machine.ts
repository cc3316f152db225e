import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Walled-garden Pay now (shell spec §4 'Walled garden', §7 authorizePayment, §8 'Payment fails').
 *
 * ready --PAY.NOW--> authorizing (authorizePayment) --> paid: the soft and hard flags clear, the payment
 * id is saved and the payment-success flag is set. On failure the toast 'An error occurred when submitting
 * your payment. Your request was not submitted, please try again later.' (4 s) and back to ready, so the
 * buttons re-enable. PAY.NEW_CARD opens the external manage-autopay page.
 * Whether Pay now is offered (hidden when the card is expired) is a rule: the app passes the decision as
 * `payNowAllowed`, and the machine refuses PAY.NOW when it is false.
 *
 * Texts it can produce: MESSAGES.paymentFailed (toast).
 */

export interface WalledGardenPayInput {
  /** Decided by the rules (card not expired). */
  payNowAllowed: boolean;
}

export interface WalledGardenPayContext {
  payNowAllowed: boolean;
}

export type WalledGardenPayEvent = { type: 'PAY.NOW' } | { type: 'PAY.NEW_CARD' };

/** Output of `authorizePayment`: the saved payment record's id. */
export interface AuthorizePaymentOutput {
  paymentId: string;
}

export const walledGardenPayMachine = setup({
  types: {
    context: {} as WalledGardenPayContext,
    events: {} as WalledGardenPayEvent,
    input: {} as WalledGardenPayInput,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST authorizePayment with the account's number, amount and email (the app reads them from its
     * stores). Resolves with the payment id when statusInfo.status is '0' or authorizePaymentResponse.status
     * is 0 (spec §7); rejects otherwise and on call failure.
     */
    authorizePayment: fromPromise<AuthorizePaymentOutput>(() =>
      Promise.reject(new Error('authorizePayment is not provided')),
    ),
  },
  actions: {
    /** Clears the soft and hard walled-garden flags. */
    clearWalledGardenFlags: () => {},
    /** Saves the payment id. */
    savePaymentId: (_, _params: { paymentId: string }) => {},
    /** Sets the payment-success flag. */
    setPaymentSuccess: () => {},
    /** Goes to the external manage-autopay page (jump-out). */
    openManageAutoPay: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    payNowAllowed: ({ context }) => context.payNowAllowed,
  },
}).createMachine({
  id: 'walledGardenPay',
  context: ({ input }) => ({ payNowAllowed: input.payNowAllowed }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'PAY.NOW': { guard: 'payNowAllowed', target: 'authorizing' },
        'PAY.NEW_CARD': { actions: 'openManageAutoPay' },
      },
    },
    authorizing: {
      invoke: {
        id: 'authorizePayment',
        src: 'authorizePayment',
        onDone: {
          target: 'paid',
          actions: [
            'clearWalledGardenFlags',
            { type: 'savePaymentId', params: ({ event }) => ({ paymentId: event.output.paymentId }) },
            'setPaymentSuccess',
          ],
        },
        onError: { target: 'ready', actions: { type: 'showToast', params: MESSAGES.paymentFailed } },
      },
    },
    paid: { type: 'final' },
  },
});

export type WalledGardenPayMachine = typeof walledGardenPayMachine;

/** Every text this machine can produce. */
export const walledGardenPayMessages = [MESSAGES.paymentFailed] as const;
