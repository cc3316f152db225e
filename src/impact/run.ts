/**
 * One impact run, a block of accounts at a time: both rule sets decide the block with the column evaluator
 * (src/engine/columns.ts), the base rules reusing, where a file and what it reads are the same, the current
 * rules' columns, and each account's decisions are compared (./compare.ts) and tallied. measureImpact runs it
 * straight through; the studio's entry points (./impact.ts) in slices. An ImpactBaseline keeps the base
 * rules' side of every block between measurements (the studio's live rules).
 */
import { compileColumns, aloneBlock, type BlockDecisions, type ColumnRules } from '../engine/columns';
import { DECISIONS, type DecisionId } from '../engine/decisions';
import type { FactVector } from '../engine/compile';
import type { HomeDecisions, Rulesets } from '../engine/types';
import { blockOf, outcomeAt, releaseBlock, sameItems, type ImpactBlock } from './blocks';
import { ALL_CALLS, CALL_MODEL, withCalls } from './calls';
import { keyFactsOf, ruleChanges, type DecisionImpact, type ImpactReport } from './changes';
import { COMPARED, itemChanges } from './compare';
import { factsObject } from './population';
import type { PopulationSource } from './sources';

export interface ImpactOptions {
  /** Example accounts kept per change (default 3). */
  examples?: number;
  /** The clock for the timings (default performance.now). */
  now?: () => number;
  /**
   * false: decide every file of the base rules afresh, sharing no condition's result with the current rules
   * (the same report, slower: the bench's worst case, as if every file differed).
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
  compiled?: { current: ColumnRules; base: ColumnRules };
  /** Accounts per block (default: BLOCK, or the baseline's). */
  block?: number;
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

/**
 * Accounts per block: enough that a condition's loop over a block costs far more than setting it up, few
 * enough that a block's columns stay small (a command line thread's part is one block).
 */
export const BLOCK = 4096;

/** Accounts per block of a run done in slices: at most an eighth of the accounts, so progress moves. */
export const slicedBlock = (accounts: number): number =>
  Math.min(BLOCK, Math.max(256, Math.ceil(accounts / 8)));

/** The decisions whose rule files are the same in both rule sets (same rules in the same order). */
export function sameFiles(current: Rulesets, base: Rulesets): Set<DecisionId> {
  return new Set(
    DECISIONS.filter(({ id }) => JSON.stringify(current[id].rules) === JSON.stringify(base[id].rules)).map(
      ({ id }) => id,
    ),
  );
}

type Tally = { accounts: number; changes: Map<string, { accounts: number; examples: number[] }> };

/** A block of the population decided with the base rules. */
interface DecidedBlock {
  readonly block: ImpactBlock;
  readonly decided: BlockDecisions;
}

export class ImpactRun {
  private readonly now: () => number;
  private readonly keep: number;
  private readonly current: ColumnRules;
  private readonly base: ColumnRules;
  /** Decisions whose file is the same in both: the base rules reuse the current rules' answers. */
  private readonly same: ReadonlySet<DecisionId>;
  private readonly reuse: boolean;
  private readonly timings = { generate: 0, current: 0, base: 0, compare: 0, total: 0 };
  private readonly tallies = new Map<DecisionId, Tally>();
  private readonly exampleIndexes = new Set<number>();
  private readonly factsOf = new Map<number, FactVector>();
  private changedAccounts = 0;
  private next: number;
  private readonly from: number;
  private readonly to: number;
  private readonly block: number;
  private readonly baseline: ImpactBaseline | null;
  /** One decision of an account per rule set, for the tests that read no other (reused). */
  private readonly scratch = { current: {} as Record<string, unknown>, base: {} as Record<string, unknown> };
  /** Per-item changes of one account (reused: cleared for each account). */
  private readonly found = { messages: new Set<string>(), actions: new Set<string>() };

  constructor(
    private readonly currentRules: Rulesets,
    private readonly baseRules: Rulesets,
    private readonly population: PopulationSource,
    options: ImpactOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.keep = options.examples ?? 3;
    const started = this.now();
    const baseline = (this.baseline = options.baseline ?? null);
    if (baseline && (baseline.base !== baseRules || baseline.population !== population))
      throw new Error('The baseline was prepared for other base rules or another population');
    const range = options.range ?? baseline?.range ?? { from: 0, to: population.size };
    if (baseline && (range.from !== baseline.range.from || range.to !== baseline.range.to))
      throw new Error('The baseline was prepared for other accounts');
    this.from = this.next = range.from;
    this.to = range.to;
    this.block = baseline?.block ?? options.block ?? BLOCK;
    this.current = options.compiled?.current ?? compileColumns(currentRules);
    this.base = baseline?.compiled ?? options.compiled?.base ?? compileColumns(baseRules);
    this.reuse = options.reuse !== false;
    this.same = this.reuse ? sameFiles(currentRules, baseRules) : new Set();
    this.timings.total = this.now() - started;
  }

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

  /** Decides the next block with both rule sets (or the current rules against the baseline) and compares. */
  step(): void {
    const { now, timings } = this;
    const started = now();
    const start = this.next;
    const calls = this.population.answersEveryCall ? CALL_MODEL : null;
    let base: DecidedBlock;
    let current: BlockDecisions;
    if (this.baseline) {
      // The base rules' side is known: decide the current rules only, from the base rules' columns.
      base = this.baseline.at(start);
      const t = now();
      current = this.current.decide(base.block.block, calls, { decided: base.decided, same: this.same });
      timings.current += now() - t;
    } else {
      let t = now();
      const block = blockOf(this.population, start, Math.min(start + this.block, this.to));
      timings.generate += now() - t;
      t = now();
      current = this.current.decide(block.block, calls);
      timings.current += now() - t;
      t = now();
      // Without reuse the base rules share nothing with the current rules, not even a condition's result.
      const decided = this.reuse
        ? this.base.decide(block.block, calls, { decided: current, same: this.same })
        : this.base.decide(aloneBlock(block.block), calls);
      base = { block, decided };
      timings.base += now() - t;
    }
    const t = now();
    this.compare(base.block, current, base.decided);
    timings.compare += now() - t;
    this.next += base.block.size;
    // A block generated for this step only: its columns serve the next one.
    if (!this.baseline) releaseBlock(base.block);
    timings.total += now() - started;
  }

  private record(
    decision: DecisionId,
    keys: Iterable<string>,
    b: ImpactBlock,
    k: number,
    calls: number,
  ): void {
    const index = b.from + k;
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
        if (!this.factsOf.has(index)) this.factsOf.set(index, withCalls(b.block.accounts.row(k), calls));
      }
    }
  }

  /**
   * Compares a block's decisions under both rule sets and tallies the changes, decision by decision: a
   * column the base rules took from the current rules is skipped whole, an account whose answers are the
   * same object at once (equal answers are one object); only a test that reads other decisions gets the
   * account's decisions whole. Items are compared per account where its item decisions or calls differ.
   */
  private compare(b: ImpactBlock, current: BlockDecisions, base: BlockDecisions): void {
    const n = b.size;
    const changed = new Uint8Array(n);
    const callsOf = (d: BlockDecisions, k: number): number => (d.calls ? d.calls[k]! : ALL_CALLS);
    const mine = this.scratch.current;
    const theirs = this.scratch.base;
    for (const [id, same, changes, seen, key, whole] of COMPARED) {
      const index = this.current.keys.indexOf(key);
      const p = current.columns[index]!;
      const q = base.columns[index]!;
      if (p === q) continue;
      for (let k = 0; k < n; k++) {
        const x = p.answers[p.ids[k]!];
        const y = q.answers[q.ids[k]!];
        if (x === y) continue;
        const a = whole ? this.current.decisionsOf(current, k) : ((mine[key] = x), mine as HomeDecisions);
        const c = whole ? this.base.decisionsOf(base, k) : ((theirs[key] = y), theirs as HomeDecisions);
        if (same(a, c)) continue;
        if (seen) changed[k] = 1;
        this.record(id, changes(a, c), b, k, callsOf(current, k));
      }
    }
    const { found } = this;
    for (let k = 0; k < n; k++) {
      if (sameItems(current, base, b, k)) continue;
      const a = outcomeAt(this.current, current, b, k);
      const x = outcomeAt(this.base, base, b, k);
      found.messages.clear();
      found.actions.clear();
      itemChanges(a.orders, x.orders, 'order', found);
      itemChanges(a.tickets, x.tickets, 'ticket', found);
      if (found.messages.size > 0) this.record('appointment-messages', found.messages, b, k, a.calls);
      if (found.actions.size > 0) this.record('history-actions', found.actions, b, k, a.calls);
      if (found.messages.size + found.actions.size > 0) changed[k] = 1;
    }
    for (let k = 0; k < n; k++) this.changedAccounts += changed[k]!;
  }

  report(): ImpactReport & { range?: AccountRange } {
    const { currentRules, baseRules, population, from, to } = this;
    const rules = ruleChanges(currentRules, baseRules);
    const keyFacts = keyFactsOf(rules, currentRules, baseRules);
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

/**
 * A population generated and decided with the base rules (the live rules, in the studio), kept between
 * measurements: what does not change from one draft to the next is done once. A run given it decides only
 * the draft, block by block, taking the base rules' column of each file the draft leaves as it is and whose
 * inputs are the same for the block (exactly deciding afresh, held so by a property test); the conditions
 * evaluated for the base rules are kept with each block, so the draft's identical ones cost nothing.
 * Memory: the accounts' facts and items as columns and the base rules' columns (about 100 MB for 100,000
 * accounts).
 */
export class ImpactBaseline {
  readonly compiled: ColumnRules;
  /** @internal The blocks decided so far, in order. */
  private readonly blocks: DecidedBlock[] = [];
  /** The next account to generate and decide: those of its range before it are done. */
  done = 0;
  /** Milliseconds spent generating and deciding. */
  readonly timings = { generate: 0, decide: 0 };
  /** The accounts it holds (all by default; a Web Worker's part in the studio). */
  readonly range: AccountRange;
  /** Accounts per block. */
  readonly block: number;

  constructor(
    readonly base: Rulesets,
    readonly population: PopulationSource,
    private readonly now: () => number = () => performance.now(),
    range?: AccountRange,
  ) {
    this.compiled = compileColumns(base);
    this.range = range ?? { from: 0, to: population.size };
    this.block = slicedBlock(this.range.to - this.range.from);
    this.done = this.range.from;
  }

  get finished(): boolean {
    return this.done >= this.range.to;
  }

  /** @internal The decided block starting at account `from`. */
  at(from: number): DecidedBlock {
    const b = this.blocks[Math.floor((from - this.range.from) / this.block)];
    if (!b || b.block.from !== from) throw new Error('The baseline is not prepared yet');
    return b;
  }

  /** Generates and decides the next block of accounts. */
  step(): void {
    const { now, population } = this;
    let t = now();
    const block = blockOf(population, this.done, Math.min(this.done + this.block, this.range.to));
    this.timings.generate += now() - t;
    t = now();
    const calls = population.answersEveryCall ? CALL_MODEL : null;
    this.blocks.push({ block, decided: this.compiled.decide(block.block, calls) });
    this.timings.decide += now() - t;
    this.done += block.size;
  }
}
