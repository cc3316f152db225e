/**
 * The rule files compiled once into plain closures: a second evaluator, for measuring (one account of
 * rules:impact looked at closely, the bench; the column evaluator that decides rules:impact's blocks of
 * accounts, ./columns.ts, is built from what this compiles). `decide` returns exactly what the runtime's
 * decide returns as HomeDecisions, synchronously and without an explain trace, in microseconds instead of
 * json-rules-engine's milliseconds. json-rules-engine stays the portal's runtime and the reference: test/engine/compile.test.ts
 * compares the two on the shipped and on generated rule files (docs/decisions/014).
 *
 * Browser-safe and CSP-safe: no node imports, no eval or new Function, only closures.
 *
 * What it mirrors (json-rules-engine 7.3, node_modules/json-rules-engine/dist, and src/engine/runtime.ts):
 * - operators: the ten defaults with their fact-value validators, and the default decorators
 *   (someFact, someValue, everyFact, everyValue, swap, not) written `decorator:operator`;
 * - `all`/`any`/`not`, an empty `all` or `any` holding, a `value` of the form {"fact": ...};
 * - conditions of one priority are all evaluated before the group is decided (json-rules-engine evaluates
 *   them with Promise.all), so a condition that throws fails its rule even after a false sibling;
 * - a rule that throws counts as not matched (the runtime re-runs the file rule by rule), a rule
 *   json-rules-engine refuses to add never matches;
 * - rule order: priority, higher first, equal priorities in file order (the runtime sorts so);
 * - the facts the runtime hands the engine: only those the file's conditions (or their values) name, a
 *   present fact that is undefined as null, an absent one as undefined (allowUndefinedFacts), and the
 *   decision facts of earlier stages (toggles and constants, then the stage-1 decisions).
 * `path` and `params` of a condition change nothing for the portal's facts, which are never objects.
 *
 * Facts are read from a vector (one slot per fact, the vocabulary's order, then the decided facts): a
 * closure reading `v[3]` is several times faster than one reading `facts['accountStatus']`.
 *
 * Nothing here names a decision: the stages, each decision's outcome and the decided facts each feeds come
 * from the declarations (src/engine/decisions.ts). Conditions and rules: ./compiled/conditions.ts; answers:
 * ./compiled/answers.ts; outcomes: ./compiled/outcomes.ts.
 */
import { ACCOUNT_FACTS, ORDER_FACTS, type AccountFacts, type OrderFacts } from '../facts/vocabulary';
import {
  CompileError,
  CompiledDecision,
  Layout,
  NO_OVERRIDES,
  isObject,
  pickedFacts,
  type FactVector,
  type Overrides,
  type Vector,
} from './compiled/conditions';
import { compileOutcome } from './compiled/outcomes';
import { frozen, sharedList } from './compiled/answers';
import { DECISIONS, type AnyDeclaration, type DataCall, type DecisionId } from './decisions';
import type { ItemContext } from './runtime';
import type { HomeDecisions, ItemDecisions, RuleFile, Rulesets, Toggles } from './types';

export { CompileError, CompiledDecision, Layout, type CompiledRule } from './compiled/conditions';
export { operatorNamed } from './compiled/operators';
export type { FactVector, ItemContext, Overrides };

/** The slots of an account's fact vector: the vocabulary's account facts, in order. */
export const ACCOUNT_LAYOUT: readonly string[] = ACCOUNT_FACTS.map((f) => f.name);
/** The slots of an order's fact vector. */
export const ORDER_LAYOUT: readonly string[] = ORDER_FACTS.map((f) => f.name);

const ACCOUNT = DECISIONS.filter((d) => d.stage !== 'order');
const ITEMS = DECISIONS.filter((d) => d.stage === 'order');
const STAGES = ([0, 1, 2] as const).map((s) => ACCOUNT.filter((d) => d.stage === s));
/** The account decisions in the order they run (a step's index). */
const RUN_ORDER: readonly DecisionId[] = STAGES.flat().map((d) => d.id);
/** Pairs of plans whose merged plan is kept per compiled rule set (there are a few dozen). */
const MERGED_LIMIT = 4096;
/** The stage-0 decisions and data loading: what plans the calls. */
const PLANNING: readonly DecisionId[] = [...STAGES[0]!.map((d) => d.id), 'data-loading'];
/** Decided facts, in the order the decisions run; each has a slot after the input facts. */
const DECIDED = ACCOUNT.flatMap((d) => d.feeds.map((f) => f.name));
/** What the per-item rules read of the account's decisions (the toggles, the pending-order alert's offers). */
const ITEM_FED = ACCOUNT.flatMap((d) =>
  d.feeds.filter((f) => f.items === true).map((f) => ({ key: d.key, f })),
);

export interface CompiledRules {
  /** Every decision of the home and shell: the runtime's decide(facts).decisions, synchronously. */
  decide(facts: AccountFacts): HomeDecisions;
  /** decide() for an account given as a fact vector (ACCOUNT_LAYOUT), with some slots overridden. */
  decideVector(facts: FactVector, overrides?: Overrides): HomeDecisions;
  /** The per-order decision: whether the order's 'Appointment Messages' link shows. */
  decideOrder(facts: OrderFacts, toggles: Toggles): boolean;
  /** decideOrder() for an order given as a fact vector (ORDER_LAYOUT). */
  decideOrderVector(facts: FactVector, toggles: Toggles): boolean;
  /** Every per-item decision of one order or repair ticket: the runtime's decideItem(...).decisions. */
  decideItem(facts: OrderFacts, context: ItemContext): ItemDecisions;
  /** decideItem() for an item given as a fact vector (ORDER_LAYOUT). */
  decideItemVector(facts: FactVector, context: ItemContext): ItemDecisions;
  /** The calls of rules/data-loading.json for these facts (toggles, then data-loading only). */
  planCalls(facts: FactVector, overrides?: Overrides): readonly DataCall[];
  /**
   * As the app decides: the calls are planned on the facts with `before` in place (the profile alone), then
   * every decision is made on the facts with `after(calls)` in place (the answers of the calls not made
   * taken away). planCalls then decideVector, with one copy of the facts.
   */
  decidePlanned(
    facts: FactVector,
    before: Overrides,
    after: (calls: readonly DataCall[]) => Overrides,
  ): { calls: readonly DataCall[]; decisions: HomeDecisions };
  /**
   * decidePlanned for an account that rules compiled from another rule set have decided (`known`),
   * reusing their answer for each decision whose rule file is the same in both (`same`) and whose facts
   * and earlier decisions are the same: exactly decidePlanned's result, in a fraction of its time when a
   * change touches few files (rules:impact decides the base rules so). When the plan of calls may differ
   * (toggles, constants or data-loading not the same) everything is decided afresh.
   */
  decidePlannedReusing(
    facts: FactVector,
    before: Overrides,
    after: (calls: readonly DataCall[]) => Overrides,
    known: { readonly calls: readonly DataCall[]; readonly decisions: HomeDecisions },
    same: ReadonlySet<DecisionId>,
  ): { calls: readonly DataCall[]; decisions: HomeDecisions };
  /** decideVector, reusing `known` as decidePlannedReusing does (final facts: no calls to plan). */
  decideVectorReusing(facts: FactVector, known: HomeDecisions, same: ReadonlySet<DecisionId>): HomeDecisions;
  /** Every account decision's matching rules in order, as the runtime's explain trace lists them. */
  matched(facts: AccountFacts): Partial<Record<DecisionId, string[]>>;
  /** Every per-item decision's matching rules in order, as decideItem's explain trace lists them. */
  matchedItem(facts: OrderFacts, context: ItemContext): Partial<Record<DecisionId, string[]>>;
  /** The compiled rule files, by decision. */
  readonly decisions: Readonly<Record<DecisionId, CompiledDecision>>;
  /** Where the account and per-item files read each fact (the column evaluator, ./columns.ts, reads the same). */
  readonly layouts: { readonly account: Layout; readonly order: Layout };
}

/** One decision compiled: its rules, how its answer is read, where it goes and what it feeds. */
interface Step {
  readonly id: DecisionId;
  /** Its place among the account decisions, in the order they run (RUN_ORDER). */
  readonly index: number;
  readonly key: string;
  readonly get: (v: Vector) => unknown;
  /** [slot, value of the answer] per fed fact; the answer's fed values kept for the next identical answer. */
  readonly feeds: readonly { slot: number; of: (d: never) => unknown }[];
  last: unknown;
  lastFed: unknown[];
}

function stepOf(spec: AnyDeclaration, compiled: CompiledDecision, base: number): Step {
  return {
    id: spec.id,
    index: RUN_ORDER.indexOf(spec.id),
    key: spec.key,
    get: compileOutcome(spec.outcome, compiled),
    feeds: spec.feeds.map((f) => ({ slot: base + DECIDED.indexOf(f.name), of: f.of })),
    last: undefined,
    lastFed: [],
  };
}

/** Writes what `value` feeds into its slots (the runtime: facts[name] = fed value ?? null). */
function feed(step: Step, v: Vector, value: unknown): void {
  if (value !== step.last || step.lastFed.length !== step.feeds.length) {
    // Answers are shared objects: the same answer feeds the same values, computed once.
    step.lastFed = step.feeds.map((f) => f.of(value as never) ?? null);
    step.last = value;
  }
  for (let i = 0; i < step.feeds.length; i++) v[step.feeds[i]!.slot] = step.lastFed[i];
}

/** Compiles every rule file once. Throws CompileError for a file the evaluator cannot mirror exactly. */
export function compileRules(rulesets: Rulesets): CompiledRules {
  const steps = compiling(rulesets);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * compileRules in pieces, `pause` awaited between them (the browser's yield to its main thread): every file at
 * once was one task of 70 ms and more at a low-tier phone's speed (docs/decisions/039), one file is a few.
 */
export async function compileRulesInSteps(
  rulesets: Rulesets,
  pause: () => Promise<void>,
): Promise<CompiledRules> {
  const steps = compiling(rulesets);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The compilation, yielding between its pieces (each rule file is one). */
function* compiling(rulesets: Rulesets): Generator<void, CompiledRules> {
  const files = DECISIONS.map((spec) => {
    const file = rulesets[spec.id] as unknown;
    if (!isObject(file) || !Array.isArray(file.rules))
      throw new CompileError(`rules/${spec.id}.json: no "rules" list`);
    return { spec, file: file as unknown as RuleFile };
  });
  const namesOf = (items: boolean) =>
    files
      .filter(({ spec }) => (spec.stage === 'order') === items)
      .flatMap(({ file }) => [...pickedFacts(file.rules)]);
  const accountLayout = new Layout(ACCOUNT_LAYOUT, namesOf(false), DECIDED);
  const orderLayout = new Layout(ORDER_LAYOUT, namesOf(true), DECIDED);
  yield;
  // Every decided fact is in scope: null until decided (the runtime does the same), so a file reads what
  // the runtime hands it at its stage. The per-item rules read only what is handed to items.
  const accountDecided = new Set(DECIDED);
  const itemDecided = new Set(ITEM_FED.map(({ f }) => f.name));
  const compiled: Array<[DecisionId, CompiledDecision]> = [];
  for (const { spec, file } of files) {
    compiled.push([
      spec.id,
      spec.stage === 'order'
        ? new CompiledDecision(spec, file, orderLayout, itemDecided)
        : new CompiledDecision(spec, file, accountLayout, accountDecided),
    ]);
    yield;
  }
  const decisions = Object.fromEntries(compiled) as Record<DecisionId, CompiledDecision>;
  const stages: Step[][] = [];
  for (const stage of STAGES) {
    stages.push(stage.map((spec) => stepOf(spec, decisions[spec.id], accountLayout.decidedBase)));
    yield;
  }
  const items = itemDecider(decisions, orderLayout);
  // The input facts the plan of calls reads: those the stage-0 files and data-loading name.
  const planReads = [
    ...new Set(
      PLANNING.flatMap((id) => [...pickedFacts(rulesets[id].rules)])
        .map((name) => accountLayout.slot(name))
        .filter((slot) => slot !== undefined && slot < accountLayout.inputs),
    ),
  ];
  const account = accountDecider(stages, accountLayout, planReads);
  return {
    decide: (facts) => account.run(accountLayout.fromObject(facts)),
    decideVector: (facts, overrides) => account.run(accountLayout.fromVector(facts, overrides)),
    decideOrder: (facts, t) => items.order(orderLayout.fromObject(facts), t),
    decideOrderVector: (facts, t) => items.order(orderLayout.fromVector(facts), t),
    decideItem: (facts, context) => items.item(orderLayout.fromObject(facts), context),
    decideItemVector: (facts, context) => items.item(orderLayout.fromVector(facts), context),
    planCalls: (facts, overrides) => account.plan(accountLayout.fromVector(facts, overrides)),
    decidePlanned: account.decidePlanned,
    decidePlannedReusing(facts, before, after, known, same) {
      // The plan is the same when the files deciding it are: the facts after the calls are then too.
      if (PLANNING.some((id) => !same.has(id))) return account.decidePlanned(facts, before, after);
      return {
        calls: known.calls,
        decisions: account.runReusing(facts, after(known.calls), known.decisions, same),
      };
    },
    decideVectorReusing: (facts, known, same) => account.runReusing(facts, NO_OVERRIDES, known, same),
    matched(facts) {
      const out: Partial<Record<DecisionId, string[]>> = {};
      // Each file sees the decided facts as they were when it ran.
      account.run(accountLayout.fromObject(facts), (stage, v) => {
        for (const step of stage) out[step.id] = decisions[step.id].matched(v);
      });
      return out;
    },
    matchedItem(facts, context) {
      const v = items.vector(orderLayout.fromObject(facts), context);
      return Object.fromEntries(ITEMS.map((d) => [d.id, decisions[d.id].matched(v)]));
    },
    decisions,
    layouts: { account: accountLayout, order: orderLayout },
  };
}

/** The account's decisions, stage by stage, afresh or reusing another rule set's answers. */
function accountDecider(stages: Step[][], layout: Layout, planReads: readonly number[]) {
  const base = layout.decidedBase;
  // Every account's decisions as one shape: a copy of a record holding every key (V8 keeps it a fast
  // object; one built key by key turns into a dictionary past a dozen keys, slow to fill and to read).
  const template: Record<string, unknown> = Object.fromEntries(
    stages.flat().map((step) => [step.key, undefined]),
  );
  const blank = (): Record<string, unknown> => ({ ...template });
  const clearDecided = (v: Vector): void => {
    for (let i = 0; i < DECIDED.length; i++) v[base + i] = null;
  };

  function run(v: Vector, onStage?: (stage: Step[], v: Vector) => void): HomeDecisions {
    clearDecided(v);
    const d = blank();
    for (let s = 0; s < stages.length; s++) {
      const stage = stages[s]!;
      for (const step of stage) d[step.key] = step.get(v);
      onStage?.(stage, v);
      // The last stage's decided facts are read by no account decision (items get them as decisions).
      if (s < last) for (const step of stage) feed(step, v, d[step.key]);
    }
    return d as HomeDecisions;
  }
  const last = stages.length - 1;

  /** The plan of calls the data-loading rules give for the facts in `v` (stage 0 first). */
  const planning = stages[0]!;
  const dataLoading = stages[1]!.find((s) => s.id === 'data-loading')!;
  function plan(v: Vector): readonly DataCall[] {
    clearDecided(v);
    for (const step of planning) feed(step, v, step.get(v));
    return (dataLoading.get(v) as HomeDecisions['dataLoading']).calls;
  }

  function decidePlanned(
    facts: FactVector,
    before: Overrides,
    after: (calls: readonly DataCall[]) => Overrides,
  ): { calls: readonly DataCall[]; decisions: HomeDecisions } {
    const v = layout.fromVector(facts, before);
    const first = plan(v);
    for (let i = 0; i < planReads.length; i++) planned[i] = v[planReads[i]!];
    restore(v, facts, before);
    const overrides = after(first);
    apply(v, overrides);
    // As the app (and the preview's decidePersona): once the first calls have answered the rules decide
    // again, and the calls they add then (the wifi calls wait for the services answer) are made too. The
    // plan reads only planReads: when the answers left those as they were, it is the same plan.
    let unchanged = true;
    for (let i = 0; i < planReads.length && unchanged; i++)
      unchanged = Object.is(v[planReads[i]!], planned[i]);
    if (unchanged) return { calls: first, decisions: run(v) };
    const calls = withAdded(first, plan(v));
    if (calls !== first) {
      restore(v, facts, overrides);
      apply(v, after(calls));
    }
    return { calls, decisions: run(v) };
  }

  /** The planning files' input facts, as they were for the first plan of the account being decided. */
  const planned: unknown[] = planReads.map(() => undefined);
  /** `calls` and the calls `again` adds (one shared list), per pair of plans (both shared lists). */
  const merged = new Map<readonly DataCall[], Map<readonly DataCall[], readonly DataCall[]>>();
  function withAdded(calls: readonly DataCall[], again: readonly DataCall[]): readonly DataCall[] {
    let row = merged.get(calls);
    const known = row?.get(again);
    if (known) return known;
    let added: DataCall[] | null = null;
    for (const call of again) if (!calls.includes(call)) (added ??= []).push(call);
    const out = added ? sharedList([...calls, ...added]) : calls;
    if (merged.size < MERGED_LIMIT) {
      if (!row) merged.set(calls, (row = new Map<readonly DataCall[], readonly DataCall[]>()));
      row.set(again, out);
    }
    return out;
  }

  /**
   * run() for facts another rule set decided as `known` (the same facts after the same calls), deciding
   * only the files not in `same` or whose earlier decisions differ; the vector is built only if one is.
   */
  function runReusing(
    facts: FactVector,
    overrides: Overrides,
    known: HomeDecisions,
    same: ReadonlySet<DecisionId>,
  ): HomeDecisions {
    const k = known as unknown as Record<string, unknown>;
    /** The answers, once one differs from known's (a copy of known: the answers before it are known's). */
    let d: Record<string, unknown> | null = null;
    const reused = reusedSteps(same);
    let v: Vector | null = null;
    /** Stages whose decided facts are written into v. */
    let filled = 0;
    let inputsSame = true;
    for (let s = 0; s < stages.length; s++) {
      const stage = stages[s]!;
      for (const step of stage) {
        // Reused: known's answer, which d (when made) already holds.
        if (inputsSame && reused[step.index] === true) continue;
        if (!v) {
          v = layout.fromVector(facts, overrides);
          clearDecided(v);
        }
        for (; filled < s; filled++) for (const done of stages[filled]!) feed(done, v, (d ?? k)[done.key]);
        const answer = step.get(v);
        if (answer !== k[step.key]) (d ??= { ...k })[step.key] = answer;
      }
      // Later files read this stage's decided facts: equal facts, equal inputs.
      if (inputsSame && d)
        for (const step of stage)
          if (!sameFed(step, d[step.key], k[step.key])) {
            inputsSame = false;
            break;
          }
    }
    // Every answer the same object as known's: known itself (the impact then compares nothing).
    return (d as HomeDecisions | null) ?? known;
  }

  /** Per step (by index), whether its file is in `same`: worked out once per set. */
  const reusedOf = new WeakMap<ReadonlySet<DecisionId>, boolean[]>();
  function reusedSteps(same: ReadonlySet<DecisionId>): boolean[] {
    let reused = reusedOf.get(same);
    if (!reused) reusedOf.set(same, (reused = stages.flat().map((step) => same.has(step.id))));
    return reused;
  }

  return { run, plan, decidePlanned, runReusing };
}

/** Whether two answers of a decision feed the same facts. */
function sameFed(step: Step, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  for (const f of step.feeds) if ((f.of(a as never) ?? null) !== (f.of(b as never) ?? null)) return false;
  return true;
}

/** Puts back the facts themselves where `overrides` stood in. */
function restore(v: Vector, facts: FactVector, overrides: Overrides): void {
  for (let i = 0; i < overrides.length; i++) {
    const slot = overrides[i]![0];
    v[slot] = slot < facts.length ? facts[slot] : undefined;
  }
}
function apply(v: Vector, overrides: Overrides): void {
  for (let i = 0; i < overrides.length; i++) {
    const o = overrides[i]!;
    v[o[0]] = o[1];
  }
}

/** A context record not read yet. */
const NOT_READ = Symbol('not read');

interface ItemTrie {
  record?: ItemDecisions;
  next?: Map<unknown, ItemTrie>;
}

/** The per-item decisions of an order or ticket, on the account decisions handed to items. */
function itemDecider(decisions: Record<DecisionId, CompiledDecision>, layout: Layout) {
  const base = layout.decidedBase;
  const fed = ITEM_FED.map(({ key, f }) => ({ key, of: f.of, slot: base + DECIDED.indexOf(f.name) }));
  const gets = ITEMS.map((d) => ({ key: d.key, get: compileOutcome(d.outcome, decisions[d.id]) }));
  // Context records are usually shared (one toggles record for every account): read their values once.
  const lastRecord: unknown[] = fed.map(() => NOT_READ);
  const lastValue: unknown[] = fed.map(() => undefined);

  /** The per-item facts the runtime's decideItem adds: the fed facts of the decisions given, else absent. */
  function vector(v: Vector, context: Partial<Record<string, unknown>>): Vector {
    for (let i = 0; i < fed.length; i++) {
      const { key, of, slot } = fed[i]!;
      if (!(key in context)) {
        v[slot] = undefined;
        continue;
      }
      const record = context[key];
      if (lastRecord[i] !== record) {
        lastRecord[i] = record;
        lastValue[i] = of(record as never) ?? null;
      }
      v[slot] = lastValue[i];
    }
    return v;
  }

  /** Item answers as one shared record per combination of answers (a trie by answer, as record()). */
  const answers: ItemTrie = {};
  const values: unknown[] = gets.map(() => undefined);
  function item(v: Vector, context: ItemContext): ItemDecisions {
    vector(v, context);
    let node = answers;
    for (let i = 0; i < gets.length; i++) {
      const x = (values[i] = gets[i]!.get(v));
      node.next ??= new Map();
      let child = node.next.get(x);
      if (!child) node.next.set(x, (child = {}));
      node = child;
    }
    if (!node.record) {
      const out: Record<string, unknown> = {};
      gets.forEach(({ key: k }, i) => (out[k] = values[i]));
      node.record = frozen(out) as ItemDecisions;
    }
    return node.record;
  }

  const messages = gets.find((g) => g.key === 'appointmentMessages')!;
  /** decideOrder hands the engine the toggles only: what the alert offers is absent. */
  function order(v: Vector, toggles: Toggles): boolean {
    return messages.get(vector(v, { toggles })) as boolean;
  }

  return { vector, item, order };
}
