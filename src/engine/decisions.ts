/**
 * The decision points: one rule file each (rules/<id>.json). The table says, per decision, its kind, its
 * event type and params, which facts its rules may test, and in which stage it runs (a decision may test
 * the facts of decisions of earlier stages only, so there is no cycle). The ruleset schema and the checker
 * are generated from this table and the fact vocabulary.
 */
// Only the names: the fact vocabulary with its descriptions is for the analysts' tools (./fact-scope.ts),
// not for the runtime in the first load of /home.
import { CONSTANT_NAMES, TOGGLE_NAMES } from '../facts/names';

export type DecisionKind = 'first-match' | 'all-ordered' | 'lookup';

export const HOME_VIEWS = [
  'account-messaging',
  'profile-error',
  'blocked',
  'order-history',
  'embargo',
  'suspended',
  'archived',
  'closed',
  'prepaid-inactive',
  'full',
] as const;
export type HomeViewId = (typeof HOME_VIEWS)[number];

export const BANNERS = ['blocked', 'account-closed', 'embargo', 'account-change', 'maintenance'] as const;
export type BannerId = (typeof BANNERS)[number];

/** Sections of the full home (the spec's 24 in its order, 'no-services' and the "can also show" items). */
export const SECTIONS = [
  'outage-alert',
  'paper-charge-alert',
  'suspended-alert',
  'vacation-alert',
  'late-payment-alert',
  'walled-garden-alert',
  'prepaid-card-alert',
  'payment-retry-success',
  'rate-increase-alert',
  'modem-migration-alert',
  'modem-replacement-offer',
  'outage-credit-alert',
  'alternate-phone-alerts',
  'first-bill-alert',
  'no-email-alert',
  'invalid-email-alert',
  'no-services',
  'greeting',
  'network-status',
  'repair-tickets',
  'early-life-order',
  'order-history-link',
  'quick-links',
  'billing-info',
  'internet-wifi',
  'wifi-devices',
  'self-install-app',
  'early-life-billing',
  'cancel-service',
  'support',
  'blue-marble',
  'rewards',
] as const;
export type SectionId = (typeof SECTIONS)[number];

/** Variants a section's rule may name (params.variant); sections not listed take no variant. */
export const SECTION_VARIANTS: Partial<Record<SectionId, readonly string[]>> = {
  'suspended-alert': ['postpaid', 'prepaid-card-expired', 'prepaid-failed-payment'],
  'alternate-phone-alerts': ['no-contact-number', 'reverify-contact-number'],
  'cancel-service': ['button', 'chat'],
  'early-life-order': ['pending-order', 'early-life', 'cancelled', 'cancelled-prepaid'],
  'payment-retry-success': ['soft-guard', 'standard'],
};

export const NAV_ITEMS = ['home', 'billing', 'services', 'support', 'settings', 'messages'] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

export const PAYMENT_FLAGS = ['late', 'lateInPeriod'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

export const BILLING_ACTIONS = [
  'payment-plan-prompt',
  'set-up-payment-plan',
  'view-payment-plan',
  'retry-payment',
  'pay-bill',
  'vacation-restore',
  'autopay-reminder',
  'autopay-nothing-due',
  'no-bills-yet',
  'movers-discount',
  'cancel-service-link',
  'cancel-services-page',
] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];

/** The states of the billing panel (home spec §4 'Billing panel states'), decided by rules/billing-panel.json. */
export const BILLING_PANEL_STATES = [
  'closed',
  'final',
  'suspended-postpaid',
  'suspended-prepaid',
  'vacation-suspended',
  'payment-plan',
  'autopay',
  'standard',
] as const;
export type BillingPanelState = (typeof BILLING_PANEL_STATES)[number];

/** Which paperless update call an account takes (rules/paperless.json): crisUpdatePaperless or ensupdatepaperless. */
export const PAPERLESS_CALLS = ['cris', 'ensemble'] as const;
export type PaperlessCall = (typeof PAPERLESS_CALLS)[number];

export const OUTAGE_ALERTS = [
  'none',
  'eta',
  'eta-past',
  'eta-unknown',
  'hangover-restart',
  'hangover-instructions',
] as const;
export type OutageAlert = (typeof OUTAGE_ALERTS)[number];

export const WALLED_GARDEN_STATES = ['none', 'soft', 'hard'] as const;
export type WalledGardenState = (typeof WALLED_GARDEN_STATES)[number];

export const APPOINTMENT_TIMINGS = ['none', 'missed', 'near-term', 'scheduled'] as const;
export type AppointmentTiming = (typeof APPOINTMENT_TIMINGS)[number];

/** The per-account calls after the profile (the app's call keys); rules/data-loading.json picks which run. */
export const DATA_CALLS = [
  'outage',
  'orderHistory',
  'tickets',
  'services',
  'rateIncrease',
  'wgStatus',
  'creditOffer',
  'modemReplacementOffer',
  'paperCharge',
  'modemInfo',
  'wifiInfo',
  // Not a data call itself: the OAuth token the modem and wifi calls need, asked for beside the others.
  'adaptToken',
] as const;
export type DataCall = (typeof DATA_CALLS)[number];

/** Buttons and lines of the home's pending-order alert, each offered by a rule of rules/order-actions.json. */
export const ORDER_ACTIONS = [
  'change-date',
  'edit-appointment-time',
  'calendar',
  'track-shipment',
  'appointment-messages',
  'tech-location',
  'cancel-order',
  'chat-to-modify',
  'chat-to-reschedule',
  'chat-to-cancel',
  'own-modem-help',
  'return-modem',
  'details-unavailable',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What one item of the order & ticket history offers (rules/history-actions.json, decided per item). */
export const HISTORY_ACTIONS = [
  'cancel-order',
  'tech-location',
  'missed',
  'reschedule',
  'cancel-appointment',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * The signed-in pages (the route table's top-level paths, shell spec §2) that rules/page-access.json may close;
 * a test keeps this list equal to the route table.
 */
export const PAGES = [
  'home',
  'billing',
  'shop',
  'contactus',
  'support',
  'settings',
  'services',
  'connectedDevices',
  'deviceDetails',
  'broadbandFacts',
  'messages',
  'outageNotification',
  'ModemDetails',
  'EditMailingAddress',
  'EditMailingAddressEns',
  'paymentHistory',
  'billDetail',
  'billDetailPdf',
  'regulatoryPdf',
  'callDetails',
  'Cancel-Services',
  'OregonProtectedList',
  'AddAccountAuthenticationFlow',
  'AddAnAccountNumber',
  'AddAnAccountStep3',
] as const;
export type PageId = (typeof PAGES)[number];

export const BRANDS = ['provider', 'second-provider'] as const;
export type Brand = (typeof BRANDS)[number];

/** Home spec §4 'Upgrade offer indicator': none hides the offer, link shows a button, chat a chat link. */
export const UPGRADE_OFFERS = ['none', 'link', 'chat'] as const;
export type UpgradeOffer = (typeof UPGRADE_OFFERS)[number];

/**
 * Home spec §4 'Upgrade choices': where Upgrade Now and Upgrade Modem lead. The restore-service dialog (with a
 * restore button, or telling the customer to chat), the second provider's shop (jump token), the fiber shop
 * (getQfPurl) or the generic upgrade flow (jump token to the provider's shop).
 */
export const UPGRADE_PATHS = [
  'restore-service',
  'restore-service-chat',
  'second-provider-shop',
  'fiber-shop',
  'generic',
] as const;
export type UpgradePath = (typeof UPGRADE_PATHS)[number];

/** Home spec §2.9: what the wifi and connected-devices panel shows. */
export const WIFI_PANEL_VARIANTS = [
  'loading',
  'own-modem',
  'third-party',
  'offline',
  'normal',
  'unavailable',
] as const;
export type WifiPanelVariant = (typeof WIFI_PANEL_VARIANTS)[number];

export { CONSTANT_NAMES, type ConstantName } from '../facts/names';

/** A JSON Schema fragment (plain data) describing an event's params. */
export type JsonSchema = Record<string, unknown>;

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
  readonly stage: 0 | 1 | 2 | 'order';
  readonly description: string;
}

const str = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });

export const DECISIONS = [
  {
    id: 'toggles',
    kind: 'lookup',
    eventType: 'toggle',
    lookupKey: 'toggle',
    lookupEntries: TOGGLE_NAMES,
    stage: 0,
    params: {
      type: 'object',
      required: ['toggle', 'on'],
      additionalProperties: false,
      properties: { toggle: str(TOGGLE_NAMES), on: { type: 'boolean' } },
    },
    description: 'Feature toggles (section 9 of both documents). Each becomes the fact toggle.<name>.',
  },
  {
    id: 'constants',
    kind: 'lookup',
    eventType: 'constant',
    lookupKey: 'name',
    lookupEntries: CONSTANT_NAMES,
    stage: 0,
    params: {
      type: 'object',
      required: ['name', 'value'],
      additionalProperties: false,
      properties: { name: str(CONSTANT_NAMES), value: { type: 'number' } },
    },
    description:
      'Business constants shown to the customer. A rule whose threshold must match one compares with it: "value": {"fact": "constant.<name>"}.',
  },
  {
    id: 'walled-garden',
    kind: 'first-match',
    eventType: 'walled-garden',
    stage: 1,
    params: {
      type: 'object',
      required: ['state'],
      additionalProperties: false,
      properties: { state: str(WALLED_GARDEN_STATES) },
    },
    description: 'Walled-garden (payment guard) state of PPB accounts: none, soft (grace) or hard.',
  },
  {
    id: 'prepaid-card',
    kind: 'first-match',
    eventType: 'prepaid-card',
    stage: 1,
    params: {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { type: 'integer', enum: [0, 1, 2] } },
    },
    description: 'Prepaid card status: 1 expired, 2 almost expired, 0 neither.',
  },
  {
    id: 'payment',
    kind: 'all-ordered',
    eventType: 'payment-flag',
    stage: 1,
    params: {
      type: 'object',
      required: ['flag'],
      additionalProperties: false,
      properties: { flag: str(PAYMENT_FLAGS) },
    },
    description: 'Payment flags: payment late, late-payment-date-in-period.',
  },
  {
    id: 'credit-offer',
    kind: 'first-match',
    eventType: 'credit-offer',
    stage: 1,
    params: {
      type: 'object',
      required: ['show'],
      additionalProperties: false,
      properties: { show: { type: 'boolean' } },
    },
    description: 'Whether the out-of-service credit offer shows.',
  },
  {
    id: 'outage',
    kind: 'first-match',
    eventType: 'outage-alert',
    stage: 1,
    params: {
      type: 'object',
      required: ['alert'],
      additionalProperties: false,
      properties: { alert: str(OUTAGE_ALERTS) },
    },
    description:
      'Which outage alert shows: resolution time, time past, time unknown, or the hangover restart.',
  },
  {
    id: 'appointment-timing',
    kind: 'first-match',
    eventType: 'appointment-timing',
    stage: 1,
    params: {
      type: 'object',
      required: ['timing'],
      additionalProperties: false,
      properties: { timing: str(APPOINTMENT_TIMINGS) },
    },
    description: 'Pending-order appointment timing: missed, near-term (within a day) or scheduled.',
  },
  {
    id: 'token',
    kind: 'first-match',
    eventType: 'token',
    stage: 1,
    params: {
      type: 'object',
      required: ['fresh'],
      additionalProperties: false,
      properties: { fresh: { type: 'boolean' } },
    },
    description: 'Whether the OAuth (adapt) token is still fresh enough to use.',
  },
  {
    id: 'paperless',
    kind: 'first-match',
    eventType: 'paperless-call',
    stage: 1,
    params: {
      type: 'object',
      required: ['call'],
      additionalProperties: false,
      properties: { call: str(PAPERLESS_CALLS) },
    },
    description:
      'Which paperless update call the account takes: crisUpdatePaperless (cris) or ensupdatepaperless (ensemble).',
  },
  {
    id: 'data-loading',
    kind: 'all-ordered',
    eventType: 'data-call',
    stage: 1,
    params: {
      type: 'object',
      required: ['call'],
      additionalProperties: false,
      properties: { call: str(DATA_CALLS) },
    },
    description: 'Which account calls run after the profile (the spec skips some for some accounts).',
  },
  {
    id: 'brand',
    kind: 'first-match',
    eventType: 'brand',
    stage: 1,
    params: {
      type: 'object',
      required: ['brand'],
      additionalProperties: false,
      properties: { brand: str(BRANDS) },
    },
    description: "Whose brand the banner and footer show: the provider's or the second provider's.",
  },
  {
    id: 'upgrade-offer',
    kind: 'first-match',
    eventType: 'upgrade-offer',
    stage: 1,
    params: {
      type: 'object',
      required: ['offer'],
      additionalProperties: false,
      properties: { offer: str(UPGRADE_OFFERS) },
    },
    description:
      "The internet plan card's upgrade offer indicator: none (no offer), link (Upgrade Now) or chat (a chat link).",
  },
  {
    id: 'upgrade-path',
    kind: 'first-match',
    eventType: 'upgrade-path',
    stage: 1,
    params: {
      type: 'object',
      required: ['path'],
      additionalProperties: false,
      properties: { path: str(UPGRADE_PATHS) },
    },
    description:
      "Where Upgrade Now and Upgrade Modem lead: the restore-service dialog, the second provider's shop, the fiber shop or the generic upgrade.",
  },
  {
    id: 'modem-upgrade',
    kind: 'first-match',
    eventType: 'modem-upgrade',
    stage: 1,
    params: {
      type: 'object',
      required: ['offer'],
      additionalProperties: false,
      properties: { offer: str(UPGRADE_OFFERS) },
    },
    description:
      "The internet plan card's modem upgrade: none, link (Upgrade Modem) or chat (Chat for modem upgrade).",
  },
  {
    id: 'wifi-panel',
    kind: 'first-match',
    eventType: 'wifi-panel',
    stage: 1,
    params: {
      type: 'object',
      required: ['variant'],
      additionalProperties: false,
      properties: { variant: str(WIFI_PANEL_VARIANTS) },
    },
    description:
      'What the WiFi and connected-devices panel shows: own or third-party modem message, offline message, the details, or that the modem cannot be reached.',
  },
  {
    id: 'home-view',
    kind: 'first-match',
    eventType: 'home-view',
    stage: 2,
    params: {
      type: 'object',
      required: ['view'],
      additionalProperties: false,
      properties: { view: str(HOME_VIEWS), messageKind: str(['bgs', 'fed']) },
    },
    description: 'Which view the home page shows, in the precedence of the spec.',
  },
  {
    id: 'account-banners',
    kind: 'first-match',
    eventType: 'banner',
    stage: 2,
    params: {
      type: 'object',
      required: ['banner'],
      additionalProperties: false,
      properties: { banner: str(BANNERS) },
    },
    description: 'The account status banner, in priority order (none when no rule matches).',
  },
  {
    id: 'navigation',
    kind: 'first-match',
    eventType: 'navigation',
    stage: 2,
    params: {
      type: 'object',
      required: ['items', 'emptyItem', 'search'],
      additionalProperties: false,
      properties: {
        items: { type: 'array', uniqueItems: true, items: str(NAV_ITEMS) },
        emptyItem: { type: 'boolean' },
        search: { type: 'boolean' },
      },
    },
    description: 'The signed-in navigation bar: its items, the empty item and the search box.',
  },
  {
    id: 'billing-actions',
    kind: 'all-ordered',
    eventType: 'billing-action',
    stage: 2,
    params: {
      type: 'object',
      required: ['action'],
      additionalProperties: false,
      properties: { action: str(BILLING_ACTIONS) },
    },
    description:
      "Billing panel offers and lines: the payment-plan prompt, Set up / View Payment plan, Pay, Retry Payment of the suspended prepaid notice, vacation restore, the AutoPay notes, 'no bills yet', the movers discount link, Cancel Service.",
  },
  {
    id: 'billing-panel',
    kind: 'first-match',
    eventType: 'billing-panel',
    stage: 2,
    params: {
      type: 'object',
      required: ['state'],
      additionalProperties: false,
      properties: { state: str(BILLING_PANEL_STATES) },
    },
    description:
      'The state of the billing panel: closed, final, suspended (postpaid or prepaid), vacation-suspended, on a payment plan, on AutoPay, or standard.',
  },
  {
    id: 'order-actions',
    kind: 'all-ordered',
    eventType: 'order-action',
    stage: 2,
    params: {
      type: 'object',
      required: ['action'],
      additionalProperties: false,
      properties: { action: str(ORDER_ACTIONS) },
    },
    description:
      "The pending-order alert's buttons and lines: Change Date, Edit Appointment Time, the calendar, Track Your Shipment, Appointment Messages, the technician's location, Cancel Order, the chats.",
  },
  {
    id: 'home-sections',
    kind: 'all-ordered',
    eventType: 'section',
    stage: 2,
    params: {
      type: 'object',
      required: ['section', 'order'],
      additionalProperties: false,
      properties: { section: str(SECTIONS), order: { type: 'number' }, variant: { type: 'string' } },
      allOf: [
        ...Object.entries(SECTION_VARIANTS).map(([section, variants]) => ({
          if: { properties: { section: { const: section } }, required: ['section'] },
          then: { properties: { variant: str(variants) } },
        })),
        {
          if: {
            properties: { section: str(SECTIONS.filter((s) => !(s in SECTION_VARIANTS))) },
            required: ['section'],
          },
          then: { not: { required: ['variant'] } },
        },
      ],
    },
    description: 'The sections and alerts of the full home: which show, and in what order (smaller first).',
  },
  {
    id: 'page-access',
    kind: 'all-ordered',
    eventType: 'page-closed',
    stage: 2,
    params: {
      type: 'object',
      required: ['pages'],
      additionalProperties: false,
      properties: { pages: { type: 'array', minItems: 1, uniqueItems: true, items: str(PAGES) } },
    },
    description:
      'Signed-in pages the customer may not open (shell spec §5: pages are gated by allowPagesAccess and the cancel-eligibility flag canBeCancelled). Every matching rule closes its pages.',
  },
  {
    id: 'appointment-messages',
    kind: 'first-match',
    eventType: 'appointment-messages',
    stage: 'order',
    params: {
      type: 'object',
      required: ['show'],
      additionalProperties: false,
      properties: { show: { type: 'boolean' } },
    },
    description: "Per order of the history: whether the 'Appointment Messages' link shows.",
  },
  {
    id: 'history-actions',
    kind: 'all-ordered',
    eventType: 'history-action',
    stage: 'order',
    params: {
      type: 'object',
      required: ['action'],
      additionalProperties: false,
      properties: { action: str(HISTORY_ACTIONS) },
    },
    description:
      "Per order or repair ticket: Cancel Order, the technician's location, a missed repair appointment, Reschedule and Cancel of a repair.",
  },
] as const satisfies readonly DecisionSpec[];

export type DecisionId = (typeof DECISIONS)[number]['id'];
export const DECISION_IDS: readonly DecisionId[] = DECISIONS.map((d) => d.id);

const decisionById = new Map<string, DecisionSpec>(DECISIONS.map((d) => [d.id, d]));
export function decisionSpec(id: string): DecisionSpec | undefined {
  return decisionById.get(id);
}

/** The file name of a decision's rule set. */
export const ruleFileOf = (id: string): string => `${id}.json`;
