import { isValid, lightFormat } from 'date-fns';
import { parseDate } from '../facts/dates';

/**
 * How the portal prints what Orch sends: amounts, dates and speeds. Every helper here takes any value and
 * never throws (a formatting throw would replace the whole page with the error view): a value that cannot
 * be shown honestly reads NOT_AVAILABLE and is reported once to the listener the app registers
 * (`onUnshowableValue`, which writes it to the UI issue log). See docs/decisions/011-data-that-cannot-be-shown.md.
 */

/** The portal prints in en-US and bills in US dollars (dollars and MONTH_NAMES below). */

/** What a value that cannot be shown reads. */
export const NOT_AVAILABLE = 'Not available';

/**
 * Amounts from this size on are shown as not available: no bill, balance or payment of the portal's customers
 * comes near it, so such a number is corrupt data (1e308 printed as '$1e+308', or 20 digits of dollars).
 */
export const MAX_SHOWN_AMOUNT = 1e12;

/** Dates outside these years are shown as not available ('January 1, 10000', year 0, the edge of the range). */
export const FIRST_SHOWN_YEAR = 1900;
export const LAST_SHOWN_YEAR = 9999;

export type UnshowableKind = 'amount' | 'date' | 'speed' | 'link';
export interface UnshowableValue {
  kind: UnshowableKind;
  /** the value as received, cut for the log */
  value: string;
}

let listener: ((v: UnshowableValue) => void) | null = null;

/**
 * Registers who hears about values that could not be shown (the app: the issue log, once per value).
 * Returns the unregister function. One listener: the last registration wins.
 */
export function onUnshowableValue(fn: (v: UnshowableValue) => void): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = null;
  };
}

/** Text of any value for a log line: strings as they are, the rest as JSON; never throws. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 80);
  if (value instanceof Date) return isValid(value) ? value.toISOString() : 'Invalid Date';
  try {
    return String(JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return typeof value;
  }
}

/** Reports a value that cannot be shown (to the registered listener) and returns NOT_AVAILABLE. */
export function unshowable(kind: UnshowableKind, value: unknown): string {
  try {
    listener?.({ kind, value: describe(value) });
  } catch {
    // A broken listener must not take the page down with it.
  }
  return NOT_AVAILABLE;
}

// ---------------------------------------------------------------- amounts

/**
 * '$1,234.56' for a non-negative amount under MAX_SHOWN_AMOUNT: what `Intl.NumberFormat('en-US', { style:
 * 'currency', currency: 'USD' })` writes (test/ui/format-money.test.ts holds the two equal over the whole
 * range). Not Intl itself: a page's first use of Intl spends 13 to 50 ms loading its locale data (60 ms and
 * more at a phone's speed), in the task that hydrates the home (docs/decisions/039-no-long-tasks.md).
 * Like Intl, it rounds the shortest decimal that reads back as the amount ('0.015', not the binary
 * 0.01499...) half up.
 */
export function dollars(size: number): string {
  // Below 1e-6 the shortest form has an exponent: such an amount is $0.00.
  const [whole = '0', fraction = ''] = String(size).includes('e') ? [] : String(size).split('.');
  const cents =
    Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1 : 0);
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `$${grouped}.${String(cents % 100).padStart(2, '0')}`;
}
const CENT = 0.01;

/**
 * An amount in the portal's words, or null when it cannot be one. Home spec §5: amounts are shown with 2
 * decimals (en-US, thousands separators: '$1,000,000,000.00'). A negative amount is money the provider owes
 * the customer: '$5.00 credit' (decision 011). A non-zero amount under half a cent reads 'less than $0.01'
 * rather than a '$0.00' that is not true.
 */
export function moneyText(amount: unknown): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) >= MAX_SHOWN_AMOUNT)
    return null;
  const size = Math.abs(amount);
  const rounded = Math.round(size * 100) / 100;
  const text = size !== 0 && rounded === 0 ? `less than ${dollars(CENT)}` : dollars(size);
  return amount < 0 && size !== 0 ? `${text} credit` : text;
}

/** An amount as the portal shows it; NOT_AVAILABLE (reported) when it cannot be one. */
export function formatMoney(amount: unknown): string {
  return moneyText(amount) ?? unshowable('amount', amount);
}

// ---------------------------------------------------------------- dates

/** The date if it can be shown: a real date within the years the portal prints. */
export function showableDate(d: Date | null | undefined): Date | null {
  if (!d || !isValid(d)) return null;
  const year = d.getFullYear();
  return year >= FIRST_SHOWN_YEAR && year <= LAST_SHOWN_YEAR ? d : null;
}

/**
 * The months as date-fns's `format` names them in en-US ('MMMM'; test/ui/format-pattern.test.ts holds every
 * month to it), without Intl's cost on the first load (dollars above).
 */
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A date in one of the portal's patterns, as date-fns's `format` writes it: a leading month name ('MMMM')
 * (MONTH_NAMES), the rest with date-fns's `lightFormat` (numbers, 'a' as AM/PM, quoted text). `format` carries
 * its locale and every token's formatter, 5 KB of /home's first load for six patterns;
 * test/ui/format-pattern.test.ts holds this to `format` for every pattern the app uses. Throws on a pattern
 * outside those (as `format` does on a bad one); callers catch.
 */
export function formatPattern(d: Date, pattern: string): string {
  if (pattern.startsWith('MMMM ')) return `${MONTH_NAMES[d.getMonth()]} ${lightFormat(d, pattern.slice(5))}`;
  return lightFormat(d, pattern);
}

/** The patterns the app formats dates with (formatPattern is tested against date-fns on each). */
export const DATE_PATTERNS = {
  day: 'MMMM d, yyyy',
  dayAndTime: "MMMM d, yyyy 'at' h:mm a",
  time: 'h:mm a',
  calendarDay: 'MMMM d, yy',
  isoDay: 'yyyy-MM-dd',
} as const;

function dateIn(value: unknown, pattern: string): string | null {
  const d = showableDate(typeof value === 'string' ? parseDate(value) : value instanceof Date ? value : null);
  if (!d) return null;
  try {
    return formatPattern(d, pattern);
  } catch {
    return null;
  }
}

const DAY = DATE_PATTERNS.day;
const DAY_AND_TIME = DATE_PATTERNS.dayAndTime;
const TIME = DATE_PATTERNS.time;

/**
 * A date as the portal shows it ('March 10, 2026'), or null when it cannot be shown (reported): for texts
 * that leave the date out rather than print NOT_AVAILABLE in a sentence.
 */
export function dateText(value: string | Date | null | undefined): string | null {
  const text = dateIn(value, DAY);
  if (text === null && value !== null && value !== undefined && value !== '') unshowable('date', value);
  return text;
}

/** A time of day ('2:30 PM'), or null when there is none to show (reported when there was a value). */
export function timeText(value: string | Date | null | undefined): string | null {
  const text = dateIn(value, TIME);
  if (text === null && value !== null && value !== undefined && value !== '') unshowable('date', value);
  return text;
}

/** Dates show month name, day, year ('March 10, 2026'); NOT_AVAILABLE (reported) when unreadable. */
export function formatDate(value: string | Date | null | undefined): string {
  return dateIn(value, DAY) ?? unshowable('date', value);
}

/** Date and time ('March 10, 2026 at 2:30 PM'); NOT_AVAILABLE (reported) when unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return dateIn(value, DAY_AND_TIME) ?? unshowable('date', value);
}

// ---------------------------------------------------------------- speeds

/**
 * Home spec §4 'Speed display': kbps divided by 1000; 1000 Mbps or more shown as '1 Gig', else 'N Mbps'.
 * A speed of 0 is not available ('NA', with the spec's footnote '*NA - Not available at this time.'), and so
 * is a speed that cannot be one (negative or not a number).
 */
export function speedFromKbps(kbps: number | undefined): string | null {
  if (kbps === undefined) return null;
  if (!Number.isFinite(kbps) || kbps < 0) {
    unshowable('speed', kbps);
    return 'NA';
  }
  const mbps = kbps / 1000;
  if (mbps === 0) return 'NA';
  return mbps >= 1000 ? '1 Gig' : `${Math.round(mbps)} Mbps`;
}
