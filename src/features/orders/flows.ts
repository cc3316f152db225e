/** The orders and appointments flows' machines with their effects provided from the stores. */
import { formatISO } from 'date-fns';
import { fromPromise } from 'xstate';
import { cancelOrderMachine } from '../../../machines/cancel-order.machine';
import { cancelRepairMachine } from '../../../machines/cancel-repair.machine';
import {
  rescheduleRepairMachine,
  type Slot,
  type SlotsAnswer,
} from '../../../machines/reschedule-repair.machine';
import { techTrackerMachine, type TrackerAnswer } from '../../../machines/tech-tracker.machine';
import { jumpOutTechTrackerUrl } from '../../api/calls/jump-out';
import { parseDate } from '../../facts';
import type { HistoryOrder, TroubleReport } from '../../generated/types';
import { accountNumberOf, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

// The flows' call modules (and their response validators) load with the first click that needs them, not
// with /home: a customer who never cancels or reschedules never downloads them.
const cancelOrderCall = () => import('../../api/calls/cancel-order');
const slotsCall = () => import('../../api/calls/reschedule-appointment');
const updateTicketCall = () => import('../../api/calls/update-ticket');
const techTrackerCall = () => import('../../api/calls/tech-tracker');

/** The app's source id on the repair calls (the spec's sourceAppId). */
const SOURCE_APP_ID = 'DIGIHOME';

/**
 * Cancel the pending order `orderNumber`: POST cancelOrder {ban, siteOrderNumber}; success only on reasonCode
 * '200'. On success the alert is hidden (the order-cancelled rule shows the cancelled alert instead), Cancel
 * Order is disabled (disableCancelOrderButton), and the profile and internet info (services, order history)
 * reload. `focusOutcome` hands the focus on, since the button pressed leaves with the alert or the history row.
 */
export function provideCancelOrder(store: RootStore, orderNumber: string, focusOutcome: () => void) {
  const operation = 'cancelOrder';
  return cancelOrderMachine.provide({
    actors: {
      cancelOrder: fromPromise<void>(async () => {
        const { cancelOrder, cancelOrderSucceeded } = await cancelOrderCall();
        const data = await unwrap(
          store,
          operation,
          cancelOrder(store.orch, { ban: accountNumberOf(store), siteOrderNumber: orderNumber }),
        );
        if (!cancelOrderSucceeded(data))
          refuse(store, operation, `cancel order ${orderNumber}: reasonCode ${data.data.reasonCode}`);
      }),
    },
    actions: {
      orderCancelled: () => {
        store.ui.setFlag('cancelOrderDisabled', true);
        store.ui.setFlag('orderCancelled', true);
        focusOutcome();
        void store.reloadProfile().then(() => store.loadAccountData());
      },
      showToast: toast(store),
    },
  });
}

/** The fields every updateTicket and slot call names (the spec's call table). */
function ticketFields(store: RootStore, ticket: TroubleReport) {
  const p = store.profile.data;
  return {
    wtn: store.accountData.tickets?.wtn ?? p?.wtn ?? '',
    sourceSystem: ticket.sourceSystem ?? '',
    ...(p?.serviceAddress?.stateCode ? { state: p.serviceAddress.stateCode } : {}),
    sourceAppId: SOURCE_APP_ID,
  };
}

/**
 * Reschedule a repair: slots from rescheduleAppointmentDetails (usable when apiResponse code is 0 and there is
 * at least one), then updateTicket with action Reschedule and the chosen slot. On success the ticket shows the
 * new date and time (stored locally, as the spec does) and the 'Appointment Rescheduled' notice.
 */
export function provideRescheduleRepair(store: RootStore, ticket: TroubleReport) {
  const number = ticket.nativeTroubleReportIdentifier;
  let slots: Slot[] = [];
  return rescheduleRepairMachine.provide({
    actors: {
      fetchSlots: fromPromise<SlotsAnswer>(async () => {
        const operation = 'rescheduleAppointmentDetails';
        const { getAppointmentSlots, slotsAvailable } = await slotsCall();
        const data = await unwrap(
          store,
          operation,
          getAppointmentSlots(store.orch, {
            ticketNum: number,
            productName: ticket.productName ?? '',
            ...ticketFields(store, ticket),
          }),
        );
        if (!slotsAvailable(data)) refuse(store, operation, `no appointment slots for ticket ${number}`);
        slots = data.appointmentResult.map((a) => ({
          appointmentId: a.appointmentID,
          startTime: a.appointmentDetail.startTime,
          endTime: a.appointmentDetail.endTime,
        }));
        return {
          slots,
          customerProductId: data.customerProductId ?? ticket.customerProductId ?? null,
          sessionId: data.rxSessionIdentifier ?? null,
        };
      }),
      rescheduleTicket: fromPromise<
        void,
        { appointmentId: string; sessionId: string | null; customerProductId: string | null }
      >(async ({ input }) => {
        const operation = 'updateTicket';
        const { rescheduleSucceeded, updateTicket } = await updateTicketCall();
        const data = await unwrap(
          store,
          operation,
          updateTicket(store.orch, {
            action: 'Reschedule',
            nativeTroubleTicketNumber: number,
            ticketNumber: number,
            ...ticketFields(store, ticket),
            ...(input.customerProductId ? { customerProductID: input.customerProductId } : {}),
            ...(input.sessionId ? { sessionId: input.sessionId } : {}),
            selectedAppointmentId: input.appointmentId,
          }),
        );
        if (!rescheduleSucceeded(data))
          refuse(store, operation, `reschedule ${number}: ${data.updateTicketResponse.apiResponse.message}`);
      }),
    },
    actions: {
      rescheduled: (_, { appointmentId }) => {
        const slot = slots.find((s) => s.appointmentId === appointmentId);
        if (!slot) return;
        store.accountData.patchTicket(number, {
          commitmentDateTime: slot.endTime,
          completionDateTime: slot.endTime,
          isPast: false,
          appointmentInfo: {
            ...ticket.appointmentInfo,
            startDateTime: slot.startTime,
            endDateTime: slot.endTime,
          },
        });
        store.accountData.markRescheduled(number);
      },
      showToast: toast(store),
    },
  });
}

/**
 * Cancel a repair appointment: updateTicket with action Cancel; success when the type is not 'fail'. Locally
 * the ticket becomes status Cancel / CAN, with no further actions and completion time now, and `focusOutcome`
 * hands the focus on (the ticket's buttons are gone with it).
 */
export function provideCancelRepair(store: RootStore, ticket: TroubleReport, focusOutcome: () => void) {
  const number = ticket.nativeTroubleReportIdentifier;
  const operation = 'updateTicket';
  return cancelRepairMachine.provide({
    actors: {
      cancelTicket: fromPromise<void>(async () => {
        const { cancelTicketSucceeded, updateTicket } = await updateTicketCall();
        const data = await unwrap(
          store,
          operation,
          updateTicket(store.orch, {
            action: 'Cancel',
            nativeTroubleTicketNumber: number,
            ticketNumber: number,
            ...ticketFields(store, ticket),
            ...(ticket.customerProductId ? { customerProductID: ticket.customerProductId } : {}),
          }),
        );
        if (!cancelTicketSucceeded(data))
          refuse(
            store,
            operation,
            `cancel ticket ${number}: ${data.updateTicketResponse.apiResponse.message}`,
          );
      }),
    },
    actions: {
      ticketCancelled: () => {
        store.accountData.patchTicket(number, {
          troubleReportStatus: 'CAN',
          normalizedOrderStatus: 'Cancel',
          canCancel: false,
          canReschedule: false,
          completionDateTime: formatISO(store.env.now()).slice(0, 19),
        });
        focusOutcome();
      },
      showToast: toast(store),
    },
  });
}

/** What the tracker of an order or a repair ticket is asked for. */
export type TrackerTarget =
  { kind: 'order'; order: Pick<HistoryOrder, 'orderCreatedDate'> } | { kind: 'ticket'; ticketNumber: string };

/**
 * The technician's location. For an order the click forces status pending and needs the account number and the
 * created date (YYYY-MM-DD); a tracker present opens the tracker jump-out in a new window.
 */
export function provideTechTracker(store: RootStore, target: TrackerTarget) {
  const operation = target.kind === 'order' ? 'techTracker' : 'clickTechTrackerForRepair';
  return techTrackerMachine.provide({
    actors: {
      findTracker: fromPromise<TrackerAnswer>(async () => {
        const accountNumber = accountNumberOf(store);
        if (!accountNumber) refuse(store, operation, 'no account number for the tech tracker');
        const { getOrderTechTracker, getRepairTechTracker } = await techTrackerCall();
        let present: boolean;
        if (target.kind === 'order') {
          const created = parseDate(target.order.orderCreatedDate);
          if (!created) refuse(store, operation, 'no order created date for the tech tracker');
          const data = await unwrap(
            store,
            operation,
            getOrderTechTracker(store.orch, {
              accountNumber,
              orderStatus: 'PENDING',
              date: formatISO(created, { representation: 'date' }),
            }),
          );
          present = data.techTrackerPresent;
        } else {
          const data = await unwrap(
            store,
            operation,
            getRepairTechTracker(store.orch, { accountNumber, ticketNumber: target.ticketNumber }),
          );
          present = data.techTrackerPresent;
        }
        if (!present) store.logIssue('home', operation, 'no technician tracker present');
        return { present };
      }),
    },
    actions: {
      openTracker: () => store.env.openTab(jumpOutTechTrackerUrl(accountNumberOf(store))),
      showToast: toast(store),
    },
  });
}
