import type { ToggleName } from '../facts/vocabulary';
import type { FindingCode } from './findings';
import type {
  AppointmentTiming,
  BannerId,
  BillingAction,
  BillingPanelState,
  Brand,
  DataCall,
  ConstantName,
  DecisionId,
  DecisionKind,
  HistoryAction,
  HomeViewId,
  NavItem,
  PageId,
  OrderAction,
  OutageAlert,
  PaperlessCall,
  PaymentFlag,
  SectionId,
  UpgradeOffer,
  UpgradePath,
  WalledGardenState,
  WifiPanelVariant,
} from './decisions';

/** A condition of a rule file (json-rules-engine format, narrowed by schemas/ruleset.schema.json). */
export type RuleCondition =
  | { all: RuleCondition[] }
  | { any: RuleCondition[] }
  | { not: RuleCondition }
  | { fact: string; operator: string; value: unknown };

export interface RuleDefinition {
  name: string;
  description?: string;
  priority: number;
  conditions: RuleCondition;
  event: { type: string; params: Record<string, unknown> };
  /** Findings of rules:check this rule's design intends, each with the reason (see findings.ts). */
  acknowledge?: Partial<Record<FindingCode, string>>;
}

/** One rule file (rules/<decision>.json). */
export interface RuleFile {
  $schema?: string;
  decision: string;
  kind: DecisionKind;
  description: string;
  rules: RuleDefinition[];
}

/** The rule files by decision id. */
export type Rulesets = Record<DecisionId, RuleFile>;

export type Toggles = Record<ToggleName, boolean>;

export interface SectionDecision {
  section: SectionId;
  /** Smaller shows first; analysts reorder by editing this number in rules/home-sections.json. */
  order: number;
  params: { variant?: string };
}

/** Every decision of the signed-in home and shell, as plain data. */
export interface HomeDecisions {
  toggles: Toggles;
  constants: Record<ConstantName, number | null>;
  walledGarden: { state: WalledGardenState };
  prepaidCard: { status: 0 | 1 | 2 };
  payment: Record<PaymentFlag, boolean>;
  billingActions: Record<BillingAction, boolean>;
  /** The billing panel's state (rules/billing-panel.json). */
  billingPanel: { state: BillingPanelState };
  /** Which paperless update call this account takes (rules/paperless.json). */
  paperless: { call: PaperlessCall };
  /** What the home's pending-order alert offers (rules/order-actions.json). */
  orderActions: Record<OrderAction, boolean>;
  creditOffer: { show: boolean };
  outage: { alert: OutageAlert };
  appointmentTiming: { timing: AppointmentTiming };
  token: { fresh: boolean };
  /** The account calls to make after the profile, in rule order. */
  dataLoading: { calls: DataCall[] };
  brand: { brand: Brand };
  homeView: { view: HomeViewId; params: { messageKind?: 'bgs' | 'fed' } };
  banner: { banner: BannerId } | null;
  /** Sections of the full home in display order (meaningful when homeView.view is 'full'). */
  sections: SectionDecision[];
  navigation: { items: NavItem[]; emptyItem: boolean; search: boolean };
  /** The internet plan card's upgrade offer indicator (rules/upgrade-offer.json). */
  upgradeOffer: { offer: UpgradeOffer };
  /** Where Upgrade Now and Upgrade Modem lead (rules/upgrade-path.json). */
  upgradePath: { path: UpgradePath };
  /** The internet plan card's modem upgrade offer (rules/modem-upgrade.json). */
  modemUpgrade: { offer: UpgradeOffer };
  /** What the WiFi and connected-devices panel shows (rules/wifi-panel.json). */
  wifiPanel: { variant: WifiPanelVariant };
  /** Signed-in pages closed to this account (rules/page-access.json), in route-table order. */
  pageAccess: { closed: PageId[] };
}

/** How one condition fared: a fact comparison, or a group of conditions. */
export type ConditionTrace =
  | {
      fact: string;
      operator: string;
      /** The value compared with (for a constant named as the value: its number in this run). */
      expected: unknown;
      /** The constant the condition compares with, when its value is {"fact": "constant.x"}. */
      expectedFact?: string;
      /** The fact's value (undefined when the condition was not reached). */
      value: unknown;
      /** null when the condition was not evaluated. */
      held: boolean | null;
    }
  | { group: 'all' | 'any'; held: boolean | null; children: ConditionTrace[] }
  | { group: 'not'; held: boolean | null; child: ConditionTrace };

export interface RuleTrace {
  name: string;
  /** Its position in the file, from 1 (rules are named `#3 'name'` everywhere: rule-ref.ts). */
  position: number;
  priority: number;
  matched: boolean;
  /** Set when the rule threw while being evaluated; it then counts as not matched. */
  error?: string;
  event: { type: string; params: Record<string, unknown> };
  conditions: ConditionTrace;
}

export interface DecisionTrace {
  decision: DecisionId;
  kind: DecisionKind;
  /** first-match: the winning rule (null when none matched). */
  winner: string | null;
  /** Names of every matching rule, highest priority first. */
  matched: string[];
  /** True when no rule decided and the runtime's safe default was used. */
  defaulted: boolean;
  /** Every rule, highest priority first. */
  rules: RuleTrace[];
}

/** The explain trace of one decide() call, in evaluation order. */
export type ExplainTrace = DecisionTrace[];

/** The per-item decisions of one order or repair ticket of the history. */
export interface ItemDecisions {
  /** rules/appointment-messages.json: the 'Appointment Messages' link of an order. */
  appointmentMessages: boolean;
  /** rules/history-actions.json. */
  actions: Record<HistoryAction, boolean>;
}
