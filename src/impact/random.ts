/**
 * A small seeded random number generator (mulberry32), reseeded per account from the population's seed and
 * the account's index, so account 48213 of seed 1 is the same account whenever and wherever it is
 * generated, without generating the 48212 before it. Math.random is never used.
 */

/** murmur3's finaliser: spreads nearby integers (seed, index) into unrelated states. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Random {
  private state = 0;

  /** Starts the sequence of account `index` of the population with this seed. */
  reseed(seed: number, index: number): this {
    this.state = mix32(mix32(seed ^ 0x9e3779b9) + index);
    return this;
  }

  /** A number in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}
