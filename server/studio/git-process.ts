/**
 * Every `git` process of the rule studio (studio-git.ts, rules-remote.ts) starts here: no shell, nothing
 * from the machine's or the user's configuration, never prompting, never starting git's automatic
 * maintenance (NO_AUTO_MAINTENANCE), and with a deadline. Each runs in a
 * process group of its own (spawned detached), and the whole group is ended with SIGKILL when the deadline
 * passes, when the caller gives up (an AbortSignal), and once more when git itself has exited: a helper git
 * started (`git-remote-http` for an https remote, ssh) never outlives the call (issue 29 item 1).
 *
 * What the caller needs for credentials goes in `env` (rules-remote.ts passes a remote's password to a
 * credential helper that way), never in the arguments: a process list shows arguments to everyone.
 *
 * A git ended by a signal (SIGKILL at its deadline skips git's own clean-up) leaves its lock files behind
 * (`index.lock`, `refs/heads/main.lock`, `packed-refs.lock` ...), and every later git that needs one fails
 * with "File exists". So once it has exited, the locks it could have held (in the repository's git
 * directory, made while it ran) are removed, at the first moment no other git of this server runs on that
 * repository: the studio's queue runs one operation at a time, but a fetch and the reads run beside it, and
 * a lock one of those holds is theirs. A lock a git trips over, and one found at the start, older than
 * STALE_LOCK_MS, is removed at such a moment too (a git killed by someone else, a server that died).
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';

export interface GitCall {
  /** the repository (--git-dir), if any */
  gitDir?: string;
  args: readonly string[];
  /** written to git's standard input, then closed */
  input?: string | Buffer;
  /** added to git's environment (GIT_INDEX_FILE, the author, a credential helper's secret ...) */
  env?: Readonly<Record<string, string>>;
  /** when the call is ended (ms since the epoch); default 30 s from now */
  deadline?: number;
  /** ends the call early (a request that gave up) */
  signal?: AbortSignal;
  /** output kept at most (bytes), default 64 MB */
  maxBuffer?: number;
  /** the calls of one owner (a repository): their groups, ended together by endGroups() */
  track?: Set<number>;
}

export interface GitOutput {
  /** git's exit code; -1 when it was ended (deadline, abort) or could not start */
  code: number;
  stdout: Buffer;
  stderr: string;
  /** the deadline passed and the process group was ended */
  timedOut: boolean;
  /** the signal aborted it */
  aborted: boolean;
}

const DEFAULT_MS = 30_000;

/**
 * Before every git's own arguments: no automatic maintenance or gc. A fetch (or a commit, merge, pull) ends
 * with `git maintenance run --auto`, whose `gc --auto` detaches into a session of its own and outlives the
 * call's deadline and process group; `-c` reaches the gits a git starts (a local remote's receive-pack) too.
 * The studio's repository is therefore never packed by git on its own.
 */
export const NO_AUTO_MAINTENANCE: readonly string[] = ['-c', 'gc.auto=0', '-c', 'maintenance.auto=false'];

/** The environment every git gets: PATH, no configuration but the repository's, no prompt, C messages. */
export function gitEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    // ssh must not ask either (a host key or a passphrase): fail, and say so.
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    LANG: 'C',
    LC_ALL: 'C',
    ...extra,
  };
}

/** Process groups of git calls under way, by leader pid: ended by endAllGit() (a server closing). */
const running = new Set<number>();

function endGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is gone already.
  }
}

/** Ends every git process group still running (a server that closes leaves none behind). */
export function endAllGit(): void {
  for (const pid of running) endGroup(pid);
}

/** Ends the process groups of the calls tracked in `groups` (one repository's, as it stops). */
export function endGroups(groups: ReadonlySet<number>): void {
  for (const pid of groups) endGroup(pid);
}

/** How many git calls are under way (tests, metrics). */
export function gitCallsRunning(): number {
  return running.size;
}

/**
 * How old a lock must be to be taken for stale when no git of this server runs on its repository: git
 * holds one for a moment (a ref's while it moves, the index's while `git add` reads a rules folder).
 */
export const STALE_LOCK_MS = 10_000;
/** File times may be coarser than the clock: a lock made as git started may look a little older. */
const CLOCK_SLACK_MS = 2_000;

/** Which lock files (path, last modified) a sweep removes. */
type LockTest = (path: string, mtimeMs: number) => boolean;

/** Per git directory: the calls running on it, and the lock sweeps waiting for none to run. */
const repos = new Map<string, { running: number; sweeps: LockTest[] }>();

function repoOf(gitDir: string): { running: number; sweeps: LockTest[] } {
  const key = resolve(gitDir);
  let r = repos.get(key);
  if (!r) {
    r = { running: 0, sweeps: [] };
    repos.set(key, r);
  }
  return r;
}

/**
 * The lock files git makes in a git directory: at its top (index, HEAD, config, packed-refs, shallow ...,
 * and `packed-refs.new`, the new packed-refs git writes under that lock and creates only if absent), under
 * refs/ and logs/ (a ref's, a reflog's), and objects' own (commit-graph, multi-pack-index). No link is
 * followed: nothing outside the git directory is touched.
 */
function lockFiles(gitDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, deep: boolean): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isFile() && (e.name.endsWith('.lock') || (dir === gitDir && e.name === 'packed-refs.new')))
        found.push(path);
      else if (deep && e.isDirectory()) walk(path, true);
    }
  };
  walk(gitDir, false);
  for (const sub of ['refs', 'logs', 'objects/info']) walk(join(gitDir, sub), true);
  for (const sub of ['objects', 'objects/pack']) walk(join(gitDir, sub), false);
  return found;
}

/** Removes the locks the waiting sweeps name, if no git of this server runs on the repository now. */
function sweep(gitDir: string): void {
  const r = repoOf(gitDir);
  if (r.running > 0) return;
  repos.delete(resolve(gitDir));
  if (r.sweeps.length === 0) return;
  for (const path of lockFiles(gitDir)) {
    try {
      const st = lstatSync(path);
      if (st.isFile() && r.sweeps.some((t) => t(path, st.mtimeMs))) rmSync(path, { force: true });
    } catch {
      // Gone already.
    }
  }
}

/**
 * Removes the lock files of `gitDir` older than STALE_LOCK_MS once no git of this server runs on it (at
 * once when none does): the repository's start, after a server that died with a git under way.
 */
export function clearStaleLocks(gitDir: string): void {
  repoOf(gitDir).sweeps.push((_, mtime) => Date.now() - mtime >= STALE_LOCK_MS);
  sweep(gitDir);
}

/** git's words when a lock it needs is there already ("Unable to create '<path>.lock': File exists."). */
const LOCK_EXISTS = /Unable to create '[^']+\.lock': File exists|packed-refs\.new: File exists/;

/** Runs git; never rejects: the exit code, `timedOut` and `aborted` say what happened. */
export function runGitProcess(call: GitCall): Promise<GitOutput> {
  const deadline = call.deadline ?? Date.now() + DEFAULT_MS;
  const max = call.maxBuffer ?? 64 * 1024 * 1024;
  return new Promise((resolve) => {
    if (call.signal?.aborted || deadline <= Date.now()) {
      resolve({
        code: -1,
        stdout: Buffer.alloc(0),
        stderr: '',
        timedOut: !call.signal?.aborted,
        aborted: call.signal?.aborted === true,
      });
      return;
    }
    const args = [...NO_AUTO_MAINTENANCE, ...(call.gitDir ? [`--git-dir=${call.gitDir}`] : []), ...call.args];
    const child = spawn('git', args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: gitEnv(call.env),
    });
    const pid = child.pid;
    if (pid !== undefined) {
      running.add(pid);
      call.track?.add(pid);
    }
    const startedAt = Date.now();
    // The repository's own count of gits under way: its locks are swept only when it is 0.
    const repo = call.gitDir && pid !== undefined ? repoOf(call.gitDir) : undefined;
    if (repo) repo.running++;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    let aborted = false;
    let overflow = false;
    const end = (): void => endGroup(pid);
    const timer = setTimeout(
      () => {
        timedOut = true;
        end();
      },
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = (): void => {
      aborted = true;
      end();
    };
    call.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        overflow = true;
        end();
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64) err.push(chunk);
    });
    // git ended before reading all its input (killed, or it did not need it): nothing to report.
    child.stdin.on('error', () => undefined);
    let done = false;
    const finish = (code: number, signal: NodeJS.Signals | null = null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
      // Whatever git started in its group (a remote helper) ends with it.
      end();
      if (pid !== undefined) {
        running.delete(pid);
        call.track?.delete(pid);
      }
      const stderr = Buffer.concat(err).toString('utf8');
      if (repo && call.gitDir) {
        repo.running--;
        if (signal !== null) {
          // Ended by a signal, its clean-up skipped: the locks it could have held are the ones made while it ran.
          const endedAt = Date.now();
          repo.sweeps.push(
            (_, mtime) => mtime >= startedAt - CLOCK_SLACK_MS && mtime <= endedAt + CLOCK_SLACK_MS,
          );
        } else if (code !== 0 && LOCK_EXISTS.test(stderr)) {
          // A lock stopped it: one a git killed by someone else left is stale, removed once old enough.
          repo.sweeps.push((_, mtime) => Date.now() - mtime >= STALE_LOCK_MS);
        }
        // Done before the caller hears of it: its next git finds no stale lock.
        sweep(call.gitDir);
      }
      resolve({
        code: timedOut || aborted || overflow ? -1 : code,
        stdout: Buffer.concat(out),
        stderr: overflow ? `output over ${max} bytes` : stderr,
        timedOut,
        aborted,
      });
    };
    child.on('error', (e) => {
      err.push(Buffer.from(e.message));
      finish(-1);
    });
    // Whatever git started in its group ends as git ends (a helper left holding a pipe would keep 'close' away).
    child.on('exit', end);
    child.on('close', (code, signal) => finish(code ?? -1, signal));
    if (call.input !== undefined) child.stdin.end(call.input);
    else child.stdin.end();
  });
}
