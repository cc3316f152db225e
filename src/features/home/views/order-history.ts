import type { HistoryOrder, OrderHistory } from '../../../generated/types';

/** Spec 4, history row labels. */
export function historyLabel(status: string): string {
  const s = status.toUpperCase();
  if (s === 'COMPLETED') return 'COMPLETED ON';
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL') return 'CANCELED ON';
  if (s === 'IN PROGRESS' || s === 'OPEN') return 'EXPECTED COMPLETION';
  if (s === 'CLOSED') return 'CLOSED ON';
  return s;
}

/** The date that goes with the label. */
export function historyDate(order: HistoryOrder): string | undefined {
  const s = order.orderStatus.toUpperCase();
  if (s === 'COMPLETED' || s === 'CLOSED') return order.orderCompletedDate ?? order.apptmtDate;
  if (s === 'CANCELLED' || s === 'CANCELED' || s === 'CANCEL')
    return order.orderCancelDate ?? order.apptmtDate;
  return order.apptmtDate ?? order.orderCreatedDate;
}

/** Install type: Repair, Disconnect, Self-Install or Tech-Install (techInstall "false" means self-install). */
export function installType(order: HistoryOrder): string {
  if ((order.orderActivityType ?? '').toUpperCase() === 'DISCONNECT') return 'Disconnect';
  return order.techInstall === 'false' ? 'Self-Install' : 'Tech-Install';
}

const OPEN = new Set(['IN PROGRESS', 'OPEN']);

/**
 * Spec 4: INACTIVE orders are hidden; the merged history lists in-progress and open items first by ascending
 * appointment date, then the rest by descending appointment date.
 */
export function mergedHistory(history: OrderHistory): HistoryOrder[] | null {
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
