/**
 * What the sign-in recovery flows accept as input, checked before any call (shell spec §5 'Validation rules')
 * and by the sandbox the same way. Validation of what a visitor typed, not an eligibility: nothing here depends
 * on an account, so it is not a rule of rules/.
 */

/** Shell spec §5: 'local part of letters, digits and . _ % + -, then @, domain, dot and at least 2 letters.' */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const isBlank = (value: string): boolean => value.trim() === '';

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/**
 * An account number as the spec knows them (§1 'Account number length: 9 means a BAN-type account, 11 means a
 * BAID, 13 means CRIS'; prepaid numbers start with PPB): letters and digits, 9, 11 or 13 characters.
 */
export const ACCOUNT_NUMBER_LENGTHS: readonly number[] = [9, 11, 13];
export const isAccountNumber = (value: string): boolean => {
  const v = value.trim();
  return /^[A-Za-z0-9]+$/.test(v) && ACCOUNT_NUMBER_LENGTHS.includes(v.length);
};

/** An authorization code as the sandbox and the provider's emails give it: six digits. */
export const isAuthCode = (value: string): boolean => /^\d{6}$/.test(value.trim());

/**
 * The password policy shown beside the field (the spec names none; ours, docs/decisions/017): at least 8
 * characters with a letter and a digit, at most 64.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value)
  );
}
