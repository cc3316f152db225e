import type { HistoryOrder, TroubleReport } from '../generated/types';

/** Home spec §4 order status values are case-insensitive. */
const statusOf = (s: string | undefined): string => (s ?? '').trim().toUpperCase();

/** Home spec §4 history row labels (tickets: open like IN PROGRESS, CAN like CANCELLED, CLD like CLOSED). */
export function historyLabel(status: string): string {
  const s = statusOf(status);
  if (s === 'COMPLETED') return 'COMPLETED ON';
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL' || s === 'CAN') return 'CANCELED ON';
  if (s === 'IN PROGRESS' || s === 'OPEN' || s === 'PENDING' || s === 'OPN') return 'EXPECTED COMPLETION';
  if (s === 'CLOSED' || s === 'CLD') return 'CLOSED ON';
  return 'DATE';
}

/** The date that goes with an order's label. */
export function historyDate(order: HistoryOrder): string | undefined {
  const s = statusOf(order.orderStatus);
  if (s === 'COMPLETED' || s === 'CLOSED') return order.orderCompletedDate ?? order.apptmtDate;
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL' || s === 'CAN')
    return order.orderCancelDate ?? order.apptmtDate;
  return order.apptmtDate ?? order.orderCreatedDate;
}

/** The date that goes with a ticket's label: its commitment while open, its completion once closed. */
export function ticketDate(ticket: TroubleReport): string | undefined {
  return statusOf(ticket.troubleReportStatus) === 'OPN'
    ? (ticket.commitmentDateTime ?? ticket.completionDateTime)
    : (ticket.completionDateTime ?? ticket.commitmentDateTime);
}

/** Install type: Disconnect, Self-Install or Tech-Install ('false' techInstall means self-install). */
export function installType(order: HistoryOrder): string {
  if (statusOf(order.orderActivityType) === 'DISCONNECT') return 'Disconnect';
  return order.techInstall?.trim().toLowerCase() === 'false' ? 'Self-Install' : 'Tech-Install';
}

/** Home spec §4 ticket labels: OPN Open, CAN Cancel, CLD Closed. */
export function ticketLabel(status: string): string {
  return { OPN: 'Open', CAN: 'Cancel', CLD: 'Closed' }[statusOf(status)] ?? status;
}

/** Home spec §2.4 technician line: EnRoute 'On the way', On-Site 'On site'. */
export function technicianStatus(value: string | undefined): string | null {
  const s = statusOf(value);
  if (s === 'ENROUTE') return 'Your technician is On the way';
  if (s === 'ON-SITE') return 'Your technician is On site';
  return null;
}
