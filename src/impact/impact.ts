/**
 * The impact of a rule change: both rule sets (compiled, src/engine/compile.ts) decide for every account
 * of a population, and each decision's differences are counted, by change (`+late-payment-alert`,
 * `none → soft`), with a few example accounts. Browser-safe (an analysts' studio will run it in a Web
 * Worker); scripts/rules-impact.ts is the command line around it.
 */
import {
  ACCOUNT_LAYOUT,
  compileRules,
  type CompiledRules,
  type FactVector,
  type Overrides,
} from '../engine/compile';
import {
  BILLING_ACTIONS,
  CONSTANT_NAMES,
  PAYMENT_FLAGS,
  DECISIONS,
  type DataCall,
  type DecisionId,
} from '../engine/decisions';
import { TOGGLE_NAMES } from '../facts/vocabulary';
import type { HomeDecisions, RuleCondition, RuleDefinition, Rulesets } from '../engine/types';
import { ALL_CALLS, ORDER_HISTORY, callBits, notCalled, withCalls } from './calls';
import type { Distributions } from './distributions';
import type { ExportedAccount } from './facts-file';
import { createGenerator, factsObject, type GeneratedAccount } from './population';

/** Where the accounts come from. */
export interface PopulationSource {
  readonly size: number;
  /**
   * True when an account's facts hold every call's answer (generated): the rules being measured then decide
   * which calls the customer's facts come from, as the app does. False for final, exported facts.
   */
  readonly answersEveryCall: boolean;
  account(index: number): GeneratedAccount;
  /** How to find an account again. */
  label(index: number): string;
  readonly description: Record<string, unknown>;
}

export function generatedPopulation(
  d: Distributions,
  options: { seed?: number; accounts?: number } = {},
): PopulationSource {
  const seed = options.seed ?? d.seed;
  const size = options.accounts ?? d.accounts;
  const generate = createGenerator(d);
  return {
    size,
    answersEveryCall: true,
    account: (index) => generate(seed, index),
    label: (index) => `#${index}`,
    description: { source: 'generated', seed, accounts: size },
  };
}

export function exportedPopulation(accounts: readonly ExportedAccount[], file: string): PopulationSource {
  return {
    size: accounts.length,
    answersEveryCall: false,
    account: (index) => accounts[index]!,
    label: (index) => accounts[index]!.label,
    description: { source: 'file', file, accounts: accounts.length },
  };
}

/** One account's decisions under one rule set. */
interface Outcome {
  readonly decisions: HomeDecisions;
  /** Per order of the history, whether its Appointment Messages link shows (empty when not loaded). */
  readonly orders: readonly boolean[];
  /** The calls made (all for final facts). */
  readonly calls: number;
}

const NO_ORDERS: readonly boolean[] = [];

/** The bits of a plan: the compiled rules give the same shared list for the same plan. */
const planBits = new Map<readonly DataCall[], number>();
function bitsOf(plan: readonly DataCall[]): number {
  let bits = planBits.get(plan);
  if (bits === undefined) planBits.set(plan, (bits = callBits(plan)));
  return bits;
}

/** What the customer gets of an account's data under these calls. */
const afterCalls = (calls: readonly DataCall[]): Overrides => notCalled(bitsOf(calls));

function decideAccount(rules: CompiledRules, account: GeneratedAccount, answersEveryCall: boolean): Outcome {
  let calls = ALL_CALLS;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    // As the app: the profile first, then only the calls rules/data-loading.json chose.
    const planned = rules.decidePlanned(account.facts, notCalled(0), afterCalls);
    calls = bitsOf(planned.calls);
    decisions = planned.decisions;
  } else decisions = rules.decideVector(account.facts);
  let orders = NO_ORDERS;
  if ((calls & ORDER_HISTORY) !== 0 && account.orders.length > 0) {
    const shows: boolean[] = [];
    for (const o of account.orders) shows.push(rules.decideOrderVector(o, decisions.toggles));
    orders = shows;
  }
  return { decisions, orders, calls };
}

// ---------------------------------------------------------------- comparing decisions

type Reading = (
  | { kind: 'value'; of: (d: HomeDecisions) => string }
  | { kind: 'list'; of: (d: HomeDecisions) => readonly string[] }
) & {
  /**
   * The part of the decisions the reading comes from, when the compiled rules share it between accounts
   * (src/engine/compile.ts builds such answers once): the changes between two parts are then worked out
   * once per pair.
   */
  part?: (d: HomeDecisions) => object;
};

const CARD_STATUS = ['0 (neither)', '1 (expired)', '2 (almost expired)'] as const;

const onOf = (record: Record<string, boolean>): string[] => Object.keys(record).filter((k) => record[k]);

/** How each decision reads for the report: one value, or a list of items (compared as shown, in order). */
const READINGS: Record<Exclude<DecisionId, 'appointment-messages'>, Reading> = {
  toggles: { kind: 'list', of: (d) => onOf(d.toggles) },
  constants: { kind: 'list', of: (d) => Object.entries(d.constants).map(([k, v]) => `${k} ${String(v)}`) },
  'walled-garden': { kind: 'value', of: (d) => d.walledGarden.state, part: (d) => d.walledGarden },
  'prepaid-card': { kind: 'value', of: (d) => CARD_STATUS[d.prepaidCard.status], part: (d) => d.prepaidCard },
  payment: { kind: 'list', of: (d) => onOf(d.payment) },
  'credit-offer': { kind: 'value', of: (d) => (d.creditOffer.show ? 'shown' : 'not shown') },
  outage: { kind: 'value', of: (d) => d.outage.alert, part: (d) => d.outage },
  'appointment-timing': { kind: 'value', of: (d) => d.appointmentTiming.timing },
  token: { kind: 'value', of: (d) => (d.token.fresh ? 'fresh' : 'not fresh') },
  'data-loading': { kind: 'list', of: (d) => d.dataLoading.calls, part: (d) => d.dataLoading },
  brand: { kind: 'value', of: (d) => d.brand.brand },
  'home-view': {
    kind: 'value',
    part: (d) => d.homeView,
    of: (d) =>
      d.homeView.params.messageKind
        ? `${d.homeView.view} (${d.homeView.params.messageKind})`
        : d.homeView.view,
  },
  'account-banners': { kind: 'value', of: (d) => d.banner?.banner ?? 'none' },
  navigation: {
    kind: 'list',
    part: (d) => d.navigation,
    of: (d) => [
      ...d.navigation.items,
      ...(d.navigation.emptyItem ? ['empty item'] : []),
      ...(d.navigation.search ? ['search box'] : []),
    ],
  },
  'billing-actions': { kind: 'list', of: (d) => onOf(d.billingActions) },
  // What the customer sees: the sections in order; renumbering that keeps the order changes no screen.
  'home-sections': {
    kind: 'list',
    part: (d) => d.sections,
    of: (d) => d.sections.map((s) => (s.params.variant ? `${s.section} (${s.params.variant})` : s.section)),
  },
};

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameRecord<K extends string>(
  keys: readonly K[],
  a: Record<K, unknown>,
  b: Record<K, unknown>,
): boolean {
  if (a === b) return true;
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Cheap first test per decision: the compiled rules give equal answers as one shared object, so most
 * comparisons are of references; the reading is computed only when it fails.
 */
const SAME: Record<
  Exclude<DecisionId, 'appointment-messages'>,
  (a: HomeDecisions, b: HomeDecisions) => boolean
> = {
  toggles: (a, b) => sameRecord(TOGGLE_NAMES, a.toggles, b.toggles),
  constants: (a, b) => sameRecord(CONSTANT_NAMES, a.constants, b.constants),
  'walled-garden': (a, b) => a.walledGarden.state === b.walledGarden.state,
  'prepaid-card': (a, b) => a.prepaidCard.status === b.prepaidCard.status,
  payment: (a, b) => sameRecord(PAYMENT_FLAGS, a.payment, b.payment),
  'credit-offer': (a, b) => a.creditOffer.show === b.creditOffer.show,
  outage: (a, b) => a.outage.alert === b.outage.alert,
  'appointment-timing': (a, b) => a.appointmentTiming.timing === b.appointmentTiming.timing,
  token: (a, b) => a.token.fresh === b.token.fresh,
  'data-loading': (a, b) => sameList(a.dataLoading.calls, b.dataLoading.calls),
  brand: (a, b) => a.brand.brand === b.brand.brand,
  'home-view': (a, b) =>
    a.homeView === b.homeView ||
    (a.homeView.view === b.homeView.view && a.homeView.params.messageKind === b.homeView.params.messageKind),
  'account-banners': (a, b) => (a.banner?.banner ?? null) === (b.banner?.banner ?? null),
  navigation: (a, b) =>
    a.navigation === b.navigation ||
    (sameList(a.navigation.items, b.navigation.items) &&
      a.navigation.emptyItem === b.navigation.emptyItem &&
      a.navigation.search === b.navigation.search),
  'billing-actions': (a, b) => sameRecord(BILLING_ACTIONS, a.billingActions, b.billingActions),
  // Sections are what the full home shows: counted for accounts on it with both rule sets (a change of
  // view is counted under home-view).
  'home-sections': (a, b) => {
    if (a.sections === b.sections || a.homeView.view !== 'full' || b.homeView.view !== 'full') return true;
    if (a.sections.length !== b.sections.length) return false;
    for (let i = 0; i < a.sections.length; i++) {
      const x = a.sections[i]!;
      const y = b.sections[i]!;
      if (x.section !== y.section || x.params.variant !== y.params.variant) return false;
    }
    return true;
  },
};

const COMPARED = (Object.keys(SAME) as (keyof typeof SAME)[]).map(
  (id) => [id, SAME[id], cached(READINGS[id])] as const,
);

/** changesOf, worked out once per pair of shared parts. */
function cached(reading: Reading): (current: HomeDecisions, base: HomeDecisions) => string[] {
  const part = reading.part;
  if (!part) return (current, base) => changesOf(reading, current, base);
  const pairs = new Map<object, Map<object, string[]>>();
  return (current, base) => {
    const a = part(current);
    const b = part(base);
    let row = pairs.get(a);
    if (!row) pairs.set(a, (row = new Map<object, string[]>()));
    let keys = row.get(b);
    if (!keys) row.set(b, (keys = changesOf(reading, current, base)));
    return keys;
  };
}

/** Items of both lists that changed place: those outside a longest common subsequence. */
function moved(before: readonly string[], now: readonly string[]): string[] {
  const common = now.filter((x) => before.includes(x));
  const old = before.filter((x) => now.includes(x));
  // lcs[i][j]: the longest common subsequence of old[i..] and common[j..].
  const lcs = Array.from({ length: old.length + 1 }, () => new Array<number>(common.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i--)
    for (let j = common.length - 1; j >= 0; j--)
      lcs[i]![j] =
        old[i] === common[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const stay = new Set<string>();
  for (let i = 0, j = 0; i < old.length && j < common.length;) {
    if (old[i] === common[j]) {
      stay.add(old[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return common.filter((x) => !stay.has(x));
}

/** What changed from `base` to `current` for one account, as change keys. */
function changesOf(reading: Reading, current: HomeDecisions, base: HomeDecisions): string[] {
  if (reading.kind === 'value') return [`${reading.of(base)} → ${reading.of(current)}`];
  const now = reading.of(current);
  const before = reading.of(base);
  return [
    ...now.filter((x) => !before.includes(x)).map((x) => `+${x}`),
    ...before.filter((x) => !now.includes(x)).map((x) => `-${x}`),
    ...moved(before, now).map((x) => `moved ${x}`),
  ];
}

function orderChanges(current: readonly boolean[], base: readonly boolean[]): string[] {
  const n = Math.max(current.length, base.length);
  let gained = 0;
  let lost = 0;
  for (let i = 0; i < n; i++) {
    const now = current[i] === true;
    const before = base[i] === true;
    if (now && !before) gained++;
    if (before && !now) lost++;
  }
  return [...(gained ? ['+Appointment Messages link'] : []), ...(lost ? ['-Appointment Messages link'] : [])];
}

// ---------------------------------------------------------------- the report

export interface Change {
  /** `+late-payment-alert`, `-first-bill-alert`, `none → soft`, `order changed`. */
  readonly change: string;
  readonly accounts: number;
  /** Indexes of the first example accounts. */
  readonly examples: readonly number[];
}

export interface DecisionImpact {
  readonly decision: DecisionId;
  /** Accounts whose decision changes. */
  readonly accounts: number;
  /** Most frequent first. */
  readonly changes: readonly Change[];
}

export interface Example {
  readonly index: number;
  /** How to find the account again (`#48213`: account 48213 of the seed; or its id or line). */
  readonly label: string;
  /** Its key facts: those the changed rules test, as the customer has them under the current rules. */
  readonly facts: Readonly<Record<string, unknown>>;
}

export interface RuleChange {
  readonly decision: DecisionId;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
}

export interface ImpactReport {
  readonly population: Readonly<Record<string, unknown>>;
  readonly accounts: number;
  /** Accounts with at least one changed decision. */
  readonly changedAccounts: number;
  /** Decisions with at least one changed account, in decision order. */
  readonly decisions: readonly DecisionImpact[];
  readonly rules: readonly RuleChange[];
  /** The facts shown for each example: the kind of account, and the facts the changed rules test. */
  readonly keyFacts: readonly string[];
  readonly examples: readonly Example[];
  /** Milliseconds: generating the accounts, deciding with each rule set, comparing. */
  readonly timings: { generate: number; current: number; base: number; compare: number; total: number };
}

/** Rules added, removed or changed per decision (by name). */
export function ruleChanges(current: Rulesets, base: Rulesets): RuleChange[] {
  const out: RuleChange[] = [];
  for (const { id } of DECISIONS) {
    const now = new Map(current[id].rules.map((r) => [r.name, JSON.stringify(r)]));
    const before = new Map(base[id].rules.map((r) => [r.name, JSON.stringify(r)]));
    const added = [...now.keys()].filter((n) => !before.has(n));
    const removed = [...before.keys()].filter((n) => !now.has(n));
    const changed = [...now.keys()].filter((n) => before.has(n) && before.get(n) !== now.get(n));
    if (added.length + removed.length + changed.length > 0)
      out.push({ decision: id, added, removed, changed });
  }
  return out;
}

function factsOfRule(rule: RuleDefinition | undefined, into: Set<string>): void {
  const walk = (c: RuleCondition): void => {
    if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else if ('not' in c) walk(c.not);
    else into.add(c.fact);
  };
  if (rule) walk(rule.conditions);
}

/** What kind of account it is, then the account facts the changed rules test (in either version). */
function keyFactsOf(changes: readonly RuleChange[], current: Rulesets, base: Rulesets): string[] {
  const names = new Set<string>(['accountNumberKind', 'accountStatus']);
  for (const c of changes) {
    for (const name of [...c.added, ...c.changed])
      factsOfRule(
        current[c.decision].rules.find((r) => r.name === name),
        names,
      );
    for (const name of [...c.removed, ...c.changed])
      factsOfRule(
        base[c.decision].rules.find((r) => r.name === name),
        names,
      );
  }
  return ACCOUNT_LAYOUT.filter((name) => names.has(name));
}

export interface ImpactOptions {
  /** Example accounts kept per change (default 3). */
  examples?: number;
  /** The clock for the timings (default performance.now). */
  now?: () => number;
}

/** Accounts per round of generating, deciding twice and comparing (each round timed per step). */
const CHUNK = 256;

/** Decides every account with both rule sets and counts what changes. */
export function measureImpact(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  options: ImpactOptions = {},
): ImpactReport {
  const now = options.now ?? (() => performance.now());
  const keep = options.examples ?? 3;
  const started = now();
  const compiledCurrent = compileRules(current);
  const compiledBase = compileRules(base);
  const timings = { generate: 0, current: 0, base: 0, compare: 0, total: 0 };

  const tallies = new Map<
    DecisionId,
    { accounts: number; changes: Map<string, { accounts: number; examples: number[] }> }
  >();
  const exampleIndexes = new Set<number>();
  const factsOf = new Map<number, FactVector>();
  let changedAccounts = 0;

  const accounts: GeneratedAccount[] = [];
  const outcomesCurrent: Outcome[] = [];
  const outcomesBase: Outcome[] = [];
  const every = population.answersEveryCall;

  let start = 0;
  const record = (decision: DecisionId, keys: readonly string[], index: number, outcome: Outcome): void => {
    let tally = tallies.get(decision);
    if (!tally) tallies.set(decision, (tally = { accounts: 0, changes: new Map() }));
    tally.accounts++;
    for (const key of keys) {
      let change = tally.changes.get(key);
      if (!change) tally.changes.set(key, (change = { accounts: 0, examples: [] }));
      change.accounts++;
      if (change.examples.length < keep) {
        change.examples.push(index);
        exampleIndexes.add(index);
        if (!factsOf.has(index)) factsOf.set(index, withCalls(accounts[index - start]!.facts, outcome.calls));
      }
    }
  };

  for (start = 0; start < population.size; start += CHUNK) {
    const n = Math.min(CHUNK, population.size - start);
    let t = now();
    for (let k = 0; k < n; k++) accounts[k] = population.account(start + k);
    timings.generate += now() - t;
    t = now();
    for (let k = 0; k < n; k++) outcomesCurrent[k] = decideAccount(compiledCurrent, accounts[k]!, every);
    timings.current += now() - t;
    t = now();
    for (let k = 0; k < n; k++) outcomesBase[k] = decideAccount(compiledBase, accounts[k]!, every);
    timings.base += now() - t;
    t = now();
    for (let k = 0; k < n; k++) {
      const a = outcomesCurrent[k]!;
      const b = outcomesBase[k]!;
      let changed = false;
      for (const [id, same, changes] of COMPARED) {
        if (same(a.decisions, b.decisions)) continue;
        const keys = changes(a.decisions, b.decisions);
        changed = true;
        record(id, keys, start + k, a);
      }
      if (!sameList(a.orders, b.orders)) {
        const keys = orderChanges(a.orders, b.orders);
        if (keys.length > 0) {
          changed = true;
          record('appointment-messages', keys, start + k, a);
        }
      }
      if (changed) changedAccounts++;
    }
    timings.compare += now() - t;
  }
  timings.total = now() - started;

  const rules = ruleChanges(current, base);
  const keyFacts = keyFactsOf(rules, current, base);
  const decisions: DecisionImpact[] = DECISIONS.flatMap(({ id }) => {
    const tally = tallies.get(id);
    if (!tally) return [];
    const changes = [...tally.changes].map(([change, c]) => ({
      change,
      accounts: c.accounts,
      examples: c.examples,
    }));
    changes.sort((x, y) => y.accounts - x.accounts || x.change.localeCompare(y.change));
    return [{ decision: id, accounts: tally.accounts, changes }];
  });
  const examples = [...exampleIndexes]
    .sort((x, y) => x - y)
    .map((index) => {
      const all = factsObject(factsOf.get(index)!);
      return {
        index,
        label: population.label(index),
        facts: Object.fromEntries(keyFacts.map((f) => [f, all[f]])),
      };
    });
  return {
    population: population.description,
    accounts: population.size,
    changedAccounts,
    decisions,
    rules,
    keyFacts,
    examples,
    timings,
  };
}

/** One account under both rule sets, for a closer look (`rules:impact -- --show <index>`). */
export function compareAccount(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  index: number,
) {
  const account = population.account(index);
  const now = decideAccount(compileRules(current), account, population.answersEveryCall);
  const before = decideAccount(compileRules(base), account, population.answersEveryCall);
  return {
    label: population.label(index),
    facts: factsObject(withCalls(account.facts, now.calls)),
    current: { decisions: now.decisions, orders: now.orders },
    base: { decisions: before.decisions, orders: before.orders },
  };
}
