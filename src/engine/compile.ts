/**
 * The rule files compiled once into plain closures: a second evaluator, for measuring (rules:impact, the
 * bench, an analysts' studio in a Web Worker). `decide` returns exactly what the runtime's decide returns as
 * HomeDecisions, synchronously and without an explain trace, in microseconds instead of json-rules-engine's
 * milliseconds. json-rules-engine stays the portal's runtime and the reference: test/engine/compile.test.ts
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
 */
import {
  ACCOUNT_FACTS,
  ORDER_FACTS,
  TOGGLE_NAMES,
  type AccountFacts,
  type OrderFacts,
} from '../facts/vocabulary';
import {
  BILLING_ACTIONS,
  CONSTANT_NAMES,
  DECISIONS,
  HISTORY_ACTIONS,
  ORDER_ACTIONS,
  PAGES,
  PAYMENT_FLAGS,
  type BannerId,
  type Brand,
  type DataCall,
  type DecisionId,
  type DecisionSpec,
  type HomeViewId,
  type NavItem,
  type SectionId,
} from './decisions';
import type { HomeDecisions, ItemDecisions, RuleFile, Rulesets, SectionDecision, Toggles } from './types';

/**
 * The facts of one account as a vector: slot i holds the fact ACCOUNT_LAYOUT[i] as the runtime hands it to
 * json-rules-engine (null when unknown; undefined only when the fact is absent altogether).
 */
export type FactVector = readonly unknown[];

/** The slots of an account's fact vector: the vocabulary's account facts, in order. */
export const ACCOUNT_LAYOUT: readonly string[] = ACCOUNT_FACTS.map((f) => f.name);
/** The slots of an order's fact vector. */
export const ORDER_LAYOUT: readonly string[] = ORDER_FACTS.map((f) => f.name);

/** Decision facts, in the order runtime.ts assigns them; each has a slot after the input facts. */
const DECIDED_FACTS = [
  ...TOGGLE_NAMES.map((t) => `toggle.${t}`),
  ...CONSTANT_NAMES.map((c) => `constant.${c}`),
  'walledGarden.state',
  'prepaidCard.status',
  'payment.late',
  'payment.lateInPeriod',
  'creditOffer.show',
  'outage.alert',
  'appointmentTiming.timing',
  // Stage 2 reads it as null (decided alongside); per item, what the pending-order alert offers.
  'orderActions.cancelOrder',
];
const TOGGLES = TOGGLE_NAMES.length;
const CONSTANTS = CONSTANT_NAMES.length;
/** Where the stage-1 decision facts start among the decided slots. */
const STAGE1 = TOGGLES + CONSTANTS;
/** The decided slot of orderActions.cancelOrder. */
const CANCEL_ORDER = DECIDED_FACTS.indexOf('orderActions.cancelOrder');

type Vector = unknown[];
type Test = (v: Vector) => boolean;

/** Facts to read instead of a vector's: [slot, value] pairs. */
export type Overrides = readonly (readonly [number, unknown])[];
const NO_OVERRIDES: Overrides = [];

/** A rule file the compiled evaluator cannot mirror exactly (the schema and rules:check refuse it too). */
export class CompileError extends Error {
  override name = 'CompileError';
}

/** json-rules-engine would refuse to add the rule (Engine.addRule throws): it never matches. */
class Refused extends Error {}

const hasOwn = (o: unknown, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

// ---------------------------------------------------------------- operators

interface Operator {
  /** json-rules-engine's factValueValidator: when it fails the condition is false, the callback not called. */
  valid: (factValue: unknown) => boolean;
  cb: (factValue: unknown, value: unknown) => boolean;
  /** The callback cannot throw whatever the fact value, for this condition value. */
  safeWith: (value: unknown) => boolean;
}

const always = (): boolean => true;
/** json-rules-engine's numberValidator: `Number.parseFloat(factValue).toString() !== 'NaN'`. */
const numberValid = (v: unknown): boolean => !Number.isNaN(Number.parseFloat(v as string));
/** numberValid, answering the usual cases (a number, null) without parsing. */
const numeric = (v: unknown): boolean =>
  typeof v === 'number' || (v !== null && v !== undefined && typeof v !== 'boolean' && numberValid(v));
/** `list.indexOf(x)` as json-rules-engine calls it: a TypeError when `list` has no indexOf (issue #412). */
const indexOf = (list: unknown, x: unknown): number => (list as { indexOf(v: unknown): number }).indexOf(x);
const hasIndexOf = (v: unknown): boolean => Array.isArray(v) || typeof v === 'string';

// The comparisons are JavaScript's own (with its coercions), exactly as json-rules-engine's callbacks.
const BASE_OPERATORS = new Map<string, Operator>([
  ['equal', { valid: always, cb: (a, b) => a === b, safeWith: always }],
  ['notEqual', { valid: always, cb: (a, b) => a !== b, safeWith: always }],
  ['in', { valid: always, cb: (a, b) => indexOf(b, a) > -1, safeWith: hasIndexOf }],
  ['notIn', { valid: always, cb: (a, b) => indexOf(b, a) === -1, safeWith: hasIndexOf }],
  ['contains', { valid: Array.isArray, cb: (a, b) => indexOf(a, b) > -1, safeWith: always }],
  ['doesNotContain', { valid: Array.isArray, cb: (a, b) => indexOf(a, b) === -1, safeWith: always }],
  ['lessThan', { valid: numeric, cb: (a, b) => (a as number) < (b as number), safeWith: always }],
  ['lessThanInclusive', { valid: numeric, cb: (a, b) => (a as number) <= (b as number), safeWith: always }],
  ['greaterThan', { valid: numeric, cb: (a, b) => (a as number) > (b as number), safeWith: always }],
  [
    'greaterThanInclusive',
    { valid: numeric, cb: (a, b) => (a as number) >= (b as number), safeWith: always },
  ],
]);

type Next = (factValue: unknown, value: unknown) => boolean;
interface Decorator {
  valid: (factValue: unknown) => boolean;
  cb: (factValue: unknown, value: unknown, next: Next) => boolean;
}

const DECORATORS = new Map<string, Decorator>([
  ['someFact', { valid: Array.isArray, cb: (a, b, next) => (a as unknown[]).some((x) => next(x, b)) }],
  ['someValue', { valid: always, cb: (a, b, next) => (b as unknown[]).some((y) => next(a, y)) }],
  ['everyFact', { valid: Array.isArray, cb: (a, b, next) => (a as unknown[]).every((x) => next(x, b)) }],
  ['everyValue', { valid: always, cb: (a, b, next) => (b as unknown[]).every((y) => next(a, y)) }],
  ['swap', { valid: always, cb: (a, b, next) => next(b, a) }],
  ['not', { valid: always, cb: (a, b, next) => !next(a, b) }],
]);

/** OperatorMap.get: 'not:in' is the decorator 'not' around 'in'; null for an unknown name. */
export function operatorNamed(name: string): Operator | null {
  const decorators: Decorator[] = [];
  let opName = name;
  let base = BASE_OPERATORS.get(opName);
  while (!base) {
    const i = opName.indexOf(':');
    if (i <= 0) return null;
    const decorator = DECORATORS.get(opName.slice(0, i));
    if (!decorator) return null;
    decorators.unshift(decorator);
    opName = opName.slice(i + 1);
    base = BASE_OPERATORS.get(opName);
  }
  let op: Operator = base;
  for (const d of decorators) {
    const inner = op;
    const next: Next = (a, b) => inner.valid(a) && inner.cb(a, b);
    // A decorated operator may throw (someValue on a non-list, swap:in on a number ...): no shortcuts.
    op = { valid: d.valid, cb: (a, b) => d.cb(a, b, next), safeWith: () => false };
  }
  return op;
}

// ---------------------------------------------------------------- fact layout

/**
 * Where a compiled file reads each fact: the vocabulary's slots, then facts only rules name (absent from a
 * population's vectors), then the decided facts.
 */
class Layout {
  private readonly index = new Map<string, number>();
  /** The input facts by slot. */
  private readonly names: readonly string[];
  readonly inputs: number;
  readonly decidedBase: number;
  readonly size: number;
  /** The work vector fromVector() fills: one per compiled rule set, as a decision never re-enters. */
  private readonly scratch: Vector;

  constructor(
    readonly base: readonly string[],
    extra: Iterable<string>,
  ) {
    base.forEach((name, i) => this.index.set(name, i));
    for (const name of extra) if (!this.index.has(name)) this.index.set(name, this.index.size);
    this.inputs = this.index.size;
    this.names = [...this.index.keys()];
    this.decidedBase = this.inputs;
    this.size = this.inputs + DECIDED_FACTS.length;
    this.scratch = Array.from({ length: this.size }, () => undefined);
  }

  slot(name: string): number {
    return this.index.get(name)!;
  }

  /** A work vector from plain facts, as the runtime's pick() reads them: `name in facts ? facts[name] ?? null`. */
  fromObject(facts: object): Vector {
    const v: Vector = new Array<unknown>(this.size);
    const f = facts as Record<string, unknown>;
    const names = this.names;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const x = f[name];
      v[i] = x !== undefined ? x : name in f ? null : undefined;
    }
    return v;
  }

  /**
   * The work vector for a fact vector in `base` order (facts only rules name are absent), with
   * `overrides` (slot, value) in place of the vector's values.
   */
  fromVector(values: FactVector, overrides: Overrides = NO_OVERRIDES): Vector {
    const v = this.scratch;
    const n = Math.min(values.length, this.base.length);
    for (let i = 0; i < n; i++) v[i] = values[i];
    for (let i = n; i < this.inputs; i++) v[i] = undefined;
    for (let i = 0; i < overrides.length; i++) {
      const o = overrides[i]!;
      v[o[0]] = o[1];
    }
    return v;
  }
}

interface Scope {
  layout: Layout;
  /** Facts the runtime hands the engine for this file: those its conditions (or their values) name. */
  picked: ReadonlySet<string>;
  /** Decision facts the runtime has decided before this file runs (read from their decided slot). */
  decided: ReadonlySet<string>;
}

/** The slot a condition of this file reads `name` from, or -1 when the runtime does not hand it over. */
function slotOf(name: unknown, scope: Scope): number {
  if (typeof name !== 'string' || !scope.picked.has(name)) return -1;
  const decided = scope.decided.has(name) ? DECIDED_FACTS.indexOf(name) : -1;
  return decided >= 0 ? scope.layout.decidedBase + decided : scope.layout.slot(name);
}

// ---------------------------------------------------------------- conditions

interface Compiled {
  test: Test;
  /** Whether evaluating it can throw: then the engine's evaluate-everything order must be kept. */
  mayThrow: boolean;
  /** Its result when known at compile time (an empty `all`, ...); such a condition never throws. */
  constant?: boolean;
  /** The condition's priority among its siblings (json-rules-engine's prioritizeConditions). */
  priority: number;
}
type Body = Omit<Compiled, 'priority'>;

const throwing = (message: string, priority = 1): Compiled => ({
  test: () => {
    throw new Error(message);
  },
  mayThrow: true,
  priority,
});

const constantly = (result: boolean): Body => ({
  test: result ? () => true : () => false,
  mayThrow: false,
  constant: result,
});

function negate(child: Compiled): Body {
  if (child.constant !== undefined) return constantly(!child.constant);
  const t = child.test;
  return { test: (v) => !t(v), mayThrow: child.mayThrow };
}

/** A leaf for the usual operators: one closure, one slot read. */
function directTest(i: number, operator: string, value: unknown): Test | null {
  switch (operator) {
    case 'equal':
      return (v) => v[i] === value;
    case 'notEqual':
      return (v) => v[i] !== value;
    case 'in':
      return Array.isArray(value) ? (v) => value.indexOf(v[i]) > -1 : null;
    case 'notIn':
      return Array.isArray(value) ? (v) => value.indexOf(v[i]) === -1 : null;
    // JavaScript's comparison with its coercions, as json-rules-engine's callbacks; NaN compares false.
    case 'lessThan':
      return (v) => {
        const a = v[i];
        return numeric(a) && (a as number) < (value as number);
      };
    case 'lessThanInclusive':
      return (v) => {
        const a = v[i];
        return numeric(a) && (a as number) <= (value as number);
      };
    case 'greaterThan':
      return (v) => {
        const a = v[i];
        return numeric(a) && (a as number) > (value as number);
      };
    case 'greaterThanInclusive':
      return (v) => {
        const a = v[i];
        return numeric(a) && (a as number) >= (value as number);
      };
    default:
      return null;
  }
}

function compileLeaf(node: Record<string, unknown>, scope: Scope): Body {
  const operator = node.operator;
  const op = typeof operator === 'string' ? operatorNamed(operator) : null;
  if (!op) return throwing(`Unknown operator: ${String(operator)}`);
  const { valid, cb } = op;
  const i = slotOf(node.fact, scope);
  const value = node.value;
  if (isObject(value) && hasOwn(value, 'fact')) {
    // almanac.getValue: a value {"fact": ...} is that fact's value.
    const j = slotOf(value.fact, scope);
    return {
      test: (v) => {
        const a = i < 0 ? undefined : v[i];
        return valid(a) && cb(a, j < 0 ? undefined : v[j]);
      },
      // The compared value is only known at run time: only an operator safe with any value is safe.
      mayThrow: op.safeWith !== always,
    };
  }
  const mayThrow = !op.safeWith(value);
  if (i < 0) {
    // A fact the runtime does not hand over reads as undefined (allowUndefinedFacts).
    if (mayThrow) return { test: () => valid(undefined) && cb(undefined, value), mayThrow };
    return constantly(valid(undefined) && cb(undefined, value));
  }
  const test = directTest(i, operator as string, value) ?? ((v) => valid(v[i]) && cb(v[i], value));
  return { test, mayThrow };
}

/** json-rules-engine's Condition.booleanOperator: 'any' before 'all' before 'not'. */
function booleanOperator(node: unknown): 'any' | 'all' | 'not' | undefined {
  if (hasOwn(node, 'any')) return 'any';
  if (hasOwn(node, 'all')) return 'all';
  if (hasOwn(node, 'not')) return 'not';
  return undefined;
}

function leafPriority(node: Record<string, unknown>): number {
  const p = node.priority;
  // json-rules-engine keeps a fact condition's own priority as written; a falsy one means the fact's (1).
  if (!p) return 1;
  if (typeof p !== 'number' || !Number.isInteger(p))
    throw new CompileError(`a condition priority must be a whole number, not ${JSON.stringify(p)}`);
  return p;
}

function compileCondition(node: unknown, scope: Scope, top = false): Compiled {
  // The Condition constructor's checks: failing one, json-rules-engine refuses the whole rule.
  if (!node) throw new Refused();
  const group = booleanOperator(node);
  const n = node as Record<string, unknown>;
  // Below the root, Rule.evaluate tries a shared-condition reference before a boolean operator. The
  // portal's engines define no shared conditions, so evaluating a reference throws.
  const reference = hasOwn(node, 'condition') && (!top || !group);
  if (group) {
    const inner = n[group];
    if (group !== 'not' && !Array.isArray(inner)) throw new Refused();
    if (group === 'not' && Array.isArray(inner)) throw new Refused();
    // A boolean condition's priority: parseInt(priority) || 1.
    const priority = Number.parseInt(String(n.priority), 10) || 1;
    const body =
      group === 'not'
        ? negate(compileCondition(inner, scope))
        : compileGroup(
            group,
            (inner as unknown[]).map((c) => compileCondition(c, scope)),
          );
    return reference
      ? throwing(`No condition ${String(n.condition)} exists`, priority)
      : { ...body, priority };
  }
  if (reference) return throwing(`No condition ${String(n.condition)} exists`, leafPriority(n));
  if (!hasOwn(node, 'fact') || !hasOwn(node, 'operator') || !hasOwn(node, 'value')) throw new Refused();
  return { ...compileLeaf(n, scope), priority: leafPriority(n) };
}

/**
 * json-rules-engine's prioritizeAndRun: an empty list holds; conditions are taken by priority set, highest
 * first; every condition of a set is evaluated (Promise.all) before the group result decides whether the
 * next set runs. When nothing can throw, plain short-circuiting gives the same result, faster.
 */
function compileGroup(kind: 'all' | 'any', children: Compiled[]): Body {
  const all = kind === 'all';
  if (children.length === 0) return constantly(true);
  if (children.length === 1) return children[0]!;
  const mayThrow = children.some((c) => c.mayThrow);
  if (!mayThrow) {
    // Known children: in an `all` a true one changes nothing and a false one decides (`any`: the reverse).
    if (children.some((c) => c.constant === !all)) return constantly(!all);
    const open = children.filter((c) => c.constant === undefined).map((c) => c.test);
    if (open.length === 0) return constantly(all);
    if (open.length === 1) return { test: open[0]!, mayThrow };
    if (open.length === 2) {
      const [a, b] = open as [Test, Test];
      return { test: all ? (v) => a(v) && b(v) : (v) => a(v) || b(v), mayThrow };
    }
    if (open.length === 3) {
      const [a, b, c] = open as [Test, Test, Test];
      return { test: all ? (v) => a(v) && b(v) && c(v) : (v) => a(v) || b(v) || c(v), mayThrow };
    }
    const test: Test = all
      ? (v) => {
          for (const t of open) if (!t(v)) return false;
          return true;
        }
      : (v) => {
          for (const t of open) if (t(v)) return true;
          return false;
        };
    return { test, mayThrow };
  }
  const priorities = [...new Set(children.map((c) => c.priority))].sort((a, b) => b - a);
  const sets = priorities.map((p) => children.filter((c) => c.priority === p).map((c) => c.test));
  return {
    test: (v) => {
      let result = all;
      for (const set of sets) {
        if (result !== all) break;
        let held = 0;
        for (const t of set) if (t(v)) held++;
        result = all ? held === set.length : held > 0;
      }
      return result;
    },
    mayThrow,
  };
}

// ---------------------------------------------------------------- rules and rule files

type Params = Readonly<Record<string, unknown>>;

/** One rule, compiled. `test` is null for a rule json-rules-engine refuses: it never matches. */
export interface CompiledRule {
  readonly name: string;
  readonly priority: number;
  readonly params: Params;
  readonly test: Test | null;
  /** Its result when known at compile time. */
  readonly constant?: boolean;
}

/** The facts the runtime picks for a file: each string `fact` of a condition or of its value (runtime.ts). */
function pickedFacts(rules: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  const collect = (c: unknown): void => {
    if (!c || typeof c !== 'object') return;
    const n = c as Record<string, unknown>;
    if (typeof n.fact === 'string') names.add(n.fact);
    // A value naming a fact ({"fact": "constant.x"}) is a fact json-rules-engine reads.
    const value = n.value as { fact?: unknown } | null | undefined;
    if (typeof value === 'object' && value !== null && typeof value.fact === 'string') names.add(value.fact);
    for (const key of ['all', 'any'] as const)
      if (Array.isArray(n[key])) (n[key] as unknown[]).forEach(collect);
    if (n.not) collect(n.not);
  };
  for (const r of rules) if (isObject(r)) collect(r.conditions);
  return names;
}

function compileRule(rule: unknown, index: number, scope: Scope, file: string): CompiledRule {
  if (!isObject(rule)) throw new CompileError(`${file}: rule #${index + 1} is not an object`);
  const { name, event } = rule;
  if (typeof name !== 'string' || name === '')
    throw new CompileError(`${file}: rule #${index + 1} has no name (the runtime orders rules by name)`);
  // The runtime reads a matching rule's params from the file: they must be an object.
  if (!isObject(event) || !isObject(event.params))
    throw new CompileError(`${file}: rule '${name}' needs an event with params`);
  // Rule.setPriority: parseInt(priority || 1); 0 or less is refused.
  const raw: unknown = rule.priority || 1;
  const priority =
    typeof raw === 'number' || typeof raw === 'string' ? Number.parseInt(String(raw), 10) : NaN;
  if (Number.isNaN(priority))
    throw new CompileError(`${file}: rule '${name}' has a priority that is not a number`);
  const params = event.params;
  const refused: CompiledRule = { name, priority, params, test: null };
  if (priority <= 0 || !hasOwn(event, 'type')) return refused;
  const conditions = rule.conditions;
  // Rule.setConditions: the root is a boolean operator (or a reference).
  if (!conditions || !['all', 'any', 'not', 'condition'].some((k) => hasOwn(conditions, k))) return refused;
  let root: Compiled;
  try {
    root = compileCondition(conditions, scope, true);
  } catch (e) {
    if (e instanceof Refused) return refused;
    throw e;
  }
  if (root.constant !== undefined)
    return { name, priority, params, test: root.test, constant: root.constant };
  if (!root.mayThrow) return { name, priority, params, test: root.test };
  const guarded = root.test;
  // The runtime re-runs a file whose run threw rule by rule: the throwing rule is not matched.
  const test: Test = (v) => {
    try {
      return guarded(v);
    } catch {
      return false;
    }
  };
  return { name, priority, params, test };
}

/** A rule that can match, with its test. */
interface Live {
  readonly test: Test;
  readonly params: Params;
  readonly constant?: boolean;
}

/** One decision's rule file: its rules in the runtime's order (priority, higher first; then file order). */
export class CompiledDecision {
  readonly rules: readonly CompiledRule[];

  constructor(
    readonly spec: DecisionSpec,
    file: RuleFile,
    layout: Layout,
    decided: ReadonlySet<string>,
  ) {
    const where = `rules/${spec.id}.json`;
    const scope: Scope = { layout, picked: pickedFacts(file.rules), decided };
    const compiled = (file.rules as unknown[]).map((r, i) => ({ rule: compileRule(r, i, scope, where), i }));
    const names = new Set<string>();
    for (const { rule } of compiled) {
      // The runtime finds a rule's event and file position by its name: a repeated name is ambiguous.
      if (names.has(rule.name)) throw new CompileError(`${where}: the name '${rule.name}' is used twice`);
      names.add(rule.name);
    }
    this.rules = compiled.sort((a, b) => b.rule.priority - a.rule.priority || a.i - b.i).map((c) => c.rule);
  }

  /**
   * The rules that can match, in order, whose params pass `keep` (params are constant, so this is decided
   * now), refused and never-matching rules dropped. For a first-match reading (`firstOnly`), nothing after
   * a rule that always matches.
   */
  live(keep: (params: Params) => boolean = always, firstOnly = true): Live[] {
    const out: Live[] = [];
    for (const r of this.rules) {
      if (!r.test || r.constant === false || !keep(r.params)) continue;
      out.push(r as Live);
      if (firstOnly && r.constant === true) break;
    }
    return out;
  }

  /** Names of every matching rule, in order (the explain trace's `matched`). */
  matched(v: Vector): string[] {
    return this.rules.filter((r) => r.test?.(v)).map((r) => r.name);
  }
}

/**
 * The answer of the first matching rule, `answer(params)` computed once per rule at compile time, or
 * `otherwise`; fixed at compile time when the first rule always matches or none can.
 */
function first<T>(rules: readonly Live[], answer: (params: Params) => T, otherwise: T): (v: Vector) => T {
  const head = rules[0];
  if (!head) return () => otherwise;
  if (head.constant === true) {
    const fixed = answer(head.params);
    return () => fixed;
  }
  const tests = rules.map((r) => r.test);
  const answers = rules.map((r) => answer(r.params));
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (tests[i]!(v)) return answers[i]!;
    return otherwise;
  };
}

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string';
const isCardStatus = (v: unknown): v is 0 | 1 | 2 => v === 0 || v === 1 || v === 2;

/**
 * runtime.ts firstParam: the first matching rule whose `key` param passes `ok`, else the fallback; given
 * as `wrap(value)`, built once per rule.
 */
function firstParam<T, W = T>(
  decision: CompiledDecision,
  key: string,
  fallback: T,
  ok: (v: unknown) => v is T,
  wrap: (value: T) => W = (value) => value as unknown as W,
) {
  return first(
    decision.live((p) => ok(p[key])),
    (p) => wrap(p[key] as T),
    wrap(fallback),
  );
}

/**
 * A record with one entry per key, each the answer of the first matching rule among `rulesOf(key)`; built
 * from a template holding the entries known at compile time (copying it is cheaper than building anew).
 */
function record<K extends string, V>(
  keys: readonly K[],
  rulesOf: (key: K) => Live[],
  answer: (params: Params) => V,
  otherwise: V,
): (v: Vector) => Record<K, V> {
  const template = {} as Record<K, V>;
  const open: [K, (v: Vector) => V][] = [];
  for (const key of keys) {
    const rules = rulesOf(key);
    const head = rules[0];
    if (!head) template[key] = otherwise;
    else if (head.constant === true) template[key] = answer(head.params);
    else {
      template[key] = otherwise;
      open.push([key, first(rules, answer, otherwise)]);
    }
  }
  if (open.length === 0) {
    const fixed = frozen(template);
    return () => fixed;
  }
  // One shared record per combination of answers (a trie by answer), so that equal records of any
  // account are one object (rules:impact compares and reports them once).
  const root: AnswerTrie<Record<K, V>> = {};
  return (v) => {
    let node = root;
    for (const [, find] of open) {
      const value = find(v);
      const key = Object.is(value, -0) ? NEGATIVE_ZERO : value;
      node.next ??= new Map();
      let child = node.next.get(key);
      if (!child) node.next.set(key, (child = {}));
      node = child;
    }
    if (!node.record) {
      const out = { ...template };
      for (const [key, find] of open) out[key] = find(v);
      node.record = Object.freeze(out);
    }
    return node.record;
  };
}

interface AnswerTrie<R> {
  record?: R;
  next?: Map<unknown, AnswerTrie<R>>;
}
/** A Map tells 0 from -0 no more than ===; the runtime's answers do (a constant may be -0). */
const NEGATIVE_ZERO = Symbol('-0');

/** runtime.ts lookup: per entry, the value of the first matching rule naming it, else the fallback. */
function lookup<K extends string, V>(
  decision: CompiledDecision,
  keyField: string,
  keys: readonly K[],
  valueField: string,
  fallback: V,
) {
  return record(
    keys,
    (key) => decision.live((p) => p[keyField] === key),
    (p) => p[valueField] as V,
    fallback,
  );
}

/**
 * runtime.ts flags: per flag, whether any matching rule names it. Each combination of flags is one shared
 * record (there are 2^flags of them at most).
 */
function flags<K extends string>(decision: CompiledDecision, field: string, names: readonly K[]) {
  const finds = names.map((name) =>
    first(
      decision.live((p) => p[field] === name),
      () => true,
      false,
    ),
  );
  const records: Record<K, boolean>[] = [];
  return (v: Vector): Record<K, boolean> => {
    let mask = 0;
    for (let i = 0; i < finds.length; i++) if (finds[i]!(v)) mask |= 1 << i;
    return (records[mask] ??= frozen(
      Object.fromEntries(names.map((name, i) => [name, (mask & (1 << i)) !== 0])) as Record<K, boolean>,
    ));
  };
}

/**
 * The answers of the first matching rule of each distinct value of `field`, in rule order (runtime: new
 * Set(matched.map(...))), given as `finish(answers)`. A rule whose value is already taken is not
 * evaluated: it could not change the result. The finished result is kept per set of matching rules, so
 * the next account with the same rules matching gets it without building anything.
 */
/** Results kept per all-ordered file (a few kilobytes each at most). */
const MEMO_LIMIT = 1 << 16;

function distinct<T, R>(
  decision: CompiledDecision,
  field: string,
  answer: (params: Params) => T,
  finish: (answers: T[]) => R,
): (v: Vector) => R {
  // A Map compares like the runtime's Set (SameValueZero).
  const ids = new Map<unknown, number>();
  const rules = decision.live(always, false).map((r) => {
    const value = r.params[field];
    if (!ids.has(value)) ids.set(value, ids.size);
    return { test: r.test, answer: answer(r.params), always: r.constant === true, id: ids.get(value)! };
  });
  // seen[id] === run marks a value taken in this run: no allocation per run (the closures never re-enter).
  const seen = new Float64Array(ids.size);
  const hits = new Int32Array(rules.length);
  let run = 0;
  // Keyed by which rules matched: rules 0-29 as the bits of `low`, 30-59 of `high` (small integers, the
  // keys a Map hashes fastest).
  const memo = rules.length <= 60 ? new Map<number, Map<number, R>>() : null;
  let size = 0;
  return (v) => {
    run++;
    let count = 0;
    let low = 0;
    let high = 0;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      if (seen[r.id] === run) continue;
      if (r.always || r.test(v)) {
        seen[r.id] = run;
        hits[count++] = i;
        if (i < 30) low |= 1 << i;
        else high |= 1 << (i - 30);
      }
    }
    const row = memo?.get(high);
    const known = row?.get(low);
    if (known !== undefined) return known;
    const answers: T[] = [];
    for (let i = 0; i < count; i++) answers.push(rules[hits[i]!]!.answer);
    const made = finish(answers);
    if (memo && size < MEMO_LIMIT) {
      if (row) row.set(low, made);
      else memo.set(high, new Map([[low, made]]));
      size++;
    }
    return made;
  };
}

/** Identical answers, from any compiled rule set, as one object: comparing two rule sets' decisions then
 * mostly compares references (rules:impact). */
const sharedAnswers = new Map<string, object>();

/** An exact key: numbers, text, -0, undefined and NaN all told apart. */
const keyOf = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number'
      ? `n${Object.is(v, -0) ? '-0' : String(v)}`
      : typeof v === 'string'
        ? `s${v}`
        : v === undefined
          ? 'u'
          : v,
  );

/**
 * A list of shared answers (or text) as one shared frozen list: a trie by element, so equal lists of any
 * rule set are one object without building a key.
 */
interface Trie {
  list?: readonly unknown[];
  next?: Map<unknown, Trie>;
}
const lists: Trie = {};
function sharedList<T>(items: T[]): readonly T[] {
  let node = lists;
  for (const item of items) {
    node.next ??= new Map();
    let child = node.next.get(item);
    if (!child) node.next.set(item, (child = {}));
    node = child;
  }
  return (node.list ??= Object.freeze(items)) as readonly T[];
}

/**
 * Answers are built once per rule and shared by every decision: frozen, so no caller can change what
 * another decision returned.
 */
function frozen<T extends object>(value: T): T {
  const key = keyOf(value);
  const known = sharedAnswers.get(key);
  if (known) return known as T;
  Object.freeze(value);
  sharedAnswers.set(key, value);
  return value;
}

/** The data-loading decision for a shared list of calls: one object per list. */
const callsWrappers = new WeakMap<readonly DataCall[], HomeDecisions['dataLoading']>();
function callsOf(calls: readonly DataCall[]): HomeDecisions['dataLoading'] {
  let wrapper = callsWrappers.get(calls);
  if (!wrapper) callsWrappers.set(calls, (wrapper = Object.freeze({ calls: calls as DataCall[] })));
  return wrapper;
}

const DEFAULT_NAVIGATION: NavItem[] = ['home', 'billing', 'services', 'support', 'settings'];

/**
 * Decision facts a decision reads as decided (runtime.ts): toggles and constants from stage 1 on, the
 * stage-1 facts in stage 2 (and orderActions.cancelOrder as null); per item, the toggles and what the
 * pending-order alert offers (decideOrder leaves the latter out: its slot then reads undefined).
 */
function decidedBefore(spec: DecisionSpec): Set<string> {
  if (spec.stage === 0) return new Set();
  if (spec.stage === 2) return new Set(DECIDED_FACTS);
  if (spec.stage === 'order')
    return new Set([...DECIDED_FACTS.slice(0, TOGGLES), DECIDED_FACTS[CANCEL_ORDER]!]);
  return new Set(DECIDED_FACTS.slice(0, STAGE1));
}

/** What the per-item rules read of the account's decisions. */
export type ItemContext = Pick<HomeDecisions, 'toggles' | 'orderActions'>;

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
}

/** Compiles every rule file once. Throws CompileError for a file the evaluator cannot mirror exactly. */
export function compileRules(rulesets: Rulesets): CompiledRules {
  const files = DECISIONS.map((spec) => {
    const file = rulesets[spec.id] as unknown;
    if (!isObject(file) || !Array.isArray(file.rules))
      throw new CompileError(`rules/${spec.id}.json: no "rules" list`);
    return { spec, file: file as unknown as RuleFile };
  });
  const namesOf = (stage: (s: DecisionSpec) => boolean) =>
    files.filter(({ spec }) => stage(spec)).flatMap(({ file }) => [...pickedFacts(file.rules)]);
  const accountLayout = new Layout(
    ACCOUNT_LAYOUT,
    namesOf((s) => s.stage !== 'order'),
  );
  const orderLayout = new Layout(
    ORDER_LAYOUT,
    namesOf((s) => s.stage === 'order'),
  );
  const decisions = Object.fromEntries(
    files.map(({ spec, file }) => [
      spec.id,
      new CompiledDecision(
        spec,
        file,
        spec.stage === 'order' ? orderLayout : accountLayout,
        decidedBefore(spec),
      ),
    ]),
  ) as Record<DecisionId, CompiledDecision>;
  const c = decisions;

  const toggles = lookup(c.toggles, 'toggle', TOGGLE_NAMES, 'on', false);
  const constants = lookup(c.constants, 'name', CONSTANT_NAMES, 'value', null as number | null);
  type D = HomeDecisions;
  const walledGarden = firstParam(c['walled-garden'], 'state', 'none', isString, (state) =>
    frozen({ state } as D['walledGarden']),
  );
  const prepaidCard = firstParam(c['prepaid-card'], 'status', 0, isCardStatus, (status) =>
    frozen({ status }),
  );
  const payment = flags(c.payment, 'flag', PAYMENT_FLAGS);
  const creditOffer = firstParam(c['credit-offer'], 'show', false, isBool, (show) => frozen({ show }));
  const outage = firstParam(c.outage, 'alert', 'none', isString, (alert) => frozen({ alert } as D['outage']));
  const timing = firstParam(c['appointment-timing'], 'timing', 'none', isString, (t) =>
    frozen({ timing: t } as D['appointmentTiming']),
  );
  const token = firstParam(c.token, 'fresh', false, isBool, (fresh) => frozen({ fresh }));
  const paperless = firstParam(c.paperless, 'call', 'ensemble', isString, (call) =>
    frozen({ call } as D['paperless']),
  );
  const dataLoading = distinct(
    c['data-loading'],
    'call',
    (p) => p.call as DataCall,
    (calls) => callsOf(sharedList(calls)),
  );
  const brand = firstParam(c.brand, 'brand', 'provider', isString, (b) => frozen({ brand: b as Brand }));
  const upgradeOffer = firstParam(c['upgrade-offer'], 'offer', 'none', isString, (offer) =>
    frozen({ offer } as D['upgradeOffer']),
  );
  const upgradePath = firstParam(c['upgrade-path'], 'path', 'generic', isString, (path) =>
    frozen({ path } as D['upgradePath']),
  );
  const modemUpgrade = firstParam(c['modem-upgrade'], 'offer', 'none', isString, (offer) =>
    frozen({ offer } as D['modemUpgrade']),
  );
  const wifiPanel = firstParam(c['wifi-panel'], 'variant', 'loading', isString, (variant) =>
    frozen({ variant } as D['wifiPanel']),
  );
  const homeView = first<HomeDecisions['homeView']>(
    c['home-view'].live(),
    (p) =>
      frozen({
        view: (p.view as HomeViewId | undefined) ?? 'full',
        params: frozen(p.messageKind ? { messageKind: p.messageKind as 'bgs' | 'fed' } : {}),
      }),
    frozen({ view: 'full', params: frozen({}) }),
  );
  const banner = first<HomeDecisions['banner']>(
    c['account-banners'].live(),
    (p) => frozen({ banner: p.banner as BannerId }),
    null,
  );
  const navigation = first<HomeDecisions['navigation']>(
    c.navigation.live(),
    (p) =>
      frozen({
        items: frozen([...(p.items as NavItem[])]),
        emptyItem: p.emptyItem === true,
        search: p.search === true,
      }),
    frozen({ items: frozen([...DEFAULT_NAVIGATION]), emptyItem: false, search: true }),
  );
  const billing = flags(c['billing-actions'], 'action', BILLING_ACTIONS);
  const orderActions = flags(c['order-actions'], 'action', ORDER_ACTIONS);
  const billingPanel = firstParam(c['billing-panel'], 'state', 'standard', isString, (state) =>
    frozen({ state } as D['billingPanel']),
  );
  const historyActions = flags(c['history-actions'], 'action', HISTORY_ACTIONS);
  const sections = distinct(
    c['home-sections'],
    'section',
    (p) =>
      frozen<SectionDecision>({
        section: p.section as SectionId,
        order: typeof p.order === 'number' ? p.order : 0,
        params: frozen(typeof p.variant === 'string' ? { variant: p.variant } : {}),
      }),
    (found) => sharedList(orderSections(found)) as SectionDecision[],
  );
  // Every matching rule closes its pages: their union, in the route table's order (as the runtime lists them).
  const pageAccess = distinct(
    c['page-access'],
    'pages',
    (p) => p.pages,
    (lists) => {
      const closed = new Set(lists.flatMap((l) => (Array.isArray(l) ? (l as unknown[]) : [])));
      return frozen<HomeDecisions['pageAccess']>({ closed: PAGES.filter((page) => closed.has(page)) });
    },
  );
  const appointmentMessages = firstParam(c['appointment-messages'], 'show', false, isBool);

  /** The toggles into their decided slots (runtime: facts[`toggle.${t}`] = toggles[t], read `?? null`). */
  let lastToggles: Toggles | null = null;
  const toggleValues = new Array<unknown>(TOGGLES).fill(null);
  function setToggles(v: Vector, base: number, t: Toggles): void {
    // Toggles usually come from one shared record: read its values once.
    if (t !== lastToggles) {
      for (let i = 0; i < TOGGLES; i++) toggleValues[i] = t[TOGGLE_NAMES[i]!] ?? null;
      lastToggles = t;
    }
    for (let i = 0; i < TOGGLES; i++) v[base + i] = toggleValues[i];
  }

  /** The constants into theirs (runtime: facts[`constant.${c}`] = constants[c]). */
  let lastConstants: HomeDecisions['constants'] | null = null;
  const constantValues = new Array<unknown>(CONSTANTS).fill(null);
  function setConstants(v: Vector, base: number, k: HomeDecisions['constants']): void {
    if (k !== lastConstants) {
      for (let i = 0; i < CONSTANTS; i++) constantValues[i] = k[CONSTANT_NAMES[i]!] ?? null;
      lastConstants = k;
    }
    for (let i = 0; i < CONSTANTS; i++) v[base + TOGGLES + i] = constantValues[i];
  }

  function run(v: Vector): HomeDecisions {
    const base = accountLayout.decidedBase;
    const t = toggles(v);
    const k = constants(v);
    setToggles(v, base, t);
    setConstants(v, base, k);
    const wg = walledGarden(v);
    const card = prepaidCard(v);
    const pay = payment(v);
    const credit = creditOffer(v);
    const alert = outage(v);
    v[base + STAGE1] = wg.state;
    v[base + STAGE1 + 1] = card.status;
    v[base + STAGE1 + 2] = pay.late;
    v[base + STAGE1 + 3] = pay.lateInPeriod;
    v[base + STAGE1 + 4] = credit.show;
    v[base + STAGE1 + 5] = alert.alert;
    const when = timing(v);
    v[base + STAGE1 + 6] = when.timing;
    v[base + CANCEL_ORDER] = null;
    return {
      toggles: t,
      constants: k,
      walledGarden: wg,
      prepaidCard: card,
      payment: pay,
      creditOffer: credit,
      outage: alert,
      appointmentTiming: when,
      token: token(v),
      paperless: paperless(v),
      dataLoading: dataLoading(v),
      brand: brand(v),
      upgradeOffer: upgradeOffer(v),
      upgradePath: upgradePath(v),
      modemUpgrade: modemUpgrade(v),
      wifiPanel: wifiPanel(v),
      homeView: homeView(v),
      banner: banner(v),
      navigation: navigation(v),
      billingActions: billing(v),
      billingPanel: billingPanel(v),
      sections: sections(v),
      orderActions: orderActions(v),
      pageAccess: pageAccess(v),
    };
  }

  // runReusing's state. A decision never re-enters, so it lives here rather than in closures made for
  // every account (which cost more than the decisions they save).
  let reusedFacts: FactVector = [];
  let reusedOverrides: Overrides = NO_OVERRIDES;
  let reusedVector: Vector | null = null;
  /** Decided slots written into reusedVector: 0 none, 1 toggles and constants, 2 the stage-1 facts too. */
  let reusedFilled = 0;
  let reused0: [Toggles, HomeDecisions['constants']] = [{} as Toggles, {} as HomeDecisions['constants']];
  let reused1: HomeDecisions | null = null;

  /** The work vector for a file of `stage`, built on first need, with the decided facts it reads. */
  function reusing(stage: 0 | 1 | 2): Vector {
    const v = (reusedVector ??= accountLayout.fromVector(reusedFacts, reusedOverrides));
    const base = accountLayout.decidedBase;
    if (stage >= 1 && reusedFilled < 1) {
      setToggles(v, base, reused0[0]);
      setConstants(v, base, reused0[1]);
      reusedFilled = 1;
    }
    if (stage === 2 && reusedFilled < 2) {
      const d = reused1!;
      v[base + STAGE1] = d.walledGarden.state;
      v[base + STAGE1 + 1] = d.prepaidCard.status;
      v[base + STAGE1 + 2] = d.payment.late;
      v[base + STAGE1 + 3] = d.payment.lateInPeriod;
      v[base + STAGE1 + 4] = d.creditOffer.show;
      v[base + STAGE1 + 5] = d.outage.alert;
      v[base + STAGE1 + 6] = d.appointmentTiming.timing;
      v[base + CANCEL_ORDER] = null;
      reusedFilled = 2;
    }
    return v;
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
    reusedFacts = facts;
    reusedOverrides = overrides;
    reusedVector = null;
    reusedFilled = 0;
    const t = same.has('toggles') ? known.toggles : toggles(reusing(0));
    const k = same.has('constants') ? known.constants : constants(reusing(0));
    reused0 = [t, k];
    // Stage-1 files read the facts, toggles and constants; stage-2 files the stage-1 decisions too.
    const stage0 =
      sameRecord(TOGGLE_NAMES, t, known.toggles) && sameRecord(CONSTANT_NAMES, k, known.constants);
    const d = {
      toggles: t,
      constants: k,
      walledGarden: stage0 && same.has('walled-garden') ? known.walledGarden : walledGarden(reusing(1)),
      prepaidCard: stage0 && same.has('prepaid-card') ? known.prepaidCard : prepaidCard(reusing(1)),
      payment: stage0 && same.has('payment') ? known.payment : payment(reusing(1)),
      creditOffer: stage0 && same.has('credit-offer') ? known.creditOffer : creditOffer(reusing(1)),
      outage: stage0 && same.has('outage') ? known.outage : outage(reusing(1)),
      appointmentTiming:
        stage0 && same.has('appointment-timing') ? known.appointmentTiming : timing(reusing(1)),
      token: stage0 && same.has('token') ? known.token : token(reusing(1)),
      paperless: stage0 && same.has('paperless') ? known.paperless : paperless(reusing(1)),
      dataLoading: stage0 && same.has('data-loading') ? known.dataLoading : dataLoading(reusing(1)),
      brand: stage0 && same.has('brand') ? known.brand : brand(reusing(1)),
      upgradeOffer: stage0 && same.has('upgrade-offer') ? known.upgradeOffer : upgradeOffer(reusing(1)),
      upgradePath: stage0 && same.has('upgrade-path') ? known.upgradePath : upgradePath(reusing(1)),
      modemUpgrade: stage0 && same.has('modem-upgrade') ? known.modemUpgrade : modemUpgrade(reusing(1)),
      wifiPanel: stage0 && same.has('wifi-panel') ? known.wifiPanel : wifiPanel(reusing(1)),
    } as HomeDecisions;
    reused1 = d;
    const stage1 =
      stage0 &&
      d.walledGarden.state === known.walledGarden.state &&
      d.prepaidCard.status === known.prepaidCard.status &&
      d.payment.late === known.payment.late &&
      d.payment.lateInPeriod === known.payment.lateInPeriod &&
      d.creditOffer.show === known.creditOffer.show &&
      d.outage.alert === known.outage.alert &&
      d.appointmentTiming.timing === known.appointmentTiming.timing;
    d.homeView = stage1 && same.has('home-view') ? known.homeView : homeView(reusing(2));
    d.banner = stage1 && same.has('account-banners') ? known.banner : banner(reusing(2));
    d.navigation = stage1 && same.has('navigation') ? known.navigation : navigation(reusing(2));
    d.billingActions = stage1 && same.has('billing-actions') ? known.billingActions : billing(reusing(2));
    d.billingPanel = stage1 && same.has('billing-panel') ? known.billingPanel : billingPanel(reusing(2));
    d.sections = stage1 && same.has('home-sections') ? known.sections : sections(reusing(2));
    d.orderActions = stage1 && same.has('order-actions') ? known.orderActions : orderActions(reusing(2));
    d.pageAccess = stage1 && same.has('page-access') ? known.pageAccess : pageAccess(reusing(2));
    reused1 = null;
    reusedVector = null;
    return d;
  }

  function order(v: Vector, t: Toggles): boolean {
    setToggles(v, orderLayout.decidedBase, t);
    // decideOrder hands the engine the toggles only: orderActions.cancelOrder is absent.
    v[orderLayout.decidedBase + CANCEL_ORDER] = undefined;
    return appointmentMessages(v);
  }

  /** The per-item facts the runtime's decideItem adds: the toggles, then what the alert offers. */
  function itemVector(v: Vector, context: ItemContext): Vector {
    setToggles(v, orderLayout.decidedBase, context.toggles);
    v[orderLayout.decidedBase + CANCEL_ORDER] = context.orderActions['cancel-order'] ?? null;
    return v;
  }

  /** Item answers as one shared record per combination (few: a flag record and a boolean). */
  const itemAnswers = new Map<object, [ItemDecisions, ItemDecisions]>();
  function item(v: Vector, context: ItemContext): ItemDecisions {
    itemVector(v, context);
    const actions = historyActions(v);
    let pair = itemAnswers.get(actions);
    if (!pair)
      itemAnswers.set(
        actions,
        (pair = [
          frozen({ appointmentMessages: false, actions }),
          frozen({ appointmentMessages: true, actions }),
        ]),
      );
    return pair[appointmentMessages(v) ? 1 : 0];
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
  /** The plan of calls the data-loading rules give for the facts in `v` (toggles and constants first). */
  function plan(v: Vector): readonly DataCall[] {
    setToggles(v, accountLayout.decidedBase, toggles(v));
    setConstants(v, accountLayout.decidedBase, constants(v));
    return dataLoading(v).calls;
  }

  function decidePlanned(
    facts: FactVector,
    before: Overrides,
    after: (calls: readonly DataCall[]) => Overrides,
  ): { calls: readonly DataCall[]; decisions: HomeDecisions } {
    const v = accountLayout.fromVector(facts, before);
    let calls = plan(v);
    restore(v, facts, before);
    let overrides = after(calls);
    apply(v, overrides);
    // As the app (and the preview's decidePersona): once the first calls have answered the rules decide
    // again, and the calls they add then (the wifi calls wait for the services answer) are made too.
    const again = plan(v);
    let added: DataCall[] | null = null;
    for (const call of again) if (!calls.includes(call)) (added ??= []).push(call);
    if (added) {
      calls = sharedList([...calls, ...added]);
      restore(v, facts, overrides);
      overrides = after(calls);
      apply(v, overrides);
    }
    return { calls, decisions: run(v) };
  }

  return {
    decide: (facts) => run(accountLayout.fromObject(facts)),
    decideVector: (facts, overrides) => run(accountLayout.fromVector(facts, overrides)),
    decideOrder: (facts, t) => order(orderLayout.fromObject(facts), t),
    decideOrderVector: (facts, t) => order(orderLayout.fromVector(facts), t),
    decideItem: (facts, context) => item(orderLayout.fromObject(facts), context),
    decideItemVector: (facts, context) => item(orderLayout.fromVector(facts), context),
    planCalls(facts, overrides) {
      const v = accountLayout.fromVector(facts, overrides);
      setToggles(v, accountLayout.decidedBase, toggles(v));
      setConstants(v, accountLayout.decidedBase, constants(v));
      return dataLoading(v).calls;
    },
    decidePlanned,
    decidePlannedReusing(facts, before, after, known, same) {
      // The plan is the same when the files deciding it are: the facts after the calls are then too.
      if (!same.has('toggles') || !same.has('constants') || !same.has('data-loading'))
        return decidePlanned(facts, before, after);
      return { calls: known.calls, decisions: runReusing(facts, after(known.calls), known.decisions, same) };
    },
    decideVectorReusing: (facts, known, same) => runReusing(facts, NO_OVERRIDES, known, same),
    matched(facts) {
      const v = accountLayout.fromObject(facts);
      // run() leaves every decided fact in its slot: each file then sees what it saw during the run.
      run(v);
      const out: Partial<Record<DecisionId, string[]>> = {};
      for (const { spec } of files) if (spec.stage !== 'order') out[spec.id] = decisions[spec.id].matched(v);
      return out;
    },
    matchedItem(facts, context) {
      const v = itemVector(orderLayout.fromObject(facts), context);
      return {
        'appointment-messages': decisions['appointment-messages'].matched(v),
        'history-actions': decisions['history-actions'].matched(v),
      };
    },
    decisions,
  };
}

function sameRecord<K extends string>(
  keys: readonly K[],
  a: Readonly<Record<K, unknown>>,
  b: Readonly<Record<K, unknown>>,
): boolean {
  if (a === b) return true;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** runtime.ts orderSections: one entry per section (first matching rule), smallest order first, stable. */
function orderSections(sections: SectionDecision[]): SectionDecision[] {
  for (let i = 1; i < sections.length; i++) {
    // Array.prototype.sort is stable, like the runtime's: equal orders keep rule order.
    if (sections[i - 1]!.order > sections[i]!.order) return sections.sort((a, b) => a.order - b.order);
  }
  return sections;
}
