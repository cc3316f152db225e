import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Cancel a repair appointment (home spec §2.4 'Cancel Appointment dialog', §4 'Cancel repair appointment',
 * §5 'Repair cancel success: response type not fail', §8).
 *
 * idle --REPAIR.CANCEL--> confirming ('To confirm your cancellation please click confirm') --REPAIR.CONFIRM-->
 * cancelling (updateTicket, action Cancel) --> idle with the toast 'Your Appointment has been cancelled' and
 * `ticketCancelled` (the ticket leaves the home; the history is rebuilt with it as Cancel / CAN), or idle with
 * 'Sorry, your appointment cannot be cancelled at the moment' (4 s). DIALOG.CLOSE closes the dialog.
 *
 * Texts it can produce: MESSAGES.repairCancelConfirm (dialog), MESSAGES.appointmentCancelled,
 * MESSAGES.appointmentCancelFailed (toasts).
 */

export type CancelRepairEvent =
  { type: 'REPAIR.CANCEL' } | { type: 'REPAIR.CONFIRM' } | { type: 'DIALOG.CLOSE' };

export const cancelRepairMachine = setup({
  types: {
    events: {} as CancelRepairEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST updateTicket with action Cancel and every field of the call table. Resolves when the response
     * type is not 'fail'; rejects otherwise or when the call fails (the app logs the issue first).
     */
    cancelTicket: fromPromise<void>(() => Promise.reject(new Error('cancelTicket is not provided'))),
  },
  actions: {
    /** Locally: status Cancel, report status CAN, cancel and reschedule disallowed, completion time now. */
    ticketCancelled: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
}).createMachine({
  id: 'cancelRepair',
  initial: 'idle',
  states: {
    idle: { on: { 'REPAIR.CANCEL': 'confirming' } },
    confirming: {
      meta: { message: MESSAGES.repairCancelConfirm },
      on: { 'REPAIR.CONFIRM': 'cancelling', 'DIALOG.CLOSE': 'idle' },
    },
    cancelling: {
      invoke: {
        id: 'cancelTicket',
        src: 'cancelTicket',
        onDone: {
          target: 'idle',
          actions: ['ticketCancelled', { type: 'showToast', params: MESSAGES.appointmentCancelled }],
        },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.appointmentCancelFailed } },
      },
    },
  },
});

export type CancelRepairMachine = typeof cancelRepairMachine;

/** Every text this machine can produce. */
export const cancelRepairMessages = [
  MESSAGES.repairCancelConfirm,
  MESSAGES.appointmentCancelled,
  MESSAGES.appointmentCancelFailed,
] as const;
