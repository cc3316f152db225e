/**
 * Every `git` process of the rule studio (studio-git.ts, rules-remote.ts) starts here: no shell, nothing
 * from the machine's or the user's configuration, never prompting, and with a deadline. Each runs in a
 * process group of its own (spawned detached), and the whole group is ended with SIGKILL when the deadline
 * passes, when the caller gives up (an AbortSignal), and once more when git itself has exited: a helper git
 * started (`git-remote-http` for an https remote, ssh) never outlives the call (issue 29 item 1).
 *
 * What the caller needs for credentials goes in `env` (rules-remote.ts passes a remote's password to a
 * credential helper that way), never in the arguments: a process list shows arguments to everyone.
 */
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
    const args = call.gitDir ? [`--git-dir=${call.gitDir}`, ...call.args] : [...call.args];
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
    const finish = (code: number): void => {
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
    child.on('close', (code) => finish(code ?? -1));
    if (call.input !== undefined) child.stdin.end(call.input);
    else child.stdin.end();
  });
}
