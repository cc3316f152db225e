import type { PendingOrder, Profile } from '../../generated/types';
import { dateText, timeText as timeOfDay } from '../../ui/format';

/**
 * The pending order of the profile (earlyAccessProductOrderResponse). The spec nests an object of the same
 * name inside; its fields are the order's own, so they win over the outer summary.
 */
export function pendingOrder(profile: Profile | null): PendingOrder | null {
  const outer = profile?.earlyAccessProductOrderResponse;
  if (!outer) return null;
  const { earlyAccessProductOrderResponse: inner, ...summary } = outer;
  return { ...summary, ...inner };
}

/** The day of an order date, or null when it cannot be shown (then the messages leave it out). */
export function dayText(value: string | undefined): string | null {
  return dateText(value);
}

export function timeText(value: string | undefined): string | null {
  return timeOfDay(value);
}

/** techInstall arrives as 0/1, '0'/'1', 'true'/'false' or a boolean; anything else is unknown. */
export function technicianInstall(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const t = String(value).trim().toLowerCase();
  if (t === '1' || t === 'true') return true;
  if (t === '0' || t === 'false') return false;
  return null;
}

/** Spec technician labels: ENROUTE 'On the way', ON-SITE 'On site' ('Your technician is ...'). */
export function technicianLine(jobStatus: string | undefined): string | null {
  const s = jobStatus?.trim().toUpperCase().replace(/[\s_]/g, '-');
  if (s === 'ENROUTE' || s === 'EN-ROUTE') return 'Your technician is On the way';
  if (s === 'ON-SITE' || s === 'ONSITE') return 'Your technician is On site';
  return null;
}

/**
 * The messages of one pending order, built from its data: the appointment (date and window, or only the date
 * without a start time), the technician's status when dispatched, a disconnect's date, the shipment.
 * The spec's texts are used where it quotes them ('You have a pending service order for {date}.',
 * 'You have a pending service order.', the technician lines).
 */
export function appointmentMessages(order: PendingOrder, dateParam: string | null): string[] {
  const out: string[] = [];
  const disconnect = order.orderActivityType?.toUpperCase() === 'DISCONNECT';
  const tech = technicianInstall(order.techInstall);
  const day = dayText(dateParam ?? order.apptDate ?? order.orderDueDate ?? undefined);
  if (disconnect) {
    out.push('You have a pending service order.');
    if (day) out.push(`Your service disconnection commences on ${day}.`);
  } else if (tech) {
    const start = timeText(order.apptStartTime);
    const end = timeText(order.apptEndTime);
    if (day && start && end)
      out.push(`Your technician appointment is on ${day} between ${start} and ${end}.`);
    else if (day) out.push(`Your technician appointment is on ${day}.`);
    const techLine = technicianLine(order.jobStatus);
    if (techLine) out.push(techLine);
  } else if (day) {
    out.push(`You have a pending service order for ${day}.`);
  }
  if (order.cpeShipmentsTrackingNumber) {
    out.push(`Your equipment ships with tracking number ${order.cpeShipmentsTrackingNumber}.`);
  }
  return out;
}
