/**
 * The CPU half of `npm run bench`'s page load (docs/decisions/038-bench-cpu-profile-and-long-tasks.md), figures
 * only, never a pass or a fail:
 *
 * - a CPU profile of a home load in Chromium (no slowdown; CDP Profiler): milliseconds of the main thread by
 *   package (react-dom, react-router, mobx, json-rules-engine, ...) and by the portal's folder (src/engine,
 *   src/stores, src/features/<x>, ...), through the build's source maps; median of BENCH_RUNS loads;
 * - the longest task after the first paint on the calibrated low-tier phone (lib/bench-calibration.ts: CDP
 *   Emulation.setCPUThrottlingRate at the host's benchmark index / 264, the
 *   page's PerformanceObserver 'longtask'), against its 50 ms budget, and what those tasks run, from the
 *   profile of the same load.
 *
 * For the three personas; with BENCH_COMPARE_URL, another build's server measured load for load beside this
 * one (BENCH_COMPARE_DIST: that build's dist/, for its source maps). Alone:
 * `npx tsx scripts/bench-home-profile.ts` (after `npm run build`).
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { BUDGETS } from '../lib/budgets';
import { repoRoot } from '../lib/repo';
import {
  BENCH_PERSONAS,
  BENCH_RUNS,
  launchMeasuringBrowser,
  benchServer,
  median,
  withRetries,
} from '../lib/bench-sandbox';
import { loadHome, taskWindows, tasksAfterFirstPaint } from '../lib/bench-home-load';
import { calibrateHost, describeCalibration } from '../lib/bench-calibration';
import {
  BROWSER_WORK,
  attribute,
  distMaps,
  largest,
  type Attribution,
  type MapLookup,
} from '../lib/bench-profile';

interface Build {
  label: string;
  base: string;
  maps: MapLookup;
}

interface SlowLoad {
  firstByteMs: number;
  firstPaintMs: number;
  /** the longest task ending after the first paint, 0 when none is over 50 ms */
  longestMs: number;
  count: number;
  /** what the long tasks after the first paint ran */
  inTasks: Attribution;
  /** the share of those tasks' time the profile saw busy: the clocks agree when it is near 100% */
  coverage: number;
  /** each of those tasks and the groups it ran most */
  each: Array<{ start: number; duration: number; top: Array<[string, number]> }>;
}

interface Figures {
  profiles: Attribution[];
  slow: SlowLoad[];
}

async function profileLoad(browser: Browser, build: Build, persona: string): Promise<Attribution> {
  const load = await loadHome(browser, build.base, persona);
  return attribute(load.profile, build.maps);
}

/**
 * Two loads at the slowdown: one without the profiler, whose long tasks are the figures, and one profiled,
 * for what its long tasks run (the profiler's own work lengthens them: bench-home-load.ts).
 */
async function slowLoad(
  browser: Browser,
  build: Build,
  persona: string,
  slowdown: number,
): Promise<SlowLoad> {
  const unprofiled = await loadHome(browser, build.base, persona, { cpuSlowdown: slowdown, profile: false });
  const plain = tasksAfterFirstPaint(unprofiled);
  const load = await loadHome(browser, build.base, persona, { cpuSlowdown: slowdown });
  const tasks = tasksAfterFirstPaint(load);
  const windows = taskWindows(load, tasks);
  const inTasks = attribute(load.profile, build.maps, windows);
  const each = tasks.map((t, i) => ({
    ...t,
    top: windows[i] ? largest(attribute(load.profile, build.maps, [windows[i]]).groups, 5) : [],
  }));
  return {
    each,
    firstByteMs: unprofiled.firstByteMs,
    firstPaintMs: unprofiled.firstPaintMs,
    longestMs: Math.max(0, ...plain.map((t) => t.duration)),
    count: plain.length,
    inTasks,
    coverage: inTasks.windowMs ? inTasks.busyMs / inTasks.windowMs : 1,
  };
}

/** Each persona's loads, the builds alternating load by load so both see the same machine load. */
async function measure(builds: Build[], slowdown: number): Promise<Map<string, Figures>> {
  const browser = await launchMeasuringBrowser();
  const figures = new Map<string, Figures>();
  try {
    for (const persona of BENCH_PERSONAS)
      for (let i = 0; i < BENCH_RUNS; i++) {
        for (const build of builds) {
          const key = `${persona}\n${build.label}`;
          if (!figures.has(key)) figures.set(key, { profiles: [], slow: [] });
          figures.get(key)!.profiles.push(await withRetries(() => profileLoad(browser, build, persona)));
        }
        for (const build of builds)
          figures
            .get(`${persona}\n${build.label}`)!
            .slow.push(await withRetries(() => slowLoad(browser, build, persona, slowdown)));
      }
  } finally {
    await browser.close();
  }
  return figures;
}

const SCRIPT_KINDS = new Set<string>(['package', 'portal', 'other']);

/** The median of each group's milliseconds over the loads (a load without the group counts 0). */
function medianGroups(runs: Attribution[]): { groups: Map<string, number>; kinds: Map<string, string> } {
  const kinds = new Map<string, string>();
  for (const r of runs) for (const [g, k] of r.kinds) kinds.set(g, k);
  const groups = new Map<string, number>();
  for (const g of kinds.keys()) groups.set(g, median(runs.map((r) => r.groups.get(g) ?? 0)));
  const script = (r: Attribution) =>
    [...r.groups].filter(([g]) => SCRIPT_KINDS.has(r.kinds.get(g) ?? '')).reduce((s, [, ms]) => s + ms, 0);
  groups.set('script, all of the above', median(runs.map(script)));
  groups.set('main thread busy (script, browser work, garbage collector)', median(runs.map((r) => r.busyMs)));
  return { groups, kinds };
}

const KIND_ORDER: Record<string, number> = { package: 0, portal: 1, other: 2, browser: 3 };
const msText = (x: number): string => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

function printProfiles(figures: Map<string, Figures>): void {
  const columns = [...figures.keys()];
  const medians = columns.map((c) => medianGroups(figures.get(c)!.profiles));
  const kinds = new Map<string, string>();
  for (const m of medians) for (const [g, k] of m.kinds) kinds.set(g, k);
  const biggest = (g: string) => Math.max(...medians.map((m) => m.groups.get(g) ?? 0));
  const rows = [...kinds.keys()]
    .filter((g) => biggest(g) >= 0.5)
    .sort((a, b) => KIND_ORDER[kinds.get(a)!]! - KIND_ORDER[kinds.get(b)!]! || biggest(b) - biggest(a));
  const small = [...kinds.keys()].filter((g) => biggest(g) < 0.5);
  console.log(
    `\nCPU profile of a home load in Chromium (no slowdown, 412 px, cold cache; CDP Profiler every 250 µs, from before the navigation until the page is idle), milliseconds of the main thread by package and by the portal's folder (the build's source maps), median of ${BENCH_RUNS} loads; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${cpus().length} cores:\n`,
  );
  console.log(`| where | kind | ${columns.map((c) => c.replace('\n', ', ')).join(' | ')} |`);
  console.log(`| --- | --- | ${columns.map(() => '---').join(' | ')} |`);
  const line = (g: string, kind: string) =>
    console.log(`| ${g} | ${kind} | ${medians.map((m) => msText(m.groups.get(g) ?? 0)).join(' | ')} |`);
  for (const g of rows) line(g, kinds.get(g)!);
  if (small.length)
    console.log(`| ${small.length} more under 0.5 ms each | | ${columns.map(() => '').join(' | ')} |`);
  line('script, all of the above', 'total');
  line('main thread busy (script, browser work, garbage collector)', 'total');
  console.log(
    `\n(${BROWSER_WORK}: V8's '(program)', the browser's own work on the main thread; '(top level of x.js)': a chunk's modules' top-level statements, which the bundler puts in one function with no single source.)`,
  );
}

/** The load whose longest task is the median one, for what the long tasks run. */
function medianLoad(slow: SlowLoad[]): SlowLoad {
  return [...slow].sort((a, b) => a.longestMs - b.longestMs)[Math.floor(slow.length / 2)]!;
}

function printLongTasks(figures: Map<string, Figures>, slowdown: number): Map<string, number> {
  const SLOWDOWN = slowdown.toFixed(2);
  console.log(
    `\nLongest task after the first paint on /home, Chromium at ${SLOWDOWN}x CPU slowdown (the calibrated low-tier phone) (CDP Emulation.setCPUThrottlingRate; the page's PerformanceObserver 'longtask', which reports tasks over 50 ms; of a task under way at the first paint, what it ran after it; loads without the profiler), median of ${BENCH_RUNS} loads:\n`,
  );
  console.log(
    '| persona | build | first byte | first paint | longest task after it | tasks over 50 ms after it | budget | |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const longest = new Map<string, number>();
  for (const [key, f] of figures) {
    const [persona, build] = key.split('\n') as [string, string];
    const value = median(f.slow.map((s) => s.longestMs));
    longest.set(key, value);
    const verdict = value <= BUDGETS.longTaskMs ? 'under budget' : 'OVER BUDGET';
    console.log(
      `| ${persona} | ${build} | ${msText(median(f.slow.map((s) => s.firstByteMs)))} | ${msText(median(f.slow.map((s) => s.firstPaintMs)))} | ${value ? msText(value) : 'none over 50 ms'} | ${median(f.slow.map((s) => s.count))} (each load: ${f.slow.map((s) => s.count).join(', ')}) | ${BUDGETS.longTaskMs} ms | ${verdict} |`,
    );
  }
  console.log(
    `\nWhat those long tasks run: the profiled load beside the median one (the profiler's own work lengthens its tasks, so it may list more than the figures above); milliseconds of the ${SLOWDOWN}x-slowed profile inside them, by package or folder, then by function:\n`,
  );
  console.log('| persona | build | in long tasks | by package or folder | by function |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [key, f] of figures) {
    const [persona, build] = key.split('\n') as [string, string];
    const m = medianLoad(f.slow);
    if (!m.count) {
      console.log(`| ${persona} | ${build} | none | | |`);
      continue;
    }
    const list = (entries: Array<[string, number]>) =>
      entries.map(([n, ms]) => `${n} ${msText(ms)}`).join('; ');
    const clock = m.coverage < 0.9 ? ` (the profile saw ${Math.round(m.coverage * 100)}% of it busy)` : '';
    console.log(
      `| ${persona} | ${build} | ${m.count} tasks, ${msText(m.inTasks.windowMs)}${clock} | ${list(largest(m.inTasks.groups, 8))} | ${list(largest(m.inTasks.functions, 6))} |`,
    );
  }
  console.log(
    `\nEach long task after the first paint in that profiled load (start since the navigation; the groups it ran most, ms of the ${SLOWDOWN}x-slowed profile):\n`,
  );
  console.log('| persona | build | starts | lasts | runs |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [key, f] of figures) {
    const [persona, build] = key.split('\n') as [string, string];
    for (const t of medianLoad(f.slow).each)
      console.log(
        `| ${persona} | ${build} | ${msText(t.start)} | ${msText(t.duration)} | ${t.top.map(([n, ms]) => `${n} ${msText(ms)}`).join('; ')} |`,
      );
  }
  return longest;
}

/**
 * Measures and prints; `base` is this build's server (BENCH_COMPARE_URL another's, measured beside it), `slowdown`
 * the calibrated low-tier phone's CPU slowdown (lib/bench-calibration.ts).
 */
export async function benchHomeProfile(base: string, slowdown: number): Promise<void> {
  const builds: Build[] = [];
  const compare = process.env.BENCH_COMPARE_URL;
  if (compare) {
    const dist = process.env.BENCH_COMPARE_DIST;
    builds.push({ label: compare, base: compare, maps: dist ? distMaps(dist) : () => null });
  }
  builds.push({ label: 'this build', base, maps: distMaps(join(repoRoot, 'dist')) });
  const figures = await measure(builds, slowdown);
  printProfiles(figures);
  const longest = printLongTasks(figures, slowdown);
  const worst = Math.max(...[...longest].filter(([k]) => k.endsWith('\nthis build')).map(([, v]) => v));
  console.log(
    `\nlongest task after first paint (${slowdown.toFixed(2)}x slowdown, the calibrated low-tier phone), the worst of the three personas: ${worst ? msText(worst) : 'none over 50 ms'}, budget ${BUDGETS.longTaskMs} ms: ${worst <= BUDGETS.longTaskMs ? 'under budget' : 'OVER BUDGET'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await benchServer();
  try {
    const calibration = await calibrateHost();
    console.log(`\nThe phone emulated: ${describeCalibration(calibration)}.`);
    await benchHomeProfile(server.base, calibration.multiplier);
  } finally {
    server.stop();
  }
}
