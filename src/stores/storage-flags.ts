/**
 * The browser storage flags the spec allows, and nothing else is stored: altnumshow (the no-contact-number
 * alert was dismissed) and emailvalidshow (the 'Do we have your correct email address?' alert was dismissed).
 *
 * A browser is shared (a family computer, a shop's counter): one person's dismissal must never hide an alert
 * from the next person. So a flag's value names whose dismissal it is, and only that account (and, for
 * emailvalidshow, that email address) reads it as dismissed; Sign Out removes both. The value holds a short
 * hash of the scope, not the account number itself: nothing personal sits in storage in clear.
 * See docs/decisions/012-stored-flags-scoped.md.
 */
export const STORAGE_FLAGS = { altnumshow: 'altnumshow', emailvalidshow: 'emailvalidshow' } as const;
export type StorageFlag = keyof typeof STORAGE_FLAGS;

/** 32-bit FNV-1a over the UTF-16 code units, as 8 hex digits: a scope tag, not a secret. */
export function scopeHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** What the flag's dismissal is bound to. */
export interface FlagScope {
  accountNumber: string;
  emailAddress?: string | undefined;
}

/**
 * The stored value of a dismissed flag for this scope: 'false' (the spec's 'do not show') and the scope's
 * hash. altnumshow is about the account's contact number, emailvalidshow about its email address too.
 */
export function dismissedValue(flag: StorageFlag, scope: FlagScope): string {
  const parts =
    flag === 'emailvalidshow'
      ? [scope.accountNumber, (scope.emailAddress ?? '').trim().toLowerCase()]
      : [scope.accountNumber];
  return `false:${scopeHash(parts.join('\n'))}`;
}

/**
 * Whether a stored value hides the alert for this scope. A value of another scope (someone else's
 * dismissal) or of the old unscoped form ('false') does not: the alert shows, and can be dismissed again.
 */
export function isDismissedFor(flag: StorageFlag, stored: string | null, scope: FlagScope | null): boolean {
  return stored !== null && scope !== null && stored === dismissedValue(flag, scope);
}
