/**
 * `npm run rehearse` (after `npm run build`): the deployment of docs/deploy.md rehearsed on one machine with
 * real parts, on loopback. HAProxy in front of three production portal servers; the sandbox as their Orch,
 * the provider's sign-in and the analysts' identity provider (oidc-provider); a git remote for the rules;
 * Prometheus scraping every server. Then, in Chromium, through the load balancer only:
 *
 *  1. a signed-out customer is sent to sign in and comes back to their home;
 *  2. an analyst proposes a rule change on one server, a second approves it on another, and every server
 *     serves it within 10 seconds;
 *  3. one portal server is killed, and customers carry on through the others: a bill paid, paperless on;
 *  4. a rolling restart of all three (each drained at the load balancer, SIGTERM, started again, ready)
 *     under a steady load loses no request;
 *  5. Prometheus answers a query over what the servers served;
 *  6. an approver rolls a change out to 50 % of accounts; customers' homes through the load balancer, with a
 *     server restarted among them, are counted per side by every server, and the studio shows their sum
 *     from Prometheus' query API, as many as were loaded on each side.
 *
 * It prints each step with its time and exits 1 on any failure, with the logs of every process in the
 * rehearsal's folder (.tmp/rehearsal/). HAProxy and Prometheus are installed with apt-get when missing and
 * running as root, as the browser tests install Chromium.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../lib/chromium';
import { repoRoot } from '../lib/repo';
import {
  choosePorts,
  prepare,
  query,
  serverReady,
  startPrometheus,
  startSandbox,
  startServer,
  type Deployment,
} from '../lib/rehearsal/deployment';
import {
  HAPROXY,
  admin,
  currentSessions,
  ensureDebianPackages,
  haproxyConfig,
  startHaproxy,
} from '../lib/rehearsal/haproxy';
import { answers, deadline, stopAll, type Proc } from '../lib/rehearsal/processes';
import { FULL_HOME_PERSONAS } from '../lib/personas';
import { loadPersonas } from '../server/personas';
import { DistinctSketch } from '../server/distinct-sketch';
import { placementOf, type Rollout, type Side } from '../src/engine/rollout';
import {
  analystSignsIn,
  approves,
  customerSignsIn,
  paysABill,
  proposes,
  turnsPaperlessOn,
} from '../lib/rehearsal/scenario';

const started = Date.now();
const timings: [string, number][] = [];

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  process.stdout.write(`- ${name} ... `);
  try {
    const value = await fn();
    const ms = Date.now() - t0;
    timings.push([name, ms]);
    console.log(`${(ms / 1000).toFixed(1)} s`);
    return value;
  } catch (e) {
    console.log('FAILED');
    throw e;
  }
}

/** Customers' requests through the load balancer while something happens; every answer counted. */
function loadLoop(
  lb: string,
  cookie: string,
  workers = 4,
): { stop(): Promise<{ ok: number; failed: string[] }> } {
  let running = true;
  let ok = 0;
  const failed: string[] = [];
  const paths = ['/home', '/rules/bundle.json', '/billing'];
  const worker = async (i: number): Promise<void> => {
    for (let n = i; running; n++) {
      const path = paths[n % paths.length]!;
      try {
        const res = await fetch(`${lb}${path}`, {
          headers: { cookie, 'accept-encoding': 'br' },
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        if (res.status >= 500) failed.push(`${path}: ${res.status}`);
        else ok++;
      } catch (e) {
        failed.push(
          `${path}: ${e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e)}`,
        );
      }
    }
  };
  const all = Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
  return {
    stop: async () => {
      running = false;
      await all;
      return { ok, failed };
    },
  };
}

/** Drains a server at the load balancer, stops it with SIGTERM, starts it again, puts it back. */
async function restart(
  d: Deployment,
  socket: string,
  servers: Map<string, Proc>,
  name: string,
): Promise<void> {
  await admin(socket, `set server portals/${name} state drain`);
  await deadline(
    `${name} drained`,
    30_000,
    (async () => {
      while ((await currentSessions(socket, name)) > 0) await new Promise((r) => setTimeout(r, 100));
    })(),
  );
  const code = await servers.get(name)!.stop('SIGTERM', 30_000);
  if (code !== 0) throw new Error(`${name} exited ${code} after SIGTERM (a drain ends 0)`);
  const next = startServer(d, name);
  servers.set(name, next);
  await serverReady(d, next);
  await admin(socket, `set server portals/${name} state ready`);
  await deadline(
    `${name} back in rotation`,
    30_000,
    (async () => {
      while (
        !(await admin(socket, 'show stat'))
          .split('\n')
          .some((l) => l.startsWith(`portals,${name},`) && l.includes(',UP,'))
      )
        await new Promise((r) => setTimeout(r, 100));
    })(),
  );
}

async function rehearse(): Promise<void> {
  ensureDebianPackages({ haproxy: HAPROXY, prometheus: '/usr/bin/prometheus' });
  const folder = join(repoRoot, '.tmp', 'rehearsal');
  rmSync(folder, { recursive: true, force: true });
  const ports = await choosePorts(3);
  const d = prepare(folder, ports);
  const socket = join(folder, 'haproxy.sock');
  const servers = new Map<string, Proc>();

  await step('start the sandbox, three production servers, HAProxy and Prometheus', async () => {
    const sandbox = startSandbox(d);
    await sandbox.line(/Sandbox running at /);
    // The first server seeds the empty remote with its rules; the others take the remote's version.
    servers.set('s1', startServer(d, 's1'));
    await serverReady(d, servers.get('s1')!);
    for (const s of ['s2', 's3']) servers.set(s, startServer(d, s));
    await Promise.all(['s2', 's3'].map((s) => serverReady(d, servers.get(s)!)));
    startHaproxy(
      folder,
      haproxyConfig({ port: ports.lb, servers: ports.servers, sandboxPort: ports.sandbox, socket }),
    );
    startPrometheus(d);
    await answers(`${d.lb}/healthz`);
    await answers(`http://127.0.0.1:${ports.prometheus}/-/ready`);
  });

  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
  try {
    const customer = await browser.newPage();
    await step('a signed-out customer is sent to sign in and comes back to their home', () =>
      customerSignsIn(customer, d.lb, 'late-payment', '/home'),
    );

    await step(
      'an analyst proposes on s1, a second approves on s2; every server serves it within 10 s',
      async () => {
        const ana = await analystSignsIn(browser, d.lb, 'ana', 'Ana Alvarez', 's1');
        const ben = await analystSignsIn(browser, d.lb, 'ben', 'Ben Brooks', 's2');
        const id = await proposes(ana, d.lb, 'Rehearsal: warn 45 days before the card expires', 45);
        await approves(ben, d.lb, id);
        const approved = Date.now();
        await Promise.all(
          ports.servers.map((s) =>
            deadline(
              `${s.name} serving the approved change`,
              10_000,
              (async () => {
                for (;;) {
                  const r = await fetch(`http://127.0.0.1:${s.port}/rules/prepaid-card.json`);
                  if ((await r.text()).includes('"value":45')) return;
                  await new Promise((res) => setTimeout(res, 100));
                }
              })(),
            ),
          ),
        );
        console.log(
          `    (every server served it ${((Date.now() - approved) / 1000).toFixed(1)} s after the approval)`,
        );
        await ana.context.close();
        await ben.context.close();
      },
    );

    await step(
      's3 is killed; the customer pays a bill and turns paperless on through the others',
      async () => {
        await servers.get('s3')!.stop('SIGKILL');
        await paysABill(customer, d.lb);
        const cris = await browser.newPage();
        await customerSignsIn(cris, d.lb, 'cris', '/settings/notifications');
        await turnsPaperlessOn(cris);
        servers.set('s3', startServer(d, 's3'));
        await serverReady(d, servers.get('s3')!);
        await admin(socket, 'set server portals/s3 state ready');
      },
    );

    await step('a rolling restart of s1, s2 and s3 under load loses no request', async () => {
      const cookie = (await customer.context().cookies(d.lb)).map((c) => `${c.name}=${c.value}`).join('; ');
      const load = loadLoop(d.lb, cookie.replace(/(^|; )SERVERID=[^;]*/, ''));
      for (const name of ['s1', 's2', 's3']) await restart(d, socket, servers, name);
      const { ok, failed } = await load.stop();
      console.log(`    (${ok} requests answered during the restart, ${failed.length} failed)`);
      if (failed.length > 0)
        throw new Error(`requests lost in the rolling restart: ${failed.slice(0, 10).join(', ')}`);
    });

    await step('Prometheus scrapes every server and answers a query', async () => {
      await deadline(
        'Prometheus scraping three servers',
        30_000,
        (async () => {
          for (;;) {
            const up = await query(d, 'sum(up{job="portal"})');
            if (up[0]?.value === 3) return;
            await new Promise((r) => setTimeout(r, 250));
          }
        })(),
      );
      const served = await query(d, 'sum(portal_http_request_duration_seconds_count)');
      if (!(served[0]?.value && served[0].value > 0)) throw new Error('no request counted by Prometheus');
      console.log(`    (sum of requests counted by the three servers: ${served[0].value})`);
    });

    await step(
      'a change rolled out to 50 %: every server counts its side, the studio sums them through Prometheus',
      () => rollsOut(browser, d, socket, servers),
    );
  } finally {
    await browser.close();
  }
}

/** Customers whose homes the rollout step loads, each in a browser of their own (spread by the balancer). */
const ROLLOUT_CUSTOMERS = ['card-expiring', ...FULL_HOME_PERSONAS.slice(0, 7)];
/** A prepaid customer whose card expired: the card alert on either side of the rollout. */
const CARD_EXPIRED = 'prepaid-suspended-card-expired';

/** Polls `check` every 250 ms until it holds, within `ms`; the last value says what was seen. */
async function until<T>(what: string, ms: number, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  await deadline(
    what,
    ms,
    (async () => {
      for (;;) {
        last = await read();
        if (ok(last)) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    })(),
  ).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)}; last seen: ${JSON.stringify(last)}`);
  });
  return last!;
}

/**
 * Issue 32 with the real store: ana proposes the card warning at 60 days again, ben approves it for 50 % of
 * accounts; once Prometheus sees every server's series of the rollout, customers load their homes through
 * the load balancer (the first half on s1, which then restarts: its counters start again from zero; the second
 * half spread by the balancer), and the studio's live effect (ben's, on s2) must come from Prometheus and count
 * each side's homes exactly as loaded.
 */
async function rollsOut(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  d: Deployment,
  socket: string,
  servers: Map<string, Proc>,
): Promise<void> {
  const ana = await analystSignsIn(browser, d.lb, 'ana', 'Ana Alvarez', 's1');
  const ben = await analystSignsIn(browser, d.lb, 'ben', 'Ben Brooks', 's2');
  const id = await proposes(ana, d.lb, 'Rehearsal rollout: warn 60 days before the card expires', 60);
  await approves(ben, d.lb, id, 50);
  const bundle = async (port: number) =>
    ((await (await fetch(`http://127.0.0.1:${port}/rules/bundle.json`)).json()) as { rollouts?: Rollout[] })
      .rollouts ?? [];
  const [rollout] = await until(
    'every server serving the rollout',
    15_000,
    async () => Promise.all(d.ports.servers.map((s) => bundle(s.port))).then((all) => all.flat()),
    (all) => all.length === 3 && all.every((r) => r.share === 50),
  );
  const change = rollout!.change;
  // Every server's series of the rollout exist (at zero) before a customer comes: none of it goes uncounted.
  await until(
    'Prometheus seeing each server’s series of the rollout',
    30_000,
    () => query(d, `count(portal_rollout_homes_total{change="${change}"})`),
    (v) => v[0]?.value === 6,
  );
  const accounts = new Map(loadPersonas().map((p) => [p.id, p.accounts[0]?.accountNumber ?? '']));
  const expected: Record<Side, number> = { live: 0, new: 0 };
  const customers: Record<Side, Set<string>> = { live: new Set(), new: new Set() };
  // A tap that leaves the page is counted by a beacon sent as the page goes: its browser is kept until the
  // count has arrived (closing it cancels a beacon still in flight, which a loaded host made happen).
  const kept: BrowserContext[] = [];
  const load = async (persona: string, server?: string, tap?: (page: Page) => Promise<void>) => {
    const context = await browser.newContext();
    if (server) await context.addCookies([{ name: 'SERVERID', value: server, url: d.lb }]);
    const page = await context.newPage();
    await customerSignsIn(page, d.lb, persona, '/home');
    await tap?.(page);
    if (tap) kept.push(context);
    else await context.close();
    const account = accounts.get(persona)!;
    const side = placementOf(rollout!, account).side;
    expected[side] += 1;
    customers[side].add(account);
  };
  // The first half on s1 (the balancer's cookie), which then restarts: its counts start again from zero, and
  // Prometheus' increase keeps what it had counted.
  const half = ROLLOUT_CUSTOMERS.length / 2;
  for (const persona of ROLLOUT_CUSTOMERS.slice(0, half)) await load(persona, 's1');
  const s1 = `127.0.0.1:${d.ports.servers.find((s) => s.name === 's1')!.metrics}`;
  await until(
    's1’s homes of the rollout in Prometheus',
    30_000,
    () => query(d, `sum(portal_rollout_homes_total{change="${change}",instance="${s1}"})`),
    (v) => v[0]?.value === half,
  );
  await restart(d, socket, servers, 's1');
  await until(
    's1’s series back at zero in Prometheus',
    30_000,
    () => query(d, `sum(portal_rollout_homes_total{change="${change}",instance="${s1}"})`),
    (v) => v[0]?.value === 0,
  );
  // The rest through the balancer, and the first customer again: a home more, no customer more (its first
  // home was counted by s1's last lifetime, whose sketch Prometheus keeps).
  for (const persona of [...ROLLOUT_CUSTOMERS.slice(half), ROLLOUT_CUSTOMERS[0]!]) await load(persona);
  // A customer whose card expired is shown the card alert and taps its Update Payment Method (the provider's
  // payment site, stood in for by a route): one customer who tapped it, on its side.
  await load(CARD_EXPIRED, undefined, async (page) => {
    const link = page
      .getByRole('region', { name: 'Payment method expired' })
      .getByRole('link', { name: 'Update Payment Method' });
    const site = new URL((await link.getAttribute('href')) ?? '', d.lb);
    await page.route(`${site.origin}/**`, (r) =>
      r.fulfill({ contentType: 'text/html', body: '<title>Update payment method</title>' }),
    );
    await link.click();
    await page.waitForURL(`${site.origin}/**`);
  });
  const tapped = placementOf(rollout!, accounts.get(CARD_EXPIRED)).side;
  // Distinct customers as the servers' sketches count them: exact for these few accounts.
  const distinct = (side: Side) => DistinctSketch.of(customers[side]).count();
  const effect = await until(
    'the studio’s live effect from Prometheus counting every home loaded and every customer once',
    30_000,
    async () =>
      (await (await ben.page.request.get(`${d.lb}/studio/api/rollouts/${change}/effect`)).json()) as {
        source?: string;
        problem?: string;
        sides?: Record<Side, { homes: number; customers?: { home: number; tapped: Record<string, number> } }>;
      },
    (e) =>
      e.source === 'prometheus' &&
      e.sides?.live.homes === expected.live &&
      e.sides.new.homes === expected.new &&
      e.sides.live.customers?.home === distinct('live') &&
      e.sides.new.customers?.home === distinct('new') &&
      e.sides[tapped].customers?.tapped['prepaid-card-alert'] === 1 &&
      e.sides[tapped === 'live' ? 'new' : 'live'].customers?.tapped['prepaid-card-alert'] === undefined,
  );
  for (const context of kept) await context.close();
  console.log(
    `    (${expected.live + expected.new} homes of ${customers.live.size + customers.new.size} customers, ${half} ` +
      `of them on s1 before its restart; homes/customers: live ${effect.sides!.live.homes}/` +
      `${effect.sides!.live.customers!.home}, new ${effect.sides!.new.homes}/` +
      `${effect.sides!.new.customers!.home}, as loaded; the card alert tapped by 1 customer on the ${tapped} side)`,
  );
  await ana.context.close();
  await ben.context.close();
}

let failed = false;
try {
  await rehearse();
} catch (e) {
  failed = true;
  console.error(`\nThe rehearsal failed: ${e instanceof Error ? e.message : String(e)}`);
  console.error(`Each process's log is in .tmp/rehearsal/ (haproxy.log, sandbox.log, s1.log ...).`);
} finally {
  await stopAll();
}
console.log(
  `\nRehearsal ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
    `(${timings.map(([n, ms]) => `${n.split(' ')[0]} ${(ms / 1000).toFixed(1)}s`).join(', ')})`,
);
process.exit(failed ? 1 : 0);
