/**
 * Stage 1: what the account's facts, the toggles and the constants decide on their own. Some feed the home's
 * decisions (stage 2) as decided facts: the walled-garden state, the card status, the payment flags ...
 */
import { declare, fed, flags, list, paramsOf, value, yesNo } from '../declare';

export const WALLED_GARDEN_STATES = ['none', 'soft', 'hard'] as const;
export type WalledGardenState = (typeof WALLED_GARDEN_STATES)[number];

export const PAYMENT_FLAGS = ['late', 'lateInPeriod'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

export const OUTAGE_ALERTS = [
  'none',
  'eta',
  'eta-past',
  'eta-unknown',
  'hangover-restart',
  'hangover-instructions',
] as const;
export type OutageAlert = (typeof OUTAGE_ALERTS)[number];

export const APPOINTMENT_TIMINGS = ['none', 'missed', 'near-term', 'scheduled'] as const;
export type AppointmentTiming = (typeof APPOINTMENT_TIMINGS)[number];

/** Which paperless update call an account takes (rules/paperless.json): crisUpdatePaperless or ensupdatepaperless. */
export const PAPERLESS_CALLS = ['cris', 'ensemble'] as const;
export type PaperlessCall = (typeof PAPERLESS_CALLS)[number];

/**
 * Which modem call a restart or a wifi name and password change takes (rules/reboot-call.json,
 * rules/wifi-update-call.json): the acs one or the adapt one (with the modem's serial number or the network's
 * details and the OAuth token).
 */
export const MODEM_CALLS = ['acs', 'adapt'] as const;
export type ModemCall = (typeof MODEM_CALLS)[number];

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

export const BRANDS = ['provider', 'second-provider'] as const;
export type Brand = (typeof BRANDS)[number];

/** Home spec §4 'Upgrade offer indicator': none hides the offer, link shows a button, chat a chat link. */
export const UPGRADE_OFFERS = ['none', 'link', 'chat'] as const;
export type UpgradeOffer = (typeof UPGRADE_OFFERS)[number];

/** The upgrade offer's line: the speed available at the address, or that a faster plan is available. */
export const UPGRADE_OFFER_TEXTS = ['available-speed', 'generic'] as const;
export type UpgradeOfferText = (typeof UPGRADE_OFFER_TEXTS)[number];

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

const CARD_STATUSES = [0, 1, 2] as const;
const cell = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '—');
const on = (record: Record<string, boolean>): string[] => Object.keys(record).filter((k) => record[k]);

export const walledGarden = declare({
  id: 'walled-garden',
  key: 'walledGarden',
  kind: 'first-match',
  eventType: 'walled-garden',
  stage: 1,
  params: paramsOf('state', WALLED_GARDEN_STATES),
  description: 'Walled-garden (payment guard) state of PPB accounts: none, soft (grace) or hard.',
  outcome: value('state', WALLED_GARDEN_STATES, 'none'),
  feeds: [
    fed('walledGarden.state', 'string', (d: { state: string }) => d.state, {
      values: WALLED_GARDEN_STATES,
      closed: true,
      description: 'Walled-garden state decided by rules/walled-garden.json: none, soft (grace) or hard.',
    }),
  ],
  preview: { heading: 'Walled garden (rules/walled-garden.json)', show: (d) => d.state },
});

export const prepaidCard = declare({
  id: 'prepaid-card',
  key: 'prepaidCard',
  kind: 'first-match',
  eventType: 'prepaid-card',
  stage: 1,
  params: paramsOf('status', CARD_STATUSES),
  description: 'Prepaid card status: 1 expired, 2 almost expired, 0 neither.',
  outcome: value('status', CARD_STATUSES, 0, { 0: '0 (neither)', 1: '1 (expired)', 2: '2 (almost expired)' }),
  feeds: [
    fed('prepaidCard.status', 'number', (d: { status: number }) => d.status, {
      values: CARD_STATUSES,
      closed: true,
      description:
        'Prepaid card status decided by rules/prepaid-card.json: 1 expired, 2 almost expired, 0 neither.',
    }),
  ],
  preview: { heading: 'Prepaid card status (rules/prepaid-card.json)', show: (d) => String(d.status) },
});

export const payment = declare({
  id: 'payment',
  key: 'payment',
  kind: 'all-ordered',
  eventType: 'payment-flag',
  stage: 1,
  params: paramsOf('flag', PAYMENT_FLAGS),
  description: 'Payment flags: payment late, late-payment-date-in-period.',
  outcome: flags('flag', PAYMENT_FLAGS),
  feeds: [
    fed('payment.late', 'boolean', (d: Record<PaymentFlag, boolean>) => d.late, {
      description: 'Payment is late, decided by rules/payment.json.',
    }),
    fed('payment.lateInPeriod', 'boolean', (d: Record<PaymentFlag, boolean>) => d.lateInPeriod, {
      description: 'Late-payment-date-in-period, decided by rules/payment.json.',
    }),
  ],
  preview: { heading: 'Payment flags (rules/payment.json)', show: (d) => cell(on(d)) },
});

export const creditOffer = declare({
  id: 'credit-offer',
  key: 'creditOffer',
  kind: 'first-match',
  eventType: 'credit-offer',
  stage: 1,
  params: paramsOf('show', 'boolean'),
  description: 'Whether the out-of-service credit offer shows.',
  outcome: yesNo('show', false, { true: 'shown', false: 'not shown' }),
  feeds: [
    fed('creditOffer.show', 'boolean', (d: { show: boolean }) => d.show, {
      description: 'The out-of-service credit offer shows, decided by rules/credit-offer.json.',
    }),
  ],
  preview: { heading: 'Credit offer (rules/credit-offer.json)', show: (d) => (d.show ? 'shown' : '—') },
});

export const outage = declare({
  id: 'outage',
  key: 'outage',
  kind: 'first-match',
  eventType: 'outage-alert',
  stage: 1,
  params: paramsOf('alert', OUTAGE_ALERTS),
  description: 'Which outage alert shows: resolution time, time past, time unknown, or the hangover restart.',
  outcome: value('alert', OUTAGE_ALERTS, 'none'),
  feeds: [
    fed('outage.alert', 'string', (d: { alert: string }) => d.alert, {
      values: OUTAGE_ALERTS,
      closed: true,
      description: 'Which outage alert shows, decided by rules/outage.json.',
    }),
  ],
  preview: { heading: 'Outage alert (rules/outage.json)', show: (d) => d.alert },
});

export const appointmentTiming = declare({
  id: 'appointment-timing',
  key: 'appointmentTiming',
  kind: 'first-match',
  eventType: 'appointment-timing',
  stage: 1,
  params: paramsOf('timing', APPOINTMENT_TIMINGS),
  description: 'Pending-order appointment timing: missed, near-term (within a day) or scheduled.',
  outcome: value('timing', APPOINTMENT_TIMINGS, 'none'),
  feeds: [
    fed('appointmentTiming.timing', 'string', (d: { timing: string }) => d.timing, {
      values: APPOINTMENT_TIMINGS,
      closed: true,
      description: 'Pending-order appointment timing decided by rules/appointment-timing.json.',
    }),
  ],
  preview: { heading: 'Appointment timing (rules/appointment-timing.json)', show: (d) => d.timing },
});

export const token = declare({
  id: 'token',
  key: 'token',
  kind: 'first-match',
  eventType: 'token',
  stage: 1,
  params: paramsOf('fresh', 'boolean'),
  description: 'Whether the OAuth (adapt) token is still fresh enough to use.',
  outcome: yesNo('fresh', false, { true: 'fresh', false: 'not fresh' }),
});

export const paperless = declare({
  id: 'paperless',
  key: 'paperless',
  kind: 'first-match',
  eventType: 'paperless-call',
  stage: 1,
  params: paramsOf('call', PAPERLESS_CALLS),
  description:
    'Which paperless update call the account takes: crisUpdatePaperless (cris) or ensupdatepaperless (ensemble).',
  outcome: value('call', PAPERLESS_CALLS, 'ensemble'),
  preview: { heading: 'Paperless update call (rules/paperless.json)', show: (d) => d.call },
});

export const rebootCall = declare({
  id: 'reboot-call',
  key: 'rebootCall',
  kind: 'first-match',
  eventType: 'reboot-call',
  stage: 1,
  params: paramsOf('call', MODEM_CALLS),
  description:
    'Which call restarts the modem: POST acs/deviceReboot {wtn} (acs) or GET adapt/deviceReboot with the modem serial number and the OAuth token (adapt).',
  outcome: value('call', MODEM_CALLS, 'acs'),
  preview: { heading: 'Modem restart call (rules/reboot-call.json)', show: (d) => d.call },
});

export const wifiUpdateCall = declare({
  id: 'wifi-update-call',
  key: 'wifiUpdateCall',
  kind: 'first-match',
  eventType: 'wifi-update-call',
  stage: 1,
  params: paramsOf('call', MODEM_CALLS),
  description:
    'Which call changes the wifi network name and password: POST acs/updateCredentials (acs) or POST adapt/resetCredentials with the OAuth token (adapt).',
  outcome: value('call', MODEM_CALLS, 'adapt'),
  preview: { heading: 'WiFi name and password call (rules/wifi-update-call.json)', show: (d) => d.call },
});

export const dataLoading = declare({
  id: 'data-loading',
  key: 'dataLoading',
  kind: 'all-ordered',
  eventType: 'data-call',
  stage: 1,
  params: paramsOf('call', DATA_CALLS),
  description: 'Which account calls run after the profile (the spec skips some for some accounts).',
  unseen: true,
  outcome: list('call', DATA_CALLS, 'calls'),
  preview: { heading: 'Calls made after the profile (rules/data-loading.json)', show: (d) => cell(d.calls) },
});

export const brand = declare({
  id: 'brand',
  key: 'brand',
  kind: 'first-match',
  eventType: 'brand',
  stage: 1,
  params: paramsOf('brand', BRANDS),
  description: "Whose brand the banner and footer show: the provider's or the second provider's.",
  outcome: value('brand', BRANDS, 'provider'),
  preview: { heading: 'Brand (rules/brand.json)', show: (d) => d.brand },
});

export const upgradeOffer = declare({
  id: 'upgrade-offer',
  key: 'upgradeOffer',
  kind: 'first-match',
  eventType: 'upgrade-offer',
  stage: 1,
  params: paramsOf('offer', UPGRADE_OFFERS),
  description:
    "The internet plan card's upgrade offer indicator: none (no offer), link (Upgrade Now) or chat (a chat link).",
  outcome: value('offer', UPGRADE_OFFERS, 'none'),
  preview: { heading: 'Upgrade offer indicator (rules/upgrade-offer.json)', show: (d) => d.offer },
});

export const upgradeOfferText = declare({
  id: 'upgrade-offer-text',
  key: 'upgradeOfferText',
  kind: 'first-match',
  eventType: 'upgrade-offer-text',
  stage: 1,
  params: paramsOf('text', UPGRADE_OFFER_TEXTS),
  description:
    "The upgrade offer's line on the internet plan card: the speed available at the address (available-speed) or that a faster plan is available (generic).",
  outcome: value('text', UPGRADE_OFFER_TEXTS, 'generic'),
  preview: { heading: 'Upgrade offer text (rules/upgrade-offer-text.json)', show: (d) => d.text },
});

export const upgradePath = declare({
  id: 'upgrade-path',
  key: 'upgradePath',
  kind: 'first-match',
  eventType: 'upgrade-path',
  stage: 1,
  params: paramsOf('path', UPGRADE_PATHS),
  description:
    "Where Upgrade Now and Upgrade Modem lead: the restore-service dialog, the second provider's shop, the fiber shop or the generic upgrade.",
  outcome: value('path', UPGRADE_PATHS, 'generic'),
  preview: { heading: 'Upgrade path (rules/upgrade-path.json)', show: (d) => d.path },
});

export const modemUpgrade = declare({
  id: 'modem-upgrade',
  key: 'modemUpgrade',
  kind: 'first-match',
  eventType: 'modem-upgrade',
  stage: 1,
  params: paramsOf('offer', UPGRADE_OFFERS),
  description:
    "The internet plan card's modem upgrade: none, link (Upgrade Modem) or chat (Chat for modem upgrade).",
  outcome: value('offer', UPGRADE_OFFERS, 'none'),
  preview: { heading: 'Modem upgrade (rules/modem-upgrade.json)', show: (d) => d.offer },
});

export const wifiPanel = declare({
  id: 'wifi-panel',
  key: 'wifiPanel',
  kind: 'first-match',
  eventType: 'wifi-panel',
  stage: 1,
  params: paramsOf('variant', WIFI_PANEL_VARIANTS),
  description:
    'What the WiFi and connected-devices panel shows: own or third-party modem message, offline message, the details, or that the modem cannot be reached.',
  outcome: value('variant', WIFI_PANEL_VARIANTS, 'loading'),
  preview: { heading: 'WiFi panel (rules/wifi-panel.json)', show: (d) => d.variant },
});
