/**
 * The portal's own sessions: analysts signed in to the rule studio (analyst-auth.ts), nothing of a
 * customer's. A customer's session is Orch's: its cookies pass through the upstream proxy both ways and this
 * server keeps nothing of them.
 *
 * Bounded and expiring: a session ends after SESSION_IDLE_MINUTES without a request and SESSION_ABSOLUTE_HOURS
 * after sign-in whatever happens, at most SESSION_MAX are kept (the longest idle is evicted), and the one
 * thing a session holds that an analyst sends (the draft's rule files of a preview) is checked and bounded
 * by the studio before it is kept.
 */
import { randomBytes } from 'node:crypto';
import type { AnalystIdentity } from './analyst-auth';

export interface AnalystSession {
  readonly id: string;
  readonly createdAt: number;
  lastSeen: number;
  /** the analyst's id: the identity provider's subject */
  readonly analyst: string;
  /** who the identity provider said the analyst is, with the roles it gave */
  readonly analystIdentity: AnalystIdentity;
  /** the per-session CSRF token: every studio write carries it in X-CSRF-Token */
  readonly csrf: string;
  /** rule files of the analyst's draft, served at /rules/draft/<file> to this session alone (preview) */
  draft?: Record<string, unknown>;
  /** the persona the analyst's last preview opened (the studio shows it chosen again) */
  previewPersona?: string;
}

export interface SessionLimits {
  /** a session ends after this long without a request (SESSION_IDLE_MINUTES) */
  idleMs: number;
  /** ... and this long after sign-in whatever happens (SESSION_ABSOLUTE_HOURS) */
  absoluteMs: number;
  /** sessions kept at most; the longest idle is evicted (SESSION_MAX) */
  maxSessions: number;
}

export const DEFAULT_SESSION_LIMITS: Readonly<SessionLimits> = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
  maxSessions: 5_000,
};

export class AnalystSessions {
  readonly limits: Readonly<SessionLimits>;
  // A Map keeps insertion order; a session is re-inserted on every use, so the first entry is the longest idle.
  private readonly sessions = new Map<string, AnalystSession>();

  constructor(
    limits: Partial<SessionLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_SESSION_LIMITS, ...limits };
  }

  /** The live session with this id (touched: its idle time restarts), or undefined. */
  get(id: string | undefined): AnalystSession | undefined {
    if (id === undefined) return undefined;
    this.sweep();
    const s = this.sessions.get(id);
    if (!s) return undefined;
    const now = this.now();
    if (this.expired(s, now)) {
      this.end(id);
      return undefined;
    }
    s.lastSeen = now;
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /**
   * Signs an analyst in: always a new id (no session fixation; the previous session of this browser ends),
   * its own CSRF token.
   */
  signInAnalyst(previous: AnalystSession | undefined, identity: AnalystIdentity): AnalystSession {
    if (previous) this.end(previous.id);
    const now = this.now();
    const session: AnalystSession = {
      // 128 bits from the OS CSPRNG: a session id must not be guessable.
      id: randomBytes(16).toString('hex'),
      createdAt: now,
      lastSeen: now,
      analyst: identity.id,
      analystIdentity: identity,
      csrf: randomBytes(32).toString('base64url'),
    };
    this.sweep();
    this.sessions.set(session.id, session);
    while (this.sessions.size > this.limits.maxSessions) {
      const oldest = this.sessions.keys().next();
      if (oldest.done) break;
      this.end(oldest.value);
    }
    return session;
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }

  /** Seconds the session's cookie should live: what is left of its lifetime. */
  cookieMaxAge(session: AnalystSession): number {
    return Math.max(0, Math.floor((session.createdAt + this.limits.absoluteMs - this.now()) / 1000));
  }

  /** How many sessions are held (a gauge of /metrics). */
  get size(): number {
    this.sweep();
    return this.sessions.size;
  }

  private expired(s: AnalystSession, now: number): boolean {
    return now - s.lastSeen > this.limits.idleMs || now - s.createdAt > this.limits.absoluteMs;
  }

  /** Ends the expired sessions at the front (the longest idle come first). */
  private sweep(): void {
    const now = this.now();
    for (const s of this.sessions.values()) {
      if (!this.expired(s, now)) break;
      this.end(s.id);
    }
  }
}
