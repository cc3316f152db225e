import type { Address, Profile } from '../generated/types';
import { formatDate } from './format';

/** A calendar day as the portal shows dates ('March 12, 2026'); never throws (see format.ts). */
export function dayText(date: Date): string {
  return formatDate(date);
}

/** The address lines to show: street lines, then 'City, ST zip'. Empty when there is no street line. */
export function addressLines(address: Address | undefined): string[] {
  const street = address?.addressLine1 || address?.primaryLine;
  if (!address || !street) return [];
  const place = [address.city, [address.stateCode, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [street, address.addressLine2 ?? '', place].filter(Boolean);
}

/** The payment method in words: a PayPal account, or the card's last four digits. */
export function paymentMethodText(
  profile: Pick<Profile, 'creditCardType' | 'creditCardLastFourDigits'> | null,
): string {
  if (!profile) return '';
  if ((profile.creditCardType ?? '').toUpperCase() === 'PAYPAL') return 'PayPal account';
  const last4 = profile.creditCardLastFourDigits;
  return last4 ? `Card ending in ${last4}` : '';
}
