/**
 * The impact of a rule change: both rule sets (compiled, src/engine/compile.ts) decide for every account
 * of a population, and each decision's differences are counted, by change (`+late-payment-alert`,
 * `none → soft`), with a few example accounts. Browser-safe: the rule studio runs it in a Web Worker
 * (`runImpact`, with progress and cancellation); scripts/rules-impact.ts is the command line around it
 * (`measureImpact`).
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
  HISTORY_ACTIONS,
  ORDER_ACTIONS,
  PAYMENT_FLAGS,
  DECISIONS,
  ruleFileOf,
  type DataCall,
  type DecisionId,
} from '../engine/decisions';
import { TOGGLE_NAMES } from '../facts/vocabulary';
import type { HomeDecisions, ItemDecisions, RuleCondition, RuleDefinition, Rulesets } from '../engine/types';
import { formatIssue, validateRuleset } from '../engine/validate';
import { ALL_CALLS, ORDER_HISTORY, TICKETS, callBits, notCalled, withCalls } from './calls';
import { parseDistributions, type Distributions } from './distributions';
import { parseFactsLines, type ExportedAccount } from './facts-file';
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
  /** Per order of the history, its per-item decisions (empty when the history was not loaded). */
  readonly orders: readonly ItemDecisions[];
  /** Per repair ticket, its per-item decisions (empty when the tickets were not loaded). */
  readonly tickets: readonly ItemDecisions[];
  /** The calls made (all for final facts). */
  readonly calls: number;
  /** The plan of calls (the shared list the compiled rules gave), when the rules made one. */
  readonly plan: readonly DataCall[] | null;
}

const NO_ITEMS: readonly ItemDecisions[] = [];

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
  let plan: readonly DataCall[] | null = null;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    // As the app: the profile first, then only the calls rules/data-loading.json chose.
    const planned = rules.decidePlanned(account.facts, notCalled(0), afterCalls);
    plan = planned.calls;
    calls = bitsOf(plan);
    decisions = planned.decisions;
  } else decisions = rules.decideVector(account.facts);
  // As the item store: every order and ticket the account loaded, with the toggles and the alert's offers.
  const orders = (calls & ORDER_HISTORY) !== 0 ? decideItems(rules, account.orders, decisions) : NO_ITEMS;
  const tickets = (calls & TICKETS) !== 0 ? decideItems(rules, account.tickets, decisions) : NO_ITEMS;
  return { decisions, orders, tickets, calls, plan };
}

/**
 * decideAccount for the base rules, reusing what the current rules decided for the same account wherever
 * a rule file and what it reads are the same (src/engine/compile.ts decidePlannedReusing): the same
 * outcome as decideAccount, in a fraction of the time when a change touches few files.
 */
function decideAccountReusing(
  rules: CompiledRules,
  account: GeneratedAccount,
  answersEveryCall: boolean,
  known: Outcome,
  same: ReadonlySet<DecisionId>,
): Outcome {
  let calls = ALL_CALLS;
  let plan: readonly DataCall[] | null = null;
  let decisions: HomeDecisions;
  if (answersEveryCall) {
    const planned = rules.decidePlannedReusing(
      account.facts,
      notCalled(0),
      afterCalls,
      { calls: known.plan!, decisions: known.decisions },
      same,
    );
    plan = planned.calls;
    calls = bitsOf(plan);
    decisions = planned.decisions;
  } else decisions = rules.decideVectorReusing(account.facts, known.decisions, same);
  // Items read their own facts, the toggles and whether the alert offers Cancel Order.
  const itemsSame =
    same.has('history-actions') &&
    same.has('appointment-messages') &&
    calls === known.calls &&
    decisions.orderActions['cancel-order'] === known.decisions.orderActions['cancel-order'] &&
    sameRecord(TOGGLE_NAMES, decisions.toggles, known.decisions.toggles);
  if (itemsSame) return { decisions, orders: known.orders, tickets: known.tickets, calls, plan };
  const orders = (calls & ORDER_HISTORY) !== 0 ? decideItems(rules, account.orders, decisions) : NO_ITEMS;
  const tickets = (calls & TICKETS) !== 0 ? decideItems(rules, account.tickets, decisions) : NO_ITEMS;
  return { decisions, orders, tickets, calls, plan };
}

/** The decisions whose rule files are the same in both rule sets (same rules in the same order). */
export function sameFiles(current: Rulesets, base: Rulesets): Set<DecisionId> {
  return new Set(
    DECISIONS.filter(({ id }) => JSON.stringify(current[id].rules) === JSON.stringify(base[id].rules)).map(
      ({ id }) => id,
    ),
  );
}

function decideItems(
  rules: CompiledRules,
  items: readonly FactVector[],
  decisions: HomeDecisions,
): readonly ItemDecisions[] {
  if (items.length === 0) return NO_ITEMS;
  const out: ItemDecisions[] = [];
  for (const item of items) out.push(rules.decideItemVector(item, decisions));
  return out;
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

/** Decisions made per order or ticket: compared item by item (itemChanges). */
type ItemDecisionId = 'appointment-messages' | 'history-actions';
type AccountDecisionId = Exclude<DecisionId, ItemDecisionId>;

/** How each decision reads for the report: one value, or a list of items (compared as shown, in order). */
const READINGS: Record<AccountDecisionId, Reading> = {
  toggles: { kind: 'list', of: (d) => onOf(d.toggles), part: (d) => d.toggles },
  constants: {
    kind: 'list',
    of: (d) => Object.entries(d.constants).map(([k, v]) => `${k} ${String(v)}`),
    part: (d) => d.constants,
  },
  'walled-garden': { kind: 'value', of: (d) => d.walledGarden.state, part: (d) => d.walledGarden },
  'prepaid-card': { kind: 'value', of: (d) => CARD_STATUS[d.prepaidCard.status], part: (d) => d.prepaidCard },
  payment: { kind: 'list', of: (d) => onOf(d.payment), part: (d) => d.payment },
  'credit-offer': { kind: 'value', of: (d) => (d.creditOffer.show ? 'shown' : 'not shown') },
  outage: { kind: 'value', of: (d) => d.outage.alert, part: (d) => d.outage },
  'appointment-timing': { kind: 'value', of: (d) => d.appointmentTiming.timing },
  token: { kind: 'value', of: (d) => (d.token.fresh ? 'fresh' : 'not fresh') },
  paperless: { kind: 'value', of: (d) => d.paperless.call, part: (d) => d.paperless },
  'data-loading': { kind: 'list', of: (d) => d.dataLoading.calls, part: (d) => d.dataLoading },
  brand: { kind: 'value', of: (d) => d.brand.brand },
  'upgrade-offer': { kind: 'value', of: (d) => d.upgradeOffer.offer, part: (d) => d.upgradeOffer },
  'upgrade-path': { kind: 'value', of: (d) => d.upgradePath.path, part: (d) => d.upgradePath },
  'modem-upgrade': { kind: 'value', of: (d) => d.modemUpgrade.offer, part: (d) => d.modemUpgrade },
  'wifi-panel': { kind: 'value', of: (d) => d.wifiPanel.variant, part: (d) => d.wifiPanel },
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
  'billing-actions': { kind: 'list', of: (d) => onOf(d.billingActions), part: (d) => d.billingActions },
  'order-actions': { kind: 'list', of: (d) => onOf(d.orderActions), part: (d) => d.orderActions },
  'page-access': { kind: 'list', of: (d) => d.pageAccess.closed, part: (d) => d.pageAccess },
  'billing-panel': { kind: 'value', of: (d) => d.billingPanel.state, part: (d) => d.billingPanel },
  // What the customer sees: the sections in order; renumbering that keeps the order changes no screen.
  'home-sections': {
    kind: 'list',
    part: (d) => d.sections,
    of: (d) => d.sections.map((s) => (s.params.variant ? `${s.section} (${s.params.variant})` : s.section)),
  },
};

/**
 * Each decision of an account as the report reads it (the labels of its changes: '2 (almost expired)',
 * the sections in order): the studio's preview shows decisions in the same words.
 */
export function readDecisions(
  d: HomeDecisions,
): { decision: DecisionId; value: string | null; list: readonly string[] | null }[] {
  return (Object.keys(READINGS) as AccountDecisionId[]).map((decision) => {
    const r = READINGS[decision];
    return r.kind === 'value'
      ? { decision, value: r.of(d), list: null }
      : { decision, value: null, list: r.of(d) };
  });
}

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
const SAME: Record<AccountDecisionId, (a: HomeDecisions, b: HomeDecisions) => boolean> = {
  toggles: (a, b) => sameRecord(TOGGLE_NAMES, a.toggles, b.toggles),
  constants: (a, b) => sameRecord(CONSTANT_NAMES, a.constants, b.constants),
  'walled-garden': (a, b) => a.walledGarden.state === b.walledGarden.state,
  'prepaid-card': (a, b) => a.prepaidCard.status === b.prepaidCard.status,
  payment: (a, b) => sameRecord(PAYMENT_FLAGS, a.payment, b.payment),
  'credit-offer': (a, b) => a.creditOffer.show === b.creditOffer.show,
  outage: (a, b) => a.outage.alert === b.outage.alert,
  'appointment-timing': (a, b) => a.appointmentTiming.timing === b.appointmentTiming.timing,
  token: (a, b) => a.token.fresh === b.token.fresh,
  paperless: (a, b) => a.paperless.call === b.paperless.call,
  'data-loading': (a, b) => sameList(a.dataLoading.calls, b.dataLoading.calls),
  brand: (a, b) => a.brand.brand === b.brand.brand,
  'upgrade-offer': (a, b) => a.upgradeOffer.offer === b.upgradeOffer.offer,
  'upgrade-path': (a, b) => a.upgradePath.path === b.upgradePath.path,
  'modem-upgrade': (a, b) => a.modemUpgrade.offer === b.modemUpgrade.offer,
  'wifi-panel': (a, b) => a.wifiPanel.variant === b.wifiPanel.variant,
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
  'order-actions': (a, b) => sameRecord(ORDER_ACTIONS, a.orderActions, b.orderActions),
  'page-access': (a, b) => sameList(a.pageAccess.closed, b.pageAccess.closed),
  'billing-panel': (a, b) => a.billingPanel.state === b.billingPanel.state,
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

/**
 * Decisions a customer does not see as such: what they change shows in the decisions that read them, so
 * an account counts as seeing a change only through those.
 */
const UNSEEN: ReadonlySet<DecisionId> = new Set(['toggles', 'constants', 'data-loading']);

const COMPARED = (Object.keys(SAME) as (keyof typeof SAME)[]).map(
  (id) => [id, SAME[id], cached(READINGS[id]), !UNSEEN.has(id)] as const,
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

const NOTHING_OFFERED: ItemDecisions = {
  appointmentMessages: false,
  actions: Object.fromEntries(HISTORY_ACTIONS.map((a) => [a, false])) as ItemDecisions['actions'],
};

/**
 * What changed for an account's orders or tickets, per per-item decision: `+Appointment Messages link
 * (order)`, `-reschedule (ticket)`; each change once per account however many of its items it concerns.
 * An item listed under one rule set only (the history loaded under one) offers nothing under the other.
 */
function itemChanges(
  current: readonly ItemDecisions[],
  base: readonly ItemDecisions[],
  kind: 'order' | 'ticket',
  into: { messages: Set<string>; actions: Set<string> },
): void {
  const n = Math.max(current.length, base.length);
  for (let i = 0; i < n; i++) {
    const now = current[i] ?? NOTHING_OFFERED;
    const before = base[i] ?? NOTHING_OFFERED;
    // The compiled rules give equal item decisions as one object.
    if (now === before) continue;
    if (now.appointmentMessages !== before.appointmentMessages)
      into.messages.add(`${now.appointmentMessages ? '+' : '-'}Appointment Messages link (${kind})`);
    for (const action of HISTORY_ACTIONS)
      if (now.actions[action] !== before.actions[action])
        into.actions.add(`${now.actions[action] ? '+' : '-'}${action} (${kind})`);
  }
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
  /**
   * Accounts that see a change: at least one changed decision other than toggles, constants and data
   * loading (whose changes show through the decisions reading them).
   */
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
  /**
   * false: decide every file of the base rules afresh instead of reusing the current rules' answers where
   * a file and what it reads are the same (the same report, slower: the bench's worst case).
   */
  reuse?: boolean;
  /**
   * The population already generated and decided with the base rules (prepareBaseline): only the current
   * rules are decided then, reusing the base rules' answers where a file and what it reads are the same.
   */
  baseline?: ImpactBaseline;
}

/** Where a run stands: reported by runImpact after each slice of work. */
export interface ImpactProgress {
  /** Accounts decided with both rule sets and compared so far. */
  readonly done: number;
  readonly total: number;
  /** Of those, accounts that see a change (ImpactReport.changedAccounts). */
  readonly changedAccounts: number;
  /** Milliseconds of work so far (time spent yielding to other work not counted). */
  readonly elapsed: number;
}

/** Accounts per round of generating, deciding twice and comparing (each round timed per step). */
const CHUNK = 256;

type Tally = { accounts: number; changes: Map<string, { accounts: number; examples: number[] }> };

/**
 * One impact run over a population, a chunk of accounts at a time: measureImpact runs it straight through,
 * runImpact yields between slices so a worker can report progress and be cancelled.
 */
class ImpactRun {
  private readonly now: () => number;
  private readonly keep: number;
  private readonly compiledCurrent: CompiledRules;
  private readonly compiledBase: CompiledRules;
  /** Decisions whose file is the same in both: the base rules reuse the current rules' answers. */
  private readonly same: ReadonlySet<DecisionId>;
  private readonly timings = { generate: 0, current: 0, base: 0, compare: 0, total: 0 };
  private readonly tallies = new Map<DecisionId, Tally>();
  private readonly exampleIndexes = new Set<number>();
  private readonly factsOf = new Map<number, FactVector>();
  private changedAccounts = 0;
  private next = 0;
  private readonly accounts: GeneratedAccount[] = [];
  private readonly outcomesCurrent: Outcome[] = [];
  private readonly outcomesBase: Outcome[] = [];
  /** Per-item changes of one account (reused: cleared for each account). */
  private readonly found = { messages: new Set<string>(), actions: new Set<string>() };

  constructor(
    private readonly current: Rulesets,
    private readonly base: Rulesets,
    private readonly population: PopulationSource,
    options: ImpactOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.keep = options.examples ?? 3;
    const started = this.now();
    this.baseline = options.baseline ?? null;
    if (this.baseline && (this.baseline.base !== base || this.baseline.population !== population))
      throw new Error('The baseline was prepared for other base rules or another population');
    this.compiledCurrent = compileRules(current);
    this.compiledBase = this.baseline?.compiled ?? compileRules(base);
    this.same = options.reuse === false ? new Set() : sameFiles(current, base);
    this.timings.total = this.now() - started;
  }

  private readonly baseline: ImpactBaseline | null;

  get finished(): boolean {
    return this.next >= this.population.size;
  }

  progress(): ImpactProgress {
    return {
      done: this.next,
      total: this.population.size,
      changedAccounts: this.changedAccounts,
      elapsed: this.timings.total,
    };
  }

  private record(decision: DecisionId, keys: Iterable<string>, k: number, outcome: Outcome): void {
    const index = this.next + k;
    let tally = this.tallies.get(decision);
    if (!tally) this.tallies.set(decision, (tally = { accounts: 0, changes: new Map() }));
    tally.accounts++;
    for (const key of keys) {
      let change = tally.changes.get(key);
      if (!change) tally.changes.set(key, (change = { accounts: 0, examples: [] }));
      change.accounts++;
      if (change.examples.length < this.keep) {
        change.examples.push(index);
        this.exampleIndexes.add(index);
        if (!this.factsOf.has(index))
          this.factsOf.set(index, withCalls(this.accounts[k]!.facts, outcome.calls));
      }
    }
  }

  /** Generates, decides with both rule sets and compares the next chunk of accounts. */
  step(): void {
    const { now, population, timings, accounts, outcomesCurrent, outcomesBase } = this;
    const started = now();
    const start = this.next;
    const n = Math.min(CHUNK, population.size - start);
    const every = population.answersEveryCall;
    const baseline = this.baseline;
    if (baseline) {
      // The base rules' side is known: decide the current rules only, from the base rules' answers.
      if (baseline.done < start + n) throw new Error('The baseline is not prepared yet');
      let t = now();
      for (let k = 0; k < n; k++) {
        accounts[k] = baseline.accounts[start + k]!;
        outcomesBase[k] = baseline.outcomes[start + k]!;
        outcomesCurrent[k] = decideAccountReusing(
          this.compiledCurrent,
          accounts[k]!,
          every,
          outcomesBase[k]!,
          this.same,
        );
      }
      timings.current += now() - t;
      t = now();
      this.compare(n);
      timings.compare += now() - t;
      this.next += n;
      timings.total += now() - started;
      return;
    }
    let t = now();
    for (let k = 0; k < n; k++) accounts[k] = population.account(start + k);
    timings.generate += now() - t;
    t = now();
    for (let k = 0; k < n; k++) outcomesCurrent[k] = decideAccount(this.compiledCurrent, accounts[k]!, every);
    timings.current += now() - t;
    t = now();
    for (let k = 0; k < n; k++)
      outcomesBase[k] = decideAccountReusing(
        this.compiledBase,
        accounts[k]!,
        every,
        outcomesCurrent[k]!,
        this.same,
      );
    timings.base += now() - t;
    t = now();
    this.compare(n);
    timings.compare += now() - t;
    this.next += n;
    timings.total += now() - started;
  }

  /** Compares the chunk's outcomes under both rule sets and tallies the changes. */
  private compare(n: number): void {
    const { outcomesCurrent, outcomesBase, found } = this;
    for (let k = 0; k < n; k++) {
      const a = outcomesCurrent[k]!;
      const b = outcomesBase[k]!;
      let changed = false;
      for (const [id, same, changes, seen] of COMPARED) {
        if (same(a.decisions, b.decisions)) continue;
        if (seen) changed = true;
        this.record(id, changes(a.decisions, b.decisions), k, a);
      }
      if (a.orders !== b.orders || a.tickets !== b.tickets) {
        found.messages.clear();
        found.actions.clear();
        itemChanges(a.orders, b.orders, 'order', found);
        itemChanges(a.tickets, b.tickets, 'ticket', found);
        if (found.messages.size > 0) this.record('appointment-messages', found.messages, k, a);
        if (found.actions.size > 0) this.record('history-actions', found.actions, k, a);
        if (found.messages.size + found.actions.size > 0) changed = true;
      }
      if (changed) this.changedAccounts++;
    }
  }

  report(): ImpactReport {
    const { current, base, population } = this;
    const rules = ruleChanges(current, base);
    const keyFacts = keyFactsOf(rules, current, base);
    const decisions: DecisionImpact[] = DECISIONS.flatMap(({ id }) => {
      const tally = this.tallies.get(id);
      if (!tally) return [];
      const changes = [...tally.changes].map(([change, c]) => ({
        change,
        accounts: c.accounts,
        examples: c.examples,
      }));
      changes.sort((x, y) => y.accounts - x.accounts || x.change.localeCompare(y.change));
      return [{ decision: id, accounts: tally.accounts, changes }];
    });
    const examples = [...this.exampleIndexes]
      .sort((x, y) => x - y)
      .map((index) => {
        const all = factsObject(this.factsOf.get(index)!);
        return {
          index,
          label: population.label(index),
          facts: Object.fromEntries(keyFacts.map((f) => [f, all[f]])),
        };
      });
    return {
      population: population.description,
      accounts: this.next,
      changedAccounts: this.changedAccounts,
      decisions,
      rules,
      keyFacts,
      examples,
      timings: { ...this.timings },
    };
  }
}

/** Decides every account with both rule sets and counts what changes (synchronously: the command line). */
export function measureImpact(
  current: Rulesets,
  base: Rulesets,
  population: PopulationSource,
  options: ImpactOptions = {},
): ImpactReport {
  const run = new ImpactRun(current, base, population, options);
  while (!run.finished) run.step();
  return run.report();
}

// ---------------------------------------------------------------- the base rules' side, once

/**
 * A population generated and decided with the base rules (the live rules, in the studio), kept between
 * measurements: what does not change from one draft to the next is done once. A run given it decides only
 * the draft, reusing the base rules' answer for each file the draft leaves as it is and whose inputs are
 * the same for the account (decideAccountReusing: exactly deciding afresh, held so by a property test), so
 * an edit to one file decides that file (and the files reading its decision) per account, then compares.
 * Memory: the accounts' fact vectors and one outcome per account (about 100 MB for 100,000 accounts).
 */
export class ImpactBaseline {
  readonly compiled: CompiledRules;
  /** @internal Account `i` of the population, generated once. */
  readonly accounts: GeneratedAccount[];
  /** @internal Its decisions under the base rules. */
  readonly outcomes: Outcome[];
  /** Accounts generated and decided so far. */
  done = 0;
  /** Milliseconds spent generating and deciding. */
  readonly timings = { generate: 0, decide: 0 };

  constructor(
    readonly base: Rulesets,
    readonly population: PopulationSource,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.compiled = compileRules(base);
    this.accounts = new Array<GeneratedAccount>(population.size);
    this.outcomes = new Array<Outcome>(population.size);
  }

  get finished(): boolean {
    return this.done >= this.population.size;
  }

  /** Generates and decides the next chunk of accounts. */
  step(): void {
    const { now, population, accounts, outcomes } = this;
    const start = this.done;
    const end = Math.min(start + CHUNK, population.size);
    let t = now();
    for (let i = start; i < end; i++) accounts[i] = population.account(i);
    this.timings.generate += now() - t;
    t = now();
    const every = population.answersEveryCall;
    for (let i = start; i < end; i++) outcomes[i] = decideAccount(this.compiled, accounts[i]!, every);
    this.timings.decide += now() - t;
    this.done = end;
  }
}

// ---------------------------------------------------------------- the studio's entry point

/**
 * A population as the studio has it: a source made here, the distributions (the JSON of
 * rules/population/distributions.json or an edited copy; checked), or exported facts as JSON Lines text.
 */
export type PopulationInput =
  | PopulationSource
  | { readonly distributions: unknown; readonly seed?: number; readonly accounts?: number }
  | { readonly factsLines: string; readonly name?: string };

export interface RunImpactInput {
  /** The rules measured against: what customers have now (main's rule files), by decision. */
  readonly base: Rulesets;
  /** The edited rules, by decision. */
  readonly draft: Rulesets;
  readonly population: PopulationInput;
  /** Called after each slice of work, and once when every account is done. */
  readonly onProgress?: (progress: ImpactProgress) => void;
  /** Aborting it stops the run at the next slice: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Example accounts kept per change (default 3). */
  readonly examples?: number;
  /** Milliseconds of work between two yields (default 50): how often progress is reported and an abort seen. */
  readonly sliceMs?: number;
  /** The clock (default performance.now). */
  readonly now?: () => number;
}

/** Rules or a population the run cannot use: every problem, in words an analyst can act on. */
export class ImpactInputError extends Error {
  override name = 'ImpactInputError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** Every problem of a rule set as rules:check words it (warnings left out: they do not stop a file). */
export function rulesetProblems(rulesets: Rulesets, label: string): string[] {
  return DECISIONS.flatMap(({ id }) =>
    validateRuleset(ruleFileOf(id), (rulesets as Partial<Rulesets>)[id])
      .filter((i) => i.severity !== 'warning')
      .map((i) => `${label}: ${formatIssue(i)}`),
  );
}

const isSource = (input: PopulationInput): input is PopulationSource =>
  typeof (input as Partial<PopulationSource>).account === 'function';

function populationOf(input: PopulationInput): PopulationSource {
  if (isSource(input)) return input;
  try {
    if ('factsLines' in input) {
      const name = input.name ?? 'population';
      return exportedPopulation(parseFactsLines(input.factsLines, name), name);
    }
    return generatedPopulation(parseDistributions(input.distributions), {
      seed: input.seed,
      accounts: input.accounts,
    });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The impact of `draft` against `base` on a population, for a Web Worker: the same work and report as
 * measureImpact, done in slices of about `sliceMs` with a yield between them, so the worker reports
 * progress and sees an abort. Rejects with ImpactInputError when a rule set or the population cannot be
 * used, and with the signal's reason when aborted.
 */
export async function runImpact(input: RunImpactInput): Promise<ImpactReport> {
  const { signal, onProgress } = input;
  signal?.throwIfAborted();
  const problems = [...rulesetProblems(input.base, 'base'), ...rulesetProblems(input.draft, 'draft')];
  if (problems.length > 0) throw new ImpactInputError(problems);
  const population = populationOf(input.population);
  const now = input.now ?? (() => performance.now());
  const sliceMs = input.sliceMs ?? 50;
  let run: ImpactRun;
  try {
    run = new ImpactRun(input.draft, input.base, population, { examples: input.examples, now });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(run, now, sliceMs, signal, () => onProgress?.(run.progress()));
  if (population.size === 0) onProgress?.(run.progress());
  return run.report();
}

/** Steps `work` until finished, yielding to the event loop every `sliceMs` of work (progress, aborts). */
async function sliced(
  work: { readonly finished: boolean; step(): void },
  now: () => number,
  sliceMs: number,
  signal: AbortSignal | undefined,
  onSlice: () => void,
): Promise<void> {
  while (!work.finished) {
    const sliceStart = now();
    do work.step();
    while (!work.finished && now() - sliceStart < sliceMs);
    onSlice();
    if (!work.finished) {
      await yieldToEvents();
      signal?.throwIfAborted();
    }
  }
}

export interface PrepareBaselineInput {
  /** The rules measured against (the live rules). */
  readonly base: Rulesets;
  readonly population: PopulationInput;
  /** Called after each slice: accounts generated and decided so far, of total. */
  readonly onProgress?: (progress: { done: number; total: number }) => void;
  readonly signal?: AbortSignal;
  /** Milliseconds of work between two yields (default 50). */
  readonly sliceMs?: number;
  readonly now?: () => number;
}

/**
 * Generates the population and decides it with the base rules, in slices (the studio does it when it
 * opens, so that a measurement decides only the draft). Rejects as runImpact does.
 */
export async function prepareBaseline(input: PrepareBaselineInput): Promise<ImpactBaseline> {
  input.signal?.throwIfAborted();
  const problems = rulesetProblems(input.base, 'base');
  if (problems.length > 0) throw new ImpactInputError(problems);
  const population = populationOf(input.population);
  const now = input.now ?? (() => performance.now());
  let baseline: ImpactBaseline;
  try {
    baseline = new ImpactBaseline(input.base, population, now);
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(baseline, now, input.sliceMs ?? 50, input.signal, () =>
    input.onProgress?.({ done: baseline.done, total: population.size }),
  );
  return baseline;
}

export interface RunDraftInput {
  /** The population decided with the live rules (prepareBaseline, finished). */
  readonly baseline: ImpactBaseline;
  /** The edited rules, by decision. */
  readonly draft: Rulesets;
  readonly onProgress?: (progress: ImpactProgress) => void;
  readonly signal?: AbortSignal;
  readonly examples?: number;
  readonly sliceMs?: number;
  readonly now?: () => number;
}

/**
 * runImpact on a prepared baseline: the same report as runImpact({ base: baseline.base, draft, population })
 * (its timings apart: generating and the base rules cost nothing here), deciding the draft only.
 */
export async function runDraftImpact(input: RunDraftInput): Promise<ImpactReport> {
  const { baseline, signal, onProgress } = input;
  signal?.throwIfAborted();
  if (!baseline.finished) throw new Error('The baseline is not prepared yet');
  const problems = rulesetProblems(input.draft, 'draft');
  if (problems.length > 0) throw new ImpactInputError(problems);
  const now = input.now ?? (() => performance.now());
  let run: ImpactRun;
  try {
    run = new ImpactRun(input.draft, baseline.base, baseline.population, {
      examples: input.examples,
      now,
      baseline,
    });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
  await sliced(run, now, input.sliceMs ?? 50, signal, () => onProgress?.(run.progress()));
  if (baseline.population.size === 0) onProgress?.(run.progress());
  return run.report();
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
    current: { decisions: now.decisions, orders: now.orders, tickets: now.tickets },
    base: { decisions: before.decisions, orders: before.orders, tickets: before.tickets },
  };
}
