/** Sandbox sessions: each signed-in browser gets its own deep copy of a persona, so flows change state. */
import { randomBytes } from 'node:crypto';
import type { Persona } from './personas';

export const FAULT_MODES = ['500', 'timeout', 'malformed', 'off'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface IssueRecord {
  [field: string]: unknown;
}

export interface Session {
  id: string;
  /** Undefined until sign-in: a session may exist only to carry faults for pre-auth calls. */
  persona?: Persona;
  accountIndex: number;
  /** call path (e.g. /Orch/dssh/homeEarlyInit) -> mode; 'off' is never stored */
  faults: Map<string, Exclude<FaultMode, 'off'>>;
  /** UI issue log records received through sanitize, newest last (inspection aid for tests) */
  issues: IssueRecord[];
  declinedAltTn: boolean;
}

export const isFaultMode = (v: unknown): v is FaultMode =>
  typeof v === 'string' && (FAULT_MODES as readonly string[]).includes(v);

/** A call path the fault switch accepts: an Orch or pre-auth path, nothing else. */
export const isFaultableCall = (call: unknown): call is string =>
  typeof call === 'string' && /^\/(Orch|preauth)\/[A-Za-z0-9/_.-]*$/.test(call);

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  get(id: string | undefined): Session | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  create(): Session {
    // 128 bits from the OS CSPRNG: a session id must not be guessable.
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      accountIndex: 0,
      faults: new Map(),
      issues: [],
      declinedAltTn: false,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * Signs in with a fresh deep copy of `persona`. The id is rotated (no session fixation); faults set
   * before sign-in are kept so a tester can arm them first.
   */
  signIn(previous: Session | undefined, persona: Persona): Session {
    const session = this.create();
    if (previous) {
      for (const [k, v] of previous.faults) session.faults.set(k, v);
      this.sessions.delete(previous.id);
    }
    session.persona = structuredClone(persona);
    return session;
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }

  setFault(session: Session, call: string, mode: FaultMode): void {
    if (mode === 'off') session.faults.delete(call);
    else session.faults.set(call, mode);
  }
}
