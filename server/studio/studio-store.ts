/**
 * Where the rule studio's repository (studio-repo.ts) keeps its history: the git directory, the rules
 * folder kept equal to main's tree, one operation at a time, and, with a rules remote (RULES_REMOTE,
 * rules-remote.ts), the remote every server shares.
 *
 * - Every operation has a deadline (`Op`, studio-git.ts): one that waited in the queue past it never runs;
 *   one under way when it passes has every git it started ended (their process groups) and answers 503
 *   naming what did not answer. Refs move last, so an operation that failed saved nothing; once they have
 *   moved it runs to its end, so one that succeeded is never reported as failed. The point of no return is
 *   the remote taking the push, or, without one, the start of the local `update-ref` (which then runs
 *   under its own time limit, not the request's); a step after it that fails (this server's refs, the
 *   folder) is answered 500 saying the change was saved and what failed, and logged at warn.
 * - Every ref moves through `moveRefs`: on the remote first (all or none, each from the value it expects),
 *   then here with its remote-tracking copy, in one transaction. A write does not fetch first: the
 *   compare-and-swap refuses it when another server moved a ref, and it is done again on the newer version.
 * - The folder edited by hand is recorded before the studio reads or writes: a commit "Changes made
 *   outside the studio" on main, marked valid or rejected by the studio's checks; with a remote, a pending
 *   change instead (the folder shows live again), as any change made on one server. Whether the folder
 *   changed is told by its files' sizes and times first (no git process when nothing changed).
 * - The fetch of the remote runs outside the queue: a remote that does not answer holds no request.
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clearStaleLocks, endGroups } from './git-process';
import {
  RemoteRefused,
  RemoteRejected,
  RemoteTimeout,
  RemoteUnreachable,
  RulesRemote,
  retryRejected,
  trackingOf,
  type RefUpdate,
} from './rules-remote';
import { RemoteSync, type OutageLog } from './rules-sync';
import { Git, Op, RepoError, signatureNow, type Person } from './studio-git';

export const MAIN = 'refs/heads/main';
export const PENDING = 'refs/heads/pending/';
export const STUDIO: Person = { name: 'Rule studio', email: 'studio@localhost' };
const OUTSIDE: Person = { name: 'Outside the studio', email: 'outside@localhost' };
/** Problems kept in a hand edit's or a failed go-live's record. */
const PROBLEMS_KEPT = 20;

/** With a remote (RULES_REMOTE): how fresh a read would like to be, how long it waits for a fetch. */
const READ_MAX_AGE_MS = 1_000;
const READ_FETCH_WAIT_MS = 1_500;
const WRITE_TRIES = 5;
/** How long packing the repository may hold the queue. */
const MAINTAIN_MS = 60_000;
/** How long a studio request may take by default, queue included. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Every problem of a set of files as it would be live (empty: it may go live). `wait.signal` ends the check
 * once the operation that waits for it gives up (its deadline passed): studio-check.ts.
 */
export type Check = (
  files: Readonly<Record<string, string>>,
  changed: readonly string[],
  wait?: { signal?: AbortSignal },
) => Promise<string[]>;

export interface RulesRepoOptions {
  /** the git remote every server shares (RULES_REMOTE), see rules-remote.ts */
  remote?: string;
  /** how long one fetch or push may take (default 15 s) */
  remoteTimeoutMs?: number;
  /** how long a studio request may take, waiting in the queue included (default 60 s) */
  requestTimeoutMs?: number;
  /** where an outage of the remote is told (the server's log) */
  log?: OutageLog;
}

export const problemsTrailer = (problems: readonly string[]): string =>
  JSON.stringify(problems.slice(0, PROBLEMS_KEPT).map((p) => p.slice(0, 300)));

interface Task {
  op: Op;
  run: (op: Op) => Promise<void>;
  reject: (e: Error) => void;
}

/** The files of a folder as sizes and times (a cheap fingerprint of whether anything changed). */
function folderSignature(dir: string): string {
  const out: string[] = [];
  const walk = (path: string, rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.includes('.studio-') && name.endsWith('.tmp')) continue;
      const full = join(path, name);
      try {
        const st = statSync(full);
        if (st.isDirectory()) walk(full, `${rel}${name}/`);
        else out.push(`${rel}${name}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`);
      } catch {
        out.push(`${rel}${name}:gone`);
      }
    }
  };
  walk(dir, '');
  return out.join('\n');
}

/**
 * Emits 'live' (commit) whenever main moves here (a write, a go-live, a fetch), 'changed' whenever any ref
 * may have moved (the scheduled changes' timer re-arms on it).
 */
export class RulesStore extends EventEmitter {
  private readonly tasks: Task[] = [];
  private busy = false;
  /** Work that can wait for the answer (the index after a write): done before the next operation. */
  private readonly later: ((op: Op) => Promise<void>)[] = [];
  protected readonly git: Git;
  /** The shared remote's sync, when there is one: its 'live' and 'synced' events, its status. */
  readonly remote: RemoteSync | undefined;
  /** Checks a hand edit of the folder when it is recorded (set by the studio; unchecked without it). */
  checkOutside: Check | null = null;
  readonly requestTimeoutMs: number;
  /** The folder as last seen equal to main (its fingerprint, and main then). */
  private folderSeen: { head: string; signature: string } | undefined;
  /** Writing the folder failed: it is written again from main before it is recorded (not a hand edit). */
  private folderBehind = false;
  /** Where main moved in the operation under way (the folder written next is that commit's). */
  private movedMain: string | undefined;
  /** Where a save that failed after its point of no return is told (the server's log). */
  private logger: OutageLog | undefined;

  constructor(
    readonly rulesDir: string,
    readonly gitDir: string,
    options: RulesRepoOptions = {},
  ) {
    super();
    this.git = new Git(gitDir, rulesDir);
    // Locks a git of a server that died under way left (its first read would fail on them).
    clearStaleLocks(gitDir);
    this.requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.logger = options.log;
    if (options.remote) {
      this.remote = new RemoteSync(
        new RulesRemote(options.remote, gitDir, options.remoteTimeoutMs),
        {
          git: this.git,
          inQueue: (fn) => this.serial(fn, { write: true, ms: (options.remoteTimeoutMs ?? 15_000) + 5_000 }),
          writeFolder: (from, to, op) => this.writeFolder(from, to, op),
          folderTree: (op) => this.git.treeOfFolder(op),
        },
        gitDir,
      );
      if (options.log) this.remote.log = options.log;
      // A fetch may bring changes, scheduled ones among them, and a new live version.
      this.remote.on('synced', (e: { changed?: boolean }) => {
        if (e.changed) this.emit('changed');
      });
      this.remote.on('live', (commit: string) => this.emit('live', commit));
    }
  }

  /** Where an outage of the remote, or a save that failed after it was saved, is told (the server's log). */
  set log(log: OutageLog) {
    this.logger ??= log;
    if (this.remote && !this.remote.log) this.remote.log = log;
  }

  /** With a remote: whether this server serves the shared rules, and why (readiness, /rules/status). */
  async remoteReadiness(): Promise<{ ok: boolean; detail: string }> {
    if (!this.remote) return { ok: true, detail: 'no rules remote' };
    return this.remote.readiness(await this.liveCommit().catch(() => null));
  }

  /** How many git processes the repository started (the bench counts them). */
  get gitProcesses(): number {
    return this.git.processes + (this.remote?.remote.processes ?? 0);
  }

  /** Fetches the remote every `intervalMs` (RULES_FETCH_SECONDS); stop() ends it. */
  startSync(intervalMs: number): void {
    this.remote?.startTimer(intervalMs);
  }

  /**
   * Packs the repository when it is due (Git.maintain), in the queue, under a deadline of its own: a save
   * waits for it at most that long. Failing is logged at warn and changes nothing (git keeps what it had).
   */
  async maintain(): Promise<void> {
    try {
      await this.serial((op) => this.git.maintain(op), { write: true, ms: MAINTAIN_MS });
    } catch (e) {
      this.logger?.warn(
        { gitDir: this.gitDir, error: e instanceof Error ? e.message : String(e) },
        "The studio's repository could not be packed: it works on, with more loose objects",
      );
    }
  }

  /** Stops the timer and ends every git of this repository still running. */
  stop(): void {
    this.remote?.stopTimer();
    endGroups(this.git.groups);
    if (this.remote) endGroups(this.remote.remote.groups);
  }

  /**
   * Runs `fn` after every operation before it (one at a time), under a deadline of `ms` (default the
   * request's): past it while waiting, it never runs and fails with what held it.
   */
  protected serial<T>(fn: (op: Op) => Promise<T>, options: { write: boolean; ms?: number }): Promise<T> {
    const op = new Op(options.ms ?? this.requestTimeoutMs, options.write);
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        op,
        reject,
        run: (o) => fn(o).then(resolve, reject),
      };
      op.signal.addEventListener(
        'abort',
        () => {
          const at = this.tasks.indexOf(task);
          if (at < 0) return;
          this.tasks.splice(at, 1);
          reject(op.failure());
        },
        { once: true },
      );
      this.tasks.push(task);
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy) return;
    const task = this.tasks.shift();
    if (!task) return;
    this.busy = true;
    task.op.stage = 'local';
    void task
      .run(task.op)
      .catch(() => undefined)
      .finally(async () => {
        task.op.end();
        this.movedMain = undefined;
        // What waits for no answer runs now, before the next operation.
        while (this.later.length > 0) {
          const job = this.later.shift()!;
          const op = new Op(20_000, false);
          await job(op).catch(() => undefined);
          op.end();
        }
        this.busy = false;
        this.pump();
      });
  }

  /** Work done after the answer, before the next operation. */
  protected afterwards(job: (op: Op) => Promise<void>): void {
    this.later.push(job);
  }

  /**
   * A write, under the request's deadline. With a remote: fetched first only when the remote did not
   * answer last (or never did since the start); a push refused because another server moved a ref first
   * fetches and does the whole write again on the newer version.
   */
  protected writing<T>(fn: (op: Op) => Promise<T>, ms?: number): Promise<T> {
    const remote = this.remote;
    if (!remote) return this.serial(fn, { write: true, ...(ms ? { ms } : {}) });
    const refetch = async (op: Op): Promise<void> => {
      const started = await remote.fetchNow(op, Date.now());
      await remote.reconcile(op, started);
    };
    return this.serial(
      async (op) => {
        try {
          if (!remote.reachable) await refetch(op);
          return await retryRejected(
            WRITE_TRIES,
            () => fn(op),
            () => refetch(op),
          );
        } catch (e) {
          if (e instanceof RemoteRejected)
            throw new RepoError(409, 'The shared rules kept changing while saving: try again');
          if (e instanceof RemoteTimeout)
            throw new RepoError(
              503,
              `The rules remote did not answer within ${e.seconds} s: nothing was saved. Try again in a moment (${e.message})`,
            );
          if (e instanceof RemoteUnreachable)
            throw new RepoError(
              503,
              `The rules remote cannot be reached: nothing was saved. Try again in a moment (${e.message})`,
            );
          if (e instanceof RemoteRefused) throw new RepoError(502, e.message);
          throw e;
        }
      },
      { write: true, ...(ms ? { ms } : {}) },
    );
  }

  /**
   * A read. With a remote, a fetch first when the last is over a second old, waited for briefly (an
   * unreachable remote never holds it); `fetch` false for the server's own looks (the schedule). Outside the queue when the folder has not changed (nothing to
   * record): reads never wait behind a write.
   */
  protected async reading<T>(fn: (op: Op) => Promise<T>, fetch = true): Promise<T> {
    if (this.remote && fetch) await this.remote.freshen(READ_MAX_AGE_MS, READ_FETCH_WAIT_MS);
    const head = existsSync(join(this.gitDir, 'HEAD')) ? await this.git.rev(MAIN) : null;
    if (head && this.folderUnchanged(head)) {
      const op = new Op(this.requestTimeoutMs, false);
      op.stage = 'local';
      try {
        return await fn(op);
      } finally {
        op.end();
      }
    }
    return this.serial(
      async (op) => {
        await this.ensureNow(op);
        return fn(op);
      },
      { write: false },
    );
  }

  private folderUnchanged(head: string): boolean {
    const seen = this.folderSeen;
    return seen !== undefined && seen.head === head && seen.signature === folderSignature(this.rulesDir);
  }

  /**
   * Moves refs, on the remote first (all or none), each from the value it expects: nothing is lost. Past the
   * point of no return (the remote took the push; without one, update-ref started) the change is saved:
   * what follows runs to its end under its own time limits, and its failure is answered as saved (500).
   */
  protected async moveRefs(
    updates: readonly RefUpdate[],
    op: Op,
    scratch: readonly string[] = [],
  ): Promise<void> {
    if (updates.length === 0) return;
    const remote = this.remote;
    const local = updates.map((u) => ({ ref: u.ref, to: u.to, from: u.from }));
    const drop = scratch.map((ref) => ({ ref, to: null }));
    const main = updates.find((u) => u.ref === MAIN && u.to);
    if (remote?.reachable) {
      try {
        await remote.remote.push(updates, op, () => remote.noteInDoubt(updates));
      } catch (e) {
        remote.failed(e);
        throw e;
      }
      // Saved: every server gets it from the remote. A fetch that started before now may not show it.
      op.committed = true;
      remote.reachableAgain();
      remote.moved();
      const tracking = updates.map((u) => ({ ref: trackingOf(u.ref), to: u.to }));
      try {
        await this.git.updateRefs([...local, ...tracking, ...drop], op);
      } catch (e) {
        // Moved all the same (git ended at its limit as it finished): carried on as saved here too.
        if ((await this.movedHere(local)) !== true) {
          await this.folderAfter(main, op);
          throw this.savedBut(
            `The change was saved on the rules remote, but this server's history did not record it (${firstLine(e)}): it shows here at the next fetch, within seconds. Do not save it again`,
          );
        }
      }
    } else {
      // Not started: past the deadline nothing was saved. Started, it runs to its end under its own time
      // limit: ended by the request's deadline it could have moved the refs and been answered "nothing".
      if (op.expired && !op.committed) throw op.failure();
      try {
        await this.git.updateRefs([...local, ...drop]);
      } catch (e) {
        const moved = await this.movedHere(local);
        // Refused, or ended before its transaction: nothing was saved, and the failure says what.
        if (moved === false) throw e;
        op.committed = true;
        if (moved !== true) {
          await this.folderAfter(main, op);
          throw this.savedBut(
            `The change may have been saved in part (${firstLine(e)}): reload the studio to see what is live before saving it again`,
          );
        }
      }
      op.committed = true;
    }
    if (main) {
      this.movedMain = main.to!;
      this.emit('live', main.to);
    }
    this.emit('changed');
  }

  /** Whether every ref of `moves` is at its new value here (true), none is (false), or some (or unknown). */
  private async movedHere(moves: readonly { ref: string; to: string | null }[]): Promise<boolean | 'some'> {
    const out = await this.git
      .run(['for-each-ref', '--format=%(objectname) %(refname)', ...moves.map((m) => m.ref)])
      .catch(() => null);
    if (out === null) return 'some';
    const refs = new Map(out.split('\n').flatMap((l) => (l ? [[l.slice(41), l.slice(0, 40)] as const] : [])));
    const at = moves.map((m) => (refs.get(m.ref) ?? null) === m.to);
    return at.every(Boolean) ? true : at.some(Boolean) ? 'some' : false;
  }

  /** After a move that did not finish: if main moved here all the same, the folder follows it. */
  private async folderAfter(main: RefUpdate | undefined, op: Op): Promise<void> {
    if (!main?.to || !main.from || (await this.git.rev(MAIN).catch(() => null)) !== main.to) return;
    this.movedMain = main.to;
    await this.writeFolder(main.from, main.to, op).catch(() => undefined);
  }

  /** The answer for a change saved whose next step failed: 500, saying so; logged at warn. */
  private savedBut(message: string): RepoError {
    this.logger?.warn({ gitDir: this.gitDir }, message);
    return new RepoError(500, message);
  }

  /** The repository itself, created on first use (no commit). */
  private async initNow(op: Op): Promise<void> {
    if (existsSync(join(this.gitDir, 'HEAD'))) return;
    mkdirSync(this.gitDir, { recursive: true });
    await this.git.run(['init', '--quiet', '--initial-branch=main'], { op });
    // Only JSON files of the folder are recorded from it (README.md and the like stay out); files of the
    // remote's main (a README, CODEOWNERS, a CI file) are kept as they are, never checked as rules.
    mkdirSync(join(this.gitDir, 'info'), { recursive: true });
    writeFileSync(join(this.gitDir, 'info', 'exclude'), '*\n!*/\n!*.json\n*.studio-*.tmp\n');
  }

  /** Creates the repository (no commit) if it is not there yet. */
  init(): Promise<void> {
    return this.serial((op) => this.initNow(op), { write: true });
  }

  /** Creates the repository on first use and records hand edits of the folder; the live commit. */
  ensure(): Promise<string> {
    return this.serial((op) => this.ensureNow(op), { write: true });
  }

  protected async ensureNow(op: Op): Promise<string> {
    await this.initNow(op);
    const remote = this.remote;
    if (remote && !remote.everAttempted) {
      // The first use, with a remote: its version first (an empty remote is seeded, a new server takes it).
      try {
        await remote.reconcile(op, await remote.fetchNow(op));
      } catch (e) {
        if (!(e instanceof RemoteUnreachable)) throw e;
      }
    }
    return this.recordFolder(op);
  }

  /** Records the folder: the first version, or hand edits made since; the live commit. */
  private async recordFolder(op: Op): Promise<string> {
    const head = await this.git.rev(MAIN, op);
    if (head && this.folderBehind) {
      // Its writing failed after main moved: main's files, not a hand edit undoing them.
      await this.writeFolder(await this.git.treeOfFolder(op), head, op);
      this.folderBehind = false;
    }
    if (head && this.folderUnchanged(head)) return head;
    const signature = folderSignature(this.rulesDir);
    const tree = await this.git.treeOfFolder(op);
    if (!head) {
      const { ids, scratch } = await this.git.make(
        [
          {
            parent: null,
            files: Object.fromEntries((await this.git.entries(tree, op)).map((e) => [e.path, e])),
            reason: 'The rules as the studio found them',
            trailers: { 'Studio-Kind': 'start' },
            author: signatureNow(STUDIO),
            committer: signatureNow(STUDIO),
          },
        ],
        op,
      );
      const first = ids[0]!;
      // With a remote that cannot be reached yet, kept here only: the remote's version wins when it answers.
      await this.moveRefs([{ ref: MAIN, to: first, from: null }], op, scratch);
      this.folderSeen = { head: first, signature };
      return first;
    }
    const headTree = (await this.git.commit(head, op)).tree;
    if (tree === headTree) {
      this.folderSeen = { head, signature };
      return head;
    }
    // With a remote that cannot be reached, the folder keeps the edit until it can be recorded.
    if (this.remote && !this.remote.reachable) return head;
    const trailers: Record<string, string> = { 'Studio-Kind': 'outside' };
    const entries = await this.git.diffEntries(head, tree, op);
    const changed = [...entries.keys()];
    if (this.checkOutside) {
      const edited = await this.git.filesOf(tree, op);
      const problems = await op.race(this.checkOutside(edited, changed, { signal: op.signal }), 'check');
      trailers['Studio-Check'] = problems.length > 0 ? 'rejected' : 'valid';
      if (problems.length > 0) trailers.Problems = problemsTrailer(problems);
    }
    const now = signatureNow(OUTSIDE);
    const files = Object.fromEntries(entries);
    const { ids, scratch } = await this.git.make(
      [
        {
          parent: head,
          files,
          reason: 'Changes made outside the studio',
          trailers,
          author: now,
          committer: now,
        },
      ],
      op,
    );
    const outside = ids[0]!;
    if (!this.remote) {
      await this.moveRefs([{ ref: MAIN, to: outside, from: head }], op, scratch);
      this.folderSeen = { head: outside, signature };
      return outside;
    }
    // Shared rules: a hand edit of one server's folder waits for approval like any change, and the folder
    // shows live again.
    await this.moveRefs([{ ref: `${PENDING}${outside.slice(0, 12)}`, to: outside, from: null }], op, scratch);
    await this.writeFolder(outside, head, op);
    return head;
  }

  /** The live commit as it is here (no fetch, no wait for the queue), or null before the first. */
  liveCommit(): Promise<string | null> {
    return existsSync(join(this.gitDir, 'HEAD')) ? this.git.rev(MAIN) : Promise.resolve(null);
  }

  /**
   * Writes the files that differ from `from` to `to` (commits) into the folder, each atomically (write,
   * then rename); the index follows after the answer.
   */
  protected async writeFolder(from: string, to: string, op: Op): Promise<void> {
    const entries = [...(await this.git.diffEntries(from, to, op))];
    const blobs = await this.git.objects(
      entries.map(([, e]) => e?.blob ?? '0'.repeat(40)),
      op,
    );
    this.writeFiles(
      to,
      Object.fromEntries(entries.map(([path, e], i) => [path, e ? (blobs[i] ?? null) : null])),
    );
  }

  /**
   * Writes `files` (null: removed) into the folder, which is then main's `head`. When that fails the folder
   * is written again from main before it is next recorded; after a save (main moved to `head`) the answer
   * says the change was saved.
   */
  protected writeFiles(head: string, files: Readonly<Record<string, string | Buffer | null>>): void {
    const afterSave = this.movedMain === head;
    this.movedMain = undefined;
    let tmp = '';
    try {
      for (const [path, text] of Object.entries(files)) {
        const target = join(this.rulesDir, ...path.split('/'));
        if (text === null) {
          rmSync(target, { force: true });
          continue;
        }
        mkdirSync(dirname(target), { recursive: true });
        tmp = `${target}.studio-${process.pid}.tmp`;
        writeFileSync(tmp, text);
        renameSync(tmp, target);
      }
    } catch (e) {
      if (tmp) rmSync(tmp, { force: true });
      this.folderBehind = true;
      this.folderSeen = undefined;
      if (!afterSave) throw e;
      throw this.savedBut(
        `The change was saved, but the rules folder could not be written (${firstLine(e)}): the portal serves the change once it is, which the studio tries again at its next step`,
      );
    }
    this.folderSeen = { head, signature: folderSignature(this.rulesDir) };
    // The index (the folder's stat cache, and which files main tracks) follows main after the answer.
    this.afterwards((op) => this.git.run(['read-tree', head], { op }).then(() => undefined));
  }
}

/** An error's first line, at most 300 characters (git's words, a file system's). */
function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
