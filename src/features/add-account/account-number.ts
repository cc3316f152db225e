/**
 * What an account number looks like (spec: lengths 9 (BAN), 11 (BAID) and 13 (CRIS); prefix PPB means a
 * prepaid account). Spaces and dashes people type are ignored; letters and digits only otherwise.
 */
export function normalizeAccountNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export type AccountNumberCheck = { ok: true; accountNumber: string } | { ok: false; message: string };

export const ACCOUNT_NUMBER_MISSING = 'Enter your account number.';
export const ACCOUNT_NUMBER_FORMAT =
  'Enter an account number of 9, 11 or 13 characters, or a prepaid account number starting with PPB.';

export function checkAccountNumber(input: string): AccountNumberCheck {
  const n = normalizeAccountNumber(input);
  if (n === '') return { ok: false, message: ACCOUNT_NUMBER_MISSING };
  if (!/^[A-Z0-9]+$/.test(n)) return { ok: false, message: ACCOUNT_NUMBER_FORMAT };
  if (n.startsWith('PPB') && n.length > 3) return { ok: true, accountNumber: n };
  if ([9, 11, 13].includes(n.length)) return { ok: true, accountNumber: n };
  return { ok: false, message: ACCOUNT_NUMBER_FORMAT };
}
