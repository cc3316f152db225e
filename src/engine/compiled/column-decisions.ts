/**
 * One decision over a block of accounts (the column evaluator, ../columns.ts): every rule whose result is
 * not known at compile time is evaluated over the block (./column-conditions.ts), each account gets the
 * mask of the rules it matched, and each distinct mask is answered once, by the very outcome code the
 * compiled closures use (./outcomes.ts), with rule tests that read the mask. An account's answer is an id
 * into the decision's table of answers, and the facts the decision feeds are tables by id too.
 */
import type { OutcomeSpec } from '../declare';
import { matches, type FactBlock, type View } from './column-conditions';
import type { Bits } from './kernels';
import type { CompiledDecision, CompiledRule, Ir, Test } from './conditions';
import { compileOutcome } from './outcomes';

/** A decision for every account of a block. */
export interface Column {
  /** Per account, its answer's id. */
  readonly ids: Int32Array;
  /** The answers by id (a table shared by every block the decision decides: it only grows). */
  readonly answers: readonly unknown[];
  /** Per fed fact (the declaration's order), its value by id: `feed.of(answer) ?? null`. */
  readonly fed: readonly (readonly unknown[])[];
  /** The id every account of the block has, or -1. */
  readonly uniform: number;
}

/** Rules per word of a mask: 30 bits keep a word a small integer. */
const PER_WORD = 30;
/** Masks of at most this many rules are looked up in an array. */
const DIRECT = 16;

/** Ids by mask: one Map level per word of the mask. */
type Memo = Map<number, number | Memo>;

export class DecisionColumns {
  /** The rules evaluated per block, in file order; rule b is bit b of the mask. */
  private readonly evaluated: readonly Ir[];
  private readonly answer: (mask: number[]) => unknown;
  private readonly answers: unknown[] = [];
  private readonly fed: unknown[][];
  private readonly words: number;
  /** Ids by mask: direct for few rules, else by word. */
  private readonly direct: Int32Array | null;
  private readonly memo: Memo = new Map();
  private readonly mask: number[];

  constructor(
    decision: CompiledDecision,
    outcome: OutcomeSpec,
    private readonly feeds: readonly { readonly of: (answer: never) => unknown }[],
  ) {
    const bits = new Map<CompiledRule, number>();
    for (const r of decision.rules) if (r.test && r.constant === undefined) bits.set(r, bits.size);
    this.evaluated = [...bits.keys()].map((r) => r.ir!);
    this.words = Math.ceil(bits.size / PER_WORD);
    this.mask = new Array<number>(this.words).fill(0);
    const masked = decision.withTests((rule): Test => {
      const b = bits.get(rule)!;
      const word = Math.floor(b / PER_WORD);
      const bit = 1 << (b % PER_WORD);
      return (mask) => ((mask[word] as number) & bit) !== 0;
    });
    this.answer = compileOutcome(outcome, masked);
    this.fed = feeds.map(() => []);
    this.direct = bits.size <= DIRECT ? new Int32Array(1 << bits.size).fill(-1) : null;
  }

  /** The answer of an account whose mask is `this.mask`, as a new id. */
  private add(): number {
    const value = this.answer(this.mask);
    const id = this.answers.length;
    this.answers.push(value);
    for (let f = 0; f < this.feeds.length; f++) this.fed[f]!.push(this.feeds[f]!.of(value as never) ?? null);
    return id;
  }

  /** The id of the answer for `this.mask` (more rules than `direct` takes). */
  private idOf(): number {
    const mask = this.mask;
    let level = this.memo;
    const last = this.words - 1;
    for (let w = 0; w < last; w++) {
      let next = level.get(mask[w]!) as Memo | undefined;
      if (!next) level.set(mask[w]!, (next = new Map()));
      level = next;
    }
    const id = level.get(mask[last]!) as number | undefined;
    if (id !== undefined) return id;
    const made = this.add();
    level.set(mask[last]!, made);
    return made;
  }

  /** The decision for every account of `block`, its facts read through `views`. */
  decide(views: readonly View[], block: FactBlock): Column {
    const n = block.size;
    const masks = Array.from({ length: Math.max(1, this.words) }, () => new Int32Array(n));
    for (let b = 0; b < this.evaluated.length; b++)
      setBits(
        matches(this.evaluated[b]!, views, block),
        masks[Math.floor(b / PER_WORD)]!,
        1 << (b % PER_WORD),
        n,
      );
    const ids = new Int32Array(n);
    const mask = this.mask;
    const direct = this.direct;
    if (direct) {
      // Few rules: the mask is an index (the usual case, and the tightest loop); a new mask is answered.
      const m = masks[0]!;
      for (let k = lookUp(m, direct, ids, 0); k < n; k = lookUp(m, direct, ids, k + 1)) {
        mask[0] = m[k]!;
        ids[k] = direct[m[k]!] = this.add();
      }
    } else
      for (let k = 0; k < n; k++) {
        for (let w = 0; w < this.words; w++) mask[w] = masks[w]![k]!;
        ids[k] = this.idOf();
      }
    return { ids, answers: this.answers, fed: this.fed, uniform: uniformId(ids) };
  }
}

// Loops over typed arrays only, apart from the decisions' own code: each stays optimized for every decision.

/** `bit` set in `into[k]` for each account k whose bit is set in `bits`. */
function setBits(bits: Bits, into: Int32Array, bit: number, n: number): void {
  for (let w = 0; w << 5 < n; w++) {
    let x = bits[w]!;
    if ((w + 1) << 5 > n) x &= (1 << (n & 31)) - 1;
    while (x !== 0) {
      const low = x & -x;
      into[(w << 5) + 31 - Math.clz32(low)]! |= bit;
      x ^= low;
    }
  }
}

/** ids[k] = table[mask[k]] from account `from` on, up to an account whose mask has no id yet: its index (or the end). */
function lookUp(mask: Int32Array, table: Int32Array, ids: Int32Array, from: number): number {
  for (let k = from; k < mask.length; k++) {
    const id = table[mask[k]!]!;
    if (id < 0) return k;
    ids[k] = id;
  }
  return mask.length;
}

/** The id every account has, or -1. */
function uniformId(ids: Int32Array): number {
  if (ids.length === 0) return -1;
  const first = ids[0]!;
  for (let k = 1; k < ids.length; k++) if (ids[k] !== first) return -1;
  return first;
}
