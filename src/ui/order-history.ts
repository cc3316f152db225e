import type { HistoryOrder, OrderHistory, RepairTickets, TroubleReport } from '../generated/types';

/** Home spec §4 history row labels. */
export function historyLabel(status: string): string {
  const s = status.toUpperCase();
  if (s === 'COMPLETED') return 'COMPLETED ON';
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL') return 'CANCELED ON';
  if (s === 'IN PROGRESS' || s === 'OPEN') return 'EXPECTED COMPLETION';
  if (s === 'CLOSED') return 'CLOSED ON';
  return 'DATE';
}

/** The date that goes with the label. */
export function historyDate(order: HistoryOrder): string | undefined {
  const s = order.orderStatus.toUpperCase();
  if (s === 'COMPLETED' || s === 'CLOSED') return order.orderCompletedDate ?? order.apptmtDate;
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL')
    return order.orderCancelDate ?? order.apptmtDate;
  return order.apptmtDate ?? order.orderCreatedDate;
}

/** Install type: Disconnect, Self-Install or Tech-Install ('false' techInstall means self-install). */
export function installType(order: HistoryOrder): string {
  if ((order.orderActivityType ?? '').toUpperCase() === 'DISCONNECT') return 'Disconnect';
  return order.techInstall === 'false' ? 'Self-Install' : 'Tech-Install';
}

const OPEN = new Set(['IN PROGRESS', 'OPEN']);

/**
 * Home spec §2.3 and §4: INACTIVE orders are hidden; in-progress and open orders first by ascending
 * appointment date, then the rest by descending appointment date. null when the lookup failed (FAILURERESP).
 */
export function mergedOrders(history: OrderHistory): HistoryOrder[] | null {
  const r = history.orderTrackerResponse;
  if (typeof r === 'string') return null;
  const all = [...r.inflightOrders, ...r.completedOrders, ...r.cancelledOrders].filter(
    (o) => o.orderStatus.toUpperCase() !== 'INACTIVE',
  );
  const key = (o: HistoryOrder) => o.apptmtDate ?? o.orderCreatedDate ?? '';
  const open = all
    .filter((o) => OPEN.has(o.orderStatus.toUpperCase()))
    .sort((a, b) => key(a).localeCompare(key(b)));
  const rest = all
    .filter((o) => !OPEN.has(o.orderStatus.toUpperCase()))
    .sort((a, b) => key(b).localeCompare(key(a)));
  return [...open, ...rest];
}

/** Home spec §2.4: tickets CAN or CLD, or without a completion date, are skipped; newest commitment first. */
export function listedTickets(tickets: RepairTickets): TroubleReport[] {
  return tickets.troubleReports
    .filter(
      (t) => t.troubleReportStatus !== 'CAN' && t.troubleReportStatus !== 'CLD' && !!t.completionDateTime,
    )
    .sort((a, b) => (b.commitmentDateTime ?? '').localeCompare(a.commitmentDateTime ?? ''));
}

/** Home spec §4 ticket labels: OPN Open, CAN Cancel, CLD Closed. */
export function ticketLabel(status: string): string {
  return { OPN: 'Open', CAN: 'Cancel', CLD: 'Closed' }[status] ?? status;
}

/** Home spec §2.4 technician line: EnRoute 'On the way', On-Site 'On site'. */
export function technicianStatus(value: string | undefined): string | null {
  const s = value?.toUpperCase();
  if (s === 'ENROUTE') return 'Your technician is On the way';
  if (s === 'ON-SITE') return 'Your technician is On site';
  return null;
}
