/**
 * json-rules-engine 7.3's operators as the compiled evaluator applies them: the ten defaults with their
 * fact-value validators and the default decorators (`not:in`, `swap:lessThan` ...), read from its source
 * (node_modules/json-rules-engine/dist), not from its documentation.
 */
export interface Operator {
  /** json-rules-engine's factValueValidator: when it fails the condition is false, the callback not called. */
  valid: (factValue: unknown) => boolean;
  cb: (factValue: unknown, value: unknown) => boolean;
  /** The callback cannot throw whatever the fact value, for this condition value. */
  safeWith: (value: unknown) => boolean;
}

export const always = (): boolean => true;
/** json-rules-engine's numberValidator: `Number.parseFloat(factValue).toString() !== 'NaN'`. */
const numberValid = (v: unknown): boolean => !Number.isNaN(Number.parseFloat(v as string));
/** numberValid, answering the usual cases (a number, null) without parsing. */
export const numeric = (v: unknown): boolean =>
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
