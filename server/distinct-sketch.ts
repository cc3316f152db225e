/**
 * Distinct customers without keeping who they are (issue 32 item 2, docs/decisions/044): a HyperLogLog
 * sketch (Flajolet, Fusy, Gandouet, Meunier 2007) of 128 registers per figure, about ±9 % above a few
 * hundred customers and near exact below (linear counting). An account number is hashed and dropped: the
 * registers hold the longest run of leading zeros seen per hash bucket, nothing that names an account.
 *
 * Two sketches of the same figure merge by taking each register's maximum, which is what makes the count
 * span every server and every restart: each server exposes its registers on /metrics (RolloutMetrics), eight
 * registers packed in one gauge value (6 bits each, 48 bits: a float64 holds them exactly), and the studio
 * unpacks every server's and every process lifetime's values and takes the maximum per register
 * (server/rollout-prometheus.ts). Within one process a register only grows, so a packed value does too, and
 * Prometheus' max_over_time of a series is its last value.
 *
 * Written here rather than taken from a package: the npm HyperLogLog implementations either hide their
 * registers (no merge across processes) or mis-rank the hash (bloom-filters 3.0.4 stores the zero-based
 * position of the first one-bit, so an element can leave its register at 0 and linear counting, which small
 * rollouts depend on, undercounts). The ADR records the choice.
 */
import MurmurHash3 from 'imurmurhash';

/** Bits of the hash that pick the register: 2^7 = 128 registers. */
export const PRECISION = 7;
export const REGISTERS = 1 << PRECISION;
/** Registers packed into one gauge value, and the bits each takes. */
export const PER_PART = 8;
const BITS = 6;
const BASE = 2 ** BITS;
export const PARTS = REGISTERS / PER_PART;
/** A register's highest rank: the hash's bits left after the index, plus one. */
const MAX_RANK = 32 - PRECISION + 1;
/** The hash's seed: independent of the rollout's bucket hash (seed 0), so a side is no biased sample. */
const SEED = 0x5ce7c4;

/** The register an account falls in and its rank there. */
function cell(account: string): [index: number, rank: number] {
  const hash = new MurmurHash3(account, SEED).result() >>> 0;
  const index = hash >>> (32 - PRECISION);
  const rest = (hash << PRECISION) >>> 0;
  return [index, Math.min(MAX_RANK, Math.clz32(rest) + 1)];
}

export class DistinctSketch {
  readonly registers: Uint8Array;

  constructor(registers?: Uint8Array) {
    this.registers = registers ?? new Uint8Array(REGISTERS);
  }

  add(account: string): void {
    const [index, rank] = cell(account);
    if (rank > this.registers[index]!) this.registers[index] = rank;
  }

  /** The union with another sketch of the same figure (a register's maximum). */
  merge(other: DistinctSketch): void {
    for (let i = 0; i < REGISTERS; i += 1)
      if (other.registers[i]! > this.registers[i]!) this.registers[i] = other.registers[i]!;
  }

  /** How many distinct accounts were added, estimated (exact while few fall in the same register). */
  count(): number {
    const m = REGISTERS;
    let sum = 0;
    let zeros = 0;
    for (const r of this.registers) {
      sum += 2 ** -r;
      if (r === 0) zeros += 1;
    }
    const alpha = 0.7213 / (1 + 1.079 / m);
    const raw = (alpha * m * m) / sum;
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    const two32 = 2 ** 32;
    if (raw > two32 / 30) return Math.round(-two32 * Math.log(1 - raw / two32));
    return Math.round(raw);
  }

  /** Part `part`'s registers as one number (register 8p + i in the i-th 6 bits from the lowest). */
  packed(part: number): number {
    let value = 0;
    for (let i = PER_PART - 1; i >= 0; i -= 1) value = value * BASE + this.registers[part * PER_PART + i]!;
    return value;
  }

  /** Merges one packed part as read back from a gauge (anything not a whole number in range is ignored). */
  mergePacked(part: number, value: number): void {
    if (!Number.isInteger(part) || part < 0 || part >= PARTS) return;
    if (!Number.isSafeInteger(value) || value < 0 || value >= BASE ** PER_PART) return;
    let rest = value;
    for (let i = 0; i < PER_PART; i += 1) {
      const r = Math.min(MAX_RANK, rest % BASE);
      rest = Math.floor(rest / BASE);
      const at = part * PER_PART + i;
      if (r > this.registers[at]!) this.registers[at] = r;
    }
  }

  /** The number of accounts a set of account numbers counts as (for tests and the rehearsal). */
  static of(accounts: Iterable<string>): DistinctSketch {
    const sketch = new DistinctSketch();
    for (const a of accounts) sketch.add(a);
    return sketch;
  }
}
