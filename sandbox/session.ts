/**
 * The sandbox's sessions: a customer's session at the stand-in Orch (the cookie `sid`, which the portal passes
 * up and down untouched, as it does the provider's Orch cookies), bounded. A session is created by sign-in only; faults armed and issues logged before
 * sign-in ride on a short-lived pre-auth session that sign-in adopts. Both kinds expire when idle (and a
 * signed-in one after an absolute lifetime too), are capped in number (the longest idle is evicted), and
 * hold a capped number of issue records, with a cap across all sessions as well.
 *
 * A signed-in session shares its persona with every other session of that persona and copies an account
 * only when a call changes it (see orch.ts), so memory grows with writes, not with sign-ins.
 */
import { randomBytes } from 'node:crypto';
import type { Persona, PersonaAccount } from '../server/personas';
import type { OutboxEmail } from './outbox';

export const FAULT_MODES = ['500', 'timeout', 'malformed', 'off'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** A UI issue-log record as stored: the spec's fields only, each cut to its length. */
export interface IssueRecord {
  accountNumber: string;
  emailAddress: string;
  page: string;
  operation: string;
  message: string;
  level: string;
}

/**
 * A token the sandbox handed out (createJumpOutToken, paymentPlanToken), kept so the stand-in sites can show
 * what they received and change that session's account: the payment site pays the balance, the payment-plan
 * site sets up an arrangement.
 */
export interface JumpToken {
  kind: 'jump-out' | 'payment-plan';
  /** The session's account it was made for. */
  accountIndex: number;
  /** The attribute list as received ({name: value}), or the payment-plan call's body. */
  attributes: Record<string, string>;
}

/** Tokens kept per session; the oldest goes first. */
export const JUMP_TOKENS_PER_SESSION = 20;

export interface Session {
  readonly id: string;
  readonly createdAt: number;
  lastSeen: number;
  /** The shared, read-only persona; undefined for a pre-auth session. */
  persona?: Persona;
  /** This session's own copies of the accounts a call changed, by account index (copy on write). */
  ownAccounts: Map<number, PersonaAccount>;
  accountIndex: number;
  /** call path (e.g. /Orch/dssh/homeEarlyInit) -> mode; 'off' is never stored */
  faults: Map<string, Exclude<FaultMode, 'off'>>;
  /** UI issue-log records received through sanitize, oldest first (inspection aid for tests and QA) */
  issues: IssueRecord[];
  /**
   * The emails the recovery flows would have sent from this browser (username, reset link, account number,
   * authorization code, profile confirmation), newest last; shown at /sandbox/outbox.
   */
  outbox: OutboxEmail[];
  /** Tokens handed out to this session, token -> what it was made for (at most JUMP_TOKENS_PER_SESSION). */
  jumpTokens: Map<string, JumpToken>;
}

export interface SessionLimits {
  /** a signed-in session ends after this long without a request (SESSION_IDLE_MINUTES) */
  idleMs: number;
  /** ... and this long after sign-in whatever happens (SESSION_ABSOLUTE_HOURS) */
  absoluteMs: number;
  /** signed-in sessions kept at most; the longest idle is evicted (SESSION_MAX) */
  maxSessions: number;
  /** a pre-auth session (faults or issues before sign-in) ends after this long without a request */
  preauthIdleMs: number;
  maxPreauthSessions: number;
  issuesPerSession: number;
  /** issue records across all sessions; the oldest is dropped */
  issuesTotal: number;
  faultsPerSession: number;
  /** emails kept in a session's outbox; the oldest is dropped */
  outboxPerSession: number;
}

export const DEFAULT_SESSION_LIMITS: Readonly<SessionLimits> = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
  maxSessions: 5_000,
  preauthIdleMs: 10 * 60_000,
  maxPreauthSessions: 1_000,
  issuesPerSession: 200,
  issuesTotal: 20_000,
  faultsPerSession: 64,
  outboxPerSession: 20,
};

export const isFaultMode = (v: unknown): v is FaultMode =>
  typeof v === 'string' && (FAULT_MODES as readonly string[]).includes(v);

/** A call path the fault switch accepts: an Orch or pre-auth path of sane length, nothing else. */
export const isFaultableCall = (call: unknown): call is string =>
  typeof call === 'string' && call.length <= 200 && /^\/(Orch|preauth)\/[A-Za-z0-9/_.-]*$/.test(call);

/** Field lengths of a stored issue record; operation and message are the spec's caps (199, 499). */
const ISSUE_FIELDS: Readonly<Record<keyof IssueRecord, number>> = {
  accountNumber: 64,
  emailAddress: 254,
  page: 200,
  operation: 199,
  message: 499,
  level: 16,
};

const text = (v: unknown, max: number): string =>
  (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '').slice(
    0,
    max,
  );

/** The record kept for a posted issue body: the spec's fields, cut; anything else is not kept. */
export function issueRecordOf(body: Record<string, unknown>): IssueRecord {
  const out = {} as IssueRecord;
  for (const [k, max] of Object.entries(ISSUE_FIELDS) as [keyof IssueRecord, number][]) {
    out[k] = text(body[k], max);
  }
  return out;
}

export interface SessionStats {
  signedIn: number;
  preauth: number;
  issues: number;
  /** accounts copied because a call changed them, across sessions */
  ownAccounts: number;
}

export class SessionStore {
  readonly limits: Readonly<SessionLimits>;
  // Maps keep insertion order; a session is re-inserted on every use, so the first entry is the longest idle.
  private readonly signedIn = new Map<string, Session>();
  private readonly preauth = new Map<string, Session>();
  /** Every kept issue record with the session holding it, and the order they came in (for the total cap). */
  private readonly liveIssues = new Map<IssueRecord, Session>();
  private issueQueue: IssueRecord[] = [];
  private issueHead = 0;

  constructor(
    limits: Partial<SessionLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_SESSION_LIMITS, ...limits };
  }

  /** The live session with this id (touched: its idle time restarts), or undefined. */
  get(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    this.sweep();
    const now = this.now();
    for (const map of [this.signedIn, this.preauth]) {
      const s = map.get(id);
      if (!s) continue;
      if (this.expired(s, now)) {
        this.end(id);
        return undefined;
      }
      s.lastSeen = now;
      map.delete(id);
      map.set(id, s);
      return s;
    }
    return undefined;
  }

  /** A session that only carries faults and issue records until sign-in adopts it. */
  createPreauth(): Session {
    const session = this.make();
    this.add(this.preauth, session, this.limits.maxPreauthSessions);
    return session;
  }

  /**
   * Signs in as `persona` (shared, never copied here). The id is always new (no session fixation); the
   * faults of the previous session are kept so a tester can arm them first, and the issue records of a
   * pre-auth session move over.
   */
  signIn(previous: Session | undefined, persona: Persona): Session {
    const session = this.make();
    session.persona = persona;
    if (previous) {
      for (const [k, v] of previous.faults) session.faults.set(k, v);
      if (!previous.persona) {
        session.issues = previous.issues;
        for (const r of previous.issues) this.liveIssues.set(r, session);
        previous.issues = [];
      }
      // The visitor's outbox stays theirs after signing in (a reset link sent before, opened after).
      session.outbox = previous.outbox;
      this.end(previous.id);
    }
    this.add(this.signedIn, session, this.limits.maxSessions);
    return session;
  }

  end(id: string | undefined): void {
    if (id === undefined) return;
    const s = this.signedIn.get(id) ?? this.preauth.get(id);
    if (!s) return;
    this.signedIn.delete(id);
    this.preauth.delete(id);
    for (const r of s.issues) this.liveIssues.delete(r);
    s.issues = [];
    s.outbox = [];
  }

  /** Sets or clears a fault; false when the session already holds as many as it may. */
  setFault(session: Session, call: string, mode: FaultMode): boolean {
    if (mode === 'off') session.faults.delete(call);
    else if (session.faults.has(call) || session.faults.size < this.limits.faultsPerSession) {
      session.faults.set(call, mode);
    } else return false;
    return true;
  }

  /** Keeps an issue record, dropping the session's oldest past its cap and the oldest of all past the total. */
  logIssue(session: Session, body: Record<string, unknown>): void {
    const record = issueRecordOf(body);
    session.issues.push(record);
    this.liveIssues.set(record, session);
    this.issueQueue.push(record);
    while (session.issues.length > this.limits.issuesPerSession) {
      const dropped = session.issues.shift();
      if (dropped) this.liveIssues.delete(dropped);
    }
    while (this.liveIssues.size > this.limits.issuesTotal && this.issueHead < this.issueQueue.length) {
      const oldest = this.issueQueue[this.issueHead++];
      const owner = oldest && this.liveIssues.get(oldest);
      if (!oldest || !owner) continue;
      this.liveIssues.delete(oldest);
      // The oldest record of all is the oldest of its session, so it is first there.
      if (owner.issues[0] === oldest) owner.issues.shift();
      else owner.issues = owner.issues.filter((r) => r !== oldest);
    }
    // The queue also holds records dropped by other paths: compact it once it is mostly such leftovers.
    if (this.issueQueue.length - this.issueHead > 2 * this.liveIssues.size + 1_000) {
      this.issueQueue = this.issueQueue.slice(this.issueHead).filter((r) => this.liveIssues.has(r));
      this.issueHead = 0;
    }
  }

  /** Keeps an email in the session's outbox, dropping the oldest past the cap. */
  addMail(session: Session, email: OutboxEmail): void {
    session.outbox.push(email);
    if (session.outbox.length > this.limits.outboxPerSession) {
      session.outbox.splice(0, session.outbox.length - this.limits.outboxPerSession);
    }
  }

  /** Seconds the session's cookie should live: what is left of its lifetime. */
  cookieMaxAge(session: Session): number {
    const left = session.persona
      ? session.createdAt + this.limits.absoluteMs - this.now()
      : this.limits.preauthIdleMs;
    return Math.max(0, Math.floor(left / 1000));
  }

  stats(): SessionStats {
    let ownAccounts = 0;
    for (const s of this.signedIn.values()) ownAccounts += s.ownAccounts.size;
    return {
      signedIn: this.signedIn.size,
      preauth: this.preauth.size,
      issues: this.liveIssues.size,
      ownAccounts,
    };
  }

  private make(): Session {
    const now = this.now();
    return {
      // 128 bits from the OS CSPRNG: a session id must not be guessable.
      id: randomBytes(16).toString('hex'),
      createdAt: now,
      lastSeen: now,
      ownAccounts: new Map(),
      accountIndex: 0,
      faults: new Map(),
      issues: [],
      outbox: [],
      jumpTokens: new Map(),
    };
  }

  private add(map: Map<string, Session>, session: Session, cap: number): void {
    this.sweep();
    map.set(session.id, session);
    while (map.size > cap) {
      const oldest = map.keys().next();
      if (oldest.done) break;
      this.end(oldest.value);
    }
  }

  private expired(s: Session, now: number): boolean {
    if (!s.persona) return now - s.lastSeen > this.limits.preauthIdleMs;
    return now - s.lastSeen > this.limits.idleMs || now - s.createdAt > this.limits.absoluteMs;
  }

  /** Ends the idle-expired sessions at the front of each map (the longest idle come first). */
  private sweep(): void {
    const now = this.now();
    for (const map of [this.signedIn, this.preauth]) {
      for (const s of map.values()) {
        if (!this.expired(s, now)) break;
        this.end(s.id);
      }
    }
  }
}
