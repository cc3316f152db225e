/**
 * Conditions over a block of accounts at once (the column evaluator, ../columns.ts): each fact is a column
 * (a view: one value for all, the block's own column, a call's answer where the call is made, or a decided
 * fact as answer ids), each condition a bit per account, groups combined word by word. Exactly what the
 * compiled closures (./conditions.ts) decide one account at a time, throws included: a condition that
 * throws is a bit of its own (`t`), and a group keeps json-rules-engine's order (priority sets, highest
 * first, each evaluated in full before the group's result decides whether the next is), so a throw counts
 * only where the closures would have reached it.
 */
import type { FactVector, Ir } from './conditions';
import { kernelOf, scalar, scalarScan, tableScan, wordsFor, type Bits, type Result } from './kernels';
import { keyOf } from './answers';

/** Where a fact's value comes from, for every account of a block. */
export type View =
  | { readonly kind: 'const'; readonly value: unknown }
  /** The block's own column (`FactBlock.column`). */
  | { readonly kind: 'raw'; readonly slot: number }
  /** The block's column where `made` (the call supplying it was made), `value` elsewhere. */
  | { readonly kind: 'masked'; readonly slot: number; readonly made: Bits; readonly value: unknown }
  /** Any value per account. */
  | { readonly kind: 'values'; readonly values: readonly unknown[] }
  /** A decided fact: per account an answer id, `fed[id]` its value. */
  | { readonly kind: 'decided'; readonly ids: Int32Array; readonly fed: readonly unknown[] };

export const UNDEFINED: View = { kind: 'const', value: undefined };
export const NULL: View = { kind: 'const', value: null };

/** Leaf results over a block's columns kept at most (a studio keeps a block between drafts). */
const LEAVES_KEPT = 2048;

/**
 * A block of accounts (or items) as columns, one per slot of their fact vectors, and the results of the
 * leaves evaluated over them, kept for every rule set deciding the block (identical conditions of any file
 * or rule set are evaluated once).
 */
export class FactBlock {
  readonly words: number;
  private readonly leaves = new Map<string, Result>();
  private zeros: Bits | null = null;
  private ones: Bits | null = null;
  private absent: readonly unknown[] | null = null;

  constructor(
    /** Per slot, its value for each account (an array may be longer than the block: read up to `size`). */
    readonly columns: readonly (readonly unknown[])[],
    readonly size: number,
  ) {
    this.words = wordsFor(size);
  }

  /** The columns of `width` slots of these fact vectors (undefined where a vector is shorter). */
  static ofRows(rows: readonly FactVector[], width: number): FactBlock {
    const columns = Array.from({ length: width }, () => new Array<unknown>(rows.length));
    // Row by row: each vector read once, while it is in the cache.
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k]!;
      for (let s = 0; s < width; s++) columns[s]![k] = row[s];
    }
    return new FactBlock(columns, rows.length);
  }

  /** The same columns with no leaf result kept: a rule set decided on it shares nothing with another. */
  alone(): FactBlock {
    return new FactBlock(this.columns, this.size);
  }

  /** Fact `slot` of every account. */
  column(slot: number): readonly unknown[] {
    return this.columns[slot] ?? (this.absent ??= new Array<unknown>(this.size).fill(undefined));
  }

  /** Account k's fact vector. */
  row(k: number): unknown[] {
    return this.columns.map((c) => c[k]);
  }

  /** Bits all false, or all true (shared: never written). */
  filled(value: boolean): Bits {
    if (value) return (this.ones ??= new Int32Array(this.words).fill(-1));
    return (this.zeros ??= new Int32Array(this.words));
  }

  leaf(key: string, evaluate: () => Result): Result {
    let r = this.leaves.get(key);
    if (!r) {
      r = evaluate();
      if (this.leaves.size < LEAVES_KEPT) this.leaves.set(key, r);
    }
    return r;
  }
}

type Leaf = Extract<Ir, { kind: 'leaf' }>;

/** A leaf's key among a block's results: the fact's slot, the operator and the value, exactly. */
const leafKeys = new WeakMap<Leaf, string>();
function leafKey(ir: Leaf): string {
  let key = leafKeys.get(ir);
  if (key === undefined) leafKeys.set(ir, (key = `${ir.slot}\u0000${ir.operator}\u0000${keyOf(ir.value)}`));
  return key;
}

function constant(block: FactBlock, outcome: 0 | 1 | 2): Result {
  if (outcome === 2) return { v: block.filled(false), t: block.filled(true) };
  return { v: block.filled(outcome === 1), t: null };
}

/** The value of a view for account k (the slow path: a value {"fact": ...}). */
function valueAt(view: View, block: FactBlock): (k: number) => unknown {
  switch (view.kind) {
    case 'const':
      return () => view.value;
    case 'raw': {
      const c = block.column(view.slot);
      return (k) => c[k];
    }
    case 'masked': {
      const c = block.column(view.slot);
      return (k) => ((view.made[k >>> 5]! >>> (k & 31)) & 1 ? c[k] : view.value);
    }
    case 'values':
      return (k) => view.values[k];
    case 'decided':
      return (k) => view.fed[view.ids[k]!];
  }
}

/** A leaf over the block's own column: its loop, or `scalar` per account; kept in the block. */
function rawLeaf(ir: Leaf, slot: number, block: FactBlock): Result {
  return block.leaf(leafKey(ir), () => {
    const c = block.column(slot);
    const kernel = ir.mayThrow ? null : kernelOf(ir.operator, ir.value);
    if (!kernel)
      return scalarScan(
        (k) => c[k],
        () => ir.value,
        ir.op,
        block.size,
        block.words,
      );
    const v = new Int32Array(block.words);
    kernel(c, block.size, v);
    return { v, t: null };
  });
}

function evalLeaf(ir: Leaf, views: readonly View[], block: FactBlock): Result {
  const view = ir.slot < 0 ? UNDEFINED : views[ir.slot]!;
  if (ir.valueSlot !== null) {
    const other = ir.valueSlot < 0 ? UNDEFINED : views[ir.valueSlot]!;
    if (view.kind === 'const' && other.kind === 'const')
      return constant(block, scalar(ir.op, view.value, other.value));
    return scalarScan(valueAt(view, block), valueAt(other, block), ir.op, block.size, block.words);
  }
  switch (view.kind) {
    case 'const':
      return constant(block, scalar(ir.op, view.value, ir.value));
    case 'raw':
      return rawLeaf(ir, view.slot, block);
    case 'masked': {
      // The call's answer where it was made, the not-called value elsewhere.
      const answered = rawLeaf(ir, view.slot, block);
      const otherwise = scalar(ir.op, view.value, ir.value);
      const made = view.made;
      const v = new Int32Array(block.words);
      const t = answered.t || otherwise === 2 ? new Int32Array(block.words) : null;
      for (let w = 0; w < v.length; w++) {
        const m = made[w]!;
        v[w] = (answered.v[w]! & m) | (otherwise === 1 ? ~m : 0);
        if (t) t[w] = ((answered.t?.[w] ?? 0) & m) | (otherwise === 2 ? ~m : 0);
      }
      return { v, t };
    }
    case 'values':
      return scalarScan(
        (k) => view.values[k],
        () => ir.value,
        ir.op,
        block.size,
        block.words,
      );
    case 'decided':
      return tableScan(view.ids, view.fed, ir.op, ir.value, block.size, block.words);
  }
}

/**
 * A group: `all` holds where every child holds, `any` where one does; by priority sets when a child may
 * throw (a set is evaluated only where the sets before it left the result open, and a throw there throws).
 */
function evalGroup(
  all: boolean,
  children: readonly { readonly ir: Ir; readonly priority: number }[],
  views: readonly View[],
  block: FactBlock,
): Result {
  const results = children.map((c) => evaluate(c.ir, views, block));
  const words = block.words;
  if (results.every((r) => r.t === null)) {
    const v = Int32Array.from(results[0]!.v);
    for (let i = 1; i < results.length; i++) {
      const x = results[i]!.v;
      if (all) for (let w = 0; w < words; w++) v[w]! &= x[w]!;
      else for (let w = 0; w < words; w++) v[w]! |= x[w]!;
    }
    return { v, t: null };
  }
  const priorities = [...new Set(children.map((c) => c.priority))].sort((a, b) => b - a);
  // `open`: accounts whose result the sets so far left open (all held, or none held for `any`).
  const open = new Int32Array(words).fill(-1);
  const found = new Int32Array(words);
  const t = new Int32Array(words);
  for (const p of priorities) {
    const set = results.filter((_, i) => children[i]!.priority === p);
    for (let w = 0; w < words; w++) {
      let thrown = 0;
      let every = -1;
      let some = 0;
      for (const r of set) {
        thrown |= r.t?.[w] ?? 0;
        every &= r.v[w]!;
        some |= r.v[w]!;
      }
      const o = open[w]!;
      const threw = o & thrown;
      t[w]! |= threw;
      if (all) open[w] = o & ~threw & every;
      else {
        const held = o & ~threw & some;
        found[w]! |= held;
        open[w] = o & ~threw & ~held;
      }
    }
  }
  return { v: all ? open : found, t };
}

/** A condition over the block, with `views` giving each slot's values. */
export function evaluate(ir: Ir, views: readonly View[], block: FactBlock): Result {
  switch (ir.kind) {
    case 'leaf':
      return evalLeaf(ir, views, block);
    case 'const':
      return constant(block, ir.value ? 1 : 0);
    case 'throw':
      return constant(block, 2);
    case 'not': {
      const r = evaluate(ir.child, views, block);
      const v = new Int32Array(block.words);
      for (let w = 0; w < v.length; w++) v[w] = ~r.v[w]!;
      return { v, t: r.t };
    }
    case 'group':
      return evalGroup(ir.all, ir.children, views, block);
  }
}

/** Where a rule matches: its conditions hold and nothing throws (a throwing rule is not matched). */
export function matches(ir: Ir, views: readonly View[], block: FactBlock): Bits {
  const r = evaluate(ir, views, block);
  if (!r.t) return r.v;
  const v = new Int32Array(block.words);
  for (let w = 0; w < v.length; w++) v[w] = r.v[w]! & ~r.t[w]!;
  return v;
}
