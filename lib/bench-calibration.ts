/**
 * The phone the bench emulates, the same on every machine (issue 30, item 1; docs/decisions/038): Lighthouse
 * slows the CPU by a fixed 4x, so a faster host emulates a faster phone (98 on one machine, 78 on this one, for
 * the same build). DevTools' calibration instead divides the host's benchmark index, Lighthouse's own
 * (`computeBenchmarkIndex`, reported as `environment.benchmarkIndex`), by the index of the phone to emulate:
 * 264 for a low-tier phone (Moto G Power class, the device of Lighthouse's mobile preset), 1,000 for a
 * mid-tier one. The bench runs that benchmark in its Chromium before it measures and sets Lighthouse's
 * `cpuSlowdownMultiplier` and its own slowed loads (long tasks, taps) to index / 264.
 *
 * BENCH_BENCHMARK_INDEX fixes the index (to replay another machine's figures); BENCH_CPU_SLOWDOWN fixes the
 * multiplier itself.
 */
import type { Browser } from 'puppeteer-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchMeasuringBrowser, median } from './bench-sandbox';

/** DevTools' benchmark index of a low-tier phone (its "calibrated CPU throttling" presets). */
export const LOW_TIER_PHONE_INDEX = 264;
/** and of a mid-tier one, for reference */
export const MID_TIER_PHONE_INDEX = 1_000;
/** Lighthouse's fixed slowdown, printed beside the calibrated figures */
export const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;

export interface Calibration {
  /** the host's benchmark index (median of the runs), or the one BENCH_BENCHMARK_INDEX set */
  index: number;
  /** each run's index */
  runs: number[];
  /** index / 264, never under 1 (a host slower than the phone is not sped up) */
  multiplier: number;
  /** where the figures came from */
  source: 'measured' | 'BENCH_BENCHMARK_INDEX' | 'BENCH_CPU_SLOWDOWN';
}

/** The multiplier that makes this host a low-tier phone: index / 264, at least 1, to two decimals. */
export function slowdownFor(index: number, phoneIndex: number = LOW_TIER_PHONE_INDEX): number {
  if (!Number.isFinite(index) || index <= 0) throw new Error(`not a benchmark index: ${index}`);
  return Math.max(1, Math.round((index / phoneIndex) * 100) / 100);
}

/**
 * The multiplier of one Lighthouse run, from the index that run measured on this host right before its load;
 * BENCH_CPU_SLOWDOWN or BENCH_BENCHMARK_INDEX, when set, win over it (a replay of another machine's figures).
 */
export function runSlowdown(measuredIndex: number, env: NodeJS.ProcessEnv = process.env): number {
  if (env.BENCH_CPU_SLOWDOWN) {
    const multiplier = Number(env.BENCH_CPU_SLOWDOWN);
    if (!(multiplier >= 1)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1 up`);
    return multiplier;
  }
  if (env.BENCH_BENCHMARK_INDEX) return slowdownFor(Number(env.BENCH_BENCHMARK_INDEX));
  return slowdownFor(measuredIndex);
}

/**
 * Lighthouse's benchmark (a GC-heavy string loop and an array copy, half a second each) in a blank page of
 * this Chromium, `runs` times, and the multiplier of its median.
 */
export async function calibrate(browser: Browser, runs = 5, env = process.env): Promise<Calibration> {
  if (env.BENCH_CPU_SLOWDOWN) {
    const multiplier = Number(env.BENCH_CPU_SLOWDOWN);
    if (!(multiplier >= 1)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1 up`);
    return { index: multiplier * LOW_TIER_PHONE_INDEX, runs: [], multiplier, source: 'BENCH_CPU_SLOWDOWN' };
  }
  if (env.BENCH_BENCHMARK_INDEX) {
    const index = Number(env.BENCH_BENCHMARK_INDEX);
    return { index, runs: [], multiplier: slowdownFor(index), source: 'BENCH_BENCHMARK_INDEX' };
  }
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    // As Lighthouse evaluates it: the function's own text, called in the page.
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const indices: number[] = [];
    for (let i = 0; i < runs; i++) indices.push(Math.round((await page.evaluate(source)) as number));
    const index = median(indices);
    return { index, runs: indices, multiplier: slowdownFor(index), source: 'measured' };
  } finally {
    await context.close();
  }
}

/** One line for the printed figures. */
export function describeCalibration(c: Calibration): string {
  const how =
    c.source === 'measured'
      ? `Lighthouse's benchmark in this Chromium, median of ${c.runs.length} runs (${c.runs.join(', ')})`
      : `set by ${c.source}`;
  return `benchmark index ${Math.round(c.index)} (${how}); CPU slowdown ${c.multiplier.toFixed(2)}x = index / ${LOW_TIER_PHONE_INDEX}, a low-tier phone (Lighthouse's default: ${LIGHTHOUSE_DEFAULT_SLOWDOWN}x)`;
}

/** The host's calibration, in a Chromium of its own (the bench's measuring flags). */
export async function calibrateHost(): Promise<Calibration> {
  const browser = await launchMeasuringBrowser();
  try {
    return await calibrate(browser);
  } finally {
    await browser.close();
  }
}
