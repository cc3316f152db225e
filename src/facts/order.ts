import type { HistoryOrder, TroubleReport } from '../generated/types';
import { hoursBetween, parseDate } from './dates';
import type { OrderFacts } from './vocabulary';

const upper = (value: string | null | undefined): string | null => {
  const t = value?.trim();
  return t ? t.toUpperCase() : null;
};

const NO_TICKET = {
  ticketStatus: null,
  hoursUntilTicketAppointment: null,
  ticketCanReschedule: null,
  ticketCanCancel: null,
  ticketShowTechLocation: null,
} as const;

/**
 * Facts of one order of the order history, for per-item decisions (the appointment-messages link, Cancel
 * Order, the technician's location). `pendingOrderNumber` is the account's early-access order, if any.
 */
export function deriveOrderFacts(
  order: HistoryOrder,
  { today, pendingOrderNumber = null }: { today: Date; pendingOrderNumber?: string | null },
): OrderFacts {
  const closedAt = parseDate(order.orderCompletedDate) ?? parseDate(order.orderCancelDate);
  return {
    orderStatus: order.orderStatus.trim().toUpperCase(),
    // Spec: the activity type is stored in upper case, default UNKNOWN.
    orderActivity: order.orderActivityType?.trim().toUpperCase() || 'UNKNOWN',
    hoursSinceOrderClosed: closedAt ? hoursBetween(closedAt, today) : null,
    itemKind: 'order',
    // Spec: the technician location follows the *first* dispatch's jobStatus.
    orderJobStatus: upper(order.dispatches?.[0]?.jobStatus),
    isPendingOrder: pendingOrderNumber !== null && order.orderNumber === pendingOrderNumber,
    ...NO_TICKET,
  };
}

/** Facts of one repair ticket, for the per-item decisions (missed, Reschedule, Cancel, technician). */
export function deriveTicketFacts(ticket: TroubleReport, { today }: { today: Date }): OrderFacts {
  const at = parseDate(ticket.commitmentDateTime);
  return {
    orderStatus: null,
    orderActivity: null,
    hoursSinceOrderClosed: null,
    itemKind: 'ticket',
    orderJobStatus: null,
    isPendingOrder: false,
    ticketStatus: upper(ticket.troubleReportStatus),
    hoursUntilTicketAppointment: at ? hoursBetween(today, at) : null,
    ticketCanReschedule: ticket.canReschedule ?? false,
    ticketCanCancel: ticket.canCancel ?? false,
    ticketShowTechLocation: ticket.showTechLocation ?? false,
  };
}
