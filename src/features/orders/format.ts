import { isValid, parseISO } from 'date-fns';
import { parseDate } from '../../facts';
import { DATE_PATTERNS, dateText, formatPattern } from '../../ui/format';

/**
 * Formatting of the order and appointment cards. Never throws: an unreadable value gives null and the card
 * leaves that part out (no single value takes the card down).
 */

/**
 * 'March 12, 2026' (month-name dates, spec §4); null, and reported, for a date the portal cannot show (year
 * 10000, the edge of the date range: see src/ui/format.ts).
 */
export function dayOf(value: string | null | undefined): string | null {
  return dateText(value);
}

/** '8:00 AM' from a timestamp or a time of day ('08:00', '14:30:00', '8:00 AM'). */
export function timeOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (text.includes('T')) {
    const d = parseISO(text);
    return isValid(d) ? formatPattern(d, DATE_PATTERNS.time) : null;
  }
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(text);
  if (!m) return null;
  let hours = Number(m[1]);
  const suffix = m[3]?.toUpperCase();
  if (suffix === 'PM' && hours < 12) hours += 12;
  if (suffix === 'AM' && hours === 12) hours = 0;
  if (hours > 23 || Number(m[2]) > 59) return null;
  return formatPattern(new Date(2000, 0, 1, hours, Number(m[2])), DATE_PATTERNS.time);
}

/** 'March 12, 2026 between 8:00 AM and 12:00 PM', or the day alone without a start time. */
export function windowOf(start: string | null | undefined, end: string | null | undefined): string | null {
  const day = dayOf(start);
  if (!day) return null;
  const from = timeOf(start);
  const to = timeOf(end);
  if (from && to) return `${day} between ${from} and ${to}`;
  if (from) return `${day} at ${from}`;
  return day;
}

/** Spec §9 'Calendar date format MMMM d, yy' (the reschedule calendar's dates: 'March 12, 26'). */
export function calendarDate(date: Date): string {
  return formatPattern(date, DATE_PATTERNS.calendarDay);
}

/** YYYY-MM-DD of a date, for the Appointment Messages link and the tracker. */
export function isoDay(value: string | null | undefined): string | null {
  const d = parseDate(value);
  return d ? formatPattern(d, DATE_PATTERNS.isoDay) : null;
}

/**
 * The Appointment Messages link (home spec §2.2: '/messages with params orderStatus and date'). A date the order
 * does not give (its details could not be fetched) is left out rather than sent empty: the messages page then
 * shows the order as it knows it, with no date of its own invention.
 */
export function messagesLink(
  orderStatus: string | null | undefined,
  date: string | null | undefined,
): string {
  const params = new URLSearchParams({ orderStatus: orderStatus ?? '' });
  const day = isoDay(date);
  if (day) params.set('date', day);
  return `/messages?${params.toString()}`;
}
