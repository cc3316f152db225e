/**
 * The order & ticket history as lists (home spec §2.3, §2.4, §4): which items are listed and in what order.
 * Pure and tested (test/facts/history.test.ts); the components only render what these return.
 */
import type { HistoryOrder, OrderHistory, RepairTickets, TroubleReport } from '../generated/types';
import { parseDate } from './dates';

/** Spec §4 order status values are case-insensitive. */
const statusOf = (s: string | undefined): string => (s ?? '').trim().toUpperCase();

/** Items the merged history lists first: in progress and open (orders), open (tickets: OPN). */
const OPEN_STATUSES = new Set(['IN PROGRESS', 'OPEN', 'PENDING', 'OPN']);

/** One entry of the merged history: an order or a repair ticket, with its appointment date. */
export type HistoryItem =
  | { kind: 'order'; key: string; order: HistoryOrder; open: boolean; at: Date | null }
  | { kind: 'ticket'; key: string; ticket: TroubleReport; open: boolean; at: Date | null };

/** Every order of the order lookup, INACTIVE hidden (§2.3); null when the lookup failed (FAILURERESP). */
export function historyOrders(history: OrderHistory): HistoryOrder[] | null {
  const r = history.orderTrackerResponse;
  if (typeof r === 'string') return null;
  return [...r.inflightOrders, ...r.completedOrders, ...r.cancelledOrders].filter(
    (o) => statusOf(o.orderStatus) !== 'INACTIVE',
  );
}

/** The appointment date of an order: its appointment, else its created date. */
function orderAppointment(o: HistoryOrder): Date | null {
  return (
    parseDate(o.dispatches?.[0]?.apptmtStartTime) ?? parseDate(o.apptmtDate) ?? parseDate(o.orderCreatedDate)
  );
}

/** The appointment date of a ticket: its appointment start, else its commitment, else its completion date. */
function ticketAppointment(t: TroubleReport): Date | null {
  return (
    parseDate(t.appointmentInfo?.startDateTime) ??
    parseDate(t.commitmentDateTime) ??
    parseDate(t.completionDateTime)
  );
}

const time = (d: Date | null): number => d?.getTime() ?? 0;

/**
 * Spec §4: 'the merged history lists in-progress and open items first by ascending appointment date, then
 * the rest by descending appointment date'. Orders and tickets are merged into one list (not tickets
 * appended after every order). Items without a date sort as the oldest.
 */
export function mergedHistory(orders: HistoryOrder[], tickets: TroubleReport[]): HistoryItem[] {
  const items: HistoryItem[] = [
    ...orders.map((order): HistoryItem => ({
      kind: 'order',
      key: `order-${order.orderNumber}`,
      order,
      open: OPEN_STATUSES.has(statusOf(order.orderStatus)),
      at: orderAppointment(order),
    })),
    ...tickets.map((ticket): HistoryItem => ({
      kind: 'ticket',
      key: `ticket-${ticket.nativeTroubleReportIdentifier}`,
      ticket,
      open: OPEN_STATUSES.has(statusOf(ticket.troubleReportStatus)),
      at: ticketAppointment(ticket),
    })),
  ];
  const open = items.filter((i) => i.open).sort((a, b) => time(a.at) - time(b.at));
  const rest = items.filter((i) => !i.open).sort((a, b) => time(b.at) - time(a.at));
  return [...open, ...rest];
}

/** Every ticket of the lookup (the history lists cancelled and closed tickets too); [] when it failed. */
export function historyTickets(tickets: RepairTickets): TroubleReport[] {
  return statusOf(tickets.statusInfo?.status) === 'FAILURE' ? [] : tickets.troubleReports;
}

/**
 * Spec §2.4, the home's repair-ticket alerts: 'Tickets with status CAN or CLD, or with no completion date,
 * are skipped'; 'tickets sorted by commitment date, newest first'. Which of them is missed (listed first) is
 * decided by rules/history-actions.json, so the missed-first order is applied by `missedFirst`.
 */
export function alertTickets(tickets: RepairTickets): TroubleReport[] {
  return historyTickets(tickets)
    .filter((t) => {
      const s = statusOf(t.troubleReportStatus);
      return s !== 'CAN' && s !== 'CLD' && !!t.completionDateTime?.trim();
    })
    .sort((a, b) => time(parseDate(b.commitmentDateTime)) - time(parseDate(a.commitmentDateTime)));
}

/** Spec §2.4: 'Missed tickets are listed before active ones' (stable: each group keeps its order). */
export function missedFirst<T>(items: readonly T[], isMissed: (item: T) => boolean): T[] {
  return [...items.filter(isMissed), ...items.filter((i) => !isMissed(i))];
}
