/**
 * The decision points, each declared once in ./declarations/ (one rule file each, rules/<id>.json): its
 * kind, event, stage, outcome, the decided facts it feeds and its preview line (./declare.ts says how). A
 * decision may test the decided facts of earlier stages only, so there is no cycle. The runtime, the compiled
 * evaluator, the rule cases, fact scoping, the vocabulary's decided facts, the ruleset schema and the checker
 * all read this list; HomeDecisions and ItemDecisions (./types.ts) are inferred from it.
 */
import * as account from './declarations/account';
import * as home from './declarations/home';
import * as items from './declarations/items';
import * as stage0 from './declarations/stage0';
import type { Declaration, DecisionKind, JsonSchema, Stage } from './declare';

export * from './declarations/account';
export * from './declarations/home';
export * from './declarations/items';
export { CONSTANT_NAMES, type ConstantName } from '../facts/names';
export type { DecisionKind, JsonSchema };

/** What the checker, the schema builder and the studio read of a decision. */
export interface DecisionSpec {
  readonly id: string;
  readonly kind: DecisionKind;
  readonly eventType: string;
  readonly params: JsonSchema;
  /** For lookups: the params field naming the entry (one value per entry). */
  readonly lookupKey?: string;
  /** Every entry a lookup must define. */
  readonly lookupEntries?: readonly string[];
  /** 0 runs first; a decision may test the facts of lower stages. 'order' decisions run per order. */
  readonly stage: Stage;
  readonly description: string;
}

/** Every decision, in the order they run and are explained (stage by stage). */
export const DECISIONS = [
  stage0.toggles,
  stage0.constants,
  account.walledGarden,
  account.prepaidCard,
  account.payment,
  account.creditOffer,
  account.outage,
  account.appointmentTiming,
  account.token,
  account.paperless,
  account.rebootCall,
  account.wifiUpdateCall,
  account.dataLoading,
  account.brand,
  account.upgradeOffer,
  account.upgradeOfferText,
  account.upgradePath,
  account.modemUpgrade,
  account.wifiPanel,
  home.homeView,
  home.accountBanners,
  home.navigation,
  home.billingActions,
  home.billingPanel,
  home.orderActions,
  home.homeSections,
  home.pageAccess,
  items.appointmentMessages,
  items.historyActions,
] as const satisfies readonly (Declaration & DecisionSpec)[];

export type AnyDeclaration = (typeof DECISIONS)[number];
export type DecisionId = AnyDeclaration['id'];
export const DECISION_IDS: readonly DecisionId[] = DECISIONS.map((d) => d.id);

const decisionById = new Map<string, AnyDeclaration>(DECISIONS.map((d) => [d.id, d]));
export function decisionSpec(id: string): AnyDeclaration | undefined {
  return decisionById.get(id);
}

export { ruleFileOf } from './names';
