/**
 * What the recovery flows send by email, simulated: the emails themselves (kept per browser session in its
 * outbox, bounded, shown at /sandbox/outbox) and what the links and codes in them stand for (kept across
 * sessions in the ledger, bounded and expiring), so a tester can follow a reset link or type an authorization
 * code and finish a flow end to end.
 *
 * - Reset and set-password tokens are single use: changePasswordWithToken spends one; a spent, expired or
 *   unknown token makes resetPasswordWithToken answer ERROR, which the portal shows as the link-expired page.
 * - Authorization codes are six digits, one per account number (a new one replaces the old), single use:
 *   createProfile2 spends it.
 * - Profiles created online are remembered (login and email) so the same email cannot be used twice and the
 *   forgot-username flow finds them.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { escapeHtml } from '../server/html';
import { sandboxPage } from './pages';

export type EmailKind =
  'username' | 'reset-link' | 'password-changed' | 'account-number' | 'auth-code' | 'profile-created';

export interface OutboxEmail {
  id: string;
  /** ISO time the email was "sent" */
  sentAt: string;
  to: string;
  subject: string;
  kind: EmailKind;
  /** the body, one paragraph per line */
  lines: string[];
  /** the one link of the email, a portal address (relative to the portal's origin) */
  link?: { label: string; href: string };
}

export type NewEmail = Omit<OutboxEmail, 'id' | 'sentAt'>;

/** Fields of an email are cut to these lengths (they may echo what a visitor typed). */
const FIELD_MAX = 320;

export function makeEmail(email: NewEmail, now: Date): OutboxEmail {
  const cut = (s: string): string => s.slice(0, FIELD_MAX);
  return {
    id: randomBytes(6).toString('hex'),
    sentAt: now.toISOString(),
    to: cut(email.to),
    subject: cut(email.subject),
    kind: email.kind,
    lines: email.lines.slice(0, 10).map(cut),
    ...(email.link ? { link: { label: cut(email.link.label), href: email.link.href } } : {}),
  };
}

export interface LedgerLimits {
  /** how long a reset or set-password link works (RESET_LINK_MINUTES) */
  tokenMs: number;
  /** how long an authorization code works */
  codeMs: number;
  /** tokens, codes and created profiles remembered at most (each); the oldest is forgotten */
  max: number;
}

export const DEFAULT_LEDGER_LIMITS: Readonly<LedgerLimits> = {
  tokenMs: 30 * 60_000,
  codeMs: 30 * 60_000,
  max: 5_000,
};

export type TokenPurpose = 'reset' | 'set';

interface TokenEntry {
  login: string;
  email: string;
  purpose: TokenPurpose;
  expiresAt: number;
  used: boolean;
}

export type TokenRead =
  | { status: 'ok'; login: string; email: string; purpose: TokenPurpose }
  | { status: 'unknown' | 'used' | 'expired' };

/** Keeps at most `max` entries of a Map, the oldest (first inserted) dropped first. */
function capped<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}

export class RecoveryLedger {
  readonly limits: Readonly<LedgerLimits>;
  private readonly tokens = new Map<string, TokenEntry>();
  private readonly codes = new Map<string, { code: string; expiresAt: number }>();
  /** login (lower case) -> the profile created online */
  private readonly created = new Map<string, { login: string; email: string; accountNumber: string }>();

  constructor(
    limits: Partial<LedgerLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LEDGER_LIMITS, ...limits };
  }

  issueToken(login: string, email: string, purpose: TokenPurpose): string {
    // 128 bits: a reset link must not be guessable.
    const token = randomBytes(16).toString('base64url');
    this.tokens.set(token, {
      login,
      email,
      purpose,
      expiresAt: this.now() + this.limits.tokenMs,
      used: false,
    });
    capped(this.tokens, this.limits.max);
    return token;
  }

  readToken(token: string): TokenRead {
    const entry = this.tokens.get(token);
    if (!entry) return { status: 'unknown' };
    if (entry.used) return { status: 'used' };
    if (this.now() >= entry.expiresAt) return { status: 'expired' };
    return { status: 'ok', login: entry.login, email: entry.email, purpose: entry.purpose };
  }

  /** Reads the token and spends it when it was good: a link works once. */
  spendToken(token: string): TokenRead {
    const read = this.readToken(token);
    if (read.status === 'ok') {
      const entry = this.tokens.get(token);
      if (entry) entry.used = true;
    }
    return read;
  }

  issueCode(accountNumber: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.codes.delete(accountNumber);
    this.codes.set(accountNumber, { code, expiresAt: this.now() + this.limits.codeMs });
    capped(this.codes, this.limits.max);
    return code;
  }

  /** Whether `code` is the account's current, unexpired code; a good code is spent. */
  spendCode(accountNumber: string, code: string): boolean {
    const entry = this.codes.get(accountNumber);
    if (!entry || entry.code !== code.trim() || this.now() >= entry.expiresAt) return false;
    this.codes.delete(accountNumber);
    return true;
  }

  addProfile(login: string, email: string, accountNumber: string): void {
    this.created.set(login.toLowerCase(), { login, email, accountNumber });
    capped(this.created, this.limits.max);
  }

  createdByLogin(login: string): { login: string; email: string } | undefined {
    return this.created.get(login.toLowerCase());
  }

  createdByEmail(email: string): { login: string; email: string } | undefined {
    const wanted = email.toLowerCase();
    for (const p of this.created.values()) if (p.email.toLowerCase() === wanted) return p;
    return undefined;
  }

  stats(): { tokens: number; codes: number; created: number } {
    return { tokens: this.tokens.size, codes: this.codes.size, created: this.created.size };
  }
}

/** /sandbox/outbox: this browser's emails, newest first, with their links. */
export function outboxPage(emails: readonly OutboxEmail[]): string {
  const items = [...emails]
    .reverse()
    .map((e) => {
      const lines = e.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
      const link = e.link
        ? `<p><a href="${escapeHtml(e.link.href)}">${escapeHtml(e.link.label)}</a></p>`
        : '';
      return `<li class="email" aria-labelledby="email-${e.id}">
<h2 id="email-${e.id}">${escapeHtml(e.subject)}</h2>
<p class="note">To ${escapeHtml(e.to)}, sent <time datetime="${escapeHtml(e.sentAt)}">${escapeHtml(e.sentAt.replace('T', ' ').slice(0, 19))}</time> UTC</p>
${lines}
${link}
</li>`;
    })
    .join('\n');
  const body =
    emails.length === 0
      ? '<p>No email yet. The sign-in help flows (forgot username or password, account number, authorization code, create a profile) put what they send here.</p>'
      : `<ul class="outbox">\n${items}\n</ul>`;
  return sandboxPage(
    'Sandbox outbox',
    `<h1>Sandbox outbox</h1>
<p class="note">The emails the portal's sign-in help would have sent from this browser, newest first (at most the last 20). Nothing leaves the sandbox.</p>
${body}
<p><a href="/login">Sign-in help</a> · <a href="/sandbox/signin">Sandbox sign-in</a></p>`,
  );
}
