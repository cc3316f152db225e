import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Reschedule a repair appointment (home spec §2.4 'Reschedule Appointment dialog', §4 'Reschedule repair
 * appointment', §5 'Selectable dates' and 'Reschedule success', §8).
 *
 * closed --RESCHEDULE.OPEN--> loading (fetchSlots: rescheduleAppointmentDetails) --> choosing, or
 * slotsUnavailable (the inline 'We are unable to retrieve appointment times ...'). In choosing, DATE.SELECT
 * clears the chosen time (the app lists that day's slots), TIME.SELECT picks one; SAVE is accepted only after a
 * time is picked, and saving (updateTicket, action Reschedule) accepts nothing else. Success: `rescheduled`
 * (the new date and time stored, a missed alert closed), the toast 'Your Appointment has been rescheduled'
 * (4 s), dialog closed. Failure: 'Sorry, your appointment cannot be rescheduled at the moment' (4 s), the
 * dialog stays so the customer can pick again or cancel. DIALOG.CLOSE closes it except while saving.
 *
 * Texts it can produce: MESSAGES.appointmentSlotsUnavailable (inline), MESSAGES.appointmentRescheduled,
 * MESSAGES.appointmentRescheduleFailed (toasts).
 */

/** One appointment slot (appointmentResult[]: appointmentID, appointmentDetail.startTime/endTime). */
export interface Slot {
  appointmentId: string;
  startTime: string;
  endTime: string;
}

/** What fetchSlots answers: the usable slots and the ids updateTicket needs. */
export interface SlotsAnswer {
  slots: Slot[];
  customerProductId: string | null;
  sessionId: string | null;
}

export interface RescheduleRepairContext {
  slots: Slot[];
  customerProductId: string | null;
  sessionId: string | null;
  /** The chosen day, YYYY-MM-DD (the slots' own calendar day). */
  date: string | null;
  /** The chosen slot's appointmentID. */
  appointmentId: string | null;
}

export type RescheduleRepairEvent =
  | { type: 'RESCHEDULE.OPEN' }
  | { type: 'DATE.SELECT'; date: string }
  | { type: 'TIME.SELECT'; appointmentId: string }
  | { type: 'SAVE' }
  | { type: 'DIALOG.CLOSE' };

const EMPTY: RescheduleRepairContext = {
  slots: [],
  customerProductId: null,
  sessionId: null,
  date: null,
  appointmentId: null,
};

export const rescheduleRepairMachine = setup({
  types: {
    context: {} as RescheduleRepairContext,
    events: {} as RescheduleRepairEvent,
    meta: stateMetaType,
  },
  actors: {
    /** POST rescheduleAppointmentDetails. Rejects when the call fails or answers no usable slot. */
    fetchSlots: fromPromise<SlotsAnswer>(() => Promise.reject(new Error('fetchSlots is not provided'))),
    /**
     * POST updateTicket, action Reschedule, with the chosen slot. Resolves on message SUCCESS (any case), or
     * apiResponse code 0 with a non-empty appointmentResult; rejects on FAILURE or anything else.
     */
    rescheduleTicket: fromPromise<
      void,
      { appointmentId: string; sessionId: string | null; customerProductId: string | null }
    >(() => Promise.reject(new Error('rescheduleTicket is not provided'))),
  },
  actions: {
    /** The new date and time stored and shown; a missed alert closed; the 'Appointment Rescheduled' notice. */
    rescheduled: (_, _slot: { appointmentId: string | null }) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    timeChosen: ({ context }) => context.appointmentId !== null,
  },
}).createMachine({
  id: 'rescheduleRepair',
  context: EMPTY,
  initial: 'closed',
  states: {
    closed: {
      on: { 'RESCHEDULE.OPEN': { target: 'loading', actions: assign(() => EMPTY) } },
    },
    loading: {
      invoke: {
        id: 'fetchSlots',
        src: 'fetchSlots',
        onDone: {
          target: 'choosing',
          actions: assign(({ event }) => ({
            slots: event.output.slots,
            customerProductId: event.output.customerProductId,
            sessionId: event.output.sessionId,
          })),
        },
        onError: 'slotsUnavailable',
      },
      on: { 'DIALOG.CLOSE': 'closed' },
    },
    slotsUnavailable: {
      meta: { message: MESSAGES.appointmentSlotsUnavailable },
      on: { 'DIALOG.CLOSE': 'closed' },
    },
    choosing: {
      on: {
        'DATE.SELECT': { actions: assign(({ event }) => ({ date: event.date, appointmentId: null })) },
        'TIME.SELECT': { actions: assign(({ event }) => ({ appointmentId: event.appointmentId })) },
        SAVE: { guard: 'timeChosen', target: 'saving' },
        'DIALOG.CLOSE': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'rescheduleTicket',
        src: 'rescheduleTicket',
        input: ({ context }) => ({
          appointmentId: context.appointmentId ?? '',
          sessionId: context.sessionId,
          customerProductId: context.customerProductId,
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'rescheduled', params: ({ context }) => ({ appointmentId: context.appointmentId }) },
            { type: 'showToast', params: MESSAGES.appointmentRescheduled },
          ],
        },
        onError: {
          target: 'choosing',
          actions: { type: 'showToast', params: MESSAGES.appointmentRescheduleFailed },
        },
      },
    },
  },
});

export type RescheduleRepairMachine = typeof rescheduleRepairMachine;

/** Every text this machine can produce. */
export const rescheduleRepairMessages = [
  MESSAGES.appointmentSlotsUnavailable,
  MESSAGES.appointmentRescheduled,
  MESSAGES.appointmentRescheduleFailed,
] as const;
