/**
 * The browser tests' servers, started side by side (Playwright's global setup; playwright.config.ts lists
 * them). Playwright's own `webServer` starts its servers one after another, each waited for before the next:
 * six pairs of processes took 40 s before the first test (issue 33). Here every server starts at once, or as
 * soon as the one it needs answers (`after`), and the tests begin when all answer.
 *
 * Each runs in a process group of its own; the teardown (the function returned) ends each group with
 * SIGTERM, then SIGKILL after a bound. A server that exits before it answers, or does not answer within its
 * bound, fails the run with what it printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface TestServer {
  name: string;
  /** a shell command, run by bash in the repository's folder */
  command: string;
  /** answers 2xx or 3xx once the server is ready */
  url: string;
  /** the name of a server that must answer before this one starts */
  after?: string;
}

/** How long a server may take to answer: bounds a hang, on a host several times slower than this one. */
const START_BOUND_MS = 180_000;
const STOP_BOUND_MS = 15_000;
/** Kept of each server's output, printed if it fails to start. */
const OUTPUT_KEPT = 64_000;

interface Running {
  server: TestServer;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return res.status < 400;
  } catch {
    return false;
  }
}

function launch(server: TestServer): Running {
  const child = spawn('bash', ['-c', server.command], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running: Running = {
    server,
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  const keep = (chunk: Buffer): void => {
    running.output = (running.output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  // What a server says on stderr is shown as it comes, as Playwright's webServer shows it.
  child.stderr.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[${server.name}] ${chunk.toString()}`);
  });
  return running;
}

/** Resolves once `running` answers; rejects if it exits first or its bound passes. */
async function ready(running: Running): Promise<void> {
  const { server } = running;
  const deadline = Date.now() + START_BOUND_MS;
  let exitCode: number | null | undefined;
  void running.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(
        `The test server ${server.name} exited (${exitCode ?? 'signal'}) before it answered at ${server.url}:\n${running.output}`,
      );
    if (await answers(server.url)) return;
    if (Date.now() > deadline)
      throw new Error(
        `The test server ${server.name} did not answer at ${server.url} within ${START_BOUND_MS / 1000} s:\n${running.output}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(running: Running): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // The group has already gone.
    }
  };
  signal('SIGTERM');
  const killed = setTimeout(() => signal('SIGKILL'), STOP_BOUND_MS);
  await running.exited;
  clearTimeout(killed);
  // Anything of the group still there (a child that outlived its shell) goes too.
  signal('SIGKILL');
}

/** Starts `servers` (each as soon as what it needs answers), and returns the teardown that stops them all. */
export async function startServers(servers: readonly TestServer[]): Promise<() => Promise<void>> {
  const all: Running[] = [];
  const started = new Map<string, Promise<void>>();
  const start = (server: TestServer): Promise<void> => {
    let p = started.get(server.name);
    if (!p) {
      const needed = server.after ? servers.find((s) => s.name === server.after) : undefined;
      if (server.after && !needed)
        throw new Error(`${server.name} waits for an unknown server ${server.after}`);
      p = (needed ? start(needed) : Promise.resolve()).then(async () => {
        // As Playwright's webServer without reuseExistingServer: a server left over from another run would
        // answer for this one, with its own code and rules.
        if (await answers(server.url))
          throw new Error(
            `Something already answers at ${server.url}: stop it (or set E2E_PORT) and run again`,
          );
        const running = launch(server);
        all.push(running);
        const t0 = Date.now();
        await ready(running);
        process.stdout.write(
          `[${server.name}] answers at ${server.url} after ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
        );
      });
      started.set(server.name, p);
    }
    return p;
  };
  const stopAll = async (): Promise<void> => {
    await Promise.all(all.map(stop));
  };
  const results = await Promise.allSettled(servers.map(start));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
