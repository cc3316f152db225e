/**
 * SIGTERM on the real portal server (server/main.ts in a child process, the sandbox as its upstream in this
 * process): it stops taking connections, the request in flight completes, then it exits 0; past the grace
 * bound it exits 1. Every step waits for the server's own log line saying it happened, never for a time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../sandbox/server';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';

type LogLine = Record<string, unknown> & { msg?: string; req?: { url?: string } };

interface Running {
  child: ChildProcess;
  base: string;
  /** resolves with the first log line that matches (lines already seen count) */
  line(match: RegExp | ((line: LogLine) => boolean)): Promise<LogLine>;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
const upstreams: SandboxServer[] = [];
afterEach(async () => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  await Promise.all(upstreams.splice(0).map((u) => u.close(0)));
});

/** The portal in sandbox mode on a sandbox whose 'timeout' fault holds a call `holdMs`. */
async function startServer(holdMs: number, env: Record<string, string>): Promise<Running> {
  const sandbox = createSandboxServer({ timeoutHoldMs: holdMs });
  upstreams.push(sandbox);
  const upstream = await sandbox.listen(0);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      PORTAL_MODE: 'sandbox',
      ORCH_UPSTREAM: upstream,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  const seen: LogLine[] = [];
  const waiting: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    seen.push(line);
    for (const w of waiting.filter((x) => x.test(line))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const line = (match: RegExp | ((l: LogLine) => boolean)): Promise<LogLine> => {
    const test = match instanceof RegExp ? (l: LogLine) => match.test(String(l.msg)) : match;
    const already = seen.find(test);
    return already ? Promise.resolve(already) : new Promise((resolve) => waiting.push({ test, resolve }));
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = String((await line(/^Portal running at /)).msg);
  const base = /at (http:\/\/\S+)/.exec(running)?.[1] ?? '';
  return { child, base, line, exited };
}

/** One GET on a connection of its own: the status and body, or the connection's error. */
function get(url: string, cookie = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie, connection: 'close' }, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Signs a persona in with the home call held (a 'timeout' fault): a request that stays in flight. */
async function slowSession(base: string): Promise<string> {
  const fault = encodeURIComponent('/Orch/dssh/homeEarlyInit:timeout');
  return new Promise((resolve, reject) => {
    request(`${base}/sandbox/signin?persona=postpaid&fault=${fault}`, { agent: false }, (res) => {
      res.resume();
      resolve(String(res.headers['set-cookie']).split(';')[0] ?? '');
    })
      .on('error', reject)
      .end();
  });
}

const HELD = (l: LogLine): boolean =>
  l.msg === 'incoming request' && l.req?.url === '/Orch/dssh/homeEarlyInit';

describe('graceful shutdown on SIGTERM', () => {
  it('stops taking connections, finishes the request in flight, then exits 0', async () => {
    const server = await startServer(1_500, { SHUTDOWN_GRACE_SECONDS: '60' });
    const cookie = await slowSession(server.base);
    const inFlight = get(`${server.base}/Orch/dssh/homeEarlyInit`, cookie);
    // The held call is in the server's hands once it logged it.
    await server.line(HELD);

    server.child.kill('SIGTERM');
    await server.line(/^closing: no new connections/);
    await expect(get(`${server.base}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const answer = await inFlight;
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Injected time-out' });
    await server.line(/^closed: every request in flight has finished$/);
    expect(await server.exited).toBe(0);
  });

  it('exits 1 once the grace bound is over, whatever is still in flight', async () => {
    const server = await startServer(600_000, { SHUTDOWN_GRACE_SECONDS: '1' });
    const cookie = await slowSession(server.base);
    const inFlight = get(`${server.base}/Orch/dssh/homeEarlyInit`, cookie).catch((e: unknown) => e);
    await server.line(HELD);
    server.child.kill('SIGTERM');
    await server.line(/still in flight after 1000 ms: exiting anyway$/);
    expect(await server.exited).toBe(1);
    expect(await inFlight).toMatchObject({ code: 'ECONNRESET' });
  });
});
