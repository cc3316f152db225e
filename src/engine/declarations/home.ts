/**
 * Stage 2: the home and the shell, which may read every decided fact of stages 0 and 1: the view, the
 * banner, the navigation, the billing panel, the pending-order alert, the sections and the pages closed.
 */
import { declare, fed, flags, firstOrNull, paramsOf, placements, shaped, union, value } from '../declare';
import type { JsonSchema, Params } from '../declare';

const str = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
const cell = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '—');
const on = (record: Record<string, boolean>): string[] => Object.keys(record).filter((k) => record[k]);

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
  'walled-garden-pay-now',
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

const DEFAULT_NAVIGATION: NavItem[] = ['home', 'billing', 'services', 'support', 'settings'];
const sectionText = (s: { section: string; params: { variant?: string } }): string =>
  s.params.variant ? `${s.section} (${s.params.variant})` : s.section;

export const homeView = declare({
  id: 'home-view',
  key: 'homeView',
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
  outcome: shaped(
    (p: Params): { view: HomeViewId; params: { messageKind?: 'bgs' | 'fed' } } => ({
      view: (p.view as HomeViewId | undefined) ?? 'full',
      params: p.messageKind ? { messageKind: p.messageKind as 'bgs' | 'fed' } : {},
    }),
    { view: 'full', params: {} },
    (d) => (d.params.messageKind ? `${d.view} (${d.params.messageKind})` : d.view),
    (d) => ({ view: d.view, messageKind: d.params.messageKind ?? null }),
  ),
  preview: {
    heading: 'Home view (rules/home-view.json)',
    show: (d) => (d.params.messageKind ? `${d.view} (${d.params.messageKind})` : d.view),
  },
});

export const accountBanners = declare({
  id: 'account-banners',
  key: 'banner',
  kind: 'first-match',
  eventType: 'banner',
  stage: 2,
  params: paramsOf('banner', BANNERS),
  description: 'The account status banner, in priority order (none when no rule matches).',
  outcome: firstOrNull<'banner', BannerId>('banner'),
  preview: { heading: 'Banner (rules/account-banners.json)', show: (d) => d?.banner ?? '—' },
});

export const navigation = declare({
  id: 'navigation',
  key: 'navigation',
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
  outcome: shaped(
    (p: Params): { items: NavItem[]; emptyItem: boolean; search: boolean } => ({
      items: [...(p.items as NavItem[])],
      emptyItem: p.emptyItem === true,
      search: p.search === true,
    }),
    { items: DEFAULT_NAVIGATION, emptyItem: false, search: true },
    (d) => [...d.items, ...(d.emptyItem ? ['empty item'] : []), ...(d.search ? ['search box'] : [])],
  ),
  preview: {
    heading: 'Navigation (rules/navigation.json)',
    show: (d) => `${d.emptyItem ? 'empty item' : cell(d.items)}${d.search ? '' : ', no search'}`,
  },
});

export const billingActions = declare({
  id: 'billing-actions',
  key: 'billingActions',
  kind: 'all-ordered',
  eventType: 'billing-action',
  stage: 2,
  params: paramsOf('action', BILLING_ACTIONS),
  description:
    "Billing panel offers and lines: the payment-plan prompt, Set up / View Payment plan, Pay, Retry Payment of the suspended prepaid notice, vacation restore, the AutoPay notes, 'no bills yet', the movers discount link, Cancel Service.",
  outcome: flags('action', BILLING_ACTIONS),
  preview: { heading: 'Billing offers (rules/billing-actions.json)', show: (d) => cell(on(d)) },
});

export const billingPanel = declare({
  id: 'billing-panel',
  key: 'billingPanel',
  kind: 'first-match',
  eventType: 'billing-panel',
  stage: 2,
  params: paramsOf('state', BILLING_PANEL_STATES),
  description:
    'The state of the billing panel: closed, final, suspended (postpaid or prepaid), vacation-suspended, on a payment plan, on AutoPay, or standard.',
  outcome: value('state', BILLING_PANEL_STATES, 'standard'),
  preview: { heading: 'Billing panel state (rules/billing-panel.json)', show: (d) => d.state },
});

export const orderActions = declare({
  id: 'order-actions',
  key: 'orderActions',
  kind: 'all-ordered',
  eventType: 'order-action',
  stage: 2,
  params: paramsOf('action', ORDER_ACTIONS),
  description:
    "The pending-order alert's buttons and lines: Change Date, Edit Appointment Time, the calendar, Track Your Shipment, Appointment Messages, the technician's location, Cancel Order, the chats.",
  outcome: flags('action', ORDER_ACTIONS),
  feeds: [
    // Decided beside the home's other decisions, so they read it as null; the per-item decisions read it.
    fed('orderActions.cancelOrder', 'boolean', (d: Record<OrderAction, boolean>) => d['cancel-order'], {
      description: 'The pending-order alert offers Cancel Order, decided by rules/order-actions.json.',
      items: true,
    }),
  ],
  preview: { heading: 'Pending-order alert offers (rules/order-actions.json)', show: (d) => cell(on(d)) },
});

export const homeSections = declare({
  id: 'home-sections',
  key: 'sections',
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
  outcome: placements('section', SECTIONS, SECTION_VARIANTS),
  shownWhen: (all) => (all.homeView as { view: string }).view === 'full',
  preview: {
    heading: 'Full home sections in order (rules/home-sections.json)',
    show: (d, all) =>
      (all.homeView as { view: string }).view === 'full' ? cell(d.map(sectionText)) : '(not the full home)',
  },
});

export const pageAccess = declare({
  id: 'page-access',
  key: 'pageAccess',
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
  outcome: union('pages', PAGES, 'closed'),
  preview: { heading: 'Pages closed (rules/page-access.json)', show: (d) => cell(d.closed) },
});
