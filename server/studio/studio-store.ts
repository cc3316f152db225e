/**
 * Where the rule studio's repository (studio-repo.ts) keeps its history: the git directory, the rules
 * folder kept equal to main's tree, one operation at a time, and, with a rules remote (RULES_REMOTE,
 * rules-remote.ts), the remote every server shares.
 *
 * - Every ref moves through `moveRefs`: on the remote first (all or none, each from the value it expects),
 *   then here. A write (`writing`) fetches first and is done again on the newer version when another
 *   server moved a ref first; a read (`reading`) fetches when the last fetch is older than a second.
 * - The folder edited by hand is recorded before the studio reads or writes: a commit "Changes made
 *   outside the studio" on main, marked valid or rejected by the studio's checks; with a remote, a pending
 *   change instead (the folder shows live again), as any change made on one server.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  RemoteRefused,
  RemoteRejected,
  RemoteSync,
  RemoteUnreachable,
  RulesRemote,
  retryRejected,
  type RefUpdate,
} from './rules-remote';
import { Git, RepoError, type Person } from './studio-git';

export const MAIN = 'refs/heads/main';
export const PENDING = 'refs/heads/pending/';
export const STUDIO: Person = { name: 'Rule studio', email: 'studio@localhost' };
const OUTSIDE: Person = { name: 'Outside the studio', email: 'outside@localhost' };
/** Problems kept in a hand edit's or a failed go-live's record. */
const PROBLEMS_KEPT = 20;

/** With a remote (RULES_REMOTE): how fresh a read must be, and how often a write re-applies itself. */
const READ_MAX_AGE_MS = 1_000;
const WRITE_TRIES = 5;

/** Every problem of a set of files as it would be live (empty: it may go live). */
export type Check = (
  files: Readonly<Record<string, string>>,
  changed: readonly string[],
) => Promise<string[]>;

export interface RulesRepoOptions {
  /** the git remote every server shares (RULES_REMOTE), see rules-remote.ts */
  remote?: string;
  /** how long one fetch or push may take (default 20 s) */
  remoteTimeoutMs?: number;
}

export const problemsTrailer = (problems: readonly string[]): string =>
  JSON.stringify(problems.slice(0, PROBLEMS_KEPT).map((p) => p.slice(0, 300)));

export class RulesStore {
  private queue: Promise<unknown> = Promise.resolve();
  protected readonly git: Git;
  /** The shared remote's sync, when there is one: its 'live' and 'synced' events, its status. */
  readonly remote: RemoteSync | undefined;
  /** Checks a hand edit of the folder when it is recorded (set by the studio; unchecked without it). */
  checkOutside: Check | null = null;

  constructor(
    readonly rulesDir: string,
    readonly gitDir: string,
    options: RulesRepoOptions = {},
  ) {
    this.git = new Git(gitDir, rulesDir);
    if (options.remote) {
      this.remote = new RemoteSync(new RulesRemote(options.remote, gitDir, options.remoteTimeoutMs), {
        git: (args, input) => this.git.run(args, input === undefined ? {} : { input }),
        rev: (ref) => this.git.rev(ref),
        writeFolder: (from, to) => this.writeFolder(from, to),
        folderTree: () => this.treeOfFolder(),
      });
    }
  }

  /** Fetches the remote every `intervalMs` (RULES_FETCH_SECONDS), in the queue; stop() ends it. */
  startSync(intervalMs: number): void {
    const remote = this.remote;
    remote?.startTimer(intervalMs, () => this.serial(() => this.initNow().then(() => remote.sync())));
  }

  stop(): void {
    this.remote?.stopTimer();
  }

  /** Runs `fn` after every operation before it (one writer at a time). */
  protected serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A write; with a remote, fetched first and done again on the newer version if another server won. */
  protected writing<T>(fn: () => Promise<T>): Promise<T> {
    const remote = this.remote;
    if (!remote) return this.serial(fn);
    return this.serial(async () => {
      try {
        return await retryRejected(WRITE_TRIES, async () => {
          await this.initNow();
          await remote.sync();
          return fn();
        });
      } catch (e) {
        if (e instanceof RemoteRejected)
          throw new RepoError(409, 'The shared rules kept changing while saving: try again');
        if (e instanceof RemoteUnreachable)
          throw new RepoError(
            503,
            `The rules remote cannot be reached: nothing was saved. Try again in a moment (${e.message})`,
          );
        if (e instanceof RemoteRefused) throw new RepoError(502, e.message);
        throw e;
      }
    });
  }

  /** A read: with a remote, fetched first when the last fetch is older than a second. */
  protected reading<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      if (this.remote) {
        await this.initNow();
        await this.remote.syncIfStale(READ_MAX_AGE_MS);
      }
      return fn();
    });
  }

  /** Moves refs, on the remote first (all or none), each from the value it expects: nothing is lost. */
  protected async moveRefs(updates: readonly RefUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    if (this.remote?.reachable) await this.remote.remote.push(updates);
    const lines = updates.map((u) =>
      u.to ? `update ${u.ref} ${u.to} ${u.from ?? ''}` : `delete ${u.ref} ${u.from ?? ''}`,
    );
    await this.git.run(['update-ref', '--stdin'], { input: `${lines.join('\n')}\n` });
  }

  /** The repository itself, created on first use (no commit). */
  private async initNow(): Promise<void> {
    if (existsSync(join(this.gitDir, 'HEAD'))) return;
    mkdirSync(this.gitDir, { recursive: true });
    await this.git.run(['init', '--quiet', '--initial-branch=main']);
    // Only JSON files are rules (and cases): README.md and anything else of the folder stay out.
    mkdirSync(join(this.gitDir, 'info'), { recursive: true });
    writeFileSync(join(this.gitDir, 'info', 'exclude'), '*\n!*/\n!*.json\n');
  }

  /** Creates the repository on first use and records hand edits of the folder; the live commit. */
  ensure(): Promise<string> {
    return this.serial(() => this.ensureNow());
  }

  protected async ensureNow(): Promise<string> {
    await this.initNow();
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.remote) await this.remote.syncIfStale(READ_MAX_AGE_MS);
        return await this.recordFolder();
      } catch (e) {
        // Another server seeded the remote or moved main first: take its version and look again.
        if (!(e instanceof RemoteRejected) || attempt === 3 || !this.remote) throw e;
        await this.remote.sync();
      }
    }
  }

  /** Records the folder: the first version, or hand edits made since; the live commit. */
  private async recordFolder(): Promise<string> {
    const head = await this.git.rev(MAIN);
    const tree = await this.treeOfFolder();
    if (!head) {
      const first = await this.git.commit(tree, [], 'The rules as the studio found them', STUDIO, STUDIO, {
        'Studio-Kind': 'start',
      });
      // With a remote that cannot be reached yet, kept here only: the remote's version wins when it answers.
      await this.moveRefs([{ ref: MAIN, to: first, from: null }]);
      return first;
    }
    if (tree === (await this.git.treeOf(head))) return head;
    // With a remote that cannot be reached, the folder keeps the edit until it can be recorded.
    if (this.remote && !this.remote.reachable) return head;
    const trailers: Record<string, string> = { 'Studio-Kind': 'outside' };
    if (this.checkOutside) {
      const problems = await this.checkOutside(
        await this.git.filesOf(tree),
        await this.git.changedFiles(head, tree),
      );
      trailers['Studio-Check'] = problems.length > 0 ? 'rejected' : 'valid';
      if (problems.length > 0) trailers.Problems = problemsTrailer(problems);
    }
    const reason = 'Changes made outside the studio';
    const outside = await this.git.commit(tree, [head], reason, OUTSIDE, OUTSIDE, trailers);
    if (!this.remote) {
      await this.moveRefs([{ ref: MAIN, to: outside, from: head }]);
      return outside;
    }
    // Shared rules: a hand edit of one server's folder waits for approval like any change, and the folder
    // shows live again.
    await this.moveRefs([{ ref: `${PENDING}${outside.slice(0, 12)}`, to: outside, from: null }]);
    await this.writeFolder(outside, head);
    return head;
  }

  /** The folder's tree, through the repository's own index (its stat cache makes this cheap). */
  private async treeOfFolder(): Promise<string> {
    await this.git.run(['add', '--all', '--', '.']);
    return (await this.git.run(['write-tree'])).trim();
  }

  /** The live commit as it is here (no fetch, no wait for the queue), or null before the first. */
  liveCommit(): Promise<string | null> {
    return existsSync(join(this.gitDir, 'HEAD')) ? this.git.rev(MAIN) : Promise.resolve(null);
  }

  /**
   * Writes the files that differ from `from` to `to` (commits or trees) into the folder, each atomically
   * (write, then rename), then the index.
   */
  protected async writeFolder(from: string, to: string): Promise<void> {
    const files = await this.git.changedFiles(from, to);
    const texts = await this.git.blobs(files.map((f) => `${to}:${f}`));
    for (const [i, path] of files.entries()) {
      const target = join(this.rulesDir, ...path.split('/'));
      const text = texts[i];
      if (text === undefined) {
        rmSync(target, { force: true });
        continue;
      }
      mkdirSync(dirname(target), { recursive: true });
      const tmp = `${target}.studio-${process.pid}.tmp`;
      writeFileSync(tmp, text);
      renameSync(tmp, target);
    }
    await this.git.run(['read-tree', to]);
  }
}
