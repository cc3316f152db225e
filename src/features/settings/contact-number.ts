/** Spec (home §5 and §9): a phone number is exactly 10 digits. Separators people type are ignored. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s().-]/g, '');
}

export function isTenDigitPhone(input: string): boolean {
  return /^\d{10}$/.test(normalizePhone(input));
}

/** '3035550100' as '(303) 555-0100'; anything else as given. */
export function formatPhone(value: string | undefined): string {
  if (!value) return '';
  const digits = normalizePhone(value);
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
