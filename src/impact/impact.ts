/**
 * The impact of a rule change: both rule sets decide for every account of a population, a block of
 * accounts at a time (the column evaluator, src/engine/columns.ts; the run itself is ./run.ts), and each
 * decision's differences are counted, by change (`+late-payment-alert`, `none → soft`), with a few example
 * accounts. Browser-safe: the rule studio runs it in a Web Worker (`runImpact`, with progress and
 * cancellation); scripts/rules-impact.ts is the command line around it (`measureImpact`). One account's
 * closer look (`compareAccount`) decides it with the compiled closures (src/engine/compile.ts).
 */
import { compileRules, type CompiledRules, type Overrides } from '../engine/compile';
import { type DataCall } from '../engine/decisions';
import type { FactVector } from '../engine/compile';
import type { HomeDecisions, ItemDecisions, Rulesets } from '../engine/types';
import { ImpactInputError, populationOf, rulesetProblems } from './sources';
import { ALL_CALLS, ORDER_HISTORY, TICKETS, callBits, notCalled, withCalls } from './calls';
export { readDecisions } from './compare';
import type { PrepareBaselineInput, RunDraftInput, RunImpactInput } from './inputs';
import { partRange } from './merge';
import { factsObject, type GeneratedAccount } from './population';
import { ImpactBaseline, ImpactRun, slicedBlock, type ImpactOptions } from './run';
import type { ImpactReport } from './changes';
import type { PopulationSource } from './sources';
import { NO_ITEMS, type Outcome } from './blocks';

export {
  BLOCK,
  ImpactBaseline,
  sameFiles,
  type AccountRange,
  type ImpactOptions,
  type ImpactProgress,
  type PartReport,
} from './run';
export type { PrepareBaselineInput, RunDraftInput, RunImpactInput } from './inputs';
export {
  ruleChanges,
  type Change,
  type DecisionImpact,
  type Example,
  type ImpactReport,
  type RuleChange,
} from './changes';
export {
  ImpactInputError,
  exportedPopulation,
  generatedPopulation,
  populationOf,
  rulesetProblems,
  type PopulationInput,
  type PopulationSource,
} from './sources';

/** The bits of a plan: the compiled rules give the same shared list for the same plan. */
const planBits = new Map<readonly DataCall[], number>();
function bitsOf(plan: readonly DataCall[]): number {
  let bits = planBits.get(plan);
  if (bits === undefined) planBits.set(plan, (bits = callBits(plan)));
  return bits;
}

/** What the customer gets of an account's data under these calls. */
const afterCalls = (calls: readonly DataCall[]): Overrides => notCalled(bitsOf(calls));

/** One account decided with the compiled closures, as the app decides it (compareAccount's closer look). */
function decideAccount(rules: CompiledRules, account: GeneratedAccount, answersEveryCall: boolean): Outcome {
  let calls = ALL_CALLS;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    // As the app: the profile first, then only the calls rules/data-loading.json chose.
    const planned = rules.decidePlanned(account.facts, notCalled(0), afterCalls);
    calls = bitsOf(planned.calls);
    decisions = planned.decisions;
  } else decisions = rules.decideVector(account.facts);
  // As the item store: every order and ticket the account loaded, with the toggles and the alert's offers.
  const orders = (calls & ORDER_HISTORY) !== 0 ? decideItems(rules, account.orders, decisions) : NO_ITEMS;
  const tickets = (calls & TICKETS) !== 0 ? decideItems(rules, account.tickets, decisions) : NO_ITEMS;
  return { decisions, orders, tickets, calls };
}

function decideItems(
  rules: CompiledRules,
  items: readonly FactVector[],
  decisions: HomeDecisions,
): readonly ItemDecisions[] {
  if (items.length === 0) return NO_ITEMS;
  const out: ItemDecisions[] = [];
  for (const item of items) out.push(rules.decideItemVector(item, decisions));
  return out;
}

/** Decides every account with both rule sets and counts what changes (synchronously: the command line). */
export function measureImpact(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  options: ImpactOptions = {},
): ImpactReport {
  const run = new ImpactRun(current, base, population, options);
  while (!run.finished) run.step();
  return run.report();
}

// ---------------------------------------------------------------- the studio's entry point

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The impact of `draft` against `base` on a population, for a Web Worker: the same work and report as
 * measureImpact, done in slices of about `sliceMs` with a yield between them, so the worker reports
 * progress and sees an abort. Rejects with ImpactInputError when a rule set or the population cannot be
 * used, and with the signal's reason when aborted.
 */
export async function runImpact(input: RunImpactInput): Promise<ImpactReport> {
  const { signal, onProgress } = input;
  signal?.throwIfAborted();
  const problems = [...rulesetProblems(input.base, 'base'), ...rulesetProblems(input.draft, 'draft')];
  if (problems.length > 0) throw new ImpactInputError(problems);
  const population = populationOf(input.population);
  const now = input.now ?? (() => performance.now());
  const sliceMs = input.sliceMs ?? 50;
  let run: ImpactRun;
  try {
    run = new ImpactRun(input.draft, input.base, population, {
      examples: input.examples,
      now,
      block: slicedBlock(population.size),
    });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(run, now, sliceMs, signal, () => onProgress?.(run.progress()));
  if (population.size === 0) onProgress?.(run.progress());
  return run.report();
}

/** Steps `work` until finished, yielding to the event loop every `sliceMs` of work (progress, aborts). */
async function sliced(
  work: { readonly finished: boolean; step(): void },
  now: () => number,
  sliceMs: number,
  signal: AbortSignal | undefined,
  onSlice: () => void,
): Promise<void> {
  while (!work.finished) {
    const sliceStart = now();
    do work.step();
    while (!work.finished && now() - sliceStart < sliceMs);
    onSlice();
    if (!work.finished) {
      await yieldToEvents();
      signal?.throwIfAborted();
    }
  }
}

/**
 * Generates the population and decides it with the base rules, in slices (the studio does it when it
 * opens, so that a measurement decides only the draft). Rejects as runImpact does.
 */
export async function prepareBaseline(input: PrepareBaselineInput): Promise<ImpactBaseline> {
  input.signal?.throwIfAborted();
  const problems = rulesetProblems(input.base, 'base');
  if (problems.length > 0) throw new ImpactInputError(problems);
  const population = populationOf(input.population);
  const now = input.now ?? (() => performance.now());
  let baseline: ImpactBaseline;
  try {
    const range = input.part ? partRange(population.size, input.part.index, input.part.of) : undefined;
    baseline = new ImpactBaseline(input.base, population, now, range);
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(baseline, now, input.sliceMs ?? 50, input.signal, () =>
    input.onProgress?.({
      done: baseline.done - baseline.range.from,
      total: baseline.range.to - baseline.range.from,
    }),
  );
  return baseline;
}

/**
 * runImpact on a prepared baseline: the same report as runImpact({ base: baseline.base, draft, population })
 * (its timings apart: generating and the base rules cost nothing here), deciding the draft only.
 */
export async function runDraftImpact(input: RunDraftInput): Promise<ImpactReport> {
  const { baseline, signal, onProgress } = input;
  signal?.throwIfAborted();
  if (!baseline.finished) throw new Error('The baseline is not prepared yet');
  const problems = rulesetProblems(input.draft, 'draft');
  if (problems.length > 0) throw new ImpactInputError(problems);
  const now = input.now ?? (() => performance.now());
  let run: ImpactRun;
  try {
    run = new ImpactRun(input.draft, baseline.base, baseline.population, {
      examples: input.examples,
      now,
      baseline,
    });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(run, now, input.sliceMs ?? 50, signal, () => onProgress?.(run.progress()));
  if (baseline.population.size === 0) onProgress?.(run.progress());
  return run.report();
}

/** One account under both rule sets, for a closer look (`rules:impact -- --show <index>`). */
export function compareAccount(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  index: number,
) {
  const account = population.account(index);
  const now = decideAccount(compileRules(current), account, population.answersEveryCall);
  const before = decideAccount(compileRules(base), account, population.answersEveryCall);
  return {
    label: population.label(index),
    facts: factsObject(withCalls(account.facts, now.calls)),
    current: { decisions: now.decisions, orders: now.orders, tickets: now.tickets },
    base: { decisions: before.decisions, orders: before.orders, tickets: before.tickets },
  };
}
