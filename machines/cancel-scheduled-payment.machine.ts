import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Cancel a scheduled payment (home spec §2.7 'cancel scheduled payment', §4 'Cancel scheduled payment: dialog
 * opens, then confirmed or kept', §7 cancelPayment, §8, §9 'cancel payment 30vw').
 *
 * idle --PAYMENT.CANCEL--> confirming (the dialog; the spec quotes no copy, the app draws it)
 * --PAYMENT.KEEP / DIALOG.CLOSE--> idle; --PAYMENT.CONFIRM--> cancelling (POST cancelPayment {accountNumber,
 * paymentId, userId, sourceSystem}) --> cancelled: 'Payment Cancelled' (3 s) and `paymentCancelled` (the
 * payment leaves the list); any other answer or a failed call: 'Unable to cancel the payment. Please try
 * again.' (4 s) and back to idle. Nothing else is accepted while the call runs.
 *
 * Texts it can produce: MESSAGES.paymentCancelled, MESSAGES.paymentCancelFailed (toasts).
 */

export type CancelScheduledPaymentEvent =
  | { type: 'PAYMENT.CANCEL' }
  | { type: 'PAYMENT.CONFIRM' }
  | { type: 'PAYMENT.KEEP' }
  | { type: 'DIALOG.CLOSE' };

export const cancelScheduledPaymentMachine = setup({
  types: {
    events: {} as CancelScheduledPaymentEvent,
    meta: stateMetaType,
  },
  actors: {
    /** POST cancelPayment: resolves when status is 'success'; rejects on anything else or a failed call. */
    cancelPayment: fromPromise<void>(() => Promise.reject(new Error('cancelPayment is not provided'))),
  },
  actions: {
    /** The payment leaves the list (the app reloads the profile; the sandbox keeps it gone). */
    paymentCancelled: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
}).createMachine({
  id: 'cancelScheduledPayment',
  initial: 'idle',
  states: {
    idle: {
      on: { 'PAYMENT.CANCEL': 'confirming' },
    },
    confirming: {
      on: { 'PAYMENT.CONFIRM': 'cancelling', 'PAYMENT.KEEP': 'idle', 'DIALOG.CLOSE': 'idle' },
    },
    cancelling: {
      invoke: {
        id: 'cancelPayment',
        src: 'cancelPayment',
        onDone: {
          target: 'cancelled',
          actions: ['paymentCancelled', { type: 'showToast', params: MESSAGES.paymentCancelled }],
        },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.paymentCancelFailed } },
      },
    },
    cancelled: { type: 'final' },
  },
});

export type CancelScheduledPaymentMachine = typeof cancelScheduledPaymentMachine;

/** Every text this machine can produce. */
export const cancelScheduledPaymentMessages = [
  MESSAGES.paymentCancelled,
  MESSAGES.paymentCancelFailed,
] as const;
