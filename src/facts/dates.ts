import { differenceInCalendarDays, endOfMonth, isValid, parseISO, startOfDay } from 'date-fns';

/**
 * Parses the dates Orch sends: ISO days (YYYY-MM-DD), ISO timestamps, and US-style MM/DD/YYYY. Returns null
 * for anything else, so a malformed date gives a null fact (no rule fires) instead of a wrong number.
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    const d = new Date(Number(us[3]), Number(us[1]) - 1, Number(us[2]));
    return isValid(d) ? d : null;
  }
  const d = parseISO(text);
  return isValid(d) ? d : null;
}

/**
 * Parses a card expiry: a full date, or a month (MM/YY, MM/YYYY, YYYY-MM) meaning the card is good through
 * the last day of that month.
 */
export function parseCardExpiry(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  const mmYY = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (mmYY) {
    const year = mmYY[2]!.length === 2 ? 2000 + Number(mmYY[2]) : Number(mmYY[2]);
    const month = Number(mmYY[1]);
    if (month < 1 || month > 12) return null;
    return endOfMonth(new Date(year, month - 1, 1));
  }
  const yyyyMM = /^(\d{4})-(\d{2})$/.exec(text);
  if (yyyyMM) {
    const month = Number(yyyyMM[2]);
    if (month < 1 || month > 12) return null;
    return endOfMonth(new Date(Number(yyyyMM[1]), month - 1, 1));
  }
  return parseDate(text);
}

/** Whole calendar days from `from` to `to` (positive when `to` is later), ignoring the time of day. */
export function daysBetween(from: Date, to: Date): number {
  return differenceInCalendarDays(startOfDay(to), startOfDay(from));
}

/** Hours from `from` to `to`, to two decimals (negative when `to` is earlier). */
export function hoursBetween(from: Date, to: Date): number {
  return Math.round(((to.getTime() - from.getTime()) / 3_600_000) * 100) / 100;
}

/**
 * Combines an appointment date and a start time ('08:00', '8:00 AM', '14:30:00', or a timestamp); without a usable time the
 * start of the day is used.
 */
export function dateAtTime(day: Date, time: string | null | undefined): Date {
  const result = startOfDay(day);
  // Orch also sends the start time as a full timestamp ('2026-03-11T08:00:00'): take its time of day.
  const stamp = time?.includes('T') ? parseDate(time) : null;
  if (stamp) {
    result.setHours(stamp.getHours(), stamp.getMinutes(), 0, 0);
    return result;
  }
  const m = time ? /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(time.trim()) : null;
  if (!m) return result;
  let hours = Number(m[1]);
  const suffix = m[3]?.toUpperCase();
  if (suffix === 'PM' && hours < 12) hours += 12;
  if (suffix === 'AM' && hours === 12) hours = 0;
  result.setHours(hours, Number(m[2]), 0, 0);
  return result;
}
