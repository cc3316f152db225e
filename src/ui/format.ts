import { format, parseISO, isValid } from 'date-fns';

/** Amounts are shown with 2 decimals (spec, home document section 5). */
export function formatMoney(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Dates show month name, day, year ('March 10, 2026'). An unreadable date is shown as given. */
export function formatDate(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'MMMM d, yyyy') : iso;
}

/** Date and time ('March 10, 2026 at 2:30 PM'). */
export function formatDateTime(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, "MMMM d, yyyy 'at' h:mm a") : iso;
}

/**
 * Home spec §4 'Speed display': kbps divided by 1000; 1000 Mbps or more shown as '1 Gig', else 'N Mbps'.
 * A speed of 0 is not available ('NA', with the spec's footnote '*NA - Not available at this time.').
 */
export function speedFromKbps(kbps: number | undefined): string | null {
  if (kbps === undefined) return null;
  const mbps = kbps / 1000;
  if (mbps === 0) return 'NA';
  return mbps >= 1000 ? '1 Gig' : `${Math.round(mbps)} Mbps`;
}
