/**
 * One decision over a block of accounts (the column evaluator, ../columns.ts): every rule whose result is
 * not known at compile time is evaluated over the block (./column-conditions.ts), each account gets the
 * mask of the rules it matched, and each distinct mask is answered once, by the very outcome code the
 * compiled closures use (./outcomes.ts), with rule tests that read the mask. An account's answer is an id
 * into the decision's table of answers, and the facts the decision feeds are tables by id too.
 */
import type { OutcomeSpec } from '../declare';
import { matches, type FactBlock, type View } from './column-conditions';
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

  private idOf(): number {
    const mask = this.mask;
    if (this.direct) {
      const id = this.direct[mask[0] ?? 0]!;
      return id >= 0 ? id : (this.direct[mask[0] ?? 0] = this.add());
    }
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
    const masks = Array.from({ length: this.words }, () => new Int32Array(n));
    const tail = n & 31;
    const lastWord = block.words - 1;
    for (let b = 0; b < this.evaluated.length; b++) {
      const bits = matches(this.evaluated[b]!, views, block);
      const into = masks[Math.floor(b / PER_WORD)]!;
      const bit = 1 << (b % PER_WORD);
      for (let w = 0; w < block.words; w++) {
        let x = bits[w]!;
        if (w === lastWord && tail !== 0) x &= (1 << tail) - 1;
        while (x !== 0) {
          const low = x & -x;
          into[(w << 5) + 31 - Math.clz32(low)]! |= bit;
          x ^= low;
        }
      }
    }
    const ids = new Int32Array(n);
    const mask = this.mask;
    let uniform = -1;
    for (let k = 0; k < n; k++) {
      for (let w = 0; w < this.words; w++) mask[w] = masks[w]![k]!;
      const id = this.idOf();
      ids[k] = id;
      if (k === 0) uniform = id;
      else if (uniform !== id) uniform = -1;
    }
    return { ids, answers: this.answers, fed: this.fed, uniform: n === 0 ? -1 : uniform };
  }
}
