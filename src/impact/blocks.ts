/**
 * The accounts of an impact run a block at a time, for the column evaluator (src/engine/columns.ts): a
 * block's facts as columns (generated straight into them, through one vector), its orders and tickets as
 * the items of the block, and each account's outcome under a rule set read back from the block's decisions.
 */
import { ACCOUNT_LAYOUT, ORDER_LAYOUT, type FactVector } from '../engine/compile';
import {
  FactBlock,
  accountBlock,
  type AccountBlock,
  type BlockDecisions,
  type ColumnRules,
} from '../engine/columns';
import type { HomeDecisions, ItemDecisions } from '../engine/types';
import { ALL_CALLS, ORDER_HISTORY, TICKETS } from './calls';
import type { PopulationSource } from './sources';

/** One account's decisions under one rule set. */
export interface Outcome {
  readonly decisions: HomeDecisions;
  /** Per order of the history, its per-item decisions (empty when the history was not loaded). */
  readonly orders: readonly ItemDecisions[];
  /** Per repair ticket, its per-item decisions (empty when the tickets were not loaded). */
  readonly tickets: readonly ItemDecisions[];
  /** The calls made (all for final facts). */
  readonly calls: number;
}

export const NO_ITEMS: readonly ItemDecisions[] = [];

/** Accounts [from, from + size) of a population as columns, with their items. */
export interface ImpactBlock {
  readonly from: number;
  readonly size: number;
  readonly block: AccountBlock;
  /** Per account, where its orders start among the block's items (its tickets follow); then the end. */
  readonly ordersAt: Int32Array;
  /** Per account, where its tickets start. */
  readonly ticketsAt: Int32Array;
}

/**
 * Column arrays of blocks a run is done with, by length: the next block reuses them. A run's 100,000 accounts
 * would otherwise make about 100 MB of new columns, each surviving the young generation's collections long
 * enough to be copied out of it.
 */
const spare = new Map<number, unknown[][]>();
const SPARE_KEPT = 256;

function column(length: number): unknown[] {
  return spare.get(length)?.pop() ?? new Array<unknown>(length);
}

/** Hands a block's columns back for the next block; the block must not be used again. */
export function releaseBlock(b: ImpactBlock): void {
  for (const c of [...b.block.accounts.columns, ...b.block.items.columns] as unknown[][]) {
    let list = spare.get(c.length);
    if (!list) spare.set(c.length, (list = []));
    if (list.length < SPARE_KEPT) list.push(c);
  }
}

/** Accounts [from, to) of the population as a block. */
export function blockOf(population: PopulationSource, from: number, to: number): ImpactBlock {
  const n = to - from;
  const width = ACCOUNT_LAYOUT.length;
  const columns = Array.from({ length: width }, () => column(n));
  const scratch: unknown[] = ACCOUNT_LAYOUT.map(() => null);
  const items: FactVector[] = [];
  const owner: number[] = [];
  const ordersAt = new Int32Array(n + 1);
  const ticketsAt = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const account = population.accountInto
      ? population.accountInto(from + k, scratch)
      : population.account(from + k);
    const facts = account.facts;
    if (facts === scratch)
      for (let s = 0; s < width; s++) {
        columns[s]![k] = scratch[s];
        // Null again for the next account: the generator writes only what it draws.
        scratch[s] = null;
      }
    else for (let s = 0; s < width; s++) columns[s]![k] = facts[s];
    ordersAt[k] = items.length;
    for (const o of account.orders) {
      items.push(o);
      owner.push(k);
    }
    ticketsAt[k] = items.length;
    for (const t of account.tickets) {
      items.push(t);
      owner.push(k);
    }
  }
  ordersAt[n] = items.length;
  // Item columns are taken at a whole number of 1,024 items (a block's count varies), read up to its size.
  const itemWidth = ORDER_LAYOUT.length;
  const itemColumns = Array.from({ length: itemWidth }, () => column(Math.ceil(items.length / 1024) * 1024));
  for (let j = 0; j < items.length; j++) {
    const item = items[j]!;
    for (let s = 0; s < itemWidth; s++) itemColumns[s]![j] = item[s];
  }
  const block = accountBlock(
    new FactBlock(columns, n),
    new FactBlock(itemColumns, items.length),
    Int32Array.from(owner),
  );
  return { from, size: n, block, ordersAt, ticketsAt };
}

/** Account k's items of one kind ([from, to) of the block's items) as one rule set decided them. */
function itemsOf(
  decided: BlockDecisions,
  loaded: boolean,
  from: number,
  to: number,
): readonly ItemDecisions[] {
  return loaded && to > from ? decided.items.slice(from, to) : NO_ITEMS;
}

/** Account k's outcome under the rules that decided the block so. */
export function outcomeAt(rules: ColumnRules, decided: BlockDecisions, b: ImpactBlock, k: number): Outcome {
  const calls = decided.calls ? decided.calls[k]! : ALL_CALLS;
  return {
    decisions: rules.decisionsOf(decided, k),
    orders: itemsOf(decided, (calls & ORDER_HISTORY) !== 0, b.ordersAt[k]!, b.ticketsAt[k]!),
    tickets: itemsOf(decided, (calls & TICKETS) !== 0, b.ticketsAt[k]!, b.ordersAt[k + 1]!),
    calls,
  };
}

/** Whether account k loaded the same items under both decisions of a block, with the same decisions. */
export function sameItems(a: BlockDecisions, x: BlockDecisions, b: ImpactBlock, k: number): boolean {
  const calls = a.calls ? a.calls[k]! : ALL_CALLS;
  if (calls !== (x.calls ? x.calls[k]! : ALL_CALLS)) return false;
  if (a.items === x.items) return true;
  const from = (calls & ORDER_HISTORY) !== 0 ? b.ordersAt[k]! : b.ticketsAt[k]!;
  const to = (calls & TICKETS) !== 0 ? b.ordersAt[k + 1]! : b.ticketsAt[k]!;
  for (let j = from; j < to; j++) if (a.items[j] !== x.items[j]) return false;
  return true;
}
