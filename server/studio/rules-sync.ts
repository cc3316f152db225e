/**
 * Keeping the studio's repository in step with the rules remote (docs/decisions/033 and 042): the fetch
 * outside the repository's queue, what it brought applied in the queue (pending changes mirrored, main
 * fast-forwarded and the folder written, an empty remote seeded), an outage logged when it starts and when
 * it ends, whether the server is ready, and pushes a deadline ended undone if the remote took them late.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REMOTE_REFS,
  RemoteRejected,
  RemoteUnreachable,
  trackingOf,
  type RefUpdate,
  type RulesRemote,
} from './rules-remote';
import type { Git, Op } from './studio-git';

/** What the studio's repository lends the sync: its git, its queue, and the folder kept equal to main. */
export interface RepoAccess {
  git: Git;
  /** runs `fn` in the repository's queue (one operation at a time), under an operation of its own */
  inQueue<T>(fn: (op: Op) => Promise<T>): Promise<T>;
  /** writes into the folder the files that differ from `from` (a commit or tree) to `to` */
  writeFolder(from: string, to: string, op: Op): Promise<void>;
  /** the folder's tree as it is */
  folderTree(op: Op): Promise<string>;
}

/** Where outages are told: the server's log (pino's signature), or nothing. */
export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RemoteStatus {
  /** the remote's address, credentials hidden */
  remote: string;
  /** 'connected' after a fetch that worked, 'unreachable' after one that did not */
  state: 'not fetched yet' | 'connected' | 'unreachable';
  /** the live version this server serves (its main) */
  commit: string | null;
  lastAttempt: string | null;
  /** the last fetch that worked: what is served is at least that fresh */
  lastFetched: string | null;
  /** whether this server serves the shared rules (readiness), and why (or why not) */
  ready: boolean;
  why: string;
  message?: string;
}

const MAIN = 'refs/heads/main';
const UNDONE = 'A change reported as not saved reached the rules remote late: it was undone';
/** The studio's branches besides main, each the remote's: pending, scheduled and sent-back changes. */
const MIRRORED = ['pending/', 'scheduled/', 'sent-back/'];
/** What a server fetched last, kept beside its git directory: a restart while the remote is away says which. */
const FETCHED_FILE = 'studio-fetched.json';
/**
 * How late, beyond a push's own time limit, a remote may still apply a push whose git gave up (a slow
 * pre-receive hook): a fetch that started later than that after the push shows whether it landed.
 */
const IN_DOUBT_MARGIN_MS = 30_000;
/**
 * An undo that keeps failing (the remote refuses it) is tried again (backing off), and given up once its push is
 * this old and it was tried at least IN_DOUBT_MIN_TRIES times (a fetch that comes back after a long outage
 * still tries it).
 */
const IN_DOUBT_GIVE_UP_MS = 60 * 60_000;
const IN_DOUBT_MIN_TRIES = 3;
/**
 * After its first IN_DOUBT_MIN_TRIES failed tries (at each fetch: a refusal of a moment passes), an undo
 * waits before it is tried again: IN_DOUBT_RETRY_MS, doubled after each failure, at most
 * IN_DOUBT_RETRY_MAX_MS. A remote that keeps refusing is not pushed to at every fetch (every 5 s) for an hour.
 */
export const IN_DOUBT_RETRY_MS = 30_000;
export const IN_DOUBT_RETRY_MAX_MS = 10 * 60_000;
/** At most this many pushes in doubt are watched (the oldest given up beyond, at warn). */
const IN_DOUBT_MAX = 50;

/** A push ended by its deadline, watched until it is known to be undone or not to have landed. */
interface InDoubt {
  updates: RefUpdate[];
  /** when its push ended (ms since the epoch) */
  at: number;
  /** a fetch showed it landed (so its refs back where they were since mean it was undone) */
  landed: boolean;
  /** undos tried that failed */
  tries: number;
  /** no undo is tried before this time (ms since the epoch): the backoff after failed tries */
  retryAt: number;
  /** an undo's failure was logged (once, at warn) */
  warned: boolean;
}

/**
 * Keeps the studio's repository equal to the remote: main fast-forwarded (and the folder written) when the
 * remote's moved, pending changes mirrored, an empty remote seeded. The fetch runs outside the repository's
 * queue (a remote that does not answer never holds a studio request); what it brought is applied in the
 * queue. Emits 'live' (commit) when the served version changed, 'synced' ({ ok }) after every attempt.
 * An outage is logged at warn when it starts and at info when it ends.
 */
export class RemoteSync extends EventEmitter {
  private timer: NodeJS.Timeout | undefined;
  private timerBusy = false;
  private lastAttempt = 0;
  private lastFetched = 0;
  private error: string | undefined;
  private attempted = false;
  /** A fetch worked since this server started. */
  private fetchedSinceStart = false;
  /** The first reconciliation after the start may publish a history this server has and the remote lacks. */
  private reconciled = false;
  private downSince = 0;
  /** The fetch under way, and when it started. */
  private fetching: { promise: Promise<void>; startedAt: number } | undefined;
  /** When refs last moved here after a push: a fetch that started before that is stale. */
  private movedAt = 0;
  /** Pushes ended by a deadline: undone if the remote took them after all, kept until that is settled. */
  private inDoubt: InDoubt[] = [];
  /** What was fetched last (from the file kept beside the git directory, at the start). */
  private fetchedBefore: { at: string; commit: string } | undefined;
  log: OutageLog | undefined;

  constructor(
    readonly remote: RulesRemote,
    private readonly repo: RepoAccess,
    private readonly gitDir: string,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.fetchedBefore = readFetched(join(gitDir, FETCHED_FILE));
  }

  /** Fetches (outside the queue), then applies what came in the queue; throws RemoteUnreachable. */
  async sync(): Promise<void> {
    const startedAt = await this.fetchNow();
    await this.repo.inQueue((op) => this.reconcile(op, startedAt));
  }

  /**
   * One `git fetch`, shared by every caller while it runs (a caller that needs one started after a moment,
   * `after`, waits for a new one); returns when it started.
   */
  async fetchNow(op?: Op, after = 0): Promise<number> {
    const current = this.fetching;
    if (current && current.startedAt >= after) {
      await (op ? op.race(current.promise, 'remote') : current.promise);
      return current.startedAt;
    }
    if (current) await current.promise.catch(() => undefined);
    const startedAt = this.now();
    this.lastAttempt = startedAt;
    this.attempted = true;
    // Done (either way) before anyone hears of it: a caller told of a failure starts a new fetch.
    const over = (): void => {
      if (this.fetching === entry) this.fetching = undefined;
    };
    const promise = this.remote.fetch().then(
      () => {
        over();
        this.fetched();
      },
      (e: unknown) => {
        over();
        this.failed(e);
        throw e;
      },
    );
    const entry = { promise, startedAt };
    this.fetching = entry;
    void promise.catch(() => undefined);
    await (op ? op.race(promise, 'remote') : promise);
    return startedAt;
  }

  private fetched(): void {
    this.lastFetched = this.now();
    this.fetchedSinceStart = true;
    this.reachableAgain();
  }

  /** The remote answered (a fetch or a push): an outage, if there was one, has ended. */
  reachableAgain(): void {
    if (this.error !== undefined && this.downSince) {
      const seconds = Math.round((this.now() - this.downSince) / 1000);
      this.log?.info(
        { remote: this.remote.shown, downSeconds: seconds },
        `The rules remote answers again, after ${seconds} s`,
      );
    }
    this.error = undefined;
    this.downSince = 0;
  }

  /** The remote did not answer (a fetch or a push): logged at warn when an outage starts, once. */
  failed(e: unknown): void {
    if (!(e instanceof RemoteUnreachable)) return;
    this.emit('synced', { ok: false });
    if (this.error === undefined) {
      this.downSince = this.now();
      this.log?.warn(
        { remote: this.remote.shown, error: e.message },
        `The rules remote cannot be reached (${e.message}): this server keeps serving the last version it fetched and the studio saves nothing until it is back`,
      );
    }
    this.error = e.message;
  }

  /** Brings the repository and the folder up to what the fetch that started at `startedAt` brought. */
  async reconcile(op: Op, startedAt: number): Promise<void> {
    // A fetch that started before this server last pushed may have missed that push: the next one will not.
    if (startedAt < this.movedAt) {
      this.emit('synced', { ok: true, changed: false });
      return;
    }
    // One read of the refs when nothing moved (the usual fetch): no other git.
    let refs = await this.repo.git.refs(op);
    if (this.inDoubt.length > 0) {
      await this.undoInDoubt(op, refs, startedAt);
      refs = await this.repo.git.refs(op);
    }
    const mirrored = await this.mirrorPending(op, refs);
    const moved = await this.reconcileMain(op, refs);
    this.reconciled = true;
    const live = moved ?? refs.get(MAIN) ?? null;
    if (live) this.remember(live);
    this.emit('synced', { ok: true, changed: mirrored || moved !== null });
  }

  /** Calls sync() every `intervalMs`, one at a time, never holding the queue while git fetches. */
  startTimer(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.timerBusy) return;
      this.timerBusy = true;
      this.sync()
        .catch(() => undefined)
        .finally(() => (this.timerBusy = false));
    }, intervalMs);
    this.timer.unref();
  }

  stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Before a read: a fetch when the last one is older than `maxAgeMs`, waited for at most `waitMs` (a
   * remote that does not answer never holds a read: it answers with what this server has).
   */
  async freshen(maxAgeMs: number, waitMs: number): Promise<void> {
    if (this.attempted && this.now() - this.lastAttempt < maxAgeMs) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([this.sync().catch(() => undefined), waited]);
    clearTimeout(timer);
  }

  /** When the remote last answered a fetch (ms since the epoch), 0 if never since the start. */
  get lastFetchedAt(): number {
    return this.lastFetched;
  }

  /** A fetch was tried since the start (whether or not it worked). */
  get everAttempted(): boolean {
    return this.attempted;
  }

  get reachable(): boolean {
    return this.attempted && this.error === undefined;
  }

  /** Refs moved here after a push: a fetch that started before now may not show them. */
  moved(): void {
    this.movedAt = this.now();
  }

  /** A push ended by a deadline: if the remote took it after all, it is undone at a fetch after. */
  noteInDoubt(updates: readonly RefUpdate[]): void {
    this.inDoubt.push({
      updates: [...updates],
      at: this.now(),
      landed: false,
      tries: 0,
      retryAt: 0,
      warned: false,
    });
    while (this.inDoubt.length > IN_DOUBT_MAX) {
      const oldest = this.inDoubt.shift()!;
      this.log?.warn(
        this.told(oldest),
        `More than ${IN_DOUBT_MAX} changes reported as not saved are in doubt: the oldest is no longer watched, and the rules remote keeps it if it reached it late`,
      );
    }
  }

  /** How many pushes ended by a deadline are still watched (undone if they land). */
  get pushesInDoubt(): number {
    return this.inDoubt.length;
  }

  /**
   * A push reported as failed that the remote took after all is undone (compare-and-swap back), so what an
   * analyst was told was not saved is not (issue 29 item 1). Each is kept until that is settled: its undo
   * worked (one that failed is tried again at a later fetch, backing off), its refs moved elsewhere (another server), or
   * a fetch that started after the push's time limit and a margin shows it did not land (a slow hook may
   * apply a push after the first fetch that follows it). An undo that keeps failing is given up, at warn.
   */
  private async undoInDoubt(op: Op, refs: Map<string, string>, startedAt: number): Promise<void> {
    const settled = new Set<InDoubt>();
    for (const entry of [...this.inDoubt]) {
      if (await this.settle(entry, op, refs, startedAt)) settled.add(entry);
    }
    this.inDoubt = this.inDoubt.filter((e) => !settled.has(e));
  }

  /** Whether what the fetch that started at `startedAt` brought settles `entry` (undoing it if it landed). */
  private async settle(
    entry: InDoubt,
    op: Op,
    refs: Map<string, string>,
    startedAt: number,
  ): Promise<boolean> {
    const { updates } = entry;
    const there = (u: RefUpdate): string | null => refs.get(trackingOf(u.ref)) ?? null;
    if (updates.every((u) => there(u) === u.to)) {
      entry.landed = true;
      // Waiting out its backoff: tried at a later fetch.
      if (this.now() < entry.retryAt) return false;
      return this.undo(entry, op);
    }
    if (updates.every((u) => there(u) === u.from)) {
      // Back where they were after it landed: an undo whose answer never came, or whose answer was lost.
      if (entry.landed) {
        this.log?.warn(this.told(entry), UNDONE);
        return true;
      }
      // Not there: settled once a fetch started later than the remote could still apply it.
      return startedAt - entry.at > this.pushLimitMs + IN_DOUBT_MARGIN_MS;
    }
    // Neither: another server moved its refs, and its compare-and-swap can no longer apply (or be undone).
    this.log?.warn(
      this.told(entry),
      'A change reported as not saved is in doubt, and its refs have moved on the rules remote since (another server): it is left as the remote has it',
    );
    return true;
  }

  /** Pushes a landed in-doubt push back; whether it is settled (undone, or given up). */
  private async undo(entry: InDoubt, op: Op): Promise<boolean> {
    const back = entry.updates.map((u) => ({ ref: u.ref, to: u.from, from: u.to }));
    try {
      await this.remote.push(back, op);
    } catch (e) {
      // A ref moved since the fetch: the next one says where.
      if (e instanceof RemoteRejected) return false;
      entry.tries++;
      const backoff = entry.tries - IN_DOUBT_MIN_TRIES;
      if (backoff >= 0)
        entry.retryAt = this.now() + Math.min(IN_DOUBT_RETRY_MAX_MS, IN_DOUBT_RETRY_MS * 2 ** backoff);
      const error = this.scrub(String(e));
      if (entry.tries >= IN_DOUBT_MIN_TRIES && this.now() - entry.at >= IN_DOUBT_GIVE_UP_MS) {
        this.log?.warn(
          { ...this.told(entry), tries: entry.tries, error },
          `A change reported as not saved reached the rules remote late and could not be undone in ${entry.tries} tries over ${Math.round((this.now() - entry.at) / 60_000)} min: given up, the rules remote keeps it`,
        );
        return true;
      }
      if (!entry.warned) {
        entry.warned = true;
        this.log?.warn(
          { ...this.told(entry), error },
          'A change reported as not saved reached the rules remote late and could not be undone yet: it is tried again at the next fetch',
        );
      }
      return false;
    }
    try {
      await this.repo.git.updateRefs(
        back.map((u) => ({ ref: trackingOf(u.ref), to: u.to })),
        op,
      );
    } catch {
      // Undone on the remote, which is what counts: the next fetch brings its refs here.
    }
    this.log?.warn(this.told(entry), UNDONE);
    return true;
  }

  /** What a log says of an in-doubt push: the remote (no credentials), its refs and the commits they took. */
  private told(entry: InDoubt): object {
    return {
      remote: this.remote.shown,
      refs: entry.updates.map((u) => u.ref),
      commits: entry.updates.map((u) => u.to),
    };
  }

  /** An error's words without the remote's credentials (git's are hidden already; this is for any other). */
  private scrub(text: string): string {
    return text
      .split(this.remote.url)
      .join(this.remote.shown)
      .replace(/(:\/\/)[^\s'"]*@/g, '$1***@');
  }

  /** The longest a push is given: the remote's time limit. */
  private get pushLimitMs(): number {
    return this.remote.timeoutMs;
  }

  /** The pending, scheduled and sent-back changes are the remote's: created, moved and removed as there. */
  private async mirrorPending(op: Op, refs: Map<string, string>): Promise<boolean> {
    const moves: { ref: string; to: string | null; from: string }[] = [];
    for (const branch of MIRRORED) {
      const prefix = `refs/heads/${branch}`;
      const theirs = `${REMOTE_REFS}${branch}`;
      for (const [ref, sha] of refs) {
        if (ref.startsWith(theirs)) {
          const ours = `${prefix}${ref.slice(theirs.length)}`;
          if (refs.get(ours) !== sha) moves.push({ ref: ours, to: sha, from: refs.get(ours) ?? '' });
        } else if (ref.startsWith(prefix) && !refs.has(`${theirs}${ref.slice(prefix.length)}`)) {
          moves.push({ ref, to: null, from: sha });
        }
      }
    }
    if (moves.length === 0) return false;
    await this.repo.git.updateRefs(
      moves.map((m) => ({ ref: m.ref, to: m.to, ...(m.from ? { from: m.from } : {}) })),
      op,
    );
    return true;
  }

  /** Main as the remote has it (the folder written); the new live commit, or null when main did not move here. */
  private async reconcileMain(op: Op, refs: Map<string, string>): Promise<string | null> {
    const theirs = refs.get(`${REMOTE_REFS}main`) ?? null;
    const ours = refs.get(MAIN) ?? null;
    const git = this.repo.git;
    if (!theirs) {
      // An empty remote: this server's history becomes everyone's.
      if (ours) await this.pushOrLeave([{ ref: MAIN, to: ours, from: null }], op);
      return null;
    }
    if (ours === theirs) return null;
    if (!ours) {
      // A new server: the remote's rules replace the folder's seed.
      await this.repo.writeFolder(await this.repo.folderTree(op), theirs, op);
      await git.updateRefs([{ ref: MAIN, to: theirs, from: null }], op);
      this.emit('live', theirs);
      return theirs;
    }
    if (!this.reconciled && (await git.isAncestor(theirs, ours, op))) {
      // This server is ahead (history kept from before the remote was configured): publish it.
      await this.pushOrLeave([{ ref: MAIN, to: ours, from: theirs }], op);
      return null;
    }
    if (!(await git.isAncestor(ours, theirs, op))) {
      // Unrelated, diverged or rewound: the remote is the truth; ours is kept under refs/studio/.
      await git.updateRefs([{ ref: `refs/studio/diverged/${ours.slice(0, 12)}`, to: ours }], op);
    }
    await this.repo.writeFolder(ours, theirs, op);
    await git.updateRefs([{ ref: MAIN, to: theirs, from: ours }], op);
    this.emit('live', theirs);
    return theirs;
  }

  private async pushOrLeave(updates: RefUpdate[], op: Op): Promise<void> {
    try {
      await this.remote.push(updates, op);
    } catch (e) {
      // Another server moved the ref first: the next fetch brings its version.
      if (!(e instanceof RemoteRejected)) throw e;
    }
  }

  /** What this server serves was fetched (kept beside the git directory, for a restart without the remote). */
  private remember(commit: string): void {
    const before = this.fetchedBefore;
    if (before?.commit === commit && Date.parse(before.at) > this.now() - 60_000) return;
    const record = { at: new Date(this.lastFetched || this.now()).toISOString(), commit };
    const path = join(this.gitDir, FETCHED_FILE);
    try {
      writeFileSync(`${path}.tmp`, JSON.stringify(record));
      renameSync(`${path}.tmp`, path);
      this.fetchedBefore = record;
    } catch {
      // Only a restart without the remote reads it: it then says it was never fetched.
    }
  }

  /** Whether this server serves the shared rules, and why: ready after its first fetch, or on a version fetched before. */
  readiness(commit: string | null): { ok: boolean; detail: string } {
    const iso = (t: number): string => new Date(t).toISOString();
    const short = commit ? commit.slice(0, 12) : 'nothing';
    const away = this.error
      ? `; the rules remote cannot be reached since ${iso(this.downSince)} (${this.error})`
      : '';
    if (this.fetchedSinceStart)
      return {
        ok: true,
        detail: `serving ${short}, fetched from the rules remote at ${iso(this.lastFetched)}${away}`,
      };
    const before = this.fetchedBefore;
    if (before && commit && before.commit === commit)
      return {
        ok: true,
        detail: `serving ${short}, fetched from the rules remote at ${before.at} before this start; not fetched since${away || ' (the first fetch is under way)'}`,
      };
    const why = this.error
      ? `the rules remote cannot be reached (${this.error})`
      : this.attempted
        ? 'the first fetch of the rules remote is under way'
        : 'the rules remote has not been fetched yet';
    return { ok: false, detail: `${why}: this server has no version of the shared rules to serve yet` };
  }

  status(commit: string | null): RemoteStatus {
    const iso = (t: number): string | null => (t ? new Date(t).toISOString() : null);
    const state = !this.attempted ? 'not fetched yet' : this.error ? 'unreachable' : 'connected';
    const ready = this.readiness(commit);
    const out: RemoteStatus = {
      remote: this.remote.shown,
      state,
      commit,
      lastAttempt: iso(this.lastAttempt),
      lastFetched: iso(this.lastFetched),
      ready: ready.ok,
      why: ready.detail,
    };
    if (this.error) {
      out.message =
        `The rules remote cannot be reached (${this.error}): this server keeps serving the last version ` +
        (this.lastFetched
          ? `it fetched, at ${iso(this.lastFetched)}`
          : this.fetchedBefore
            ? `it fetched, at ${this.fetchedBefore.at}`
            : 'it has') +
        (commit ? ` (${commit.slice(0, 12)})` : '') +
        '; the studio saves nothing until it is back.';
    }
    return out;
  }
}

function readFetched(path: string): { at: string; commit: string } | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as { at?: unknown; commit?: unknown };
    return typeof json.at === 'string' && typeof json.commit === 'string'
      ? { at: json.at, commit: json.commit }
      : undefined;
  } catch {
    return undefined;
  }
}
