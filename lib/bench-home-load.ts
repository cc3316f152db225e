/**
 * One load of /home in Chromium for the bench (docs/decisions/038-bench-cpu-profile-and-long-tasks.md): a
 * signed-in persona, a phone's viewport, a cold cache, optionally a CPU slowdown (CDP
 * `Emulation.setCPUThrottlingRate`), with the page's main thread profiled (CDP `Profiler`) from before the
 * navigation until the page is idle, and its long tasks and first paint read from the page's own
 * PerformanceObserver. The long tasks are placed on the profile's clock through the first contentful paint,
 * which both the page (`paint` entry, ms since the page's time origin) and the browser (`Page.lifecycleEvent`,
 * seconds of the monotonic clock the profile uses) report. Driven by puppeteer-core, its DevTools client set as
 * V8 provides for performance automation (lib/bench-inspector.ts, docs/decisions/051): the page runs as it
 * does with no DevTools attached.
 */
import type { Browser } from 'puppeteer-core';
import { quietInspector } from './bench-inspector';
import type { CpuProfile, Window } from './bench-profile';
import { signInCookie } from './bench-sandbox';

export interface LongTask {
  /** ms since the page's time origin */
  start: number;
  duration: number;
}

export interface HomeLoad {
  profile: CpuProfile;
  /** ms since the page's time origin (first-paint where reported, else first-contentful-paint) */
  firstPaintMs: number;
  fcpMs: number;
  /** ms since the page's time origin when the page's first byte arrived (the server's time is in it) */
  firstByteMs: number;
  /** every long task (over 50 ms) the page reported */
  longTasks: LongTask[];
  /** the profile's clock (µs) at the page's time origin, or null when the first paint could not place it */
  originUs: number | null;
}

interface PageFigures {
  firstByte: number;
  tasks: LongTask[];
  fp: number | null;
  fcp: number | null;
}

/**
 * Installed before any script of the page: the long tasks and paints, as the page itself sees them. A string:
 * a function's text from tsx carries helpers (its `__name`) that are not in the page.
 */
const OBSERVE = `(() => {
  const bench = { firstByte: 0, tasks: [], fp: null, fcp: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'first-paint') bench.fp = e.startTime;
      if (e.name === 'first-contentful-paint') bench.fcp = e.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
})()`;

export async function loadHome(
  browser: Browser,
  base: string,
  persona: string,
  options: { cpuSlowdown?: number; samplingUs?: number; profile?: boolean } = {},
): Promise<HomeLoad> {
  // Without the profiler for the long tasks' figures: profiling lengthens the tasks it watches (V8 collects
  // the source positions of each function it samples, re-parsing the chunk: 30 ms and more at 4x).
  const profiling = options.profile ?? true;
  const context = await browser.createBrowserContext();
  try {
    const cookie = await signInCookie(base, persona);
    const [name, value] = cookie.split('=') as [string, string];
    await context.setCookie({ name, value, domain: new URL(base).hostname, path: '/' });
    const page = await quietInspector(await context.newPage());
    await page.setViewport({ width: 412, height: 823 });
    await page.evaluateOnNewDocument(OBSERVE);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown ?? 1 });
    const lifecycle: Array<{ name: string; timestamp: number }> = [];
    cdp.on('Page.lifecycleEvent', (e) => lifecycle.push({ name: e.name, timestamp: e.timestamp }));
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: options.samplingUs ?? 250 });
      await cdp.send('Profiler.start');
    }
    const response = await page.goto(`${base}/home`, { waitUntil: 'networkidle0', timeout: 120_000 });
    if (!response?.ok() || new URL(page.url()).pathname !== '/home')
      throw new Error(`${persona}: /home answered ${response?.status()} at ${page.url()}`);
    // The page has settled: the browser finds an idle moment (or 5 s pass).
    await page.evaluate('new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 }))');
    const profile: CpuProfile = profiling
      ? (await cdp.send('Profiler.stop')).profile
      : { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] };
    const figures = (await page.evaluate(
      "({ ...window.__bench, firstByte: performance.getEntriesByType('navigation')[0].responseStart })",
    )) as PageFigures;
    if (figures.fcp === null) throw new Error(`${persona}: no first contentful paint reported`);
    const paint = lifecycle.filter((e) => e.name === 'firstContentfulPaint').at(-1);
    return {
      profile,
      firstPaintMs: figures.fp ?? figures.fcp,
      fcpMs: figures.fcp,
      firstByteMs: figures.firstByte,
      longTasks: figures.tasks,
      originUs: paint ? paint.timestamp * 1e6 - figures.fcp * 1000 : null,
    };
  } finally {
    await context.close();
  }
}

/**
 * What the long tasks ran after the first paint: a task that started after it, whole; a task under way when
 * the frame reached the screen, from that moment on (what a tap on the painted page waits for). The page's
 * own layout and paint before the first paint are not after it: the server's page is painted whole, in the
 * task that lays it out (sandbox/page-render.ts holds the paint until #root is parsed).
 */
export function tasksAfterFirstPaint(load: HomeLoad): LongTask[] {
  const paint = load.firstPaintMs;
  return load.longTasks
    .filter((t) => t.start + t.duration > paint)
    .map((t) => (t.start >= paint ? t : { start: paint, duration: t.start + t.duration - paint }));
}

/** Those tasks on the profile's clock, for the profile's attribution. */
export function taskWindows(load: HomeLoad, tasks: LongTask[]): Window[] {
  const origin = load.originUs;
  if (origin === null) return [];
  return tasks.map((t) => ({ start: origin + t.start * 1000, end: origin + (t.start + t.duration) * 1000 }));
}
