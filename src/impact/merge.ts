/**
 * One impact run done in parts, each over a range of the population (a thread's share), put back together
 * into the report the whole run gives in one piece: counts summed, each change's first examples in account
 * order, changes most frequent first. Browser-safe: the command line's worker threads and the studio's Web
 * Workers both merge with it.
 */
import { DECISION_IDS } from '../engine/decisions';
import type { Change, DecisionImpact, Example, ImpactReport } from './changes';

/** The accounts [from, to) of part `index` of `parts` equal parts of a population of `size` accounts. */
export function partRange(size: number, index: number, parts: number): { from: number; to: number } {
  return { from: Math.floor((size * index) / parts), to: Math.floor((size * (index + 1)) / parts) };
}

/**
 * The report of the whole run from the reports of its parts (in any order; each over its own range, with
 * the same rules, population and `examples` per change). Timings: each step's time summed over the parts
 * (the work done, on whichever thread), `totalMs` as the whole run's (default: that sum), and how many
 * `threads` shared the work.
 */
export function mergeReports(
  parts: readonly (ImpactReport & { range: { from: number } })[],
  examples = 3,
  totalMs?: number,
  threads = 1,
): ImpactReport {
  if (parts.length === 0) throw new Error('No part to merge');
  const ordered = [...parts].sort((a, b) => a.range.from - b.range.from);
  const first = ordered[0]!;
  const tallies = new Map<string, { accounts: number; changes: Map<string, Change> }>();
  for (const part of ordered) {
    for (const d of part.decisions) {
      let tally = tallies.get(d.decision);
      if (!tally) tallies.set(d.decision, (tally = { accounts: 0, changes: new Map() }));
      tally.accounts += d.accounts;
      for (const c of d.changes) {
        const known = tally.changes.get(c.change);
        tally.changes.set(
          c.change,
          known
            ? {
                change: c.change,
                accounts: known.accounts + c.accounts,
                examples: [...known.examples, ...c.examples].slice(0, examples),
              }
            : { change: c.change, accounts: c.accounts, examples: c.examples.slice(0, examples) },
        );
      }
    }
  }
  const decisions: DecisionImpact[] = DECISION_IDS.flatMap((id) => {
    const tally = tallies.get(id);
    if (!tally) return [];
    const changes = [...tally.changes.values()];
    changes.sort((x, y) => y.accounts - x.accounts || x.change.localeCompare(y.change));
    return [{ decision: id, accounts: tally.accounts, changes }];
  });
  const kept = new Set(decisions.flatMap((d) => d.changes.flatMap((c) => c.examples)));
  const byIndex = new Map<number, Example>();
  for (const part of ordered) for (const e of part.examples) if (kept.has(e.index)) byIndex.set(e.index, e);
  type Step = 'generate' | 'current' | 'base' | 'compare' | 'total';
  const sum = (key: Step): number => ordered.reduce((t, p) => t + p.timings[key], 0);
  return {
    population: first.population,
    accounts: ordered.reduce((n, p) => n + p.accounts, 0),
    changedAccounts: ordered.reduce((n, p) => n + p.changedAccounts, 0),
    decisions,
    rules: first.rules,
    keyFacts: first.keyFacts,
    examples: [...byIndex.values()].sort((a, b) => a.index - b.index),
    timings: {
      generate: sum('generate'),
      current: sum('current'),
      base: sum('base'),
      compare: sum('compare'),
      total: totalMs ?? sum('total'),
      ...(threads > 1 ? { threads } : {}),
    },
  };
}
