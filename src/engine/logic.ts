/**
 * Reasoning about rule conditions without running them: can a set of conditions hold at all, and when?
 * The rules checker (analyze.ts) uses it to find rules that never fire, rules that never win, and ties
 * whose outcome depends on file order.
 *
 * Sound, not complete: "can never hold" is only said when it is proven. Each fact is reasoned about on its
 * own (intervals for numbers, sets of values for text and true/false, "unknown" (null) for every fact),
 * exactly as json-rules-engine compares: `equal` is ===, number operators never hold for null, `notEqual`
 * and `notIn` do hold for null. Facts are treated as independent (isPrepaid and accountNumberKind are in
 * fact linked), which can only make a contradiction go unnoticed, never invent one. A condition the
 * reasoning does not understand counts as "may hold". Browser-safe.
 */
import { factDefinition } from '../facts/vocabulary';

/** A fact comparison, with its polarity after pushing every `not` down to it. */
export interface Leaf {
  fact: string;
  operator: string;
  /** The value compared with (a constant's value when the rule names one; undefined when unknown). */
  value: unknown;
  /** Where the condition is in the file, e.g. 'rules[2].conditions.all[1]'. */
  path: string;
  /** True under an odd number of `not`. */
  negated: boolean;
}

/** A condition in negation normal form: `and: []` always holds, `or: []` never does. */
export type Formula = { and: Formula[] } | { or: Formula[] } | { leaf: Leaf };

export const TRUE: Formula = { and: [] };
export const FALSE: Formula = { or: [] };

/** Gives the value a `{"fact": ...}` reference in a condition's value stands for (a constant's value). */
export type ValueResolver = (fact: string) => unknown;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A rule's conditions as a formula (negated: the formula of "the conditions do not hold"). json-rules-engine
 * treats an empty `all` and an empty `any` both as holding.
 */
export function toFormula(
  condition: unknown,
  path: string,
  resolve: ValueResolver = () => undefined,
  negated = false,
): Formula {
  if (!isObject(condition)) return negated ? FALSE : TRUE;
  for (const group of ['all', 'any'] as const) {
    const children = condition[group];
    if (!Array.isArray(children)) continue;
    if (children.length === 0) return negated ? FALSE : TRUE;
    const parts = children.map((c, i) => toFormula(c, `${path}.${group}[${i}]`, resolve, negated));
    return (group === 'all') !== negated ? { and: parts } : { or: parts };
  }
  if ('not' in condition) return toFormula(condition.not, `${path}.not`, resolve, !negated);
  const { fact, operator } = condition;
  if (typeof fact !== 'string' || typeof operator !== 'string') return TRUE;
  const value = isObject(condition.value)
    ? typeof condition.value.fact === 'string'
      ? resolve(condition.value.fact)
      : undefined
    : condition.value;
  return { leaf: { fact, operator, value, path, negated } };
}

// ------------------------------------------------------------------------------------------ domains

type Scalar = string | number | boolean;
interface Range {
  lo: number;
  loIn: boolean;
  hi: number;
  hiIn: boolean;
}

/** The values a fact may still take: `null` says whether unknown is still possible. */
export type Domain =
  | { kind: 'set'; null: boolean; values: readonly Scalar[] }
  | { kind: 'text'; null: boolean; except: readonly string[] }
  | { kind: 'number'; null: boolean; ranges: readonly Range[] };

function initialDomain(fact: string): Domain | undefined {
  const def = factDefinition(fact);
  if (!def) return undefined;
  if (def.type === 'boolean') return { kind: 'set', null: true, values: [true, false] };
  if (def.closed && def.values) return { kind: 'set', null: true, values: [...def.values] };
  if (def.type === 'number')
    return {
      kind: 'number',
      null: true,
      ranges: [{ lo: -Infinity, loIn: false, hi: Infinity, hiIn: false }],
    };
  return { kind: 'text', null: true, except: [] };
}

/** json-rules-engine's operators on one value; undefined for an operator or value it does not know. */
function holds(operator: string, v: Scalar | null, c: unknown): boolean | undefined {
  switch (operator) {
    case 'equal':
      return v === c;
    case 'notEqual':
      return v !== c;
    case 'in':
      return Array.isArray(c) ? c.includes(v) : undefined;
    case 'notIn':
      return Array.isArray(c) ? !c.includes(v) : undefined;
    case 'lessThan':
    case 'lessThanInclusive':
    case 'greaterThan':
    case 'greaterThanInclusive': {
      if (typeof c !== 'number') return undefined;
      if (typeof v !== 'number') return false;
      if (operator === 'lessThan') return v < c;
      if (operator === 'lessThanInclusive') return v <= c;
      if (operator === 'greaterThan') return v > c;
      return v >= c;
    }
    default:
      return undefined;
  }
}

const intersect = (a: Range, b: Range): Range | null => {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  const loIn = (a.lo === lo ? a.loIn : true) && (b.lo === lo ? b.loIn : true);
  const hiIn = (a.hi === hi ? a.hiIn : true) && (b.hi === hi ? b.hiIn : true);
  if (lo > hi || (lo === hi && !(loIn && hiIn))) return null;
  return { lo, loIn, hi, hiIn };
};

function withoutPoint(ranges: readonly Range[], c: number): Range[] {
  return ranges.flatMap((r) => {
    const inside = (c > r.lo || (c === r.lo && r.loIn)) && (c < r.hi || (c === r.hi && r.hiIn));
    if (!inside) return [r];
    return [
      { lo: r.lo, loIn: r.loIn, hi: c, hiIn: false },
      { lo: c, loIn: false, hi: r.hi, hiIn: r.hiIn },
    ].filter((x) => x.lo < x.hi);
  });
}

/** The numbers for which a number operator holds (negated: does not hold), as ranges. */
function numberRanges(operator: string, c: number, negated: boolean): Range[] | 'all-but' {
  const below = (hiIn: boolean): Range => ({ lo: -Infinity, loIn: false, hi: c, hiIn });
  const above = (loIn: boolean): Range => ({ lo: c, loIn, hi: Infinity, hiIn: false });
  switch (negated ? NEGATION[operator] : operator) {
    case 'lessThan':
      return [below(false)];
    case 'lessThanInclusive':
      return [below(true)];
    case 'greaterThan':
      return [above(false)];
    case 'greaterThanInclusive':
      return [above(true)];
    case 'equal':
      return [{ lo: c, loIn: true, hi: c, hiIn: true }];
    default:
      return 'all-but';
  }
}

const NEGATION: Record<string, string> = {
  lessThan: 'greaterThanInclusive',
  lessThanInclusive: 'greaterThan',
  greaterThan: 'lessThanInclusive',
  greaterThanInclusive: 'lessThan',
  equal: 'notEqual',
  notEqual: 'equal',
  in: 'notIn',
  notIn: 'in',
};

/** The domain narrowed by a leaf; undefined when the leaf says nothing the reasoning can use. */
export function narrow(d: Domain, leaf: Leaf): Domain | undefined {
  const { operator: op, value: c, negated } = leaf;
  const nullHolds = holds(op, null, c);
  if (nullHolds === undefined) return undefined;
  const keepNull = d.null && nullHolds !== negated;
  if (d.kind === 'set') {
    const values: Scalar[] = [];
    for (const v of d.values) {
      const h = holds(op, v, c);
      if (h === undefined) return undefined;
      if (h !== negated) values.push(v);
    }
    return { kind: 'set', null: keepNull, values };
  }
  if (d.kind === 'number') {
    if (['in', 'notIn'].includes(op)) return undefined;
    if (typeof c !== 'number') {
      // equal/notEqual null: no number equals null.
      if (c !== null) return undefined;
      const numbersHold = op === 'notEqual' ? !negated : negated;
      return { kind: 'number', null: keepNull, ranges: numbersHold ? d.ranges : [] };
    }
    const allowed = numberRanges(op, c, negated);
    const ranges =
      allowed === 'all-but'
        ? withoutPoint(d.ranges, c)
        : d.ranges.flatMap((r) => allowed.map((a) => intersect(r, a)).filter((x): x is Range => x !== null));
    return { kind: 'number', null: keepNull, ranges };
  }
  // Open text: 'equal'/'in' (or a negated 'notEqual'/'notIn') lists the only values left.
  if (!['equal', 'notEqual', 'in', 'notIn'].includes(op)) return undefined;
  const listed = (Array.isArray(c) ? c : [c]).filter((x): x is string => typeof x === 'string');
  const effective = negated ? NEGATION[op] : op;
  if (effective === 'equal' || effective === 'in') {
    return { kind: 'set', null: keepNull, values: listed.filter((v) => !d.except.includes(v)) };
  }
  return { kind: 'text', null: keepNull, except: [...new Set([...d.except, ...listed])] };
}

export function isEmpty(d: Domain): boolean {
  if (d.null) return false;
  if (d.kind === 'set') return d.values.length === 0;
  if (d.kind === 'number') return d.ranges.length === 0;
  return false;
}

// ------------------------------------------------------------------------------------------ search

/** Per fact: its narrowed domain and the leaves that narrowed it. */
export type Assignment = ReadonlyMap<string, { domain: Domain; leaves: readonly Leaf[] }>;

export type SatResult =
  | { result: 'sat'; assignment: Assignment }
  /** conflicts: for each way the formula could hold, the leaves (on one fact) that rule it out. */
  | { result: 'unsat'; conflicts: Leaf[][] }
  /** Too many alternatives to explore: treated as "may hold". */
  | { result: 'unknown' };

const STEP_LIMIT = 20000;

/** Whether every formula of `parts` can hold at once. */
export function satisfiable(parts: readonly Formula[]): SatResult {
  const steps = { left: STEP_LIMIT };
  return solve([...parts], new Map(), steps);
}

function solve(pending: Formula[], start: Assignment, steps: { left: number }): SatResult {
  const state = new Map(start);
  const queue = [...pending];
  const choices: Formula[][] = [];
  while (queue.length > 0) {
    const f = queue.shift()!;
    if ('and' in f) queue.unshift(...f.and);
    else if ('or' in f) {
      if (f.or.length === 0) return { result: 'unsat', conflicts: [[]] };
      if (f.or.length === 1) queue.unshift(f.or[0]!);
      else choices.push(f.or);
    } else {
      const { leaf } = f;
      const current = state.get(leaf.fact);
      const domain = current?.domain ?? initialDomain(leaf.fact);
      if (!domain) continue;
      const narrowed = narrow(domain, leaf);
      if (!narrowed) continue;
      const leaves = [...(current?.leaves ?? []), leaf];
      if (isEmpty(narrowed)) return { result: 'unsat', conflicts: [leaves] };
      state.set(leaf.fact, { domain: narrowed, leaves });
    }
  }
  const [first, ...rest] = choices;
  if (!first) return { result: 'sat', assignment: state };
  const conflicts: Leaf[][] = [];
  for (const alternative of first) {
    if (--steps.left < 0) return { result: 'unknown' };
    const r = solve([alternative, ...rest.map((or) => ({ or }))], state, steps);
    if (r.result !== 'unsat') return r;
    conflicts.push(...r.conflicts);
  }
  return { result: 'unsat', conflicts };
}

// ------------------------------------------------------------------------------------------ words

const showValue = (v: unknown): string => JSON.stringify(v) ?? String(v);

/** One value a domain allows, in words: `0`, `"RES"`, `unknown`, `any text but "A"`. */
function example(d: Domain): string {
  if (d.kind === 'set') return d.values.length > 0 ? showValue(d.values[0]) : 'unknown';
  if (d.kind === 'text') {
    if (d.except.length === 0) return 'any text';
    return `any text but ${d.except.map(showValue).join(', ')}`;
  }
  const r = d.ranges[0];
  if (!r) return 'unknown';
  if (r.loIn) return String(r.lo);
  if (r.hiIn && r.lo === -Infinity) return String(r.hi);
  if (r.lo === -Infinity) return String(r.hi === Infinity ? 0 : Math.ceil(r.hi) - 1);
  const next = Math.floor(r.lo) + 1;
  return String(next < r.hi || (next === r.hi && r.hiIn) ? next : (r.lo + r.hi) / 2);
}

/** An example of facts under which a satisfiable formula holds, e.g. `accountTenure 0, autoPay false`. */
export function describeAssignment(a: Assignment): string {
  const parts = [...a.entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([fact, { domain }]) => `${fact} ${example(domain)}`);
  return parts.length > 0 ? parts.join(', ') : 'any facts';
}

/** A leaf as an analyst wrote it: `accountTenure greaterThan 5`, `not (x equal "A")`. */
export function describeLeaf(leaf: Leaf): string {
  const text = `${leaf.fact} ${leaf.operator} ${leaf.value === undefined ? '(a fact)' : showValue(leaf.value)}`;
  return leaf.negated ? `not (${text})` : text;
}
