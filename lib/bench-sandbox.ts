/**
 * What the page-load benches share (`npm run bench`, docs/decisions/010 and 038): the Chromium they run, a
 * sandbox server of their own on the built app, a signed-in session per run, and the median.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';
import { repoRoot } from './repo';

export const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The three personas of the page-load figures (BENCH_PERSONAS=a,b overrides them). */
export const BENCH_PERSONAS = (process.env.BENCH_PERSONAS?.split(',') ?? [
  'postpaid',
  'walled-garden-soft',
  'multi-account',
]) as readonly string[];

/** Runs per persona and build (BENCH_RUNS). */
export const BENCH_RUNS = Number(process.env.BENCH_RUNS ?? 3);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface BenchServer {
  base: string;
  stop: () => void;
}

/**
 * The built portal with its sandbox as `npm start` runs them (dist/sandbox/start.js: two processes) on a free
 * port, in a process group of its own.
 */
export async function startSandbox(): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/sandbox/start.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  let stopping = false;
  // A server that ends under the bench (killed, crashed) says so, rather than leaving only refused connections.
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`  (the bench's sandbox on ${base} ended: ${signal ?? `exit code ${code}`})`);
  });
  const stop = () => {
    stopping = true;
    // The launcher, the portal and the sandbox: the group this bench started, nothing else.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${base}/sandbox/signin`);
      if (r.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the sandbox server did not start');
}

/** BENCH_BASE_URL (a server already running) or a sandbox of the bench's own. */
export async function benchServer(): Promise<BenchServer> {
  const external = process.env.BENCH_BASE_URL;
  return external ? { base: external, stop: () => {} } : startSandbox();
}

/** Signs in through the sandbox and returns the session cookie ('sid=...'). */
export async function signInCookie(base: string, persona: string): Promise<string> {
  const r = await fetch(`${base}/sandbox/signin?persona=${encodeURIComponent(persona)}`, {
    redirect: 'manual',
  });
  const cookie = r.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in as ${persona} gave no session cookie (${r.status})`);
  return cookie;
}

/** Lighthouse or Chromium sometimes loses a run on a busy machine: such a run is made again. */
export async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= tries) throw e;
      console.log(`  (run failed, again: ${e instanceof Error ? e.message : String(e)})`);
    }
  }
}
