/**
 * The rule runtime: evaluates the rule files on the facts with json-rules-engine and returns plain
 * decisions plus an explain trace (decide), or decides them with the compiled evaluator and explains them with
 * json-rules-engine only when asked (decisions: what a customer's page runs, docs/decisions/045).
 * Browser-safe (no node imports; json-rules-engine runs under the CSP).
 *
 * Decisions run in the stages their declarations give (src/engine/decisions.ts): toggles and constants
 * first, then the decisions that feed others (walled garden, prepaid card, payment, credit offer, outage ...),
 * then the home view, banners, navigation and sections, which may test the earlier decisions' facts
 * (`toggle.cancel`, `walledGarden.state`, `payment.late`). Each decision is read from its matching rules as
 * its declared outcome says (./outcomes.ts); nothing here names a decision.
 */
import { ruleHash } from './rule-hash';
import type { Engine, RuleResult, TopLevelConditionResult } from 'json-rules-engine';
import type { AccountFacts, OrderFacts } from '../facts/vocabulary';
import { DECISIONS, type AnyDeclaration, type DecisionId, type DecisionSpec } from './decisions';
import { decideFromMatches } from './outcomes';
import { CompileError, compileRules, compileRulesInSteps, type CompiledRules } from './compile';
import type {
  ConditionTrace,
  DecisionTrace,
  ExplainTrace,
  HomeDecisions,
  ItemDecisions,
  RuleDefinition,
  RuleFile,
  RuleTrace,
  Rulesets,
} from './types';

type FactValues = Record<string, string | number | boolean | null>;

interface Outcome {
  trace: DecisionTrace;
  /** Params of matching rules, highest priority first. */
  matchedParams: Record<string, unknown>[];
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** all/any from the children (json-rules-engine records no result on the top-level group). */
function groupHeld(group: 'all' | 'any', children: ConditionTrace[]): boolean | null {
  const results = children.map((c) => c.held);
  if (group === 'all') {
    if (results.includes(false)) return false;
    return results.includes(null) ? null : true;
  }
  if (results.includes(true)) return true;
  return results.includes(null) ? null : false;
}

function conditionTrace(node: unknown): ConditionTrace {
  const n = (node ?? {}) as Record<string, unknown>;
  const held = typeof n.result === 'boolean' ? n.result : null;
  if (Array.isArray(n.all) || Array.isArray(n.any)) {
    const group = Array.isArray(n.all) ? 'all' : 'any';
    const children = ((n.all ?? n.any) as unknown[]).map(conditionTrace);
    return { group, held: held ?? groupHeld(group, children), children };
  }
  if (n.not !== undefined) {
    const child = conditionTrace(n.not);
    return { group: 'not', held: held ?? (child.held === null ? null : !child.held), child };
  }
  const ref = n.value as { fact?: unknown } | null | undefined;
  const valueFact = typeof ref === 'object' && ref !== null && typeof ref.fact === 'string' ? ref.fact : null;
  return {
    fact: String(n.fact),
    operator: String(n.operator),
    // A constant named as the value ({"fact": "constant.x"}) shows as the number it had in this run.
    expected: valueFact !== null && held !== null ? n.valueResult : n.value,
    ...(valueFact !== null ? { expectedFact: valueFact } : {}),
    value: held === null ? undefined : n.factResult,
    held,
  };
}

/** A trace for a rule that could not be evaluated: its conditions, none evaluated. */
function unevaluated(node: unknown): ConditionTrace {
  return conditionTrace(JSON.parse(JSON.stringify(node ?? {})) as TopLevelConditionResult);
}

type EngineClass = typeof Engine;
/**
 * json-rules-engine, loaded when a trace is first asked for (or a rule file cannot be compiled): a customer's
 * page decides without it, and its modules' evaluation was a long task after hydration at a phone's speed.
 */
let engineModule: Promise<EngineClass> | null = null;
const loadEngine = (): Promise<EngineClass> =>
  (engineModule ??= import('json-rules-engine').then((m) => m.Engine));

/** One decision's rule file, with its json-rules-engine Engine built once (not per decision). */
class DecisionRunner {
  private readonly engine: Engine;
  private readonly order: Map<string, number>;
  /** One engine per rule, built only if a rule throws: isolates the failing rule from the others. */
  private isolated: { rule: RuleDefinition; engine: Engine }[] | null = null;

  /** The facts this file's rules test: only those are handed to the engine on each run. */
  private readonly factNames: string[];

  constructor(
    readonly spec: DecisionSpec,
    private readonly file: RuleFile,
    private readonly Engine: EngineClass,
  ) {
    this.engine = this.makeEngine(file.rules);
    this.order = new Map(file.rules.map((r, i) => [r.name, i]));
    const names = new Set<string>();
    const collect = (c: unknown): void => {
      if (!c || typeof c !== 'object') return;
      const n = c as Record<string, unknown>;
      if (typeof n.fact === 'string') names.add(n.fact);
      // A value may name a constant ({"fact": "constant.x"}): json-rules-engine reads it as a fact.
      const value = n.value as { fact?: unknown } | null | undefined;
      if (typeof value === 'object' && value !== null && typeof value.fact === 'string')
        names.add(value.fact);
      for (const key of ['all', 'any'] as const)
        if (Array.isArray(n[key])) (n[key] as unknown[]).forEach(collect);
      if (n.not) collect(n.not);
    };
    file.rules.forEach((r) => collect(r.conditions));
    this.factNames = [...names];
  }

  /**
   * json-rules-engine wraps every runtime fact in a Fact object on each run; handing it only the facts
   * this file tests (instead of the whole vocabulary) is most of the runtime's speed.
   */
  private pick(facts: FactValues): FactValues {
    const picked: FactValues = {};
    for (const name of this.factNames) if (name in facts) picked[name] = facts[name] ?? null;
    return picked;
  }

  private makeEngine(rules: RuleDefinition[]): Engine {
    // Undefined facts are allowed so that a fact missing from the input is a non-match, never a crash.
    // The rule format has no condition `path` (the schema forbids it), so a path never needs resolving: the
    // browser build leaves json-rules-engine's JSONPath library out (src/engine/no-jsonpath.ts).
    const engine = new this.Engine([], { allowUndefinedFacts: true, pathResolver: noPathResolver });
    for (const rule of rules) {
      try {
        engine.addRule({ ...rule, conditions: rule.conditions as never });
      } catch {
        // A rule json-rules-engine refuses outright is reported by validateRuleset; here it never matches.
      }
    }
    return engine;
  }

  async run(allFacts: FactValues): Promise<Outcome> {
    const facts = this.pick(allFacts);
    let traces: RuleTrace[];
    try {
      const result = await this.engine.run(facts);
      traces = [...result.results, ...result.failureResults].map((r) => this.ruleTrace(r));
      // A rule the engine refused to add has no result: list it as not matched.
      for (const rule of this.file.rules) {
        if (!traces.some((t) => t.name === rule.name))
          traces.push(this.failedTrace(rule, 'the rule could not be loaded'));
      }
    } catch {
      // json-rules-engine rejects the whole run when one rule throws (for example `in` with a non-array
      // value, its issue #412): evaluate each rule on its own so only the faulty one is lost.
      traces = await this.runIsolated(facts);
    }
    traces.sort(
      (a, b) => b.priority - a.priority || (this.order.get(a.name) ?? 0) - (this.order.get(b.name) ?? 0),
    );
    const matched = traces.filter((t) => t.matched);
    return {
      trace: {
        decision: this.spec.id as DecisionId,
        kind: this.spec.kind,
        winner: this.spec.kind === 'first-match' ? (matched[0]?.name ?? null) : null,
        matched: matched.map((t) => t.name),
        defaulted: false,
        rules: traces,
      },
      matchedParams: matched.map((t) => t.event.params),
    };
  }

  private async runIsolated(facts: FactValues): Promise<RuleTrace[]> {
    this.isolated ??= this.file.rules.map((rule) => ({ rule, engine: this.makeEngine([rule]) }));
    return Promise.all(
      this.isolated.map(async ({ rule, engine }) => {
        try {
          const result = await engine.run(facts);
          const r = [...result.results, ...result.failureResults][0];
          return r ? this.ruleTrace(r) : this.failedTrace(rule, 'the rule could not be loaded');
        } catch (e) {
          return this.failedTrace(rule, message(e));
        }
      }),
    );
  }

  private ruleTrace(r: RuleResult): RuleTrace {
    const rule = this.file.rules[this.order.get(r.name) ?? -1];
    return {
      name: r.name,
      position: (this.order.get(r.name) ?? -1) + 1,
      priority: r.priority ?? 1,
      matched: r.result === true,
      event: rule?.event ?? {
        type: r.event?.type ?? '',
        params: (r.event?.params as Record<string, unknown>) ?? {},
      },
      conditions: conditionTrace(r.conditions),
    };
  }

  private failedTrace(rule: RuleDefinition, error: string): RuleTrace {
    return {
      name: rule.name,
      position: (this.order.get(rule.name) ?? -1) + 1,
      priority: rule.priority,
      matched: false,
      error,
      event: rule.event,
      conditions: unevaluated(rule.conditions),
    };
  }
}

/** The decision a runner's outcome makes, as its declaration says; the trace notes a fallback. */
function decided(spec: AnyDeclaration, o: Outcome): unknown {
  return decideFromMatches(spec.outcome, o.matchedParams, () => {
    o.trace.defaulted = true;
  });
}

/** The account decisions by stage, in declaration order; then the per-item ones. */
const ACCOUNT_STAGES = ([0, 1, 2] as const).map((s) => DECISIONS.filter((d) => d.stage === s));
const ITEM_DECISIONS = DECISIONS.filter((d) => d.stage === 'order');
/** Every decided fact an account decision may read: null until the decision feeding it has run. */
const FED_FACTS = DECISIONS.filter((d) => d.stage !== 'order').flatMap((d) =>
  d.feeds.map((f) => ({ fact: f, key: d.key, items: f.items === true })),
);

/** What the per-item decisions read of the account's: the toggles and what the pending-order alert offers. */
export type ItemContext = Pick<HomeDecisions, 'toggles' | 'orderActions'>;

/** The home's decisions, and json-rules-engine's trace of them, worked out only when someone asks. */
export interface Decided {
  decisions: HomeDecisions;
  /** What decide() gives as `explain` for the same facts (the QA panel's "why this screen"). */
  readonly explain: () => Promise<ExplainTrace>;
}

export interface Runtime {
  /**
   * The fingerprint of the rules it decides with: the browser compares it with the server's (the page's
   * state) and decides again when the rules changed between the server's render and its own load.
   */
  readonly version: string;
  /**
   * Every decision of the home and shell for the account's facts, with the explain trace: json-rules-engine,
   * the reference (the tools, the studio's simulator, the rule cases).
   */
  decide(facts: AccountFacts): Promise<{ decisions: HomeDecisions; explain: ExplainTrace }>;
  /**
   * The same decisions as the portal makes them for a customer's page (docs/decisions/045): the compiled
   * evaluator, proven equal to json-rules-engine (./compile.ts), in microseconds; the trace is decide()'s,
   * made when asked. Rules the compiled evaluator cannot mirror are decided by json-rules-engine.
   */
  decisions(facts: AccountFacts): Promise<Decided>;
  /** The per-order decision: whether the order's 'Appointment Messages' link shows. */
  decideOrder(
    facts: OrderFacts,
    toggles: HomeDecisions['toggles'],
  ): Promise<{ show: boolean; explain: DecisionTrace }>;
  /** Every per-item decision of one order or repair ticket of the history. */
  decideItem(
    facts: OrderFacts,
    decisions: ItemContext,
  ): Promise<{ decisions: ItemDecisions; explain: DecisionTrace[] }>;
  /** decideItem's decisions as the portal makes them for a page: the compiled evaluator, as decisions(). */
  itemDecisions(facts: OrderFacts, decisions: ItemContext): Promise<ItemDecisions>;
}

function noPathResolver(): never {
  throw new Error('condition paths are not part of the rule format');
}

/** The decided facts the per-item rules read, from the account decisions given (absent when not given). */
function itemFacts(facts: FactValues, context: Partial<Record<string, unknown>>): void {
  for (const { fact, key, items } of FED_FACTS) {
    if (!items || !(key in context)) continue;
    facts[fact.name] = (fact.of(context[key] as never) ?? null) as FactValues[string];
  }
}

export interface RuntimeOptions {
  /**
   * Awaited before each decision file runs (the browser's yield to its main thread): every decision of a home
   * in one task blocked the page for 60 to 100 ms at a phone's speed (docs/decisions/039-no-long-tasks.md).
   */
  pause?: () => Promise<void>;
}

export function createRuntime(rulesets: Rulesets, options: RuntimeOptions = {}): Runtime {
  // Each file's engine is built on its first decision, so making a runtime costs nothing up front: the
  // browser makes one when idle after hydration, for decisions that may come later (a flow's outcome, an
  // account switch), and a task that built them all at once blocked the page (docs/decisions/039).
  const runners = new Map<DecisionId, DecisionRunner>();
  const runner = async (id: DecisionId): Promise<DecisionRunner> => {
    let made = runners.get(id);
    if (!made) {
      const Engine = await loadEngine();
      made =
        runners.get(id) ??
        new DecisionRunner(
          DECISIONS.find((d) => d.id === id)!,
          rulesets[id],
          Engine,
        );
      runners.set(id, made);
    }
    return made;
  };
  const { pause } = options;
  const run = async (id: DecisionId, facts: FactValues): Promise<Outcome> => {
    if (pause) await pause();
    return (await runner(id)).run(facts);
  };

  async function decide(
    accountFacts: AccountFacts,
  ): Promise<{ decisions: HomeDecisions; explain: ExplainTrace }> {
    const facts: FactValues = { ...accountFacts };
    for (const { fact } of FED_FACTS) facts[fact.name] = null;
    const decisions: Record<string, unknown> = {};
    const traces = new Map<DecisionId, DecisionTrace>();
    for (const stage of ACCOUNT_STAGES) {
      const outcomes = await Promise.all(stage.map((spec) => run(spec.id, facts)));
      stage.forEach((spec, i) => {
        decisions[spec.key] = decided(spec, outcomes[i]!);
        traces.set(spec.id, outcomes[i]!.trace);
      });
      // What this stage decided, as facts for the next (`walledGarden.state`, `toggle.cancel` ...).
      for (const spec of stage)
        for (const f of spec.feeds)
          facts[f.name] = (f.of(decisions[spec.key] as never) ?? null) as FactValues[string];
    }
    const explain = DECISIONS.flatMap((d) => traces.get(d.id) ?? []);
    return { decisions: decisions as HomeDecisions, explain };
  }

  async function decideOrder(orderFacts: OrderFacts, toggles: HomeDecisions['toggles']) {
    const facts: FactValues = { ...orderFacts };
    itemFacts(facts, { toggles });
    const o = await run('appointment-messages', facts);
    return {
      show: decided(
        DECISIONS.find((d) => d.id === 'appointment-messages')!,
        o,
      ) as boolean,
      explain: o.trace,
    };
  }

  async function decideItem(
    orderFacts: OrderFacts,
    context: ItemContext,
  ): Promise<{ decisions: ItemDecisions; explain: DecisionTrace[] }> {
    const facts: FactValues = { ...orderFacts };
    itemFacts(facts, context);
    const outcomes = await Promise.all(ITEM_DECISIONS.map((spec) => run(spec.id, facts)));
    const decisions: Record<string, unknown> = {};
    ITEM_DECISIONS.forEach((spec, i) => (decisions[spec.key] = decided(spec, outcomes[i]!)));
    return { decisions: decisions as ItemDecisions, explain: outcomes.map((o) => o.trace) };
  }

  // Compiled on the first page decision (in pieces where the runtime pauses: the browser). null: a file the
  // compiled evaluator cannot mirror exactly (a CompileError; rules:check refuses such files, an analyst's
  // draft may hold one): json-rules-engine decides.
  let compiled: Promise<CompiledRules | null> | undefined;
  const compiledRules = (): Promise<CompiledRules | null> =>
    (compiled ??= (
      pause ? compileRulesInSteps(rulesets, pause) : Promise.resolve().then(() => compileRules(rulesets))
    ).catch((e: unknown) => {
      if (!(e instanceof CompileError)) throw e;
      return null;
    }));

  async function decisions(accountFacts: AccountFacts): Promise<Decided> {
    const fast = await compiledRules();
    if (!fast) {
      const traced = await decide(accountFacts);
      return { decisions: traced.decisions, explain: () => Promise.resolve(traced.explain) };
    }
    let trace: Promise<ExplainTrace> | undefined;
    return {
      decisions: fast.decide(accountFacts),
      explain: () => (trace ??= decide(accountFacts).then((d) => d.explain)),
    };
  }

  async function itemDecisions(orderFacts: OrderFacts, context: ItemContext): Promise<ItemDecisions> {
    const fast = await compiledRules();
    return fast ? fast.decideItem(orderFacts, context) : (await decideItem(orderFacts, context)).decisions;
  }

  let version: string | undefined;
  return {
    // Hashed when first asked (the browser asks in a task of its own), not when the runtime is made.
    get version() {
      return (version ??= ruleHash(rulesets));
    },
    decide,
    decisions,
    decideOrder,
    decideItem,
    itemDecisions,
  };
}
