/**
 * `npm run bench:server` (a benchmark, not a test; after the build): the portal server as production runs
 * it (dist/server/main.js, in its own process, logging at info to a file) with the sandbox as its upstream in
 * another process, loaded on loopback by autocannon (docs/decisions/041). In one run:
 *
 * - a warm-up: the home at full load for WARM_SECONDS, not counted in the figures but printed. V8 compiles a
 *   function's optimised code only once it has run often: the first few hundred homes of a fresh process cost
 *   a quarter to a half more CPU than the ones after (11.6 against 9.6 ms here; docs/decisions/049), and a
 *   server that serves a provider's customers all day is measured once it is past them;
 * - a static file (the entry chunk, brotli accepted) at full load: requests per second and the portal's CPU
 *   per request, the reference;
 * - a server-rendered /home of a signed-in customer at full load: requests per second, latency, and the CPU
 *   per home of each process read from /proc, so the upstream's own cost stays apart;
 * - the home again at half that rate, paced: one request every 1 / rate seconds, each sent at its time whether
 *   or not the ones before have answered (customers arrive so), its latency counted from that time: p50 and
 *   p99 when the server is not saturated. autocannon's own rate limit is not a pace: each connection sends its
 *   quota for the second back to back and then waits for the next second, so "half load" was full load for
 *   half of every second (docs/decisions/041);
 * - the portal's memory (RSS) sampled through the run, to see it stay flat (BENCH_SERVER_SECONDS=600 for the
 *   ten-minute run).
 *
 * It prints figures against the budgets of lib/budgets.ts, never a pass or a fail. Bounded: loopback only,
 * BENCH_SERVER_SECONDS (default 8) per measurement, 10 connections.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { SERVER_BUDGETS } from '../lib/server-budgets';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import { repoRoot } from '../lib/repo';
import { answers, freePort, start, stopAll, type Proc } from '../lib/rehearsal/processes';

const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 8);
/** The warm-up at full load before anything is measured (BENCH_SERVER_WARM_SECONDS, default 10). */
const WARM_SECONDS = Number(process.env.BENCH_SERVER_WARM_SECONDS ?? 10);
const CONNECTIONS = 10;
const PERSONA = process.env.BENCH_PERSONA ?? 'postpaid';
const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ) are 100 per second on Linux

const folder = join(repoRoot, '.tmp', 'bench-server');
mkdirSync(folder, { recursive: true });

/** A process's user and system CPU so far, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A process's resident memory in MB (/proc/<pid>/status VmRSS). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU per request of each process, ms */
  cpu: Record<string, number>;
}

/** Each process's CPU since `before` (ms, as cpuMs read it then), per request. */
const cpuPerRequest = (procs: Proc[], before: number[], requests: number): Record<string, number> =>
  Object.fromEntries(
    procs.map((p, i) => [p.name, (cpuMs(p.child.pid!) - before[i]!) / Math.max(1, requests)]),
  );

async function load(
  url: string,
  headers: Record<string, string>,
  procs: Proc[],
  seconds = SECONDS,
): Promise<Run> {
  const before = procs.map((p) => cpuMs(p.child.pid!));
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const requests = result.requests.total;
  const cpu = cpuPerRequest(procs, before, requests);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests,
    cpu,
  };
}

/** The value at quantile q of sorted values (nearest rank). */
const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * `rate` requests a second for SECONDS, each sent at its own time (an open loop): its latency runs from the
 * time it was due, so a request held up behind a slow one counts the wait. At most MAX_OUTSTANDING under way;
 * one due beyond that is counted as an error, not sent.
 */
async function paced(
  url: string,
  headers: Record<string, string>,
  procs: Proc[],
  rate: number,
): Promise<Run> {
  const MAX_OUTSTANDING = 200;
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: MAX_OUTSTANDING });
  const before = procs.map((p) => cpuMs(p.child.pid!));
  const total = Math.round(rate * SECONDS);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let outstanding = 0;
  const sent: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (outstanding >= MAX_OUTSTANDING) {
      errors++;
      continue;
    }
    outstanding++;
    sent.push(
      pool
        .request({
          path: `${target.pathname}${target.search}`,
          method: 'GET',
          headers,
          headersTimeout: 30_000,
          bodyTimeout: 30_000,
        })
        .then(async (res) => {
          await res.body.dump({ limit: Number.POSITIVE_INFINITY });
          if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
          latencies.push(performance.now() - due);
        })
        .catch(() => void errors++)
        .finally(() => void outstanding--),
    );
  }
  await Promise.all(sent);
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  return {
    perSecond: requests / seconds,
    p50: Math.round(quantile(sorted, 0.5)),
    p99: Math.round(quantile(sorted, 0.99)),
    errors,
    non2xx,
    requests,
    cpu: cpuPerRequest(procs, before, requests),
  };
}

const f1 = (n: number): string => n.toFixed(1);

async function main(): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'dist', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((c) => c.isEntry)?.file;
  if (!entry) throw new Error('no entry chunk in dist/.vite/manifest.json: run npm run build');

  const sandboxPort = await freePort();
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const sandbox = start('sandbox', process.execPath, [join(repoRoot, 'dist', 'sandbox', 'main.js')], {
    folder,
    env: { ...env, SANDBOX_PORT: String(sandboxPort), LOG_LEVEL: 'warn' },
  });
  await answers(`http://127.0.0.1:${sandboxPort}/healthz`);
  void sandbox;
  const portal = start(
    'portal',
    process.execPath,
    [...SERVER_NODE_FLAGS, join(repoRoot, 'dist', 'server', 'main.js')],
    {
      folder,
      env: {
        ...env,
        PORTAL_MODE: 'sandbox',
        ORCH_UPSTREAM: `http://127.0.0.1:${sandboxPort}`,
        PORT: String(port),
        // What production logs: two lines a request, here to a file.
        LOG_LEVEL: 'info',
      },
    },
  );
  await portal.line(/rendering with React's/);
  const base = `http://127.0.0.1:${port}`;
  await answers(`${base}/readyz`);

  const signIn = await fetch(`${base}/sandbox/signin?persona=${PERSONA}`, { redirect: 'manual' });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const homeHeaders = { cookie, 'accept-encoding': 'br' };
  // Warm: the page renderer, the rules, the JIT.
  for (let i = 0; i < 100; i++) await (await fetch(`${base}/home`, { headers: homeHeaders })).arrayBuffer();

  const cores = cpus().length;
  const rss: number[] = [rssMb(portal.child.pid!)];
  const sampler = setInterval(() => rss.push(rssMb(portal.child.pid!)), 1_000);
  const procs = [portal, sandbox];
  const warm = WARM_SECONDS > 0 ? await load(`${base}/home`, homeHeaders, procs, WARM_SECONDS) : null;
  const staticRun = await load(`${base}/${entry}`, { 'accept-encoding': 'br' }, procs);
  const home = await load(`${base}/home`, homeHeaders, procs);
  const half = await paced(`${base}/home`, homeHeaders, procs, Math.max(1, home.perSecond / 2));
  clearInterval(sampler);

  const b = SERVER_BUDGETS;
  console.log(
    `\nbench:server on ${cores} cores (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}), ${SECONDS} s per run after ${WARM_SECONDS} s of warm-up, ${CONNECTIONS} connections, persona ${PERSONA}`,
  );
  console.log(`| figure | static ${entry} | server-rendered /home | budget |`);
  console.log('| --- | --- | --- | --- |');
  console.log(`| requests/s (full load) | ${f1(staticRun.perSecond)} | ${f1(home.perSecond)} | |`);
  console.log(
    `| portal CPU per request | ${f1(staticRun.cpu.portal!)} ms | ${f1(home.cpu.portal!)} ms | home ${b.homeCpuMs} ms |`,
  );
  console.log(
    `| portal requests/s per core (1000 / CPU ms) | ${f1(1000 / staticRun.cpu.portal!)} | ${f1(1000 / home.cpu.portal!)} | home ${1000 / b.homeCpuMs} |`,
  );
  console.log(
    `| sandbox (upstream) CPU per request, kept apart | ${f1(staticRun.cpu.sandbox!)} ms | ${f1(home.cpu.sandbox!)} ms | |`,
  );
  console.log(
    `| latency p50 / p99 (full load) | ${staticRun.p50} / ${staticRun.p99} ms | ${home.p50} / ${home.p99} ms | |`,
  );
  console.log(
    `| home at half load, paced (${f1(half.perSecond)}/s): p50 / p99 | | ${half.p50} / ${half.p99} ms | p99 ${b.homeP99HalfLoadMs} ms |`,
  );
  console.log(
    `| errors, non-2xx | ${staticRun.errors}, ${staticRun.non2xx} | ${home.errors + half.errors}, ${home.non2xx + half.non2xx} | 0 |`,
  );
  console.log(`| home CPU / static CPU | | ${f1(home.cpu.portal! / staticRun.cpu.portal!)}x | |`);
  if (warm)
    console.log(
      `| warm-up before the runs (${WARM_SECONDS} s, ${warm.requests} homes, not counted): portal CPU per home | | ${f1(warm.cpu.portal!)} ms | |`,
    );
  console.log(
    `| portal RSS: start / end / max | | ${f1(rss[0]!)} / ${f1(rss.at(-1)!)} / ${f1(Math.max(...rss))} MB | flat |`,
  );
  // The trend through the run: the RSS at each tenth of it (flat once the heap has grown to its working size).
  const tenths = Array.from(
    { length: 11 },
    (_, i) => rss[Math.min(rss.length - 1, Math.round((i * (rss.length - 1)) / 10))]!,
  );
  console.log(
    `\nportal RSS at each tenth of the run (${rss.length} s): ${tenths.map((v) => f1(v)).join(' → ')} MB`,
  );
}

try {
  await main();
} finally {
  await stopAll();
}
