/**
 * The impact of a rule change: both rule sets (compiled, src/engine/compile.ts) decide for every account
 * of a population, and each decision's differences are counted, by change (`+late-payment-alert`,
 * `none → soft`), with a few example accounts. Browser-safe: the rule studio runs it in a Web Worker
 * (`runImpact`, with progress and cancellation); scripts/rules-impact.ts is the command line around it
 * (`measureImpact`).
 */
import { compileRules, type CompiledRules, type FactVector, type Overrides } from '../engine/compile';
import { DECISIONS, type DataCall, type DecisionId } from '../engine/decisions';
import { TOGGLE_NAMES } from '../facts/vocabulary';
import type { HomeDecisions, ItemDecisions, Rulesets } from '../engine/types';
import { keyFactsOf, ruleChanges, type DecisionImpact, type ImpactReport } from './changes';
import { ImpactInputError, populationOf, rulesetProblems, type PopulationSource } from './sources';
import { ALL_CALLS, ORDER_HISTORY, TICKETS, callBits, notCalled, withCalls } from './calls';
import { COMPARED, itemChanges, sameRecord } from './compare';
export { readDecisions } from './compare';
import type { PrepareBaselineInput, RunDraftInput, RunImpactInput } from './inputs';
import { partRange } from './merge';
import { factsObject, type GeneratedAccount } from './population';

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

/** One account's decisions under one rule set. */
interface Outcome {
  readonly decisions: HomeDecisions;
  /** Per order of the history, its per-item decisions (empty when the history was not loaded). */
  readonly orders: readonly ItemDecisions[];
  /** Per repair ticket, its per-item decisions (empty when the tickets were not loaded). */
  readonly tickets: readonly ItemDecisions[];
  /** The calls made (all for final facts). */
  readonly calls: number;
  /** The plan of calls (the shared list the compiled rules gave), when the rules made one. */
  readonly plan: readonly DataCall[] | null;
}

const NO_ITEMS: readonly ItemDecisions[] = [];

/** The bits of a plan: the compiled rules give the same shared list for the same plan. */
const planBits = new Map<readonly DataCall[], number>();
function bitsOf(plan: readonly DataCall[]): number {
  let bits = planBits.get(plan);
  if (bits === undefined) planBits.set(plan, (bits = callBits(plan)));
  return bits;
}

/** What the customer gets of an account's data under these calls. */
const afterCalls = (calls: readonly DataCall[]): Overrides => notCalled(bitsOf(calls));

function decideAccount(rules: CompiledRules, account: GeneratedAccount, answersEveryCall: boolean): Outcome {
  let calls = ALL_CALLS;
  let plan: readonly DataCall[] | null = null;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    // As the app: the profile first, then only the calls rules/data-loading.json chose.
    const planned = rules.decidePlanned(account.facts, notCalled(0), afterCalls);
    plan = planned.calls;
    calls = bitsOf(plan);
    decisions = planned.decisions;
  } else decisions = rules.decideVector(account.facts);
  // As the item store: every order and ticket the account loaded, with the toggles and the alert's offers.
  const orders = (calls & ORDER_HISTORY) !== 0 ? decideItems(rules, account.orders, decisions) : NO_ITEMS;
  const tickets = (calls & TICKETS) !== 0 ? decideItems(rules, account.tickets, decisions) : NO_ITEMS;
  return { decisions, orders, tickets, calls, plan };
}

/**
 * decideAccount for the base rules, reusing what the current rules decided for the same account wherever
 * a rule file and what it reads are the same (src/engine/compile.ts decidePlannedReusing): the same
 * outcome as decideAccount, in a fraction of the time when a change touches few files.
 */
function decideAccountReusing(
  rules: CompiledRules,
  account: GeneratedAccount,
  answersEveryCall: boolean,
  known: Outcome,
  same: ReadonlySet<DecisionId>,
): Outcome {
  let calls = ALL_CALLS;
  let plan: readonly DataCall[] | null = null;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    const planned = rules.decidePlannedReusing(
      account.facts,
      notCalled(0),
      afterCalls,
      { calls: known.plan!, decisions: known.decisions },
      same,
    );
    plan = planned.calls;
    calls = bitsOf(plan);
    decisions = planned.decisions;
  } else decisions = rules.decideVectorReusing(account.facts, known.decisions, same);
  // Items read their own facts, the toggles and whether the alert offers Cancel Order.
  const itemsSame =
    same.has('history-actions') &&
    same.has('appointment-messages') &&
    calls === known.calls &&
    decisions.orderActions['cancel-order'] === known.decisions.orderActions['cancel-order'] &&
    sameRecord(TOGGLE_NAMES, decisions.toggles, known.decisions.toggles);
  if (itemsSame) return { decisions, orders: known.orders, tickets: known.tickets, calls, plan };
  const orders = (calls & ORDER_HISTORY) !== 0 ? decideItems(rules, account.orders, decisions) : NO_ITEMS;
  const tickets = (calls & TICKETS) !== 0 ? decideItems(rules, account.tickets, decisions) : NO_ITEMS;
  return { decisions, orders, tickets, calls, plan };
}

/** The decisions whose rule files are the same in both rule sets (same rules in the same order). */
export function sameFiles(current: Rulesets, base: Rulesets): Set<DecisionId> {
  return new Set(
    DECISIONS.filter(({ id }) => JSON.stringify(current[id].rules) === JSON.stringify(base[id].rules)).map(
      ({ id }) => id,
    ),
  );
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

export interface ImpactOptions {
  /** Example accounts kept per change (default 3). */
  examples?: number;
  /** The clock for the timings (default performance.now). */
  now?: () => number;
  /**
   * false: decide every file of the base rules afresh instead of reusing the current rules' answers where
   * a file and what it reads are the same (the same report, slower: the bench's worst case).
   */
  reuse?: boolean;
  /**
   * The population already generated and decided with the base rules (prepareBaseline): only the current
   * rules are decided then, reusing the base rules' answers where a file and what it reads are the same.
   */
  baseline?: ImpactBaseline;
  /**
   * Only accounts [from, to) of the population (a thread's part, merge.ts): the report counts those and says
   * which (`range`). Default: all of them, or the baseline's.
   */
  range?: AccountRange;
  /** Both rule sets compiled already (a thread measuring several parts compiles them once). */
  compiled?: { current: CompiledRules; base: CompiledRules };
}

/** Accounts [from, to) of a population. */
export interface AccountRange {
  readonly from: number;
  readonly to: number;
}

/** A report of some of the population's accounts (merge.ts puts the parts together). */
export type PartReport = ImpactReport & { range: AccountRange };

/** Where a run stands: reported by runImpact after each slice of work. */
export interface ImpactProgress {
  /** Accounts decided with both rule sets and compared so far. */
  readonly done: number;
  readonly total: number;
  /** Of those, accounts that see a change (ImpactReport.changedAccounts). */
  readonly changedAccounts: number;
  /** Milliseconds of work so far (time spent yielding to other work not counted). */
  readonly elapsed: number;
}

/** Accounts per round of generating, deciding twice and comparing (each round timed per step). */
const CHUNK = 256;

type Tally = { accounts: number; changes: Map<string, { accounts: number; examples: number[] }> };

/**
 * One impact run over a population, a chunk of accounts at a time: measureImpact runs it straight through,
 * runImpact yields between slices so a worker can report progress and be cancelled.
 */
class ImpactRun {
  private readonly now: () => number;
  private readonly keep: number;
  private readonly compiledCurrent: CompiledRules;
  private readonly compiledBase: CompiledRules;
  /** Decisions whose file is the same in both: the base rules reuse the current rules' answers. */
  private readonly same: ReadonlySet<DecisionId>;
  private readonly timings = { generate: 0, current: 0, base: 0, compare: 0, total: 0 };
  private readonly tallies = new Map<DecisionId, Tally>();
  private readonly exampleIndexes = new Set<number>();
  private readonly factsOf = new Map<number, FactVector>();
  private changedAccounts = 0;
  private next: number;
  private readonly from: number;
  private readonly to: number;
  private readonly accounts: GeneratedAccount[] = [];
  private readonly outcomesCurrent: Outcome[] = [];
  private readonly outcomesBase: Outcome[] = [];
  /** Per-item changes of one account (reused: cleared for each account). */
  private readonly found = { messages: new Set<string>(), actions: new Set<string>() };

  constructor(
    private readonly current: Rulesets,
    private readonly base: Rulesets,
    private readonly population: PopulationSource,
    options: ImpactOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.keep = options.examples ?? 3;
    const started = this.now();
    this.baseline = options.baseline ?? null;
    if (this.baseline && (this.baseline.base !== base || this.baseline.population !== population))
      throw new Error('The baseline was prepared for other base rules or another population');
    const range = options.range ?? this.baseline?.range ?? { from: 0, to: population.size };
    if (this.baseline && (range.from < this.baseline.range.from || range.to > this.baseline.range.to))
      throw new Error('The baseline was prepared for other accounts');
    this.from = this.next = range.from;
    this.to = range.to;
    this.compiledCurrent = options.compiled?.current ?? compileRules(current);
    this.compiledBase = this.baseline?.compiled ?? options.compiled?.base ?? compileRules(base);
    this.same = options.reuse === false ? new Set() : sameFiles(current, base);
    this.timings.total = this.now() - started;
  }

  private readonly baseline: ImpactBaseline | null;

  get finished(): boolean {
    return this.next >= this.to;
  }

  progress(): ImpactProgress {
    return {
      done: this.next - this.from,
      total: this.to - this.from,
      changedAccounts: this.changedAccounts,
      elapsed: this.timings.total,
    };
  }

  private record(decision: DecisionId, keys: Iterable<string>, k: number, outcome: Outcome): void {
    const index = this.next + k;
    let tally = this.tallies.get(decision);
    if (!tally) this.tallies.set(decision, (tally = { accounts: 0, changes: new Map() }));
    tally.accounts++;
    for (const key of keys) {
      let change = tally.changes.get(key);
      if (!change) tally.changes.set(key, (change = { accounts: 0, examples: [] }));
      change.accounts++;
      if (change.examples.length < this.keep) {
        change.examples.push(index);
        this.exampleIndexes.add(index);
        if (!this.factsOf.has(index))
          this.factsOf.set(index, withCalls(this.accounts[k]!.facts, outcome.calls));
      }
    }
  }

  /** Generates, decides with both rule sets and compares the next chunk of accounts. */
  step(): void {
    const { now, population, timings, accounts, outcomesCurrent, outcomesBase } = this;
    const started = now();
    const start = this.next;
    const n = Math.min(CHUNK, this.to - start);
    const every = population.answersEveryCall;
    const baseline = this.baseline;
    if (baseline) {
      // The base rules' side is known: decide the current rules only, from the base rules' answers.
      if (baseline.done < start + n) throw new Error('The baseline is not prepared yet');
      let t = now();
      for (let k = 0; k < n; k++) {
        accounts[k] = baseline.accounts[start + k]!;
        outcomesBase[k] = baseline.outcomes[start + k]!;
        outcomesCurrent[k] = decideAccountReusing(
          this.compiledCurrent,
          accounts[k]!,
          every,
          outcomesBase[k]!,
          this.same,
        );
      }
      timings.current += now() - t;
      t = now();
      this.compare(n);
      timings.compare += now() - t;
      this.next += n;
      timings.total += now() - started;
      return;
    }
    let t = now();
    for (let k = 0; k < n; k++) accounts[k] = population.account(start + k);
    timings.generate += now() - t;
    t = now();
    for (let k = 0; k < n; k++) outcomesCurrent[k] = decideAccount(this.compiledCurrent, accounts[k]!, every);
    timings.current += now() - t;
    t = now();
    for (let k = 0; k < n; k++)
      outcomesBase[k] = decideAccountReusing(
        this.compiledBase,
        accounts[k]!,
        every,
        outcomesCurrent[k]!,
        this.same,
      );
    timings.base += now() - t;
    t = now();
    this.compare(n);
    timings.compare += now() - t;
    this.next += n;
    timings.total += now() - started;
  }

  /** Compares the chunk's outcomes under both rule sets and tallies the changes. */
  private compare(n: number): void {
    const { outcomesCurrent, outcomesBase, found } = this;
    for (let k = 0; k < n; k++) {
      const a = outcomesCurrent[k]!;
      const b = outcomesBase[k]!;
      // The same decisions and items (a base side that reused every answer): nothing to compare.
      if (a.decisions === b.decisions && a.orders === b.orders && a.tickets === b.tickets) continue;
      let changed = false;
      for (const [id, same, changes, seen] of COMPARED) {
        if (same(a.decisions, b.decisions)) continue;
        if (seen) changed = true;
        this.record(id, changes(a.decisions, b.decisions), k, a);
      }
      if (a.orders !== b.orders || a.tickets !== b.tickets) {
        found.messages.clear();
        found.actions.clear();
        itemChanges(a.orders, b.orders, 'order', found);
        itemChanges(a.tickets, b.tickets, 'ticket', found);
        if (found.messages.size > 0) this.record('appointment-messages', found.messages, k, a);
        if (found.actions.size > 0) this.record('history-actions', found.actions, k, a);
        if (found.messages.size + found.actions.size > 0) changed = true;
      }
      if (changed) this.changedAccounts++;
    }
  }

  report(): ImpactReport & { range?: AccountRange } {
    const { current, base, population, from, to } = this;
    const rules = ruleChanges(current, base);
    const keyFacts = keyFactsOf(rules, current, base);
    const decisions: DecisionImpact[] = DECISIONS.flatMap(({ id }) => {
      const tally = this.tallies.get(id);
      if (!tally) return [];
      const changes = [...tally.changes].map(([change, c]) => ({
        change,
        accounts: c.accounts,
        examples: c.examples,
      }));
      changes.sort((x, y) => y.accounts - x.accounts || x.change.localeCompare(y.change));
      return [{ decision: id, accounts: tally.accounts, changes }];
    });
    const examples = [...this.exampleIndexes]
      .sort((x, y) => x - y)
      .map((index) => {
        const all = factsObject(this.factsOf.get(index)!);
        return {
          index,
          label: population.label(index),
          facts: Object.fromEntries(keyFacts.map((f) => [f, all[f]])),
        };
      });
    return {
      population: population.description,
      accounts: this.next - from,
      changedAccounts: this.changedAccounts,
      decisions,
      rules,
      keyFacts,
      examples,
      timings: { ...this.timings },
      ...(from > 0 || to < population.size ? { range: { from, to } } : {}),
    };
  }
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

// ---------------------------------------------------------------- the base rules' side, once

/**
 * A population generated and decided with the base rules (the live rules, in the studio), kept between
 * measurements: what does not change from one draft to the next is done once. A run given it decides only
 * the draft, reusing the base rules' answer for each file the draft leaves as it is and whose inputs are
 * the same for the account (decideAccountReusing: exactly deciding afresh, held so by a property test), so
 * an edit to one file decides that file (and the files reading its decision) per account, then compares.
 * Memory: the accounts' fact vectors and one outcome per account (about 100 MB for 100,000 accounts).
 */
export class ImpactBaseline {
  readonly compiled: CompiledRules;
  /** @internal Account `i` of the population, generated once. */
  readonly accounts: GeneratedAccount[];
  /** @internal Its decisions under the base rules. */
  readonly outcomes: Outcome[];
  /** The next account to generate and decide: those of its range before it are done. */
  done = 0;
  /** Milliseconds spent generating and deciding. */
  readonly timings = { generate: 0, decide: 0 };

  /** The accounts it holds (all by default; a Web Worker's part in the studio). */
  readonly range: AccountRange;

  constructor(
    readonly base: Rulesets,
    readonly population: PopulationSource,
    private readonly now: () => number = () => performance.now(),
    range?: AccountRange,
  ) {
    this.compiled = compileRules(base);
    this.range = range ?? { from: 0, to: population.size };
    this.done = this.range.from;
    this.accounts = new Array<GeneratedAccount>(population.size);
    this.outcomes = new Array<Outcome>(population.size);
  }

  get finished(): boolean {
    return this.done >= this.range.to;
  }

  /** Generates and decides the next chunk of accounts. */
  step(): void {
    const { now, population, accounts, outcomes } = this;
    const start = this.done;
    const end = Math.min(start + CHUNK, this.range.to);
    let t = now();
    for (let i = start; i < end; i++) accounts[i] = population.account(i);
    this.timings.generate += now() - t;
    t = now();
    const every = population.answersEveryCall;
    for (let i = start; i < end; i++) outcomes[i] = decideAccount(this.compiled, accounts[i]!, every);
    this.timings.decide += now() - t;
    this.done = end;
  }
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
    run = new ImpactRun(input.draft, input.base, population, { examples: input.examples, now });
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
