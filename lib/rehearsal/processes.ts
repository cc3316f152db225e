/**
 * The rehearsal's processes (scripts/rehearse.ts): each started in a process group of its own with its
 * output in a log file under the rehearsal's folder, waited for by what it says or answers (never a sleep
 * that hopes), and stopped with its whole group. Every wait has a deadline and says what it waited for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Proc {
  name: string;
  child: ChildProcess;
  /** the log file of its standard output and error */
  log: string;
  /** resolves with the first line of its output that matches (lines already seen count) */
  line(match: RegExp, deadlineMs?: number): Promise<string>;
  /** resolves with its exit code once it ended */
  exited: Promise<number | null>;
  /** SIGTERM (or `signal`) to its group; resolves when it ended, SIGKILL after `graceMs` */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/** Every process started, for the teardown that stops what is still running whatever happened. */
const running = new Set<Proc>();

/** A free port on loopback, below the kernel's ephemeral range (lib/free-port.ts). */
export { freePort } from '../free-port';

/** A promise that rejects after `ms` with what was awaited. */
export function deadline<T>(what: string, ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function start(
  name: string,
  command: string,
  args: readonly string[],
  options: { env: Record<string, string | undefined>; folder: string; cwd?: string },
): Proc {
  const log = join(options.folder, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen: string[] = [];
  const waiting: { match: RegExp; resolve: (l: string) => void }[] = [];
  const onLine = (line: string): void => {
    out.write(`${line}\n`);
    seen.push(line);
    if (seen.length > 2_000) seen.splice(0, 1_000);
    for (const w of waiting.filter((x) => x.match.test(line))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(line);
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(proc);
      out.end();
      resolve(code ?? (signal ? 128 : null));
    }),
  );
  const proc: Proc = {
    name,
    child,
    log,
    exited,
    line: (match, deadlineMs = 60_000) => {
      const already = seen.find((l) => match.test(l));
      if (already) return Promise.resolve(already);
      const found = new Promise<string>((resolve, reject) => {
        waiting.push({ match, resolve });
        void exited.then((code) =>
          reject(new Error(`${name} exited (${code}) before saying ${match} (${log})`)),
        );
      });
      return deadline(`${name} saying ${match}`, deadlineMs, found);
    },
    stop: async (signal = 'SIGTERM', graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return exited;
      try {
        process.kill(-child.pid, signal);
      } catch {
        return exited;
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
  running.add(proc);
  return proc;
}

/** Stops every process still running (the rehearsal's teardown, on success and on failure alike). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop('SIGTERM', 5_000)));
}

/** Polls `url` until it answers `status` (connection refusals included), within `ms`. */
export async function answers(url: string, status = 200, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `status ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${ms / 1000} s (last: ${last})`);
}
