import type { HistoryOrder } from '../generated/types';
import { hoursBetween, parseDate } from './dates';
import type { OrderFacts } from './vocabulary';

/** Facts of one order of the order history, for per-order decisions such as the appointment-messages link. */
export function deriveOrderFacts(order: HistoryOrder, { today }: { today: Date }): OrderFacts {
  const closedAt = parseDate(order.orderCompletedDate) ?? parseDate(order.orderCancelDate);
  return {
    orderStatus: order.orderStatus.trim().toUpperCase(),
    // Spec: the activity type is stored in upper case, default UNKNOWN.
    orderActivity: order.orderActivityType?.trim().toUpperCase() || 'UNKNOWN',
    hoursSinceOrderClosed: closedAt ? hoursBetween(closedAt, today) : null,
  };
}
