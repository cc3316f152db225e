import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Cancel a pending service order (home spec §2.2 'Cancel-order dialog', §2.3, §4 'Cancel service order',
 * §5 'Order cancel success: reasonCode 200', §8).
 *
 * idle --ORDER.CANCEL--> confirming (the home's dialog) or confirmingFromHistory (the history's text)
 * --ORDER.CONFIRM--> cancelling (cancelOrder; spinner, busy buttons: Cancel Order is disabled while the machine
 * is here) --> cancelled (`orderCancelled`: alert hidden, Cancel Order disabled for good, profile and internet
 * info reloaded, dialog closed) or back to idle with the toast 'Something went wrong. Please try again later.'
 * (3 s), Cancel Order enabled again. ORDER.KEEP ('No Thanks') closes the dialog. Whether Cancel Order is
 * offered at all is decided by rules/order-actions.json before this machine runs; the busy state is this
 * machine's own, not a rule's fact, so the card running the flow stays on screen while the call runs.
 *
 * Texts it can produce: MESSAGES.cancelOrderConfirm, MESSAGES.cancelOrderConfirmHistory (dialogs),
 * MESSAGES.cancelOrderFailed (toast).
 */

export interface CancelOrderInput {
  /** Where the dialog opens: the home's pending-order alert, or the Order & Ticket History page. */
  from: 'home' | 'history';
}

export type CancelOrderEvent = { type: 'ORDER.CANCEL' } | { type: 'ORDER.CONFIRM' } | { type: 'ORDER.KEEP' };

export const cancelOrderMachine = setup({
  types: {
    input: {} as CancelOrderInput,
    context: {} as CancelOrderInput,
    events: {} as CancelOrderEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST cancelOrder {ban, siteOrderNumber}. Resolves when data.reasonCode is '200'; rejects on any other
     * answer, a failed call or an exception (the app logs the issue first).
     */
    cancelOrder: fromPromise<void>(() => Promise.reject(new Error('cancelOrder is not provided'))),
  },
  actions: {
    /** Success: the alert hidden, the cancelled alert shown, the profile and internet info reloaded. */
    orderCancelled: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    fromHistory: ({ context }) => context.from === 'history',
  },
}).createMachine({
  id: 'cancelOrder',
  context: ({ input }) => ({ from: input.from }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'ORDER.CANCEL': [{ guard: 'fromHistory', target: 'confirmingFromHistory' }, { target: 'confirming' }],
      },
    },
    confirming: {
      meta: { message: MESSAGES.cancelOrderConfirm },
      on: { 'ORDER.CONFIRM': 'cancelling', 'ORDER.KEEP': 'idle' },
    },
    confirmingFromHistory: {
      meta: { message: MESSAGES.cancelOrderConfirmHistory },
      on: { 'ORDER.CONFIRM': 'cancelling', 'ORDER.KEEP': 'idle' },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        onDone: { target: 'cancelled', actions: 'orderCancelled' },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.cancelOrderFailed } },
      },
    },
    cancelled: { type: 'final' },
  },
});

export type CancelOrderMachine = typeof cancelOrderMachine;

/** Every text this machine can produce. */
export const cancelOrderMessages = [
  MESSAGES.cancelOrderConfirm,
  MESSAGES.cancelOrderConfirmHistory,
  MESSAGES.cancelOrderFailed,
] as const;
