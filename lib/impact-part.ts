/**
 * The share of an impact run one thread does (lib/impact-threads.ts): parts of the population claimed one
 * at a time from a counter every thread shares, each measured and handed on, until none is left. The main
 * thread and the worker threads run the same loop, so a thread that starts late simply claims fewer parts.
 */
import { compileColumns, type ColumnRules } from '../src/engine/columns';
import type { Rulesets } from '../src/engine/types';
import { measureImpact, populationOf, type PartReport } from '../src/impact/impact';

/** What every thread is given: plain data, copied to each worker. */
export interface ImpactJob {
  readonly current: Rulesets;
  readonly base: Rulesets;
  readonly population:
    | { readonly distributions: unknown; readonly seed?: number; readonly accounts?: number }
    | { readonly factsLines: string; readonly name: string };
  readonly examples: number;
  readonly reuse: boolean;
  /** Accounts per part (default PART_ACCOUNTS): a test cuts a small population into several parts. */
  readonly partAccounts?: number;
}

/**
 * Accounts per part: small enough that the threads finish close together, large enough that a part's own
 * cost (its report) is a small share of it.
 */
export const PART_ACCOUNTS = 4_000;

export const partsOf = (size: number, partAccounts = PART_ACCOUNTS): number => Math.ceil(size / partAccounts);

/** Measures the parts this thread claims from `counter` (an Int32Array on shared memory) until none is left. */
export function measureClaimedParts(
  job: ImpactJob,
  counter: Int32Array,
  onPart: (part: PartReport) => void,
): void {
  const population = populationOf(job.population);
  const part = job.partAccounts ?? PART_ACCOUNTS;
  const parts = partsOf(population.size, part);
  let compiled: { current: ColumnRules; base: ColumnRules } | null = null;
  for (;;) {
    const i = Atomics.add(counter, 0, 1);
    if (i >= parts) return;
    compiled ??= { current: compileColumns(job.current), base: compileColumns(job.base) };
    const range = { from: i * part, to: Math.min(population.size, (i + 1) * part) };
    const report = measureImpact(job.current, job.base, population, {
      examples: job.examples,
      reuse: job.reuse,
      range,
      compiled,
    });
    onPart({ ...report, range });
  }
}
