import { addDays } from 'date-fns';
import type { Profile } from '../../generated/types';
import { isPrepaidAccount } from '../../facts/derive';
import { parseDate } from '../../facts/dates';
import { formatDate, showableDate, unshowable } from '../../ui/format';

/** Spec: prefix PPB means a prepaid account (src/facts' classification of the number). */
export function isPrepaid(p: Profile): boolean {
  return isPrepaidAccount(p.currentlyManagedAccount);
}

/** The upcoming payment is listed among the invoices as 'NextPayment'; the spec excludes it from lists. */
export const NEXT_PAYMENT = 'NextPayment';

/**
 * Home spec §9: 'The due date shown is the bill due date plus one day.' A due date that cannot be read, or
 * whose next day is past the end of the date range, reads as not available (formatDate reports it).
 */
export function shownDueDate(billDueDate: string | undefined): string | null {
  if (!billDueDate) return null;
  const d = parseDate(billDueDate);
  const shown = showableDate(d ? addDays(d, 1) : null);
  return shown ? formatDate(shown) : unshowable('date', billDueDate);
}

/** How the payment method reads: a card brand with its last four digits, PayPal, or a bank account. */
export function paymentMethodText(p: Profile): string | null {
  const type = p.creditCardType?.trim();
  if (!type) return null;
  const upper = type.toUpperCase();
  if (upper === 'PAYPAL') return 'PayPal account';
  if (upper === 'ACH' || upper === 'ACCOUNT') {
    return p.creditCardLastFourDigits
      ? `Bank account ending in ${p.creditCardLastFourDigits}`
      : 'Bank account';
  }
  return p.creditCardLastFourDigits ? `${type} ending in ${p.creditCardLastFourDigits}` : type;
}

/** Newest first, by an ISO date field. */
export function newestFirst<T>(items: readonly T[], date: (item: T) => string): T[] {
  return [...items].sort((a, b) => date(b).localeCompare(date(a)));
}

/** Soonest first, by an ISO date field: what is coming up (scheduled payments), the next one on top. */
export function soonestFirst<T>(items: readonly T[], date: (item: T) => string): T[] {
  return [...items].sort((a, b) => date(a).localeCompare(date(b)));
}
