/**
 * A signed-in session's view of its persona: the persona is shared by every session of it and never changed;
 * a call that changes an account works on the session's own copy of that account (copy on write). Also the
 * tokens a session was handed, and what the stand-in payment and payment-plan sites do with them.
 */
import { randomBytes } from 'node:crypto';
import type { Profile } from '../src/generated/types';
import {
  isoDate,
  personaResponses,
  profileOf,
  type Persona,
  type PersonaAccount,
  type PersonaResponses,
} from '../server/personas';
import { JUMP_TOKENS_PER_SESSION, type JumpToken, type Session } from './session';

/** Session known to be signed in. */
export type SignedIn = Session & { persona: Persona };

export const isSignedIn = (s: Session | undefined): s is SignedIn => s?.persona !== undefined;

/** A fresh token of the kind `prefix` names (JT-..., PP-..., CONF-...). */
export const token = (prefix: string): string => `${prefix}-${randomBytes(8).toString('hex')}`;

// Copy on write: the session's persona is shared by every session of that persona and never changed. A call
// that changes an account works on the session's own shallow copy of that account, made on its first write;
// a changed body is always a new object (materialize, withProfile), so the shared one stays as it was.

export function shared(s: SignedIn): PersonaAccount {
  const a = s.persona.accounts[s.accountIndex];
  if (!a) throw new RangeError('session account index out of range');
  return a;
}

/** The account the session reads: its own copy once a call changed it, else the shared one. */
export function current(s: SignedIn): PersonaAccount {
  return s.ownAccounts.get(s.accountIndex) ?? shared(s);
}

/** The account to change: the session's own copy, made now if it has none. */
export function writable(s: SignedIn): PersonaAccount {
  let own = s.ownAccounts.get(s.accountIndex);
  if (!own) {
    own = { ...shared(s) };
    s.ownAccounts.set(s.accountIndex, own);
  }
  return own;
}

/** The persona as this session sees it: shared accounts, except the ones it changed. */
export function personaOf(s: SignedIn): Persona {
  if (s.ownAccounts.size === 0) return s.persona;
  return { ...s.persona, accounts: s.persona.accounts.map((a, i) => s.ownAccounts.get(i) ?? a) };
}

export function bodies(s: SignedIn, r: { today: Date }): PersonaResponses {
  return personaResponses(personaOf(s), { today: r.today, accountIndex: s.accountIndex });
}

/**
 * Reads a served body and stores it on the session's own account so it can be changed. The body is a fresh
 * object (personaResponses resolves dates into a new tree), never the shared one.
 */
export function materialize<K extends keyof PersonaResponses & keyof PersonaAccount>(
  s: SignedIn,
  r: { today: Date },
  key: K,
): NonNullable<PersonaAccount[K]> {
  // PersonaResponses[K] and PersonaAccount[K] are the same schema type; TS cannot see that for a generic K.
  const body = bodies(s, r)[key] as unknown as NonNullable<PersonaAccount[K]>;
  writable(s)[key] = body;
  return body;
}

/** Changes the profile of the session's own account (its envelope is copied on the first change). */
export function withProfile(s: SignedIn, change: (p: Profile) => void): boolean {
  if (!profileOf(current(s))) return false;
  const own = writable(s);
  if (own.homeEarlyInit === shared(s).homeEarlyInit) own.homeEarlyInit = structuredClone(own.homeEarlyInit);
  const p = profileOf(own);
  if (!p) return false;
  change(p);
  return true;
}

/** Runs `change` on the session's account `index` (the account a token was made for), then switches back. */
export function onAccount<T>(s: SignedIn, index: number, change: () => T): T {
  const before = s.accountIndex;
  s.accountIndex = index;
  try {
    return change();
  } finally {
    s.accountIndex = before;
  }
}

/** Keeps a token handed out to the session (the oldest goes past JUMP_TOKENS_PER_SESSION). */
export function keepToken(s: SignedIn, prefix: string, kept: JumpToken): string {
  const value = token(prefix);
  s.jumpTokens.set(value, kept);
  while (s.jumpTokens.size > JUMP_TOKENS_PER_SESSION) {
    const oldest = s.jumpTokens.keys().next();
    if (oldest.done) break;
    s.jumpTokens.delete(oldest.value);
  }
  return value;
}

const cents = (n: number): number => Math.round(n * 100) / 100;

/**
 * The stand-in payment site's "Pay": the amount of the token's adjustedAmount is paid on the account the token
 * was made for, in this session only. The balance drops by it (never below 0), a failed payment and the
 * walled garden are cleared (as authorizePayment does), a prepaid account's next payment drops too and its
 * payment history lists the payment. Answers what was paid, or null for a token this session does not hold.
 */
export function payWithToken(
  s: SignedIn,
  value: string,
  today: Date,
): { amount: number; accountNumber: string; confirmation: string } | null {
  const t = s.jumpTokens.get(value);
  if (!t || t.kind !== 'jump-out' || !('biller' in t.attributes)) return null;
  const amount = Math.max(0, Number.parseFloat(t.attributes.adjustedAmount ?? '0') || 0);
  const confirmation = token('CONF');
  onAccount(s, t.accountIndex, () => {
    withProfile(s, (p) => {
      p.currentAmountDue = cents(Math.max(0, (p.currentAmountDue ?? 0) - amount));
      if (isPrepaidNumber(p.currentlyManagedAccount)) {
        p.nextPaymentAmount = cents(Math.max(0, (p.nextPaymentAmount ?? 0) - amount));
      }
      delete p.failedPaymentDate;
      delete p.failedCreditCardLastFourDigits;
    });
    if (current(s).wgStatus) {
      writable(s).wgStatus = { status: true, response: { isSoftWG: false, wgstatus: 'NONE' } };
    }
    if (isPrepaidNumber(shared(s).accountNumber) && amount > 0) {
      const history = materialize(s, { today }, 'prepaidPaymentHistory');
      history.invoice.unshift({
        invoiceNumber: confirmation,
        invoiceAmount: amount,
        invoiceDate: isoDate(today),
        confirmationID: confirmation,
      });
    }
  });
  return { amount, accountNumber: t.attributes.accountNumber ?? '', confirmation };
}

/**
 * The stand-in payment-plan site's "Set up": the account the token was made for has a payment arrangement from
 * now on, in this session only. Null for a token this session does not hold.
 */
export function arrangePlanWithToken(s: SignedIn, value: string): { accountNumber: string } | null {
  const t = s.jumpTokens.get(value);
  if (!t || t.kind !== 'payment-plan') return null;
  onAccount(s, t.accountIndex, () =>
    withProfile(s, (p) => {
      p.hasPaymentArrangement = true;
    }),
  );
  return { accountNumber: t.attributes.accountNumber ?? '' };
}

export const isPrepaidNumber = (n: string | undefined): boolean => (n ?? '').toUpperCase().startsWith('PPB');
