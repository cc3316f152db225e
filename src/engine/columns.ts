/**
 * The column evaluator: the rule files decide a block of accounts at once, for measuring (rules:impact,
 * the studio's impact). Each condition is evaluated once over the whole block (a bit per account,
 * ./compiled/column-conditions.ts; identical conditions of any file or rule set once per block), each
 * decision answered once per distinct set of matching rules (./compiled/column-decisions.ts), stage by stage
 * as the app decides: the calls planned on the profile (stage 0 and data loading), planned again once they
 * answered, then every decision on the facts of the calls made, the decided facts fed to later stages as
 * columns of answer ids. Exactly the compiled evaluator's decisions (./compile.ts, itself held to
 * json-rules-engine): test/engine/columns.test.ts holds the two equal on generated rule files and facts.
 *
 * Browser-safe and CSP-safe like ./compile.ts. Nothing here names a decision but data loading (whose
 * answer is the plan of calls) and the stages' order, both read from the declarations.
 */
import { compileRules, type CompiledRules } from './compile';
import { FactBlock, NULL, UNDEFINED, type View } from './compiled/column-conditions';
import { DecisionColumns, type Column } from './compiled/column-decisions';
import type { Bits } from './compiled/kernels';
import { frozen } from './compiled/answers';
import { DATA_CALLS, DECISIONS, type DataCall, type DecisionId } from './decisions';
import type { HomeDecisions, ItemDecisions, Rulesets } from './types';

export { FactBlock, type Column };

const ACCOUNT = DECISIONS.filter((d) => d.stage !== 'order');
const ITEMS = DECISIONS.filter((d) => d.stage === 'order');
const STAGES = ([0, 1, 2] as const).map((s) => ACCOUNT.filter((d) => d.stage === s));
/** The account decisions in the order they run (a column's index). */
const RUN_ORDER = STAGES.flat();
const DECIDED = ACCOUNT.flatMap((d) => d.feeds.map((f) => f.name));
/** The stage-0 decisions and data loading: what plans the calls. */
const PLANNING: readonly DecisionId[] = [...STAGES[0]!.map((d) => d.id), 'data-loading'];
/** What the per-item rules read of the account's decisions: [run index, feed index, fact name]. */
const ITEM_FED = RUN_ORDER.flatMap((d, index) =>
  d.feeds.flatMap((f, feed) => (f.items === true ? [{ index, feed, name: f.name }] : [])),
);

/** The calls a generated account's facts depend on: per call (DATA_CALLS order), its facts' [slot, value when not made]. */
export interface CallModel {
  readonly notCalled: readonly (readonly (readonly [number, unknown])[])[];
}

/** A block of accounts: their facts, and the items (orders, tickets) decided per item with their owner. */
export interface AccountBlock {
  readonly accounts: FactBlock;
  readonly items: FactBlock;
  /** Per item, the index of its account in the block. */
  readonly owner: Int32Array;
}

export function accountBlock(accounts: FactBlock, items: FactBlock, owner: Int32Array): AccountBlock {
  return { accounts, items, owner };
}

/** The same facts, with no condition's result shared with a rule set decided on the original. */
export const aloneBlock = (b: AccountBlock): AccountBlock => ({
  accounts: b.accounts.alone(),
  items: b.items.alone(),
  owner: b.owner,
});

/** A block decided. */
export interface BlockDecisions {
  /** Per account, the calls made (bit i: DATA_CALLS[i]); null when the facts were final (every call). */
  readonly calls: Int32Array | null;
  /** Per call, where it was made; null with `calls`. */
  readonly made: readonly Bits[] | null;
  /** The account decisions in the order they run (`ColumnRules.keys`). */
  readonly columns: readonly Column[];
  /** Per item of the block, its decisions. */
  readonly items: readonly ItemDecisions[];
}

/** Another rule set's decisions of the same block, and the decisions whose rule files are the same in both. */
export interface Known {
  readonly decided: BlockDecisions;
  readonly same: ReadonlySet<DecisionId>;
}

export interface ColumnRules {
  /** The compiled rules the columns were made from. */
  readonly compiled: CompiledRules;
  /** The decisions' keys in the order of `BlockDecisions.columns`. */
  readonly keys: readonly string[];
  /**
   * Every account and item of `block` decided. With `calls`, the facts hold every call's answer and the
   * rules plan which are made (as the app: planned on the profile, then again once they answered); without,
   * the facts are final. With `known`, a decision whose file is the same and whose facts are the same for
   * every account of the block is taken from it.
   */
  decide(block: AccountBlock, calls: CallModel | null, known?: Known): BlockDecisions;
  /** Account k's decisions, as compileRules' decidePlanned or decideVector gives them. */
  decisionsOf(decided: BlockDecisions, k: number): HomeDecisions;
}

interface Step {
  readonly id: DecisionId;
  readonly index: number;
  readonly stage: number;
  readonly columns: DecisionColumns;
  /** The decided slot of each fact it feeds. */
  readonly feedSlots: readonly number[];
  /** The input slots its file reads. */
  readonly inputs: readonly number[];
  /** The decided facts its file reads from earlier stages: [run index, feed index]. */
  readonly decided: readonly (readonly [number, number])[];
}

export function compileColumns(rulesets: Rulesets | CompiledRules): ColumnRules {
  const compiled = 'decisions' in rulesets ? rulesets : compileRules(rulesets);
  const { account: layout, order: orderLayout } = compiled.layouts;
  const producer = new Map<string, readonly [number, number, number]>();
  RUN_ORDER.forEach((d, index) => d.feeds.forEach((f, feed) => producer.set(f.name, [index, feed, d.stage])));
  const steps: Step[] = RUN_ORDER.map((d, index) => {
    const decision = compiled.decisions[d.id];
    const read = [...decision.picked];
    const slots = read.map((name) => layout.slot(name)).filter((s) => s !== undefined);
    return {
      id: d.id,
      index,
      stage: d.stage,
      columns: new DecisionColumns(decision, d.outcome, d.feeds),
      feedSlots: d.feeds.map((f) => layout.decidedBase + DECIDED.indexOf(f.name)),
      inputs: slots.filter((s) => s < layout.base.length),
      decided: read.flatMap((name) => {
        const p = producer.get(name);
        return p && p[2] < d.stage ? [[p[0], p[1]] as const] : [];
      }),
    };
  });
  const stages = [0, 1, 2].map((s) => steps.filter((step) => step.stage === s));
  const dataLoading = steps.find((s) => s.id === 'data-loading')!;
  const itemColumns = ITEMS.map((d) => ({
    id: d.id,
    key: d.key,
    columns: new DecisionColumns(compiled.decisions[d.id], d.outcome, []),
  }));
  const itemFedSlots = ITEM_FED.map((f) => orderLayout.decidedBase + DECIDED.indexOf(f.name));
  const keys = RUN_ORDER.map((d) => d.key);
  const template: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, undefined]));

  /** The views of a block before any call is taken away and anything decided. */
  const inputViews = (): View[] =>
    Array.from({ length: layout.size }, (_, s): View =>
      s < layout.base.length ? { kind: 'raw', slot: s } : s < layout.inputs ? UNDEFINED : NULL,
    );

  /** Per answer id of data loading, its calls as bits. */
  const planBits: number[] = [];
  function plan(views: View[], block: FactBlock): Int32Array {
    const v = views.slice();
    for (const step of stages[0]!) feed(v, step, step.columns.decide(v, block));
    const col = dataLoading.columns.decide(v, block);
    for (let id = planBits.length; id < col.answers.length; id++)
      planBits.push(callBits((col.answers[id] as HomeDecisions['dataLoading']).calls));
    const bits = new Int32Array(block.size);
    for (let k = 0; k < bits.length; k++) bits[k] = planBits[col.ids[k]!]!;
    return bits;
  }

  function decide(block: AccountBlock, calls: CallModel | null, known?: Known): BlockDecisions {
    const facts = block.accounts;
    const inputs = inputViews();
    let bits: Int32Array | null = null;
    let made: Bits[] | null = null;
    let views = inputs;
    if (calls) {
      const reusePlan = known?.decided.calls && PLANNING.every((id) => known.same.has(id));
      if (reusePlan) {
        bits = known.decided.calls;
        made = known.decided.made as Bits[];
      } else {
        // The profile alone, then the facts of the calls planned; the calls the rules add then are made too.
        const first = plan(withCalls(inputs, calls, null, facts), facts);
        const again = plan(withCalls(inputs, calls, madeOf(first, facts), facts), facts);
        bits = first;
        for (let k = 0; k < bits.length; k++) bits[k]! |= again[k]!;
        made = madeOf(bits, facts);
      }
      views = withCalls(inputs, calls, made, facts);
    }
    const same = known ? sameInputs(known, made, calls, facts.words) : null;
    const columns: Column[] = [];
    const v = views.slice();
    for (let s = 0; s < stages.length; s++) {
      for (const step of stages[s]!) {
        const reused = known && same!(step, columns) ? known.decided.columns[step.index]! : null;
        columns[step.index] = reused ?? step.columns.decide(v, facts);
      }
      // The last stage's decided facts are read by no account decision (items read them as decisions).
      if (s < stages.length - 1) for (const step of stages[s]!) feed(v, step, columns[step.index]!);
    }
    return { calls: bits, made, columns, items: decideItems(block, columns, known) };
  }

  function feed(v: View[], step: Step, col: Column): void {
    step.feedSlots.forEach((slot, f) => (v[slot] = decidedView(col, f, null)));
  }

  /**
   * Whether a step's file is the same in `known` and reads, for every account, what it read there: its
   * input facts (the calls supplying them made for the same accounts) and the decided facts of earlier
   * stages (the same values).
   */
  function sameInputs(known: Known, made: Bits[] | null, calls: CallModel | null, words: number) {
    const other = known.decided.made;
    if ((made === null) !== (other === null)) return () => false;
    const sameCall = DATA_CALLS.map((_, c) => !made || equalBits(made[c]!, other![c]!, words));
    const callsOf = calls ? callsBySlot(calls) : new Map<number, (readonly [number, unknown])[]>();
    return (step: Step, columns: readonly Column[]): boolean =>
      known.same.has(step.id) &&
      step.inputs.every((slot) => (callsOf.get(slot) ?? []).every(([c]) => sameCall[c])) &&
      step.decided.every(([index, f]) => sameFed(columns[index]!, known.decided.columns[index]!, f));
  }

  /** Items: every item of the block decided, on its own facts and its account's decisions. */
  const itemRecords: ItemTrie = {};
  function decideItems(
    block: AccountBlock,
    columns: readonly Column[],
    known?: Known,
  ): readonly ItemDecisions[] {
    const reuse =
      known &&
      ITEMS.every((d) => known.same.has(d.id)) &&
      ITEM_FED.every(({ index, feed: f }) => sameFed(columns[index]!, known.decided.columns[index]!, f));
    if (reuse) return known.decided.items;
    const items = block.items;
    const v: View[] = Array.from({ length: orderLayout.size }, (_, s): View =>
      s < orderLayout.base.length ? { kind: 'raw', slot: s } : UNDEFINED,
    );
    ITEM_FED.forEach(
      ({ index, feed: f }, i) => (v[itemFedSlots[i]!] = decidedView(columns[index]!, f, block.owner)),
    );
    const cols = itemColumns.map((c) => c.columns.decide(v, items));
    const out: ItemDecisions[] = [];
    for (let j = 0; j < items.size; j++) {
      // One shared record per combination of answers (a trie by answer id).
      let node = itemRecords;
      for (const c of cols) {
        const id = c.ids[j]!;
        node.next ??= [];
        node = node.next[id] ??= {};
      }
      if (!node.record) {
        const r: Record<string, unknown> = {};
        itemColumns.forEach(({ key: name }, i) => (r[name] = cols[i]!.answers[cols[i]!.ids[j]!]));
        node.record = frozen(r) as ItemDecisions;
      }
      out.push(node.record);
    }
    return out;
  }

  return {
    compiled,
    keys,
    decide,
    decisionsOf(decided, k) {
      const d: Record<string, unknown> = { ...template };
      const columns = decided.columns;
      for (let i = 0; i < columns.length; i++) d[keys[i]!] = columns[i]!.answers[columns[i]!.ids[k]!];
      return d as HomeDecisions;
    },
  };
}

interface ItemTrie {
  record?: ItemDecisions;
  next?: ItemTrie[];
}

/** Per input slot, the calls supplying it (in call order) with its value when that call is not made. */
const slotsOf = new WeakMap<CallModel, Map<number, (readonly [number, unknown])[]>>();
function callsBySlot(calls: CallModel): Map<number, (readonly [number, unknown])[]> {
  let bySlot = slotsOf.get(calls);
  if (!bySlot) {
    bySlot = new Map();
    for (let c = 0; c < calls.notCalled.length; c++)
      for (const [slot, value] of calls.notCalled[c]!)
        bySlot.set(slot, [...(bySlot.get(slot) ?? []), [c, value]]);
    slotsOf.set(calls, bySlot);
  }
  return bySlot;
}

/** A decided fact as a view: its value for every account, or per account (through `owner` for items). */
function decidedView(col: Column, f: number, owner: Int32Array | null): View {
  if (col.uniform >= 0) return { kind: 'const', value: col.fed[f]![col.uniform] };
  if (!owner) return { kind: 'decided', ids: col.ids, fed: col.fed[f]! };
  const ids = new Int32Array(owner.length);
  for (let j = 0; j < owner.length; j++) ids[j] = col.ids[owner[j]!]!;
  return { kind: 'decided', ids, fed: col.fed[f]! };
}

/** Whether fed fact f of two columns of one decision is the same for every account. */
function sameFed(a: Column, b: Column, f: number): boolean {
  if (a === b) return true;
  const fa = a.fed[f]!;
  const fb = b.fed[f]!;
  for (let k = 0; k < a.ids.length; k++) if (fa[a.ids[k]!] !== fb[b.ids[k]!]) return false;
  return true;
}

function equalBits(a: Bits, b: Bits, words: number): boolean {
  if (a === b) return true;
  for (let w = 0; w < words; w++) if (a[w] !== b[w]) return false;
  return true;
}

const callBits = (calls: readonly DataCall[]): number => {
  let bits = 0;
  for (const call of calls) bits |= 1 << DATA_CALLS.indexOf(call);
  return bits;
};

/** Per call, the accounts it was made for. */
function madeOf(bits: Int32Array, block: FactBlock): Bits[] {
  const made = DATA_CALLS.map(() => new Int32Array(block.words));
  for (let k = 0; k < bits.length; k++) {
    // Each call the account's calls include.
    for (let x = bits[k]!; x !== 0; x &= x - 1) made[31 - Math.clz32(x & -x)]![k >>> 5]! |= 1 << (k & 31);
  }
  return made;
}

/**
 * The input views with the calls taken into account: a fact a call supplies is its answer where the call
 * was made, else the value it has when not made (`made` null: no call made). A fact two calls supply is
 * worked out per account (the later call's value wins, as notCalled applies them in order).
 */
function withCalls(
  inputs: readonly View[],
  calls: CallModel,
  made: readonly Bits[] | null,
  block: FactBlock,
): View[] {
  const v = inputs.slice();
  for (const [slot, supplied] of callsBySlot(calls)) {
    if (!made) v[slot] = { kind: 'const', value: supplied.at(-1)![1] };
    else if (supplied.length === 1) {
      const [c, value] = supplied[0]!;
      v[slot] = { kind: 'masked', slot, made: made[c]!, value };
    } else {
      const column = block.column(slot);
      const values = Array.from({ length: block.size }, (_, k) => {
        let out = column[k];
        for (const [c, value] of supplied) if (!((made[c]![k >>> 5]! >>> (k & 31)) & 1)) out = value;
        return out;
      });
      v[slot] = { kind: 'values', values };
    }
  }
  return v;
}
