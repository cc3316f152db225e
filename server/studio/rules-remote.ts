/**
 * The rules' git remote (RULES_REMOTE; docs/decisions/033-rules-shared-through-a-git-remote.md): a small
 * wrapper of the `git` command's fetch and push for the studio's repository (studio-repo.ts).
 *
 * - fetch: every branch of the remote into refs/remotes/rules/* (pruned), nothing else of the repository.
 * - push: one atomic compare-and-swap of several refs (`--atomic` with `--force-with-lease=<ref>:<old>` for
 *   each): either every ref moves from the value this server saw, or none does. A ref that moved meanwhile
 *   is a `RemoteRejected` (fetch and try again); the remote refusing for another reason (a hook, a
 *   protected branch) is a `RemoteRefused`; no answer at all is a `RemoteUnreachable`.
 *
 * git runs with execFile (no shell), without the machine's or the user's configuration, never prompting,
 * under a time limit; only what a remote needs for credentials passes through (HOME for ~/.ssh,
 * SSH_AUTH_SOCK, GIT_SSH_COMMAND). A password in the remote's URL never reaches a log or a status page.
 */
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';

/** Where the remote's branches are fetched to. */
export const REMOTE_REFS = 'refs/remotes/rules/';

export interface RefUpdate {
  ref: string;
  /** the new commit, or null to delete the ref */
  to: string | null;
  /** the value the remote must still have, or null for "must not exist" */
  from: string | null;
}

export class RemoteUnreachable extends Error {}
/** A ref moved on the remote since it was read: fetch, re-apply, push again. */
export class RemoteRejected extends Error {}
/** The remote refused the push for a reason other than a moved ref: trying again will not help. */
export class RemoteRefused extends Error {}

/** The remote's address without a user or password ('https://***@git.example/rules.git'). */
export function redactRemote(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@');
}

/**
 * Rejections that a fetch and a second try resolve: the lease or fast-forward no longer holds, or another
 * push held or moved the ref at the same instant on the receiving side.
 */
const RETRYABLE =
  /\((stale info|fetch first|non-fast-forward|atomic push failed|already exists|atomic transaction failed|failed to update ref|failed to lock)\)/;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git on a repository, never throwing for git's own failure: the exit code says. */
export function runGit(
  gitDir: string,
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<GitResult> {
  const pass = ['HOME', 'SSH_AUTH_SOCK', 'GIT_SSH_COMMAND'].flatMap((k) => {
    const v = process.env[k];
    return v ? [[k, v] as const] : [];
  });
  return new Promise((resolve) => {
    execFile(
      'git',
      [`--git-dir=${gitDir}`, ...args],
      {
        maxBuffer: 16 * 1024 * 1024,
        timeout: options.timeoutMs ?? 20_000,
        killSignal: 'SIGKILL',
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_TERMINAL_PROMPT: '0',
          // ssh must not ask either (a host key or a passphrase): fail, and say so.
          GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
          LANG: 'C',
          ...Object.fromEntries(pass),
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const timedOut = error?.killed === true;
        resolve({ code, stdout, stderr: timedOut ? `timed out: ${stderr}` : stderr });
      },
    );
  });
}

export class RulesRemote {
  readonly shown: string;

  constructor(
    readonly url: string,
    private readonly gitDir: string,
    private readonly timeoutMs = 20_000,
  ) {
    this.shown = redactRemote(url);
  }

  /** git's words, first lines, the URL's credentials hidden. */
  private say(stderr: string): string {
    const text = stderr
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('hint:'))
      .slice(0, 3)
      .join(' ');
    return (
      text
        .split(this.url)
        .join(this.shown)
        .replace(/(:\/\/)[^/@\s]*@/g, '$1***@') || 'no answer'
    );
  }

  private run(args: readonly string[]): Promise<GitResult> {
    return runGit(this.gitDir, args, { timeoutMs: this.timeoutMs });
  }

  /** Fetches every branch of the remote into refs/remotes/rules/*, pruning what it no longer has. */
  async fetch(): Promise<void> {
    const r = await this.run([
      // No lazy objects, no tags, no submodules: the rules' branches only.
      'fetch',
      '--prune',
      '--no-tags',
      '--no-recurse-submodules',
      '--quiet',
      this.url,
      `+refs/heads/*:${REMOTE_REFS}*`,
    ]);
    if (r.code !== 0) throw new RemoteUnreachable(`${this.shown}: ${this.say(r.stderr)}`);
  }

  /** Moves every ref from `from` to `to` on the remote, all or none. */
  async push(updates: readonly RefUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const args = ['push', '--porcelain', '--atomic', '--no-verify'];
    for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.from ?? ''}`);
    args.push(this.url);
    for (const u of updates) args.push(u.to ? `${u.to}:${u.ref}` : `:${u.ref}`);
    const r = await this.run(args);
    if (r.code === 0) return;
    // --porcelain: one line per ref, '!' for a refused one, with the reason in brackets.
    const refused = r.stdout.split('\n').filter((l) => l.startsWith('!'));
    if (refused.length === 0) throw new RemoteUnreachable(`${this.shown}: ${this.say(r.stderr)}`);
    const reasons = refused.map((l) => l.split('\t').slice(1).join(' ')).join('; ');
    // Every ref of an atomic push says "atomic push failed" but the one that caused it.
    const cause = refused.find((l) => !l.includes('(atomic push failed)')) ?? refused[0]!;
    if (RETRYABLE.test(cause)) throw new RemoteRejected(reasons);
    throw new RemoteRefused(`${this.shown} refused the change: ${this.say(`${reasons}\n${r.stderr}`)}`);
  }
}

/** What the studio's repository lends the sync: its git, and the rules folder kept equal to main. */
export interface RepoAccess {
  /** git on the repository; throws on failure */
  git(args: readonly string[], input?: string): Promise<string>;
  rev(ref: string): Promise<string | null>;
  /** writes into the folder the files that differ from `from` (a commit or tree) to `to` */
  writeFolder(from: string, to: string): Promise<void>;
  /** the folder's tree as it is */
  folderTree(): Promise<string>;
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
  message?: string;
}

const MAIN = 'refs/heads/main';
/** The studio's branches besides main, each the remote's: pending, scheduled and sent-back changes. */
const MIRRORED = ['pending/', 'scheduled/', 'sent-back/'];

/**
 * Keeps the studio's repository equal to the remote: main fast-forwarded (and the folder written) when
 * the remote's moved, pending changes mirrored, an empty remote seeded. Emits 'live' (commit) when the
 * served version changed, 'synced' ({ ok }) after every attempt.
 */
export class RemoteSync extends EventEmitter {
  private timer: NodeJS.Timeout | undefined;
  private timerBusy = false;
  private lastAttempt = 0;
  private lastFetched = 0;
  private error: string | undefined;
  private attempted = false;

  constructor(
    readonly remote: RulesRemote,
    private readonly repo: RepoAccess,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** Fetches and brings the repository and the folder up to the remote; throws RemoteUnreachable. */
  async sync(): Promise<void> {
    this.lastAttempt = this.now();
    this.attempted = true;
    try {
      await this.remote.fetch();
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      this.emit('synced', { ok: false });
      throw e;
    }
    this.lastFetched = this.now();
    this.error = undefined;
    await this.mirrorPending();
    await this.reconcileMain();
    this.emit('synced', { ok: true });
  }

  /** Calls `enqueue` (a sync in the repository's queue) every `intervalMs`, one at a time. */
  startTimer(intervalMs: number, enqueue: () => Promise<unknown>): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.timerBusy) return;
      this.timerBusy = true;
      enqueue()
        .catch(() => undefined)
        .finally(() => (this.timerBusy = false));
    }, intervalMs);
    this.timer.unref();
  }

  stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** sync() when the last attempt is older than `maxAgeMs`; an unreachable remote is only recorded. */
  async syncIfStale(maxAgeMs: number): Promise<void> {
    if (this.attempted && this.now() - this.lastAttempt < maxAgeMs) return;
    await this.sync().catch((e: unknown) => {
      if (!(e instanceof RemoteUnreachable)) throw e;
    });
  }

  /** When the remote last answered a fetch (ms since the epoch), 0 if never since the start. */
  get lastFetchedAt(): number {
    return this.lastFetched;
  }

  get reachable(): boolean {
    return this.attempted && this.error === undefined;
  }

  /** The pending, scheduled and sent-back changes are the remote's: created, moved and removed as there. */
  private async mirrorPending(): Promise<void> {
    for (const branch of MIRRORED) await this.mirror(branch);
  }

  private async mirror(branch: string): Promise<void> {
    const list = async (prefix: string): Promise<Map<string, string>> =>
      new Map(
        (await this.repo.git(['for-each-ref', '--format=%(refname) %(objectname)', prefix]))
          .split('\n')
          .filter(Boolean)
          .map((l) => {
            const [ref = '', sha = ''] = l.split(' ');
            return [ref.slice(prefix.length), sha] as const;
          }),
      );
    const theirs = await list(`${REMOTE_REFS}${branch}`);
    const ours = await list(`refs/heads/${branch}`);
    const lines: string[] = [];
    for (const [name, sha] of theirs)
      if (ours.get(name) !== sha) lines.push(`update refs/heads/${branch}${name} ${sha}`);
    for (const [name, sha] of ours)
      if (!theirs.has(name)) lines.push(`delete refs/heads/${branch}${name} ${sha}`);
    if (lines.length > 0) await this.repo.git(['update-ref', '--stdin'], `${lines.join('\n')}\n`);
  }

  /** Whether `a` is `b` or one of its ancestors (merge-base exits 1 for no). */
  private isAncestor(a: string, b: string): Promise<boolean> {
    return this.repo.git(['merge-base', '--is-ancestor', a, b]).then(
      () => true,
      () => false,
    );
  }

  private async reconcileMain(): Promise<void> {
    const theirs = await this.repo.rev(`${REMOTE_REFS}main`);
    const ours = await this.repo.rev(MAIN);
    if (!theirs) {
      // An empty remote: this server's history becomes everyone's.
      if (ours) await this.remote.push([{ ref: MAIN, to: ours, from: null }]).catch(ignoreRejected);
      return;
    }
    if (ours === theirs) return;
    if (!ours) {
      // A new server: the remote's rules replace the folder's seed.
      await this.repo.writeFolder(await this.repo.folderTree(), theirs);
      await this.repo.git(['update-ref', MAIN, theirs, '']);
      this.emit('live', theirs);
      return;
    }
    if (await this.isAncestor(theirs, ours)) {
      // This server is ahead (history kept from before the remote was configured): publish it.
      await this.remote.push([{ ref: MAIN, to: ours, from: theirs }]).catch(ignoreRejected);
      return;
    }
    if (!(await this.isAncestor(ours, theirs))) {
      // Unrelated or diverged histories: the remote is the truth; ours is kept under refs/studio/.
      await this.repo.git(['update-ref', `refs/studio/diverged/${ours.slice(0, 12)}`, ours]);
    }
    await this.repo.writeFolder(ours, theirs);
    await this.repo.git(['update-ref', MAIN, theirs, ours]);
    this.emit('live', theirs);
  }

  status(commit: string | null): RemoteStatus {
    const iso = (t: number): string | null => (t ? new Date(t).toISOString() : null);
    const state = !this.attempted ? 'not fetched yet' : this.error ? 'unreachable' : 'connected';
    const out: RemoteStatus = {
      remote: this.remote.shown,
      state,
      commit,
      lastAttempt: iso(this.lastAttempt),
      lastFetched: iso(this.lastFetched),
    };
    if (this.error) {
      out.message =
        `The rules remote cannot be reached (${this.error}): this server keeps serving the last version ` +
        (this.lastFetched ? `it fetched, at ${iso(this.lastFetched)}` : 'it has') +
        (commit ? ` (${commit.slice(0, 12)})` : '') +
        '; the studio saves nothing until it is back.';
    }
    return out;
  }
}

/** Runs `fn` again (at most `tries` times in all) while a push is rejected because a ref moved. */
export async function retryRejected<T>(tries: number, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof RemoteRejected) || attempt >= tries) throw e;
    }
  }
}

function ignoreRejected(e: unknown): void {
  // Another server moved the ref first: the next fetch brings its version.
  if (!(e instanceof RemoteRejected)) throw e;
}
