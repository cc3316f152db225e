/**
 * Appointment slots of the reschedule dialog (home spec §5 'Selectable dates: days with at least one slot,
 * between earliest and latest slot dates'). Pure: the slots in, the days and times out.
 */
import { isValid, parseISO } from 'date-fns';

export interface AppointmentSlot {
  appointmentId: string;
  startTime: string;
  endTime: string;
}

/** A slot's calendar day, YYYY-MM-DD, in the slot's own time (null when its start is unreadable). */
export function slotDay(slot: AppointmentSlot): string | null {
  const d = parseISO(slot.startTime);
  if (!isValid(d)) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/**
 * The days a customer may pick: each day with at least one slot, in order, and the earliest and latest of
 * them (the calendar shows nothing outside). Slots with an unreadable start are left out.
 */
export function selectableDays(slots: readonly AppointmentSlot[]): {
  days: string[];
  first: string | null;
  last: string | null;
} {
  const days = [...new Set(slots.map(slotDay).filter((d): d is string => d !== null))].sort();
  return { days, first: days[0] ?? null, last: days[days.length - 1] ?? null };
}

/** The slots of one day, earliest first (the 'Select a time' options once a date is chosen). */
export function slotsOn(slots: readonly AppointmentSlot[], day: string | null): AppointmentSlot[] {
  if (!day) return [];
  return slots
    .filter((s) => slotDay(s) === day)
    .sort((a, b) => parseISO(a.startTime).getTime() - parseISO(b.startTime).getTime());
}
