import type { Address } from '../../generated/types';

/** An address on one line ('12 Elm St, Denver, CO 80202'); null when no part is on file. */
export function addressLine(address: Address | undefined): string | null {
  if (!address) return null;
  const street = address.addressLine1 || address.primaryLine;
  const state = [address.stateCode, address.zip].filter(Boolean).join(' ');
  const parts = [street, address.addressLine2, address.city, state].filter(
    (s): s is string => !!s && s.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}
