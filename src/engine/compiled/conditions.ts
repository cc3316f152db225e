/**
 * Rule files compiled into closures over a fact vector: the layout of the vector, each condition and rule
 * as json-rules-engine evaluates it (docs/decisions/014 lists what is mirrored), one decision's file in the
 * runtime's order. ../compile.ts composes them into every decision.
 */
import type { DecisionSpec } from '../decisions';
import type { Params } from '../declare';
import type { RuleFile } from '../types';
import { always, numeric, operatorNamed, type Operator } from './operators';

/**
 * The facts of one account as a vector: slot i holds the fact ACCOUNT_LAYOUT[i] as the runtime hands it to
 * json-rules-engine (null when unknown; undefined only when the fact is absent altogether).
 */
export type FactVector = readonly unknown[];

export type Vector = unknown[];
export type Test = (v: Vector) => boolean;

/** Facts to read instead of a vector's: [slot, value] pairs. */
export type Overrides = readonly (readonly [number, unknown])[];
export const NO_OVERRIDES: Overrides = [];

/** A rule file the compiled evaluator cannot mirror exactly (the schema and rules:check refuse it too). */
export class CompileError extends Error {
  override name = 'CompileError';
}

/** json-rules-engine would refuse to add the rule (Engine.addRule throws): it never matches. */
class Refused extends Error {}

const hasOwn = (o: unknown, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Where a compiled file reads each fact: the vocabulary's slots, then facts only rules name (absent from a
 * population's vectors), then the decided facts.
 */
export class Layout {
  private readonly index = new Map<string, number>();
  /** The input facts by slot. */
  private readonly names: readonly string[];
  readonly inputs: number;
  readonly decidedBase: number;
  readonly size: number;
  /** The input slots whose name every object has through Object.prototype (none of the shipped facts). */
  private readonly inherited: readonly number[];
  /** The work vector fromVector() fills: one per compiled rule set, as a decision never re-enters. */
  private readonly scratch: Vector;

  constructor(
    readonly base: readonly string[],
    extra: Iterable<string>,
    /** The decided facts, each with a slot after the input facts. */
    readonly decided: readonly string[],
  ) {
    base.forEach((name, i) => this.index.set(name, i));
    for (const name of extra) if (!this.index.has(name)) this.index.set(name, this.index.size);
    this.inputs = this.index.size;
    this.names = [...this.index.keys()];
    this.inherited = this.names.flatMap((name, i) => (name in Object.prototype ? [i] : []));
    this.decidedBase = this.inputs;
    this.size = this.inputs + decided.length;
    this.scratch = Array.from({ length: this.size }, () => undefined);
  }

  slot(name: string): number {
    return this.index.get(name)!;
  }

  /**
   * A work vector from a plain record of facts, as the runtime's pick() reads them:
   * `name in facts ? facts[name] ?? null`. It walks the record's keys and finds each one's slot, rather than
   * looking every slot's name up in the record: a keyed read by a name that changes from read to read is
   * V8's slow path, and 121 of them were 2.4 of a home decision's 5.9 µs (1.0 µs this way).
   */
  fromObject(facts: object): Vector {
    const v: Vector = new Array<unknown>(this.size);
    const f = facts as Record<string, unknown>;
    const inputs = this.inputs;
    for (let i = 0; i < inputs; i++) v[i] = undefined;
    // for...in sees a record's own keys and the enumerable ones it inherits: a plain record inherits none.
    for (const name in f) {
      const i = this.index.get(name);
      if (i !== undefined && i < inputs) {
        const x = f[name];
        v[i] = x !== undefined ? x : null;
      }
    }
    // `in` also sees what every record inherits without listing it (toString, constructor...): a fact by
    // such a name, if one were ever declared, is read as pick() reads it.
    for (const i of this.inherited) {
      const name = this.names[i]!;
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

export interface Scope {
  layout: Layout;
  /** Facts the runtime hands the engine for this file: those its conditions (or their values) name. */
  picked: ReadonlySet<string>;
  /** Decision facts the runtime has decided before this file runs (read from their decided slot). */
  decided: ReadonlySet<string>;
}

/** The slot a condition of this file reads `name` from, or -1 when the runtime does not hand it over. */
function slotOf(name: unknown, scope: Scope): number {
  if (typeof name !== 'string' || !scope.picked.has(name)) return -1;
  const decided = scope.decided.has(name) ? scope.layout.decided.indexOf(name) : -1;
  return decided >= 0 ? scope.layout.decidedBase + decided : scope.layout.slot(name);
}

/**
 * A condition as compiled, for the column evaluator (../columns.ts), which decides a block of accounts at a
 * time from the same structure: a leaf (its fact's slot, -1 when the runtime does not hand the fact over;
 * `valueSlot` the same for a value {"fact": ...}), a result known at compile time, a condition that always
 * throws (an unknown operator, a shared-condition reference), `not`, or a group with its children's
 * priorities.
 */
export type Ir =
  | {
      readonly kind: 'leaf';
      readonly slot: number;
      readonly valueSlot: number | null;
      readonly operator: string;
      readonly op: Operator;
      readonly value: unknown;
      readonly mayThrow: boolean;
    }
  | { readonly kind: 'const'; readonly value: boolean }
  | { readonly kind: 'throw' }
  | { readonly kind: 'not'; readonly child: Ir }
  | {
      readonly kind: 'group';
      readonly all: boolean;
      readonly children: readonly { readonly ir: Ir; readonly priority: number }[];
    };

interface Compiled {
  test: Test;
  /** The same condition for the column evaluator. */
  ir: Ir;
  /** Whether evaluating it can throw: then the engine's evaluate-everything order must be kept. */
  mayThrow: boolean;
  /** Its result when known at compile time (an empty `all`, ...); such a condition never throws. */
  constant?: boolean;
  /** The condition's priority among its siblings (json-rules-engine's prioritizeConditions). */
  priority: number;
}
type Body = Omit<Compiled, 'priority'>;

const THROWS: Ir = { kind: 'throw' };

const throwing = (message: string, priority = 1): Compiled => ({
  test: () => {
    throw new Error(message);
  },
  ir: THROWS,
  mayThrow: true,
  priority,
});

const constantly = (result: boolean): Body => ({
  test: result ? () => true : () => false,
  ir: { kind: 'const', value: result },
  mayThrow: false,
  constant: result,
});

function negate(child: Compiled): Body {
  if (child.constant !== undefined) return constantly(!child.constant);
  const t = child.test;
  return { test: (v) => !t(v), ir: { kind: 'not', child: child.ir }, mayThrow: child.mayThrow };
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
  const leaf = (valueSlot: number | null, mayThrow: boolean): Ir => ({
    kind: 'leaf',
    slot: i,
    valueSlot,
    operator: operator as string,
    op,
    value,
    mayThrow,
  });
  if (isObject(value) && hasOwn(value, 'fact')) {
    // almanac.getValue: a value {"fact": ...} is that fact's value.
    const j = slotOf(value.fact, scope);
    // The compared value is only known at run time: only an operator safe with any value is safe.
    const mayThrow = op.safeWith !== always;
    return {
      test: (v) => {
        const a = i < 0 ? undefined : v[i];
        return valid(a) && cb(a, j < 0 ? undefined : v[j]);
      },
      ir: leaf(j, mayThrow),
      mayThrow,
    };
  }
  const mayThrow = !op.safeWith(value);
  if (i < 0) {
    // A fact the runtime does not hand over reads as undefined (allowUndefinedFacts).
    if (mayThrow)
      return { test: () => valid(undefined) && cb(undefined, value), ir: leaf(null, true), mayThrow };
    return constantly(valid(undefined) && cb(undefined, value));
  }
  const test = directTest(i, operator as string, value) ?? ((v) => valid(v[i]) && cb(v[i], value));
  return { test, ir: leaf(null, mayThrow), mayThrow };
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
  const body = compileGroupTest(all, children);
  if ('ir' in body) return body;
  return {
    ...body,
    ir: { kind: 'group', all, children: children.map(({ ir, priority }) => ({ ir, priority })) },
  };
}

/** The group's test: a known result (with its ir), or a closure over the children's. */
function compileGroupTest(all: boolean, children: Compiled[]): Body | Omit<Body, 'ir'> {
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

/** One rule, compiled. `test` is null for a rule json-rules-engine refuses: it never matches. */
export interface CompiledRule {
  readonly name: string;
  readonly priority: number;
  readonly params: Params;
  readonly test: Test | null;
  /** Its result when known at compile time. */
  readonly constant?: boolean;
  /** Its conditions for the column evaluator, when it can match and its result is not known. */
  readonly ir?: Ir;
}

/** The facts the runtime picks for a file: each string `fact` of a condition or of its value (runtime.ts). */
export function pickedFacts(rules: readonly unknown[]): Set<string> {
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
  if (!root.mayThrow) return { name, priority, params, test: root.test, ir: root.ir };
  const guarded = root.test;
  // The runtime re-runs a file whose run threw rule by rule: the throwing rule is not matched.
  const test: Test = (v) => {
    try {
      return guarded(v);
    } catch {
      return false;
    }
  };
  return { name, priority, params, test, ir: root.ir };
}

/** A rule that can match, with its test. */
export interface Live {
  readonly test: Test;
  readonly params: Params;
  readonly constant?: boolean;
}

/** One decision's rule file: its rules in the runtime's order (priority, higher first; then file order). */
export class CompiledDecision {
  readonly rules: readonly CompiledRule[];
  /** The facts the runtime hands the engine for this file (pickedFacts). */
  readonly picked: ReadonlySet<string>;

  constructor(
    readonly spec: Pick<DecisionSpec, 'id'>,
    file: RuleFile,
    layout: Layout,
    decided: ReadonlySet<string>,
  ) {
    const where = `rules/${spec.id}.json`;
    this.picked = pickedFacts(file.rules);
    const scope: Scope = { layout, picked: this.picked, decided };
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

  /**
   * The same file with other tests for the rules whose result is not known at compile time (the column
   * evaluator's: whether the rule is among those an account matched); the others as they are.
   */
  withTests(testOf: (rule: CompiledRule & { test: Test; ir: Ir }) => Test): CompiledDecision {
    const copy = Object.create(CompiledDecision.prototype) as { -readonly [K in keyof this]: this[K] };
    copy.spec = this.spec;
    copy.picked = this.picked;
    copy.rules = this.rules.map((r) =>
      r.test && r.constant === undefined
        ? { ...r, test: testOf(r as CompiledRule & { test: Test; ir: Ir }) }
        : r,
    );
    return copy;
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
