/** Separators people type in a phone number, ignored. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s().-]/g, '');
}

/** Spec (home §5 and §9): a phone number is exactly `digits` digits (rules/constants.json, phoneDigits). */
export function isPhoneOf(input: string, digits: number): boolean {
  const normal = normalizePhone(input);
  return normal.length === digits && /^\d+$/.test(normal);
}

/** '3035550100' as '(303) 555-0100'; anything else as given. */
export function formatPhone(value: string | undefined): string {
  if (!value) return '';
  const digits = normalizePhone(value);
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
