/**
 * The page-load half of `npm run bench` (docs/decisions/010-first-load.md): figures, never a pass/fail test.
 *
 * - Lighthouse 12 (mobile, simulated throttling, Debian's Chromium) on /home for three personas, the median
 *   of three runs each: performance score, FCP, LCP, TBT, CLS, JavaScript transferred, request count, the
 *   longest critical request chain, and the data round trips before the home is complete.
 * - The phone emulated is the same on every machine (issue 30, docs/decisions/038): each simulated Lighthouse
 *   run is gathered unthrottled, then simulated at the CPU slowdown of the benchmark index Lighthouse measured
 *   right before that load, divided by 264 (a low-tier phone; lib/bench-calibration.ts). The index and the
 *   multiplier are printed with the figures; BENCH_4X=1 prints Lighthouse's fixed 4x beside them.
 * - The CPU profile of a home load by package and portal folder, and the longest task after the first
 *   paint at the calibrated slowdown (scripts/bench-home-profile.ts, docs/decisions/038; BENCH_PROFILE=0 skips
 *   it), and the main taps' INP (scripts/bench-interactions.ts; BENCH_INP=0 skips it).
 * - Cumulative layout shift of every persona's home in Chromium (PerformanceObserver), worst first.
 *
 * It starts its own sandbox server on a free port on the built app (dist/), signs in through the sandbox
 * for each run and passes the session cookie to Lighthouse as an extra header.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { BUDGETS } from '../lib/budgets';
import { repoRoot } from '../lib/repo';
import {
  BENCH_PERSONAS,
  BENCH_RUNS,
  CHROME,
  CHROME_FLAGS,
  measuringFlags,
  refuseBrowserUiPages,
  benchServer,
  median,
  signInCookie,
  withRetries,
} from '../lib/bench-sandbox';
import { capturedFrames, quietInspector } from '../lib/bench-inspector';
import { FONT_TRACE_CATEGORY, firstLayout, type TraceEvent } from '../lib/bench-first-layout';
import { benchHomeProfile } from './bench-home-profile';
import { benchInteractions } from './bench-interactions';
import { throttling } from 'lighthouse/core/config/constants.js';
import {
  LIGHTHOUSE_DEFAULT_SLOWDOWN,
  LOW_TIER_PHONE_INDEX,
  calibrateHost,
  describeCalibration,
  runSlowdown,
} from '../lib/bench-calibration';

export { BUDGETS };

export const LIGHTHOUSE_PERSONAS = BENCH_PERSONAS;
const RUNS = BENCH_RUNS;
const COMPARE = process.env.BENCH_COMPARE_URL;

export interface PageLoadFigures {
  performance: number;
  fcpMs: number;
  /** the first contentful paint Chromium saw on loopback, unthrottled, and the document's server time */
  observedFcpMs: number;
  serverMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  requests: number;
  longestChain: number;
  /** the benchmark index Lighthouse measured on this host before the run (environment.benchmarkIndex) */
  benchmarkIndex: number;
  /** the CPU slowdown the run was simulated or throttled at */
  cpuSlowdown: number;
  /**
   * The page's first layout as the gathered (unthrottled) load had it, and how much of it was spent waiting
   * on the browser's font service (firstLayout below); NaN where the run kept no trace.
   */
  firstLayoutMs: number;
  fontWaitMs: number;
}

/** Over/under a budget, for the printed tables. */
export function against(value: number, budget: number, higherIsBetter = false): string {
  const ok = higherIsBetter ? value >= budget : value <= budget;
  return ok ? 'under budget' : 'OVER BUDGET';
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
  requestMethod?: string;
}

interface ChainNode {
  children?: Record<string, ChainNode>;
}

/** Depth of the deepest path of Lighthouse's critical request chains (the document counts as 1). */
function chainDepth(chains: Record<string, ChainNode> | undefined): number {
  let max = 0;
  for (const node of Object.values(chains ?? {})) max = Math.max(max, 1 + chainDepth(node.children));
  return max;
}

/**
 * Data round trips before the home is complete: the rules and the Orch reads (the issue log's posts left
 * out), each one generation after the latest data request that had finished when it started.
 */
export function dataRoundTrips(items: NetworkItem[]): number {
  const data = items
    .filter((i) => /\/(Orch|rules)\//.test(new URL(i.url).pathname) && !/\/ui\/sanitize/.test(i.url))
    .filter((i) => i.networkRequestTime !== undefined && i.networkEndTime !== undefined)
    .sort((a, b) => a.networkRequestTime! - b.networkRequestTime!);
  const generation: number[] = [];
  data.forEach((r, i) => {
    let g = 1;
    for (let j = 0; j < i; j++)
      if (data[j]!.networkEndTime! <= r.networkRequestTime!) g = Math.max(g, generation[j]! + 1);
    generation.push(g);
  });
  if (process.env.BENCH_DEBUG)
    data.forEach((r, i) =>
      console.log(
        `  round trip ${generation[i]}: ${new URL(r.url).pathname} ${r.networkRequestTime}-${r.networkEndTime}`,
      ),
    );
  return Math.max(0, ...generation);
}

/**
 * One Lighthouse run. `simulate` (its default) loads the page unthrottled and simulates the phone's network and
 * CPU from that trace; `devtools` applies the same preset's network and CPU throttling to the load itself
 * (every request delayed by 562.5 ms, 1.47 Mbit/s down) and reports what it saw. The CPU slowdown is the
 * calibrated one (lib/bench-calibration.ts: the host's benchmark index / 264, a low-tier phone), or
 * Lighthouse's fixed 4x where the figures are printed beside it.
 */
async function lighthouseRun(
  base: string,
  persona: string,
  throttlingMethod: 'simulate' | 'devtools',
  slowdown: number | 'calibrated',
): Promise<PageLoadFigures> {
  const [{ default: lighthouse }, chromeLauncher, { default: puppeteer }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('puppeteer-core'),
  ]);
  const cookie = await signInCookie(base, persona);
  // chrome-launcher's own flags first, then these: one --disable-features holding both lists.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: measuringFlags(chromeLauncher.Launcher.defaultFlags()),
  });
  const artifacts = slowdown === 'calibrated' ? mkdtempSync(join(tmpdir(), 'bench-lighthouse-')) : null;
  // Lighthouse drives the page this bench opens, its DevTools clients set as V8 provides for performance
  // automation (lib/bench-inspector.ts, docs/decisions/051): the page runs as with no DevTools attached.
  let connection: Awaited<ReturnType<typeof puppeteer.connect>> | null = null;
  try {
    connection = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    await refuseBrowserUiPages(connection);
    const page = await quietInspector(await connection.newPage());
    const frames = await capturedFrames(page);
    if (frames !== 0) throw new Error(`the inspector still captures error stacks (${frames} frames)`);
    const flags = (cpuSlowdownMultiplier: number) => ({
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
      throttlingMethod,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      // The font service's calls in the trace (firstLayout); the audit must name the gather's settings.
      additionalTraceCategories: FONT_TRACE_CATEGORY,
    });
    let result;
    let layout = { layoutMs: NaN, fontWaitMs: NaN };
    if (artifacts) {
      // Calibrated on this very run: a simulated run's load is unthrottled, and Lighthouse measures the host's
      // benchmark index right before it. The run is gathered, then simulated at that index / 264 (the gathered
      // settings are given the same multiplier, as Lighthouse requires of an audit of saved artifacts).
      await lighthouse(
        `${base}/home`,
        { ...flags(LIGHTHOUSE_DEFAULT_SLOWDOWN), gatherMode: artifacts },
        undefined,
        page,
      );
      const trace = readdirSync(artifacts).find((f) => f.endsWith('.trace.json'));
      if (trace) {
        const { traceEvents } = JSON.parse(readFileSync(join(artifacts, trace), 'utf8')) as {
          traceEvents: TraceEvent[];
        };
        layout = firstLayout(traceEvents, '/home');
      }
      const file = join(artifacts, 'artifacts.json');
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        BenchmarkIndex: number;
        settings: { throttling: { cpuSlowdownMultiplier: number } };
      };
      const multiplier = runSlowdown(saved.BenchmarkIndex);
      saved.settings.throttling.cpuSlowdownMultiplier = multiplier;
      writeFileSync(file, JSON.stringify(saved));
      result = await lighthouse(undefined, { ...flags(multiplier), auditMode: artifacts });
    } else result = await lighthouse(`${base}/home`, flags(slowdown as number), undefined, page);
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const num = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
    const items =
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const chains = (lhr.audits['critical-request-chains']?.details as { chains?: Record<string, ChainNode> })
      ?.chains;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: num('first-contentful-paint'),
      observedFcpMs:
        (
          lhr.audits.metrics?.details as
            { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined
        )?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
      serverMs: num('server-response-time'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      jsKb:
        items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0) /
        1024,
      requests: items.length,
      longestChain: chainDepth(chains),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN,
      firstLayoutMs: layout.layoutMs,
      fontWaitMs: layout.fontWaitMs,
    };
  } finally {
    await connection?.disconnect();
    chrome.kill();
    if (artifacts) rmSync(artifacts, { recursive: true, force: true });
  }
}

/**
 * RUNS Lighthouse runs of this build, and with BENCH_COMPARE_URL as many of another build's server, run for run
 * beside them (a before/after in the same minutes: the machine's load, which moves TBT the most, is the same
 * for both). The second list is empty without it.
 */
async function pairedRuns(
  base: string,
  persona: string,
  method: 'simulate' | 'devtools',
  slowdown: number | 'calibrated',
): Promise<[PageLoadFigures[], PageLoadFigures[]]> {
  const runs: PageLoadFigures[] = [];
  const compareRuns: PageLoadFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (COMPARE) compareRuns.push(await withRetries(() => lighthouseRun(COMPARE, persona, method, slowdown)));
    runs.push(await withRetries(() => lighthouseRun(base, persona, method, slowdown)));
  }
  return [runs, compareRuns];
}

function medianFigures(runs: PageLoadFigures[]): PageLoadFigures {
  const keys = Object.keys(runs[0]!) as (keyof PageLoadFigures)[];
  return Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as PageLoadFigures;
}

/**
 * Data round trips before the home is complete, counted in Chromium with every rules and Orch answer held
 * back by ROUND_TRIP_DELAY_MS: on loopback the calls of one wave would otherwise finish before the page has
 * even issued the last of them, and look like a later wave.
 */
const ROUND_TRIP_DELAY_MS = 400;
async function roundTripsOf(base: string, persona: string): Promise<number> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const cookie = await signInCookie(base, persona);
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    const items: NetworkItem[] = [];
    await context.route(/\/(Orch|rules)\//, async (route) => {
      const start = performance.now();
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, ROUND_TRIP_DELAY_MS));
      items.push({
        url: route.request().url(),
        networkRequestTime: start,
        networkEndTime: performance.now(),
      });
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    await page.goto(`${base}/home`);
    await page.waitForLoadState('networkidle');
    return dataRoundTrips(items);
  } finally {
    await browser.close();
  }
}

/** Whether the server answers /home with a redirect to another site. */
async function leavesPortal(base: string, cookie: string): Promise<boolean> {
  const r = await fetch(`${base}/home`, { headers: { Cookie: cookie }, redirect: 'manual' });
  await r.body?.cancel();
  const location = r.headers.get('location');
  return (
    r.status >= 300 && r.status < 400 && !!location && new URL(location, base).origin !== new URL(base).origin
  );
}

/** Layout shift of one load of /home per persona, in Chromium at a phone's width. */
async function layoutShiftByPersona(base: string): Promise<Array<{ persona: string; cls: number }>> {
  const { chromium } = await import('@playwright/test');
  const personas = readdirSync(join(repoRoot, 'sandbox', 'personas'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  const out: Array<{ persona: string; cls: number }> = [];
  try {
    for (const persona of personas) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const cookie = await signInCookie(base, persona).catch(() => null);
      // No home to measure: a persona that cannot sign in, or whose /home the server sends off the portal
      // (the 222 profile codes: with server rendering the redirect is the first response).
      if (!cookie || (await leavesPortal(base, cookie))) {
        await context.close();
        continue;
      }
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      // A busy machine's resolver once failed 'localhost' mid-run (ERR_NAME_NOT_RESOLVED): that load again.
      await withRetries(() => page.goto(`${base}/home`));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      out.push({ persona, cls: await page.evaluate(() => (window as unknown as { __cls: number }).__cls) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out.sort((a, b) => b.cls - a.cls);
}

const ms = (v: number): string => `${(v / 1000).toFixed(2)} s`;

const loadNow = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

type Figures = PageLoadFigures & { roundTrips: number };

/** Lighthouse's simulated figures of the three personas at `slowdown`, printed as a table. */
async function simulatedTable(
  base: string,
  slowdown: number | 'calibrated',
  label: string,
): Promise<Array<{ persona: string; f: Figures }>> {
  const cpu =
    slowdown === 'calibrated'
      ? `the CPU slowed by each run's own benchmark index / ${LOW_TIER_PHONE_INDEX}`
      : `the CPU slowed ${slowdown.toFixed(2)}x`;
  console.log(
    `\nLighthouse 12 on /home, ${label}: its mobile preset (a phone's screen, simulated slow 4G) with ${cpu} (Chromium ${CHROME}), median of ${RUNS} runs${COMPARE ? `, this build's runs alternating with ${COMPARE}'s` : ''}; load average ${loadNow()}:\n`,
  );
  console.log(
    '| persona | performance | FCP (observed, server) | LCP | TBT | CLS | JS transferred | requests | longest chain | data round trips | benchmark index (Lighthouse) | CPU slowdown | first layout, observed (font service waits) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const all: Array<{ persona: string; f: Figures }> = [];
  const row = (label: string, f: Figures): string =>
    `| ${label} | ${f.performance} | ${ms(f.fcpMs)} (${ms(f.observedFcpMs)}, ${Math.round(f.serverMs)} ms) | ${ms(f.lcpMs)} | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${f.jsKb.toFixed(1)} KB | ${f.requests} | ${f.longestChain} | ${f.roundTrips} | ${Math.round(f.benchmarkIndex)} | ${f.cpuSlowdown.toFixed(2)}x | ${Math.round(f.firstLayoutMs)} ms (${Math.round(f.fontWaitMs)} ms) |`;
  for (const persona of LIGHTHOUSE_PERSONAS) {
    const [runs, compareRuns] = await pairedRuns(base, persona, 'simulate', slowdown);
    const f = { ...medianFigures(runs), roundTrips: await roundTripsOf(base, persona) };
    all.push({ persona, f });
    if (COMPARE) {
      const before = { ...medianFigures(compareRuns), roundTrips: await roundTripsOf(COMPARE, persona) };
      console.log(row(`${persona} (${COMPARE})`, before));
      console.log(row(`${persona} (this build)`, f));
    } else console.log(row(persona, f));
  }
  return all;
}

/** Runs and prints the page-load figures. */
export async function benchPageLoad(): Promise<void> {
  // BENCH_BASE_URL measures a server already running (another build, e.g. main's, for a before/after).
  const sandbox = await benchServer();
  try {
    // The phone emulated, the same on every machine: the host's benchmark index / 264 (issue 30, ADR 038).
    const calibration = await calibrateHost();
    const slowdown = calibration.multiplier;
    console.log(
      `\nThe phone emulated (calibrated low-tier phone): ${describeCalibration(calibration)}; load average ${loadNow()}.`,
    );
    const all = await simulatedTable(sandbox.base, 'calibrated', 'calibrated low-tier phone');
    console.log(
      "\n(FCP: Lighthouse's simulated figure; in brackets the first contentful paint Chromium saw on loopback, unthrottled, and the document's server response time. Lighthouse's simulation counts a high-priority script that finished before the observed paint as render-blocking (the page's scripts are fetched at low priority, docs/decisions/039), and its LCP counts every request that finished before the observed LCP, whatever its priority: on loopback that is all of the page's code. The benchmark index is the one each Lighthouse run measured before its load: it moves with the machine's load. The first layout is the gathered load's own, before the paint: its waits on the browser's font service are this host's (V8 compiling the arriving code on both cores; a phone makes no such call), and the simulation counts them as CPU time at the slowdown, in FCP and in TBT: docs/decisions/048.)",
    );
    // Lighthouse's fixed 4x, beside (BENCH_4X=1): what the figures were before the calibration.
    if (process.env.BENCH_4X === '1')
      await simulatedTable(
        sandbox.base,
        LIGHTHOUSE_DEFAULT_SLOWDOWN,
        "Lighthouse's fixed 4x (not calibrated)",
      );

    // The same preset with its throttling applied to the load itself: what a phone on that network sees. The
    // slowdown must be known before the load: the median index of the persona's simulated runs / 264.
    console.log(
      `\nLighthouse 12 on /home, the same mobile preset with its throttling applied to the load (throttlingMethod devtools), the CPU slowed by the median benchmark index of the persona's runs above / ${LOW_TIER_PHONE_INDEX}, median of ${RUNS} runs; load average ${loadNow()}:\n`,
    );
    console.log('| persona | performance | FCP | LCP | TBT | CPU slowdown |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    const applied: PageLoadFigures[] = [];
    const appliedRow = (label: string, f: PageLoadFigures): string =>
      `| ${label} | ${f.performance} | ${ms(f.fcpMs)} | ${ms(f.lcpMs)} | ${Math.round(f.tbtMs)} ms | ${f.cpuSlowdown.toFixed(2)}x |`;
    for (const persona of LIGHTHOUSE_PERSONAS) {
      const index = all.find((a) => a.persona === persona)?.f.benchmarkIndex;
      const perPersona = index ? runSlowdown(index) : slowdown;
      const [runs, compareRuns] = await pairedRuns(sandbox.base, persona, 'devtools', perPersona);
      const f = medianFigures(runs);
      applied.push(f);
      if (COMPARE) {
        console.log(appliedRow(`${persona} (${COMPARE})`, medianFigures(compareRuns)));
        console.log(appliedRow(`${persona} (this build)`, f));
      } else console.log(appliedRow(persona, f));
    }
    const span = (values: number[], digits: number): string => {
      const [lo, hi] = [Math.min(...values), Math.max(...values)].map((v) => v.toFixed(digits));
      return lo === hi ? lo! : `${lo} to ${hi}`;
    };
    console.log(
      `\nAgainst the budgets, on the calibrated low-tier phone (each run's benchmark index / ${LOW_TIER_PHONE_INDEX}: index ${span(
        all.map((a) => a.f.benchmarkIndex),
        0,
      )}, CPU slowdown ${span(
        all.map((a) => a.f.cpuSlowdown),
        2,
      )}x; the worst of the ${all.length} personas):\n`,
    );
    console.log('| figure | worst | budget | |');
    console.log('| --- | --- | --- | --- |');
    const worst = (k: keyof (typeof all)[number]['f'], high = false) =>
      all.reduce((w, a) => (high ? Math.min(w, a.f[k]) : Math.max(w, a.f[k])), high ? Infinity : -Infinity);
    const rows: Array<[string, number, number, string, boolean]> = [
      ['performance score (aim)', worst('performance', true), BUDGETS.performance, '', true],
      ['performance score (floor)', worst('performance', true), BUDGETS.performanceFloor, '', true],
      ['LCP (simulated)', worst('lcpMs'), BUDGETS.lcpSimulatedMs, 'ms', false],
      ['LCP (throttling applied)', Math.max(...applied.map((f) => f.lcpMs)), BUDGETS.lcpMs, 'ms', false],
      ['TBT', worst('tbtMs'), BUDGETS.tbtMs, 'ms', false],
      ['CLS', worst('cls'), BUDGETS.cls, '', false],
      ['data round trips before the home is complete', worst('roundTrips'), BUDGETS.roundTrips, '', false],
    ];
    for (const [name, value, budget, unit, high] of rows)
      console.log(
        `| ${name} | ${unit === 'ms' ? ms(value) : value.toFixed(name === 'CLS' ? 3 : 0)} | ${unit === 'ms' ? ms(budget) : budget} | ${against(value, budget, high)} |`,
      );

    // Each part calibrates again before it measures: the machine's load, which the index follows, moves.
    const recalibrated = async (part: string): Promise<number> => {
      const c = await calibrateHost();
      console.log(`\nThe phone emulated for ${part}: ${describeCalibration(c)}; load average ${loadNow()}.`);
      return c.multiplier;
    };
    // The CPU profile by package and folder, and the long tasks at the calibrated slowdown (docs/decisions/038).
    if (process.env.BENCH_PROFILE !== '0')
      await benchHomeProfile(sandbox.base, await recalibrated('the long tasks'));
    // The main taps' INP on the calibrated phone (issue 30, item 3).
    if (process.env.BENCH_INP !== '0')
      await benchInteractions(sandbox.base, await recalibrated("the taps' INP"));
    if (process.env.BENCH_CLS_ALL !== '0') await printLayoutShift(sandbox.base);
  } finally {
    sandbox.stop();
  }
}

async function printLayoutShift(base: string): Promise<void> {
  const shifts = await layoutShiftByPersona(base);
  const over = shifts.filter((s) => s.cls >= BUDGETS.cls);
  console.log(
    `\nLayout shift of every persona's home in Chromium at 412 px (PerformanceObserver, no throttling): ${shifts.length} personas, ${over.length} at or over ${BUDGETS.cls}; the worst:\n`,
  );
  console.log('| persona | CLS | |');
  console.log('| --- | --- | --- |');
  for (const s of shifts.slice(0, 5))
    console.log(`| ${s.persona} | ${s.cls.toFixed(3)} | ${against(s.cls, BUDGETS.cls)} |`);
}

/** Only the all-persona layout-shift pass (BENCH_CLS_ONLY=1 npm run bench): a minute or two, not the whole bench. */
export async function benchLayoutShiftOnly(): Promise<void> {
  const sandbox = await benchServer();
  try {
    await printLayoutShift(sandbox.base);
  } finally {
    sandbox.stop();
  }
}
