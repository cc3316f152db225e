/**
 * A leaf condition over one column of facts, a bit per account (bit k of word k >> 5): the loops the column
 * evaluator (../columns.ts) runs over a block of accounts. Each usual operator has its own loop, so its test
 * is inlined; they compute exactly what the compiled leaf closures (./conditions.ts directTest) compute for
 * one account. Any other operator, a decorated one or one that may throw goes through `scalar`, per value.
 */
import { numeric, type Operator } from './operators';

/** One bit per account of a block; the bits past the block's last account mean nothing. */
export type Bits = Int32Array;

export const wordsFor = (accounts: number): number => (accounts + 31) >>> 5;

/** A condition over a block: `v` its value per account, `t` where it throws (null: nowhere). */
export interface Result {
  readonly v: Bits;
  readonly t: Bits | null;
}

/** What a leaf gives for one fact value: 0 false, 1 true, 2 it throws. */
export type Outcome = 0 | 1 | 2;

export function scalar(op: Operator, a: unknown, b: unknown): Outcome {
  try {
    return op.valid(a) && op.cb(a, b) ? 1 : 0;
  } catch {
    return 2;
  }
}

type Kernel = (values: readonly unknown[], n: number, out: Bits) => void;

// `equal` with the values rules test most: true and false (most conditions) compared as constants, text and
// numbers only against values of their type. Each its own loop: a loop shared by every kind of value
// compares through V8's generic strict equality.
const equalTrue: Kernel = (c, n, out) => {
  for (let w = 0, k = 0; k < n; w++) {
    let x = 0;
    for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) if (c[k] === true) x |= 1 << b;
    out[w] = x;
  }
};
const equalFalse: Kernel = (c, n, out) => {
  for (let w = 0, k = 0; k < n; w++) {
    let x = 0;
    for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) if (c[k] === false) x |= 1 << b;
    out[w] = x;
  }
};
const equalText =
  (value: string): Kernel =>
  (c, n, out) => {
    for (let w = 0, k = 0; k < n; w++) {
      let x = 0;
      for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
        const a = c[k];
        if (typeof a === 'string' && a === value) x |= 1 << b;
      }
      out[w] = x;
    }
  };
const equalNumber =
  (value: number): Kernel =>
  (c, n, out) => {
    for (let w = 0, k = 0; k < n; w++) {
      let x = 0;
      for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
        const a = c[k];
        if (typeof a === 'number' && a === value) x |= 1 << b;
      }
      out[w] = x;
    }
  };

/** The loop for `operator` with a value known at compile time, or null when `scalar` must do. */
export function kernelOf(operator: string, value: unknown): Kernel | null {
  switch (operator) {
    case 'equal':
      if (value === true) return equalTrue;
      if (value === false) return equalFalse;
      if (typeof value === 'string') return equalText(value);
      if (typeof value === 'number') return equalNumber(value);
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) if (c[k] === value) x |= 1 << b;
          out[w] = x;
        }
      };
    case 'notEqual':
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) if (c[k] !== value) x |= 1 << b;
          out[w] = x;
        }
      };
    case 'in':
      if (!Array.isArray(value)) return null;
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++)
            if (value.indexOf(c[k]) > -1) x |= 1 << b;
          out[w] = x;
        }
      };
    case 'notIn':
      if (!Array.isArray(value)) return null;
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++)
            if (value.indexOf(c[k]) === -1) x |= 1 << b;
          out[w] = x;
        }
      };
    // JavaScript's comparison with its coercions, as json-rules-engine's callbacks; NaN compares false.
    case 'lessThan':
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
            const a = c[k];
            if (numeric(a) && (a as number) < (value as number)) x |= 1 << b;
          }
          out[w] = x;
        }
      };
    case 'lessThanInclusive':
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
            const a = c[k];
            if (numeric(a) && (a as number) <= (value as number)) x |= 1 << b;
          }
          out[w] = x;
        }
      };
    case 'greaterThan':
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
            const a = c[k];
            if (numeric(a) && (a as number) > (value as number)) x |= 1 << b;
          }
          out[w] = x;
        }
      };
    case 'greaterThanInclusive':
      return (c, n, out) => {
        for (let w = 0, k = 0; k < n; w++) {
          let x = 0;
          for (let b = 0, end = Math.min(32, n - k); b < end; b++, k++) {
            const a = c[k];
            if (numeric(a) && (a as number) >= (value as number)) x |= 1 << b;
          }
          out[w] = x;
        }
      };
    default:
      return null;
  }
}

/** A leaf over a column through `scalar`, one account at a time: value and throws. */
export function scalarScan(
  values: (k: number) => unknown,
  compared: (k: number) => unknown,
  op: Operator,
  n: number,
  words: number,
): Result {
  const v = new Int32Array(words);
  let t: Bits | null = null;
  for (let k = 0; k < n; k++) {
    const r = scalar(op, values(k), compared(k));
    if (r === 1) v[k >>> 5]! |= 1 << (k & 31);
    else if (r === 2) (t ??= new Int32Array(words))[k >>> 5]! |= 1 << (k & 31);
  }
  return { v, t };
}

/** A leaf over answer ids: evaluated once per distinct fed value, then looked up per account. */
export function tableScan(
  ids: Int32Array,
  fed: readonly unknown[],
  op: Operator,
  value: unknown,
  n: number,
  words: number,
): Result {
  const known = new Int8Array(fed.length).fill(-1);
  const v = new Int32Array(words);
  let t: Bits | null = null;
  for (let k = 0; k < n; k++) {
    const id = ids[k]!;
    let r = known[id]!;
    if (r < 0) known[id] = r = scalar(op, fed[id], value);
    if (r === 1) v[k >>> 5]! |= 1 << (k & 31);
    else if (r === 2) (t ??= new Int32Array(words))[k >>> 5]! |= 1 << (k & 31);
  }
  return { v, t };
}
