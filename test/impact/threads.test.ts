/**
 * An impact run in parts (issue 22 item 6): the population cut into ranges, each measured on its own (a
 * thread's share on the command line, a Web Worker's in the studio) and the reports merged, gives exactly
 * the report of one run over every account, for any rule change (the property tests of impact.test.ts hold
 * that one run to json-rules-engine). And the command line's threads give it too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultThreads, measureImpactInThreads } from '../../lib/impact-threads';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { compileColumns } from '../../src/engine/columns';
import type { Rulesets } from '../../src/engine/types';
import { parseDistributions } from '../../src/impact/distributions';
import {
  generatedPopulation,
  measureImpact,
  prepareBaseline,
  runDraftImpact,
  type ImpactReport,
  type PartReport,
} from '../../src/impact/impact';
import { mergeReports, partRange } from '../../src/impact/merge';
import { rulesetsArbitrary, thresholdsOf } from '../engine/support/arbitraries';
import { sized } from '../support/sweep';

const distributionsJson: unknown = JSON.parse(
  readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8'),
);
const distributions = parseDistributions(distributionsJson);
/** Read and checked once (about 0.1 s each time); every test gets its own copy. */
const SHIPPED = loadRulesDir();
const shipped = (): Rulesets => structuredClone(SHIPPED);
const withoutTimings = ({ timings: _t, ...rest }: ImpactReport) => rest;

/** The card warning at 45 days instead of 60: 270 of the 100,000 generated accounts change. */
function cardAt45(): Rulesets {
  const r = shipped();
  const rule = r['prepaid-card'].rules.find((x) => x.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  return r;
}

describe('an impact run in parts', () => {
  const population = generatedPopulation(distributions, { accounts: 600, seed: 5 });

  // Each run measures the 600 accounts twice (in parts, and whole): 15 drafts a run, 40 with SWEEP=1.
  it('merges to the report of one run over every account, for any draft and any cut', () => {
    const live = shipped();
    const liveColumns = compileColumns(live);
    fc.assert(
      fc.property(
        rulesetsArbitrary(shipped(), thresholdsOf(shipped())),
        fc.uniqueArray(fc.integer({ min: 1, max: 599 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 3 }),
        (draft, cuts, examples) => {
          const edges = [0, ...cuts.sort((a, b) => a - b), 600];
          // Both rule sets compiled once for every part, as a thread compiles them for the parts it claims
          // (lib/impact-part.ts); the whole run compiles its own.
          const compiled = { current: compileColumns(draft), base: liveColumns };
          const parts = edges.slice(1).map((to, i) => {
            const range = { from: edges[i]!, to };
            return { ...measureImpact(draft, live, population, { range, examples, compiled }), range };
          });
          const whole = measureImpact(draft, live, population, { examples });
          // The parts in any order.
          expect(withoutTimings(mergeReports(parts.reverse(), examples))).toEqual(withoutTimings(whole));
        },
      ),
      { numRuns: sized(15, 40) },
    );
  });

  it('counts the parts of a prepared population (a Web Worker each) as one run', async () => {
    const draft = cardAt45();
    const parts = await Promise.all(
      [0, 1].map(async (index) => {
        const baseline = await prepareBaseline({ base: shipped(), population, part: { index, of: 2 } });
        expect(baseline.range).toEqual(partRange(600, index, 2));
        const report = await runDraftImpact({ baseline, draft });
        expect(report.accounts).toBe(300);
        return report as PartReport;
      }),
    );
    const whole = measureImpact(draft, shipped(), population);
    expect(withoutTimings(mergeReports(parts))).toEqual(withoutTimings(whole));
  });
});

describe('rules:impact on worker threads', () => {
  it('uses one thread per idle core by default: every core of a quiet machine, one on a busy one', () => {
    expect(defaultThreads(2, 0.1)).toBe(2);
    expect(defaultThreads(2, 0.9)).toBe(1);
    expect(defaultThreads(2, 6.5)).toBe(1);
    expect(defaultThreads(8, 3.2)).toBe(5);
    expect(defaultThreads(4, 0)).toBe(4);
  });

  // Parts of 1,000 accounts instead of the command line's 4,000: the same cuts (three whole parts and a
  // small last one) for a quarter of the work.
  it('gives the report of one thread on two threads, and on worker threads alone, the worst case included', async () => {
    const partAccounts = 1000;
    const accounts = partAccounts * 3 + 17;
    const population = generatedPopulation(distributions, { accounts });
    for (const reuse of [true, false]) {
      const job = {
        current: shipped(),
        base: cardAt45(),
        population: { distributions: distributionsJson, accounts },
        examples: 3,
        reuse,
        partAccounts,
      };
      const one = withoutTimings(measureImpact(job.current, job.base, population, { reuse }));
      const threaded = await measureImpactInThreads(job, 2);
      expect(threaded.timings.threads).toBe(2);
      expect(withoutTimings(threaded)).toEqual(one);
      // The worker threads alone (the main thread claims nothing): their bundled module measures the same.
      const workersOnly = await measureImpactInThreads(job, 2, false);
      expect(withoutTimings(workersOnly)).toEqual(one);
      expect(one.changedAccounts).toBeGreaterThan(0);
    }
  });
});
