/**
 * The rule runtime: evaluates the rule files on the facts with json-rules-engine and returns plain
 * decisions plus an explain trace. Browser-safe (no node imports; json-rules-engine runs under the CSP).
 *
 * Decisions run in stages (src/engine/decisions.ts): toggles and constants first, then the decisions that
 * feed others (walled garden, prepaid card, payment, credit offer, outage ...), then the home view,
 * banners, navigation and sections, which may test the earlier decisions' facts (`toggle.cancel`,
 * `walledGarden.state`, `payment.late`).
 */
import { Engine, type RuleResult, type TopLevelConditionResult } from 'json-rules-engine';
import { TOGGLE_NAMES, type ToggleName } from '../facts/names';
import type { AccountFacts, DecisionFacts, OrderFacts } from '../facts/vocabulary';
import {
  BILLING_ACTIONS,
  CONSTANT_NAMES,
  type Brand,
  type DataCall,
  DECISIONS,
  HISTORY_ACTIONS,
  ORDER_ACTIONS,
  PAGES,
  PAYMENT_FLAGS,
  type ConstantName,
  type DecisionId,
  type DecisionSpec,
  type HomeViewId,
  type NavItem,
  type SectionId,
  type UpgradeOffer,
  type UpgradePath,
  type WifiPanelVariant,
} from './decisions';
import type {
  ConditionTrace,
  DecisionTrace,
  ExplainTrace,
  HomeDecisions,
  ItemDecisions,
  RuleDefinition,
  RuleFile,
  RuleTrace,
  Rulesets,
  SectionDecision,
} from './types';

type FactValues = Record<string, string | number | boolean | null>;

interface Outcome {
  trace: DecisionTrace;
  /** Params of matching rules, highest priority first. */
  matchedParams: Record<string, unknown>[];
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** all/any from the children (json-rules-engine records no result on the top-level group). */
function groupHeld(group: 'all' | 'any', children: ConditionTrace[]): boolean | null {
  const results = children.map((c) => c.held);
  if (group === 'all') {
    if (results.includes(false)) return false;
    return results.includes(null) ? null : true;
  }
  if (results.includes(true)) return true;
  return results.includes(null) ? null : false;
}

function conditionTrace(node: unknown): ConditionTrace {
  const n = (node ?? {}) as Record<string, unknown>;
  const held = typeof n.result === 'boolean' ? n.result : null;
  if (Array.isArray(n.all) || Array.isArray(n.any)) {
    const group = Array.isArray(n.all) ? 'all' : 'any';
    const children = ((n.all ?? n.any) as unknown[]).map(conditionTrace);
    return { group, held: held ?? groupHeld(group, children), children };
  }
  if (n.not !== undefined) {
    const child = conditionTrace(n.not);
    return { group: 'not', held: held ?? (child.held === null ? null : !child.held), child };
  }
  const ref = n.value as { fact?: unknown } | null | undefined;
  const valueFact = typeof ref === 'object' && ref !== null && typeof ref.fact === 'string' ? ref.fact : null;
  return {
    fact: String(n.fact),
    operator: String(n.operator),
    // A constant named as the value ({"fact": "constant.x"}) shows as the number it had in this run.
    expected: valueFact !== null && held !== null ? n.valueResult : n.value,
    ...(valueFact !== null ? { expectedFact: valueFact } : {}),
    value: held === null ? undefined : n.factResult,
    held,
  };
}

/** A trace for a rule that could not be evaluated: its conditions, none evaluated. */
function unevaluated(node: unknown): ConditionTrace {
  return conditionTrace(JSON.parse(JSON.stringify(node ?? {})) as TopLevelConditionResult);
}

/** One decision's rule file, with its json-rules-engine Engine built once (not per decision). */
class DecisionRunner {
  private readonly engine: Engine;
  private readonly order: Map<string, number>;
  /** One engine per rule, built only if a rule throws: isolates the failing rule from the others. */
  private isolated: { rule: RuleDefinition; engine: Engine }[] | null = null;

  /** The facts this file's rules test: only those are handed to the engine on each run. */
  private readonly factNames: string[];

  constructor(
    readonly spec: DecisionSpec,
    private readonly file: RuleFile,
  ) {
    this.engine = DecisionRunner.makeEngine(file.rules);
    this.order = new Map(file.rules.map((r, i) => [r.name, i]));
    const names = new Set<string>();
    const collect = (c: unknown): void => {
      if (!c || typeof c !== 'object') return;
      const n = c as Record<string, unknown>;
      if (typeof n.fact === 'string') names.add(n.fact);
      // A value may name a constant ({"fact": "constant.x"}): json-rules-engine reads it as a fact.
      const value = n.value as { fact?: unknown } | null | undefined;
      if (typeof value === 'object' && value !== null && typeof value.fact === 'string')
        names.add(value.fact);
      for (const key of ['all', 'any'] as const)
        if (Array.isArray(n[key])) (n[key] as unknown[]).forEach(collect);
      if (n.not) collect(n.not);
    };
    file.rules.forEach((r) => collect(r.conditions));
    this.factNames = [...names];
  }

  /**
   * json-rules-engine wraps every runtime fact in a Fact object on each run; handing it only the facts
   * this file tests (instead of the whole vocabulary) is most of the runtime's speed.
   */
  private pick(facts: FactValues): FactValues {
    const picked: FactValues = {};
    for (const name of this.factNames) if (name in facts) picked[name] = facts[name] ?? null;
    return picked;
  }

  private static makeEngine(rules: RuleDefinition[]): Engine {
    // Undefined facts are allowed so that a fact missing from the input is a non-match, never a crash.
    // The rule format has no condition `path` (the schema forbids it), so a path never needs resolving: the
    // browser build leaves json-rules-engine's JSONPath library out (src/engine/no-jsonpath.ts).
    const engine = new Engine([], { allowUndefinedFacts: true, pathResolver: noPathResolver });
    for (const rule of rules) {
      try {
        engine.addRule({ ...rule, conditions: rule.conditions as never });
      } catch {
        // A rule json-rules-engine refuses outright is reported by validateRuleset; here it never matches.
      }
    }
    return engine;
  }

  async run(allFacts: FactValues): Promise<Outcome> {
    const facts = this.pick(allFacts);
    let traces: RuleTrace[];
    try {
      const result = await this.engine.run(facts);
      traces = [...result.results, ...result.failureResults].map((r) => this.ruleTrace(r));
      // A rule the engine refused to add has no result: list it as not matched.
      for (const rule of this.file.rules) {
        if (!traces.some((t) => t.name === rule.name))
          traces.push(this.failedTrace(rule, 'the rule could not be loaded'));
      }
    } catch {
      // json-rules-engine rejects the whole run when one rule throws (for example `in` with a non-array
      // value, its issue #412): evaluate each rule on its own so only the faulty one is lost.
      traces = await this.runIsolated(facts);
    }
    traces.sort(
      (a, b) => b.priority - a.priority || (this.order.get(a.name) ?? 0) - (this.order.get(b.name) ?? 0),
    );
    const matched = traces.filter((t) => t.matched);
    return {
      trace: {
        decision: this.spec.id as DecisionId,
        kind: this.spec.kind,
        winner: this.spec.kind === 'first-match' ? (matched[0]?.name ?? null) : null,
        matched: matched.map((t) => t.name),
        defaulted: false,
        rules: traces,
      },
      matchedParams: matched.map((t) => t.event.params),
    };
  }

  private async runIsolated(facts: FactValues): Promise<RuleTrace[]> {
    this.isolated ??= this.file.rules.map((rule) => ({ rule, engine: DecisionRunner.makeEngine([rule]) }));
    return Promise.all(
      this.isolated.map(async ({ rule, engine }) => {
        try {
          const result = await engine.run(facts);
          const r = [...result.results, ...result.failureResults][0];
          return r ? this.ruleTrace(r) : this.failedTrace(rule, 'the rule could not be loaded');
        } catch (e) {
          return this.failedTrace(rule, message(e));
        }
      }),
    );
  }

  private ruleTrace(r: RuleResult): RuleTrace {
    const rule = this.file.rules[this.order.get(r.name) ?? -1];
    return {
      name: r.name,
      position: (this.order.get(r.name) ?? -1) + 1,
      priority: r.priority ?? 1,
      matched: r.result === true,
      event: rule?.event ?? {
        type: r.event?.type ?? '',
        params: (r.event?.params as Record<string, unknown>) ?? {},
      },
      conditions: conditionTrace(r.conditions),
    };
  }

  private failedTrace(rule: RuleDefinition, error: string): RuleTrace {
    return {
      name: rule.name,
      position: (this.order.get(rule.name) ?? -1) + 1,
      priority: rule.priority,
      matched: false,
      error,
      event: rule.event,
      conditions: unevaluated(rule.conditions),
    };
  }
}

const firstParam = <T>(o: Outcome, key: string, fallback: T, ok: (v: unknown) => v is T): T => {
  const found = o.matchedParams.find((p) => ok(p[key]));
  if (found) return found[key] as T;
  o.trace.defaulted = true;
  return fallback;
};
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string';

/** Per entry of a lookup, the value of the highest-priority matching rule. */
function lookup<K extends string, V>(
  o: Outcome,
  keyField: string,
  keys: readonly K[],
  valueField: string,
  fallback: V,
) {
  const out = {} as Record<K, V>;
  for (const key of keys) {
    const hit = o.matchedParams.find((p) => p[keyField] === key);
    if (hit) out[key] = hit[valueField] as V;
    else {
      out[key] = fallback;
      o.trace.defaulted = true;
    }
  }
  return out;
}

const DEFAULT_NAVIGATION: NavItem[] = ['home', 'billing', 'services', 'support', 'settings'];

export interface Runtime {
  /** Every decision of the home and shell for the account's facts. */
  decide(facts: AccountFacts): Promise<{ decisions: HomeDecisions; explain: ExplainTrace }>;
  /** The per-order decision: whether the order's 'Appointment Messages' link shows. */
  decideOrder(
    facts: OrderFacts,
    toggles: HomeDecisions['toggles'],
  ): Promise<{ show: boolean; explain: DecisionTrace }>;
  /** Every per-item decision of one order or repair ticket of the history. */
  decideItem(
    facts: OrderFacts,
    decisions: Pick<HomeDecisions, 'toggles' | 'orderActions'>,
  ): Promise<{ decisions: ItemDecisions; explain: DecisionTrace[] }>;
}

function noPathResolver(): never {
  throw new Error('condition paths are not part of the rule format');
}

export function createRuntime(rulesets: Rulesets): Runtime {
  const runners = new Map<DecisionId, DecisionRunner>();
  for (const spec of DECISIONS) runners.set(spec.id, new DecisionRunner(spec, rulesets[spec.id]));
  const run = (id: DecisionId, facts: FactValues): Promise<Outcome> => runners.get(id)!.run(facts);

  async function decide(
    accountFacts: AccountFacts,
  ): Promise<{ decisions: HomeDecisions; explain: ExplainTrace }> {
    const facts: FactValues = { ...accountFacts };
    const [toggleOutcome, constantOutcome] = await Promise.all([
      run('toggles', facts),
      run('constants', facts),
    ]);
    const toggles = lookup(toggleOutcome, 'toggle', TOGGLE_NAMES, 'on', false);
    const constants = lookup(constantOutcome, 'name', CONSTANT_NAMES, 'value', null as number | null);
    const stage0 = {
      ...(Object.fromEntries(TOGGLE_NAMES.map((t) => [`toggle.${t}`, toggles[t]])) as Record<
        `toggle.${ToggleName}`,
        boolean
      >),
      ...(Object.fromEntries(CONSTANT_NAMES.map((c) => [`constant.${c}`, constants[c]])) as Record<
        `constant.${ConstantName}`,
        number | null
      >),
    };
    Object.assign(facts, stage0);

    const [wg, card, pay, credit, outage, timing, token, paperless, dataLoading, brand] = await Promise.all([
      run('walled-garden', facts),
      run('prepaid-card', facts),
      run('payment', facts),
      run('credit-offer', facts),
      run('outage', facts),
      run('appointment-timing', facts),
      run('token', facts),
      run('paperless', facts),
      run('data-loading', facts),
      run('brand', facts),
    ]);
    const [upgradeOffer, upgradePath, modemUpgrade, wifiPanel] = await Promise.all([
      run('upgrade-offer', facts),
      run('upgrade-path', facts),
      run('modem-upgrade', facts),
      run('wifi-panel', facts),
    ]);
    const payment = Object.fromEntries(
      PAYMENT_FLAGS.map((flag) => [flag, pay.matchedParams.some((p) => p.flag === flag)]),
    ) as HomeDecisions['payment'];
    const stage1 = {
      walledGarden: {
        state: firstParam(wg, 'state', 'none', isString) as HomeDecisions['walledGarden']['state'],
      },
      prepaidCard: {
        status: firstParam(card, 'status', 0, (v): v is number => v === 0 || v === 1 || v === 2) as 0 | 1 | 2,
      },
      payment,
      creditOffer: { show: firstParam(credit, 'show', false, isBool) },
      outage: { alert: firstParam(outage, 'alert', 'none', isString) as HomeDecisions['outage']['alert'] },
      appointmentTiming: {
        timing: firstParam(
          timing,
          'timing',
          'none',
          isString,
        ) as HomeDecisions['appointmentTiming']['timing'],
      },
      token: { fresh: firstParam(token, 'fresh', false, isBool) },
      paperless: {
        call: firstParam(paperless, 'call', 'ensemble', isString) as HomeDecisions['paperless']['call'],
      },
      dataLoading: {
        calls: [...new Set(dataLoading.matchedParams.map((p) => p.call as DataCall))],
      },
      brand: { brand: firstParam(brand, 'brand', 'provider', isString) as Brand },
      upgradeOffer: { offer: firstParam(upgradeOffer, 'offer', 'none', isString) as UpgradeOffer },
      upgradePath: { path: firstParam(upgradePath, 'path', 'generic', isString) as UpgradePath },
      modemUpgrade: { offer: firstParam(modemUpgrade, 'offer', 'none', isString) as UpgradeOffer },
      wifiPanel: { variant: firstParam(wifiPanel, 'variant', 'loading', isString) as WifiPanelVariant },
    };
    const decisionFacts: DecisionFacts = {
      ...stage0,
      'walledGarden.state': stage1.walledGarden.state,
      'prepaidCard.status': stage1.prepaidCard.status,
      'payment.late': payment.late,
      'payment.lateInPeriod': payment.lateInPeriod,
      'creditOffer.show': stage1.creditOffer.show,
      'outage.alert': stage1.outage.alert,
      'appointmentTiming.timing': stage1.appointmentTiming.timing,
      // Decided in stage 2 below; only per-item decisions read it.
      'orderActions.cancelOrder': null,
    };
    Object.assign(facts, decisionFacts);

    const [view, banner, nav, billing, panel, sectionsOutcome, orderActionsOutcome, pageAccess] =
      await Promise.all([
        run('home-view', facts),
        run('account-banners', facts),
        run('navigation', facts),
        run('billing-actions', facts),
        run('billing-panel', facts),
        run('home-sections', facts),
        run('order-actions', facts),
        run('page-access', facts),
      ]);
    const closedPages = new Set(
      pageAccess.matchedParams.flatMap((p) => (Array.isArray(p.pages) ? (p.pages as unknown[]) : [])),
    );

    const viewParams = view.matchedParams[0];
    if (!viewParams) view.trace.defaulted = true;
    const navParams = nav.matchedParams[0];
    if (!navParams) nav.trace.defaulted = true;

    const decisions: HomeDecisions = {
      toggles,
      constants,
      ...stage1,
      homeView: {
        view: (viewParams?.view as HomeViewId | undefined) ?? 'full',
        params: viewParams?.messageKind ? { messageKind: viewParams.messageKind as 'bgs' | 'fed' } : {},
      },
      banner: banner.matchedParams[0]
        ? { banner: banner.matchedParams[0].banner as NonNullable<HomeDecisions['banner']>['banner'] }
        : null,
      navigation: navParams
        ? {
            items: [...(navParams.items as NavItem[])],
            emptyItem: navParams.emptyItem === true,
            search: navParams.search === true,
          }
        : { items: DEFAULT_NAVIGATION, emptyItem: false, search: true },
      billingActions: Object.fromEntries(
        BILLING_ACTIONS.map((a) => [a, billing.matchedParams.some((p) => p.action === a)]),
      ) as HomeDecisions['billingActions'],
      billingPanel: {
        state: firstParam(panel, 'state', 'standard', isString) as HomeDecisions['billingPanel']['state'],
      },
      sections: orderSections(sectionsOutcome),
      orderActions: Object.fromEntries(
        ORDER_ACTIONS.map((a) => [a, orderActionsOutcome.matchedParams.some((p) => p.action === a)]),
      ) as HomeDecisions['orderActions'],
      pageAccess: { closed: PAGES.filter((page) => closedPages.has(page)) },
    };
    const explain = [
      toggleOutcome,
      constantOutcome,
      wg,
      card,
      pay,
      credit,
      outage,
      timing,
      token,
      paperless,
      dataLoading,
      brand,
      upgradeOffer,
      upgradePath,
      modemUpgrade,
      wifiPanel,
      view,
      banner,
      nav,
      billing,
      panel,
      sectionsOutcome,
      orderActionsOutcome,
      pageAccess,
    ].map((o) => o.trace);
    return { decisions, explain };
  }

  async function decideOrder(orderFacts: OrderFacts, toggles: HomeDecisions['toggles']) {
    const facts: FactValues = { ...orderFacts };
    for (const t of TOGGLE_NAMES) facts[`toggle.${t}`] = toggles[t];
    const o = await run('appointment-messages', facts);
    return { show: firstParam(o, 'show', false, isBool), explain: o.trace };
  }

  async function decideItem(
    orderFacts: OrderFacts,
    decisions: Pick<HomeDecisions, 'toggles' | 'orderActions'>,
  ): Promise<{ decisions: ItemDecisions; explain: DecisionTrace[] }> {
    const facts: FactValues = { ...orderFacts };
    for (const t of TOGGLE_NAMES) facts[`toggle.${t}`] = decisions.toggles[t];
    facts['orderActions.cancelOrder'] = decisions.orderActions['cancel-order'];
    const [messages, actions] = await Promise.all([
      run('appointment-messages', facts),
      run('history-actions', facts),
    ]);
    return {
      decisions: {
        appointmentMessages: firstParam(messages, 'show', false, isBool),
        actions: Object.fromEntries(
          HISTORY_ACTIONS.map((a) => [a, actions.matchedParams.some((p) => p.action === a)]),
        ) as ItemDecisions['actions'],
      },
      explain: [messages.trace, actions.trace],
    };
  }

  return { decide, decideOrder, decideItem };
}

/** One entry per section (the highest-priority matching rule names its variant), smallest order first. */
function orderSections(o: Outcome): SectionDecision[] {
  const seen = new Set<string>();
  const sections: SectionDecision[] = [];
  for (const p of o.matchedParams) {
    const section = p.section as SectionId;
    if (seen.has(section)) continue;
    seen.add(section);
    sections.push({
      section,
      order: typeof p.order === 'number' ? p.order : 0,
      params: typeof p.variant === 'string' ? { variant: p.variant } : {},
    });
  }
  // Array.prototype.sort is stable: equal orders keep rule priority order.
  return sections.sort((a, b) => a.order - b.order);
}
