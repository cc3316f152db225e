/**
 * `npm run bench` (a benchmark, not a test): the median time of one full home decision (toggles, the
 * decisions that feed others, home view, banner, navigation, billing offers, sections) for a typical
 * persona through the rule runtime, the compiled evaluator (src/engine/compile.ts) and a hand-written
 * TypeScript equivalent of the same decisions in the same run; an impact run (rules:impact) over the
 * generated population against its budget, split into generating, deciding with each rule set and
 * comparing; and the first-load gzipped JavaScript of /home from the build manifest. Figures only: nothing
 * here passes or fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPersonas } from '../sandbox/personas';
import { createRuntime } from '../src/engine/runtime';
import type { HomeDecisions, SectionDecision } from '../src/engine/types';
import { PAGES, type NavItem, type PageId, type SectionId } from '../src/engine/decisions';
import type { AccountFacts } from '../src/facts/vocabulary';
import { ACCOUNT_LAYOUT, compileRules } from '../src/engine/compile';
import { parseDistributions } from '../src/impact/distributions';
import { generatedPopulation, measureImpact, type ImpactReport } from '../src/impact/impact';
import { IMPACT_BUDGET_MS, defaultDistributions } from './impact-lib';
import { PREVIEW_DATE, dayAt, decidePersona, loadRulesDir, repoRoot } from './rules-lib';
import { BUDGETS, against, benchPageLoad } from './bench-page-load';
import { firstLoad } from './first-load';

// ---------------------------------------------------------------- benchmark baseline (hand-written)
//
// BENCHMARK BASELINE ONLY. The same decisions as rules/*.json written as plain TypeScript, to show what the
// rules engine costs. The portal never uses this: its decisions are the rule files.

function baselineDecide(f: AccountFacts): HomeDecisions {
  const toggles = {
    outageCredits: true,
    cancel: true,
    threeDayGrace: true,
    techTracker: false,
    adaptCall: true,
    acsCall: false,
    maintenance: false,
    embargoMessage: false,
  };
  const constants = {
    archiveAfterDays: 90,
    embargoMaintenanceHours: 6,
    modemRestartMinutes: 5,
    paperBillFee: 1,
    walledGardenGraceDays: 3,
    rescheduleApplyMinutesMin: 10,
    rescheduleApplyMinutes: 15,
    rateChangeStartDate: 20230101,
    speedChartStep: 10,
    connectedDeviceGroups: 3,
    trackingCookieDays: 90,
    emailRetryLimit: 2,
    phoneDigits: 10,
  };
  const n = (v: number | null, test: (x: number) => boolean): boolean => v !== null && test(v);

  let wg: HomeDecisions['walledGarden']['state'] = 'hard';
  if (f.wgPaymentSuccess === true || f.isPrepaid === false) wg = 'none';
  else if (f.wgCallStatus === 'not-called' || f.wgCallStatus === 'pending') wg = 'none';
  else if (f.wgCallStatus === 'ok' && f.wgStatus === 'NONE') wg = 'none';
  else if (
    toggles.threeDayGrace &&
    f.wgCallStatus === 'ok' &&
    f.wgServerStatus === true &&
    f.wgIsSoft === true &&
    f.accountStatus === 'ACTIVE' &&
    n(f.daysSinceFailedPayment, (d) => d >= 0 && d <= 3) &&
    f.cardTypePresent === true
  )
    wg = 'soft';

  let card: 0 | 1 | 2 = 0;
  if (f.isPrepaid === false) card = 0;
  else if (n(f.daysToCardExpiry, (d) => d < 0)) card = 1;
  else if (n(f.daysToCardExpiry, (d) => d <= 60)) card = 2;

  const payment = {
    late: n(f.amountDue, (a) => a > 10) && n(f.daysPastDueDate, (d) => d > 1),
    lateInPeriod:
      (f.autoPay === false && n(f.daysSinceLatePayment, (d) => d > 0)) ||
      (f.autoPay === true && n(f.daysSinceLatePayment, (d) => d > 3)),
  };
  const creditShow =
    f.creditOfferAnswered !== true &&
    toggles.outageCredits &&
    f.creditOfferResponseStatus === 200 &&
    f.creditOfferMessage === 'Offer available' &&
    f.creditOfferStatus === 'eligible' &&
    n(f.creditOfferValue, (v) => v >= 1);

  let outage: HomeDecisions['outage']['alert'] = 'none';
  if (f.currentOutage === true && f.outageEtaKnown === true && n(f.hoursUntilRepair, (h) => h >= 0))
    outage = 'eta';
  else if (f.currentOutage === true && n(f.hoursUntilRepair, (h) => h < 0)) outage = 'eta-past';
  else if (f.currentOutage === true) outage = 'eta-unknown';
  else if (f.outageHangover === true && f.modemConnected === true) outage = 'hangover-restart';
  else if (f.outageHangover === true) outage = 'hangover-instructions';

  let timing: HomeDecisions['appointmentTiming']['timing'] = 'none';
  if (n(f.hoursUntilAppointment, (h) => h < 0)) timing = 'missed';
  else if (n(f.hoursUntilAppointment, (h) => h <= 24)) timing = 'near-term';
  else if (n(f.hoursUntilAppointment, (h) => h > 24)) timing = 'scheduled';

  const active = f.accountLifeCycle === 'Active';
  let view: HomeDecisions['homeView'] = { view: 'full', params: {} };
  if (f.bgsAccount === true) view = { view: 'account-messaging', params: { messageKind: 'bgs' } };
  else if (f.fedAccount === true) view = { view: 'account-messaging', params: { messageKind: 'fed' } };
  else if (f.profileStatus === 'failure') view = { view: 'profile-error', params: {} };
  else if (f.blockedAccount === true) view = { view: 'blocked', params: {} };
  else if (f.orderHistoryOpen === true) view = { view: 'order-history', params: {} };
  else if (active && f.embargo === 1) view = { view: 'embargo', params: {} };
  else if (wg === 'hard') view = { view: 'suspended', params: {} };
  else if (f.accountStatus === 'ARCHIVED' && active) view = { view: 'archived', params: {} };
  else if (f.accountStatus === 'FINAL' && active) view = { view: 'closed', params: {} };
  else if (f.isPrepaid === true && f.accountStatus === 'INACTIVE')
    view = { view: 'prepaid-inactive', params: {} };

  let banner: HomeDecisions['banner'] = null;
  if (f.blockedAccount === true) banner = { banner: 'blocked' };
  else if (f.accountStatus === 'FINAL') banner = { banner: 'account-closed' };
  else if (f.embargo === 1 && toggles.embargoMessage) banner = { banner: 'embargo' };
  else if (
    (f.conversionStatus === 'c' || f.conversionStatus === 'o') &&
    n(f.daysSinceConversion, (d) => d >= 0 && d < 30)
  )
    banner = { banner: 'account-change' };
  else if (toggles.maintenance) banner = { banner: 'maintenance' };

  const full: NavItem[] = ['home', 'billing', 'services', 'support', 'settings'];
  let navigation: HomeDecisions['navigation'] = { items: full, emptyItem: false, search: true };
  if (f.bgsAccount === true || f.fedAccount === true)
    navigation = { items: [], emptyItem: true, search: false };
  else if (f.blockedAccount === true || (active && (f.accountStatus === 'ARCHIVED' || f.embargo === 1)))
    navigation = { items: ['home', 'support'], emptyItem: false, search: true };
  else if (f.pendingOrderStatus === 'IN PROGRESS' && f.pendingOrderActivity !== 'DISCONNECT')
    navigation = { items: [...full, 'messages'], emptyItem: false, search: true };

  const amountDueAbove0 = n(f.amountDue, (a) => a > 0);
  const billingActions = {
    'payment-plan-prompt':
      payment.lateInPeriod &&
      f.hasPaymentArrangement === false &&
      f.isPrepaid === false &&
      f.eligibleForPaymentArrangement === true,
    'set-up-payment-plan': amountDueAbove0 && f.hasPaymentArrangement === false && f.isPrepaid === false,
    'view-payment-plan': amountDueAbove0 && f.hasPaymentArrangement === true,
    'retry-payment':
      f.isPrepaid === true &&
      n(f.nextPaymentAmount, (a) => a > 0) &&
      n(f.accountNumberLength, (l) => l > 0) &&
      f.emailPresent === true &&
      f.firstNamePresent === true &&
      f.lastNamePresent === true &&
      f.serviceAddressComplete === true &&
      f.creditCardType !== 'ACH' &&
      f.creditCardType !== 'ACCOUNT',
    'pay-bill':
      (f.isPrepaid === false && amountDueAbove0) ||
      (f.isPrepaid === true && n(f.nextPaymentAmount, (a) => a > 0)),
    'vacation-restore': f.isVacationSuspend === true && f.canVacationRestore === true,
    'autopay-reminder':
      f.autoPay === true && amountDueAbove0 && n(f.daysUntilPaymentProcessing, (d) => d >= 0 && d <= 3),
    'autopay-nothing-due': f.autoPay === true && f.amountDue === 0,
    'no-bills-yet': f.accountLifeCycle === 'Early Life' || f.accountTenure === 0,
    'movers-discount': f.hasEbbpDiscount === true || f.hasAcpDiscount === true,
    'cancel-service-link': f.isBlueMarble === true && f.accountType !== 'B' && f.accountStatus !== 'FINAL',
    'cancel-services-page':
      toggles.cancel &&
      f.isBlueMarble === true &&
      f.isSecondProviderCustomer === false &&
      f.hasPendingOrder === true &&
      f.pointOfNoReturnPassed === false,
  };

  let billingPanel: HomeDecisions['billingPanel']['state'] = 'standard';
  if (f.accountStatus === 'DISCONNECTED' || f.accountStatus === 'ARCHIVED') billingPanel = 'closed';
  else if (f.accountStatus === 'FINAL') billingPanel = 'final';
  else if (f.isPrepaid === true && f.accountStatus === 'SUSPENDED') billingPanel = 'suspended-prepaid';
  else if (f.isPrepaid === false && ['SUSP', 'SUSPENDED', 'S'].includes(f.accountStatus ?? ''))
    billingPanel = 'suspended-postpaid';
  else if (f.isVacationSuspend === true) billingPanel = 'vacation-suspended';
  else if (f.hasPaymentArrangement === true) billingPanel = 'payment-plan';
  else if (f.autoPay === true) billingPanel = 'autopay';

  const sections: SectionDecision[] = [];
  const add = (section: SectionId, order: number, show: boolean, variant?: string): void => {
    if (show) sections.push({ section, order, params: variant ? { variant } : {} });
  };
  const suspendedStatus =
    f.accountStatus === 'SUSP' || f.accountStatus === 'SUSPENDED' || f.accountStatus === 'S';
  add('outage-alert', 5, outage !== 'none');
  add(
    'paper-charge-alert',
    10,
    f.accountNumberLength === 9 &&
      f.companyIdentifier === '1' &&
      f.isBlueMarble === true &&
      (f.customerType === 'RES' || f.customerType === 'SMB') &&
      f.paperless === false &&
      f.isJanuaryFirst === false &&
      f.paperChargeApplies !== false,
  );
  if (f.isPrepaid === true && f.accountStatus === 'SUSPENDED')
    add('suspended-alert', 20, true, card === 1 ? 'prepaid-card-expired' : 'prepaid-failed-payment');
  else add('suspended-alert', 20, f.isPrepaid === false && suspendedStatus, 'postpaid');
  add('vacation-alert', 30, f.isVacationSuspend === true);
  add('late-payment-alert', 40, payment.late);
  add('walled-garden-alert', 42, wg === 'soft');
  add('prepaid-card-alert', 44, card > 0 && f.prepaidCardAlertClosed === false);
  add(
    'payment-retry-success',
    46,
    f.retryPaymentSuccess === true,
    f.wgPaymentSuccess === true ? 'soft-guard' : 'standard',
  );
  add(
    'rate-increase-alert',
    50,
    f.isBlueMarble === true &&
      n(f.rateChangeCount, (c) => c > 0) &&
      n(f.todayDate, (d) => d >= constants.rateChangeStartDate),
  );
  add('modem-migration-alert', 60, f.showModemMigrationAlert === true);
  add(
    'modem-replacement-offer',
    65,
    f.modemReplacementEligible === true && f.modemReplacementAnswered === false,
  );
  add('outage-credit-alert', 70, creditShow);
  if (f.hasContactNumber === false && f.altnumshowDismissed === false && f.altNumberDeclined === false)
    add('alternate-phone-alerts', 80, true, 'no-contact-number');
  else add('alternate-phone-alerts', 80, f.hasExpiredAltNumber === true, 'reverify-contact-number');
  add(
    'first-bill-alert',
    90,
    n(f.accountTenure, (t) => t >= 0 && t <= 1),
  );
  add('no-email-alert', 100, f.emailPresent === false);
  add(
    'invalid-email-alert',
    110,
    f.emailPresent === true &&
      f.emailvalidshowDismissed === false &&
      (f.emailValid === false || f.emailAddressValid === false),
  );
  add('no-services', 115, f.servicesStatus === 'ok' && f.productCount === 0);
  add('greeting', 120, true);
  add('network-status', 130, true);
  add(
    'repair-tickets',
    135,
    n(f.openRepairTicketCount, (c) => c > 0),
  );
  const orderOpen = f.pendingOrderAlertClosed === false && f.pendingOrderStatus === 'IN PROGRESS';
  if (orderOpen && active) add('early-life-order', 140, true, 'pending-order');
  else add('early-life-order', 140, orderOpen && f.accountLifeCycle === 'Early Life', 'early-life');
  add('order-history-link', 150, true);
  add('quick-links', 160, true);
  add('billing-info', 170, true);
  add('internet-wifi', 180, f.hsiOwned === true);
  add('wifi-devices', 185, f.hsiOwned === true && toggles.adaptCall);
  add(
    'self-install-app',
    190,
    f.pendingOrderTechInstall === false &&
      f.pendingOrderStatus === 'IN PROGRESS' &&
      f.pendingOrderActivity !== 'DISCONNECT',
  );
  add(
    'early-life-billing',
    200,
    n(f.accountTenure, (t) => t < 10) &&
      (f.autoPay === false || f.paperless === false) &&
      f.isPrepaid === false,
  );
  if (toggles.cancel && f.isBlueMarble === true && f.disconnectFlowAvailable === true)
    add('cancel-service', 210, true, 'button');
  else add('cancel-service', 210, toggles.cancel, 'chat');
  add('support', 220, true);
  add('blue-marble', 230, f.isBlueMarble === true);
  add(
    'rewards',
    240,
    (f.accountType === 'I' || f.accountType === 'CX' || f.accountType === 'H') && f.companyIdentifier === '1',
  );

  const profileOk = f.profileStatus === 'ok';
  const prepaidSuspended = f.isPrepaid === true && f.accountStatus === 'SUSPENDED';
  const live = !['DISCONNECTED', 'INACTIVE', 'FINAL', 'ARCHIVED'].includes(f.accountStatus ?? '');
  const calls: HomeDecisions['dataLoading']['calls'] = [];
  const call = (name: HomeDecisions['dataLoading']['calls'][number], run: boolean): void => {
    if (profileOk && run) calls.push(name);
  };
  call('outage', !prepaidSuspended);
  call('orderHistory', !prepaidSuspended);
  call('tickets', !prepaidSuspended);
  call('services', live && !prepaidSuspended);
  call('rateIncrease', f.isBlueMarble === true && !prepaidSuspended);
  call('wgStatus', f.isPrepaid === true);
  call('creditOffer', toggles.outageCredits);
  call('modemReplacementOffer', live);
  call('paperCharge', f.paperless === false && f.accountNumberLength === 9);
  call('modemInfo', toggles.adaptCall && f.hsiOwned === true);
  call('wifiInfo', toggles.adaptCall && f.hsiOwned === true);

  return {
    toggles,
    constants,
    walledGarden: { state: wg },
    prepaidCard: { status: card },
    payment,
    creditOffer: { show: creditShow },
    outage: { alert: outage },
    appointmentTiming: { timing },
    token: { fresh: n(f.tokenSecondsRemaining, (s) => s >= 120) },
    paperless: { call: f.billingEntity === 'CRIS' && f.accountNumberLength === 13 ? 'cris' : 'ensemble' },
    dataLoading: { calls },
    brand: { brand: f.isSecondProviderCustomer === true ? 'second-provider' : 'provider' },
    homeView: view,
    banner,
    navigation,
    billingActions,
    billingPanel: { state: billingPanel },
    sections,
    orderActions: baselineOrderActions(f, toggles, timing),
    pageAccess: { closed: baselinePagesClosed(f, toggles) },
    ...baselineInternet(f),
  };
}

/** rules/upgrade-offer.json, upgrade-path.json, modem-upgrade.json and wifi-panel.json (baseline only). */
function baselineInternet(
  f: AccountFacts,
): Pick<HomeDecisions, 'upgradeOffer' | 'upgradePath' | 'modemUpgrade' | 'wifiPanel'> {
  const suspended = f.accountStatus === 'SUSPENDED' || f.accountStatus === 'SUSP';
  const bm = f.isBlueMarble === true;
  const faster = f.hsiOwned === true && (f.speedHeadroomKbps ?? 0) > 0;
  const offer = suspended
    ? 'none'
    : bm && f.upgradeFlowAvailable === true
      ? 'link'
      : faster
        ? bm
          ? 'link'
          : 'chat'
        : 'none';
  const vacation = f.isVacationSuspend === true && bm;
  const path = vacation
    ? f.canVacationRestore === true
      ? 'restore-service'
      : 'restore-service-chat'
    : f.isSecondProviderCustomer === true
      ? 'second-provider-shop'
      : f.fiberUpgradeQualified === true
        ? 'fiber-shop'
        : 'generic';
  const modem = suspended || f.changeModemFlowAvailable !== true ? 'none' : bm ? 'link' : 'chat';
  const variant =
    f.modemInfoStatus === 'not-called' || f.modemInfoStatus === 'pending'
      ? 'loading'
      : f.modemInfoStatus === 'failed'
        ? 'unavailable'
        : f.ownModem === true
          ? 'own-modem'
          : f.thirdPartyModem === true
            ? 'third-party'
            : f.modemConnected === false
              ? 'offline'
              : f.modemConnected === true
                ? 'normal'
                : 'loading';
  return {
    upgradeOffer: { offer },
    upgradePath: { path },
    modemUpgrade: { offer: modem },
    wifiPanel: { variant },
  };
}

function baselinePagesClosed(f: AccountFacts, toggles: HomeDecisions['toggles']): PageId[] {
  const closed = new Set<PageId>();
  if (f.allowPagesAccess === false)
    for (const p of PAGES) if (!['home', 'support', 'contactus'].includes(p)) closed.add(p);
  if (f.canBeCancelled === false || !toggles.cancel) closed.add('Cancel-Services');
  return PAGES.filter((p) => closed.has(p));
}

/** rules/order-actions.json as plain TypeScript (benchmark baseline only). */
function baselineOrderActions(
  f: AccountFacts,
  toggles: HomeDecisions['toggles'],
  timing: HomeDecisions['appointmentTiming']['timing'],
): HomeDecisions['orderActions'] {
  const status = f.pendingOrderStatus ?? '';
  const open =
    f.pendingOrderStatus !== null &&
    !['CAN', 'CANCEL', 'CANCELLED', 'CANCELED', 'CLOSED', 'COMPLETED'].includes(status);
  const ponr = f.pointOfNoReturnPassed === true;
  const changeable =
    f.changeDueDateFlowAvailable === true &&
    f.cancelOrderDisabled === false &&
    open &&
    f.pointOfNoReturnPassed === false;
  const inProgress = status === 'IN PROGRESS';
  return {
    'change-date': changeable && f.pendingOrderTechInstall === false,
    'edit-appointment-time': changeable && f.pendingOrderTechInstall === true,
    calendar: f.pendingOrderTechInstall === true && (timing === 'near-term' || timing === 'scheduled'),
    'track-shipment': f.pendingOrderTrackingNumberPresent === true && inProgress,
    'appointment-messages':
      inProgress &&
      f.pendingOrderActivity !== 'DISCONNECT' &&
      !['ENROUTE', 'ON-SITE'].includes(f.pendingOrderJobStatus ?? ''),
    'tech-location':
      toggles.techTracker && f.pendingOrderJobStatus === 'ENROUTE' && (inProgress || status === 'PENDING'),
    'cancel-order':
      toggles.cancel &&
      f.isBlueMarble === true &&
      f.isSecondProviderCustomer === false &&
      f.hasPendingOrder === true &&
      f.pointOfNoReturnPassed === false &&
      f.cancelOrderDisabled === false &&
      open,
    'chat-to-modify': f.companyIdentifier === '4' && f.pointOfNoReturnPassed !== true && open,
    'chat-to-reschedule': ponr && open,
    'chat-to-cancel': ponr && open,
    'own-modem-help':
      f.pendingOrderTechInstall === false && inProgress && f.pendingOrderActivity !== 'DISCONNECT',
    'return-modem': f.pendingOrderActivity === 'DISCONNECT' && inProgress,
    'details-unavailable':
      f.accountLifeCycle === 'Early Life' && ['FAILURE', 'ERROR'].includes(f.pendingOrderDetailsStatus ?? ''),
  };
}

// ---------------------------------------------------------------- measuring

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeAsync(fn: () => Promise<unknown>, warmup: number, runs: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

function timeSync(fn: () => unknown, warmup: number, runs: number, batch: number): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Too fast to time one call: time a batch and divide.
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) fn();
    samples.push((performance.now() - t0) / batch);
  }
  return median(samples);
}

/**
 * What the browser must download before /home shows: the entry (index.html's script and its static imports)
 * plus the lazily loaded /home route module and its static imports, read from Vite's build manifest
 * (scripts/first-load.ts). Chunks loaded only on demand (other pages, the rule validator when a served rule
 * file differs) are not counted.
 */
function firstLoadGzip(): { files: { file: string; raw: number; gzip: number }[] } | null {
  return firstLoad(join(repoRoot, 'dist'));
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const fmt = (ms: number): string => (ms >= 0.1 ? `${ms.toFixed(3)} ms` : `${(ms * 1000).toFixed(2)} µs`);

const persona = loadPersonas().find((p) => p.id === 'postpaid');
if (!persona) throw new Error('persona postpaid not found');
const runtime = createRuntime(loadRulesDir());
const { facts } = await decidePersona(runtime, persona, dayAt(PREVIEW_DATE));

const engineResult = (await runtime.decide(facts)).decisions;
/** JSON with object keys sorted: the two build their objects in different orders, which says nothing. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
const same = canonical(engineResult) === canonical(baselineDecide(facts));

const compiled = compileRules(loadRulesDir());
const vector = ACCOUNT_LAYOUT.map((name) => facts[name as keyof typeof facts]);
const compiledSame =
  JSON.stringify(compiled.decide(facts)) === JSON.stringify(engineResult) &&
  JSON.stringify(compiled.decideVector(vector)) === JSON.stringify(engineResult);

const engineMs = await timeAsync(() => runtime.decide(facts), 300, 2000);
const compiledMs = timeSync(() => compiled.decide(facts), 20000, 200, 1000);
const compiledVectorMs = timeSync(() => compiled.decideVector(vector), 20000, 200, 1000);
const baselineMs = timeSync(() => baselineDecide(facts), 2000, 200, 1000);
const ruleCount = Object.values(loadRulesDir()).reduce((sum, file) => sum + file.rules.length, 0);

console.log(
  `One full home decision for persona 'postpaid' (${ruleCount} rules in ${Object.keys(loadRulesDir()).length} files), median:\n`,
);
// rules:impact decides 100,000 accounts with two rule sets (and plans each account's calls) within its budget.
const perDecision = IMPACT_BUDGET_MS / (2 * 100_000);
console.log('| implementation | median per decision | budget |');
console.log('| --- | --- | --- |');
console.log(`| json-rules-engine runtime (with explain trace), the portal's | ${fmt(engineMs)} | — |`);
console.log(
  `| compiled evaluator, facts as an object | ${fmt(compiledMs)} | ${fmt(perDecision)} (rules:impact: 2 × 100,000 in ${IMPACT_BUDGET_MS} ms) |`,
);
console.log(
  `| compiled evaluator, facts as a vector (as rules:impact) | ${fmt(compiledVectorMs)} | ${fmt(perDecision)} |`,
);
console.log(`| hand-written TypeScript (benchmark baseline) | ${fmt(baselineMs)} | — |`);
console.log(
  `\nsame decisions from the hand-written baseline: ${same ? 'yes' : 'NO (the baseline is out of date with rules/)'}`,
);
console.log(
  `same decisions from the compiled evaluator: ${compiledSame ? 'yes' : 'NO (a bug: see test/engine/compile.test.ts)'}`,
);

// ---------------------------------------------------------------- impact run

/**
 * The rules:impact run the analysts' README describes: rules/ against a copy with the card warning at 45
 * days instead of 60, on the generated population (rules/population/distributions.json).
 */
const impactBase = loadRulesDir();
for (const rule of impactBase['prepaid-card'].rules)
  for (const c of 'all' in rule.conditions ? rule.conditions.all : [])
    if ('fact' in c && c.fact === 'daysToCardExpiry' && c.value === 60) c.value = 45;
const distributions = parseDistributions(JSON.parse(readFileSync(defaultDistributions, 'utf8')));
const impactRun = (reuse = true): { report: ImpactReport; cpu: number } => {
  const cpu = process.cpuUsage();
  const report = measureImpact(loadRulesDir(), impactBase, generatedPopulation(distributions), { reuse });
  const used = process.cpuUsage(cpu);
  return { report, cpu: (used.user + used.system) / 1000 };
};
const runs = [impactRun(), impactRun(), impactRun(), impactRun()];
// The worst case: every base file decided afresh (as when toggles, constants or data-loading change).
const fullRuns = [impactRun(false), impactRun(false), impactRun(false)];
const ms = (x: number): string => `${Math.round(x).toLocaleString('en-US')} ms`;
const row = (label: string, { report, cpu }: { report: ImpactReport; cpu: number }): string => {
  const t = report.timings;
  const verdict = t.total <= IMPACT_BUDGET_MS ? 'within' : 'over';
  return `| ${label} | ${ms(t.generate)} | ${ms(t.current)} | ${ms(t.base)} | ${ms(t.compare)} | ${ms(t.total)} (${verdict} ${ms(IMPACT_BUDGET_MS)}) | ${ms(cpu)} |`;
};
const first = runs[0]!;
const warm = [...runs.slice(1)].sort((a, b) => a.report.timings.total - b.report.timings.total)[1]!;
console.log(
  `\nImpact run (rules:impact): ${first.report.accounts.toLocaleString('en-US')} generated accounts, rules/ against the card warning at 45 days; ${first.report.changedAccounts.toLocaleString('en-US')} accounts change:\n`,
);
console.log('| run | generating | current rules | base rules | comparing | total (budget) | CPU time |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
console.log(row('first (as the command runs it)', first));
console.log(row('median of the next three', warm));
const fullMedian = [...fullRuns].sort((a, b) => a.report.timings.total - b.report.timings.total)[1]!;
console.log(row('every base file decided afresh (worst case), median of three', fullMedian));
console.log('\n(CPU time below the total means other processes had the core part of the time.)');

const load = firstLoadGzip();
if (!load) {
  console.log(
    '\nfirst-load JavaScript of /home: dist/.vite/manifest.json not found (npm run bench builds it first).',
  );
} else {
  console.log(
    '\nFirst-load JavaScript of /home (entry chunk and the /home route chunk with their static imports):\n',
  );
  console.log('| file | raw | gzip |');
  console.log('| --- | --- | --- |');
  for (const f of load.files) console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
  const total = load.files.reduce((s, f) => s + f.gzip, 0);
  console.log(`| total | ${kb(load.files.reduce((s, f) => s + f.raw, 0))} | ${kb(total)} |`);
  printFirstLoadBudget(total);
}

await benchPageLoadUnlessSkipped();

// ---------------------------------------------------------------- first load and page load (issue 12)

function printFirstLoadBudget(gzipBytes: number): void {
  const value = gzipBytes / 1024;
  console.log(
    `
first-load JavaScript of /home: ${value.toFixed(1)} KB gzipped, budget ${BUDGETS.firstLoadKb} KB: ${against(value, BUDGETS.firstLoadKb)}`,
  );
}

/** Lighthouse and layout shift on the built app (BENCH_LIGHTHOUSE=0 skips them). */
async function benchPageLoadUnlessSkipped(): Promise<void> {
  if (process.env.BENCH_LIGHTHOUSE === '0') return;
  await benchPageLoad();
}
