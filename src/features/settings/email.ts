/**
 * The spec's email pattern (shell §5, home §5): a local part of letters, digits and . _ % + -, then @, a
 * domain, a dot and at least 2 letters. (src/facts has the same pattern for the rules' email facts.)
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
