/**
 * Samples of a generated population for the tests that hold rules:impact to json-rules-engine, which decides
 * an account in milliseconds where the compiled evaluators take microseconds: a few hundred accounts taken
 * in order spend most of their time on accounts alike, and may miss a rare kind altogether. A sample here is
 * every kind of account the comparison can tell apart (its strata, found with the compiled evaluator over
 * the first accounts of the population) plus a few drawn at random with a recorded seed; `SWEEP=1` takes
 * more of each (test/support/sweep.ts).
 */
import { compileRules, type CompiledRules } from '../../../src/engine/compile';
import type { DataCall } from '../../../src/engine/decisions';
import type { HomeDecisions, ItemDecisions, Rulesets } from '../../../src/engine/types';
import { ORDER_HISTORY, TICKETS, callBits, notCalled } from '../../../src/impact/calls';
import type { GeneratedAccount } from '../../../src/impact/population';
import type { PopulationSource } from '../../../src/impact/sources';

/** The accounts `indexes` of `population`, read exactly as the population reads them (accountInto too). */
export function sampleOf(population: PopulationSource, indexes: readonly number[]): PopulationSource {
  return {
    size: indexes.length,
    answersEveryCall: population.answersEveryCall,
    account: (i) => population.account(indexes[i]!),
    ...(population.accountInto
      ? { accountInto: (i: number, v: unknown[]) => population.accountInto!(indexes[i]!, v) }
      : {}),
    label: (i) => population.label(indexes[i]!),
    description: { ...population.description, sample: indexes.length },
  };
}

/** `count` distinct indexes below `size`, drawn with `seed` (a linear congruential generator: replayable). */
export function randomIndexes(size: number, count: number, seed: number): number[] {
  const out = new Set<number>();
  let s = seed >>> 0;
  while (out.size < Math.min(count, size)) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.add(s % size);
  }
  return [...out];
}

/** An account decided the app's way with compiled rules: the calls planned, then each loaded item. */
interface AppOutcome {
  readonly first: readonly DataCall[];
  readonly calls: readonly DataCall[];
  readonly decisions: HomeDecisions;
  readonly orders: readonly ItemDecisions[];
  readonly tickets: readonly ItemDecisions[];
}

const after = (calls: readonly DataCall[]) => notCalled(callBits(calls));

function appOutcome(rules: CompiledRules, account: GeneratedAccount): AppOutcome {
  const first = rules.planCalls(account.facts, notCalled(0));
  const { calls, decisions } = rules.decidePlanned(account.facts, notCalled(0), after);
  const bits = callBits(calls);
  const items = (loaded: boolean, list: GeneratedAccount['orders']) =>
    loaded ? list.map((o) => rules.decideItemVector(o, decisions)) : [];
  return {
    first,
    calls,
    decisions,
    orders: items((bits & ORDER_HISTORY) !== 0, account.orders),
    tickets: items((bits & TICKETS) !== 0, account.tickets),
  };
}

/** Decisions are shared records (one per combination of answers): each is written out once. */
const texts = new WeakMap<object, string>();
const text = (x: unknown): string => {
  if (typeof x !== 'object' || x === null) return JSON.stringify(x);
  let t = texts.get(x);
  if (t === undefined) texts.set(x, (t = JSON.stringify(x)));
  return t;
};

/**
 * One side of an account in a comparison: its home view (`view`: which one; else only whether it is the full
 * home, where sections show), calls asked for once the first answered, orders and tickets loaded.
 */
const sideKey = (o: AppOutcome, view: boolean): string =>
  [
    view ? o.decisions.homeView.view : o.decisions.homeView.view === 'full' ? 'full' : 'not full',
    // The app asks again once the first calls answered (the wifi calls wait for the services answer).
    o.calls.length > o.first.length ? 'later calls' : '',
    o.orders.length > 0 ? 'orders' : '',
    o.tickets.length > 0 ? 'tickets' : '',
  ].join(' ');

/** Which decisions, and which items' decisions, differ between the two sides. */
function changeKey(now: AppOutcome, before: AppOutcome): string {
  const a = now.decisions as unknown as Record<string, unknown>;
  const b = before.decisions as unknown as Record<string, unknown>;
  const items = (x: readonly ItemDecisions[], y: readonly ItemDecisions[]) =>
    x.length !== y.length || x.some((d, i) => text(d) !== text(y[i]));
  return [
    Object.keys(a)
      .filter((k) => text(a[k]) !== text(b[k]))
      .join(','),
    items(now.orders, before.orders) ? 'orders differ' : '',
    items(now.tickets, before.tickets) ? 'tickets differ' : '',
  ].join(' ');
}

/**
 * The kinds of account a comparison tells apart: `flow`, the path each side's account takes through the
 * app's way of deciding (every home view); `changes`, what differs between the sides, and each side's path
 * but for which view other than the full home it shows.
 */
const KEYS = {
  flow: (now: AppOutcome, before: AppOutcome) => `${sideKey(now, true)} | ${sideKey(before, true)}`,
  changes: (now: AppOutcome, before: AppOutcome) =>
    `${sideKey(now, false)} | ${sideKey(before, false)} | ${changeKey(now, before)}`,
};

/** The first accounts of a population, and their outcomes under base rules: scanned once per file. */
const scanned = new WeakMap<
  PopulationSource,
  { accounts: GeneratedAccount[]; outcomes: WeakMap<Rulesets, AppOutcome[]> }
>();

function scan(population: PopulationSource, base: Rulesets, count: number) {
  let known = scanned.get(population);
  if (!known) scanned.set(population, (known = { accounts: [], outcomes: new WeakMap() }));
  const { accounts } = known;
  for (let i = accounts.length; i < Math.min(count, population.size); i++)
    accounts.push(population.account(i));
  let outcomes = known.outcomes.get(base);
  if (!outcomes) known.outcomes.set(base, (outcomes = []));
  if (outcomes.length < accounts.length) {
    const rules = compileRules(structuredClone(base));
    for (let i = outcomes.length; i < accounts.length; i++) outcomes.push(appOutcome(rules, accounts[i]!));
  }
  return { accounts: accounts.slice(0, count), outcomes };
}

export interface Sample {
  /** The chosen accounts as a population (the report's examples index it). */
  readonly source: PopulationSource;
  /** Their indexes in the population. */
  readonly indexes: readonly number[];
  /** How many kinds of account the scan found. */
  readonly strata: number;
}

/**
 * Up to `perStratum` accounts of every kind (`by`, KEYS) found among the first `scan` accounts of
 * `population`, decided with the compiled evaluator under `current` and `base` (the same `base` object and
 * population are scanned once), then `random` more drawn with `seed` from the whole population.
 */
export function stratifiedSample(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  options: { by: keyof typeof KEYS; scan: number; perStratum: number; random: number; seed: number },
): Sample {
  const now = compileRules(structuredClone(current));
  const { accounts, outcomes } = scan(population, base, options.scan);
  const taken = new Map<string, number>();
  const indexes: number[] = [];
  accounts.forEach((account, i) => {
    const key = KEYS[options.by](appOutcome(now, account), outcomes[i]!);
    const n = taken.get(key) ?? 0;
    if (n < options.perStratum) indexes.push(i);
    taken.set(key, n + 1);
  });
  const chosen = new Set(indexes);
  for (const i of randomIndexes(population.size, options.random, options.seed))
    if (!chosen.has(i)) indexes.push(i);
  return { source: sampleOf(population, indexes), indexes, strata: taken.size };
}
