/**
 * How the compiled evaluator turns the rules that match into answers: built once per rule at compile time,
 * shared between accounts (frozen: equal answers are one object, so comparing two rule sets' decisions is
 * mostly comparing references) and kept per set of matching rules for the all-ordered files.
 */
import type { Params } from '../declare';
import { always } from './operators';
import type { CompiledDecision, Live, Vector } from './conditions';

export function first<T>(
  rules: readonly Live[],
  answer: (params: Params) => T,
  otherwise: T,
): (v: Vector) => T {
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

/**
 * runtime.ts firstParam: the first matching rule whose `key` param passes `ok`, else the fallback; given
 * as `wrap(value)`, built once per rule.
 */
export function firstParam<T, W = T>(
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
export function record<K extends string, V>(
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
      // Shared with every rule set: equal records of both sides of an impact run are one object.
      node.record = frozen(out);
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
export function lookup<K extends string, V>(
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
export function flags<K extends string>(decision: CompiledDecision, field: string, names: readonly K[]) {
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

export function distinct<T, R>(
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
export const keyOf = (value: unknown): string =>
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
export function sharedList<T>(items: T[]): readonly T[] {
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
export function frozen<T extends object>(value: T): T {
  const key = keyOf(value);
  const known = sharedAnswers.get(key);
  if (known) return known as T;
  Object.freeze(value);
  sharedAnswers.set(key, value);
  return value;
}
