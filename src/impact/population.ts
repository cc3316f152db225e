/**
 * The generated population: account `index` of a seed, its facts drawn from the distributions
 * (rules/population/distributions.json) directly as a fact vector, consistent where rules depend on it
 * (a PPB number is prepaid, the billing entity follows the number and the territory, an early-life
 * account has tenure 0, a card's expiry exists only with a payment method, unknown data is null ...).
 * The facts hold every call's answer; src/impact/calls.ts takes away those of the calls the rules do not
 * make. Deterministic and browser-safe: same seed and index, same account.
 */
import { ACCOUNT_LAYOUT, ORDER_LAYOUT, type FactVector } from '../engine/compile';
import {
  billingEntityOf,
  customerTypeOf,
  dateNumber,
  deriveFacts,
  territoryDisplayOf,
} from '../facts/derive';
import { defaultUiState, type ProfileStatus } from '../facts/snapshot';
import type { AccountFactName, OrderFactName } from '../facts/vocabulary';
import { draw, orNone, pick, yesNo, type Distributions } from './distributions';
import { Random } from './random';

/**
 * One generated account: its facts with every call answered (ACCOUNT_LAYOUT), and the items of its history
 * (ORDER_LAYOUT): the orders of the order history call and the tickets of the repair tickets call.
 */
export interface GeneratedAccount {
  readonly facts: FactVector;
  readonly orders: readonly FactVector[];
  readonly tickets: readonly FactVector[];
}

const A = Object.fromEntries(ACCOUNT_LAYOUT.map((name, i) => [name, i])) as Record<AccountFactName, number>;
const O = Object.fromEntries(ORDER_LAYOUT.map((name, i) => [name, i])) as Record<OrderFactName, number>;

/** The account number's length per kind (PPB numbers are 'PPB' and eight digits). */
const LENGTH: Record<string, number> = { BAN: 9, BAID: 11, CRIS: 13, PPB: 11 };
/** Lengths the spec names no kind for. */
const OTHER_LENGTHS = [7, 10, 12];

const NULLS: unknown[] = ACCOUNT_LAYOUT.map(() => null);
/** An order of the history and a repair ticket before their own facts: deriveOrderFacts' and deriveTicketFacts' fixed ones. */
const ORDER: unknown[] = ORDER_LAYOUT.map(() => null);
ORDER[ORDER_LAYOUT.indexOf('itemKind')] = 'order';
ORDER[ORDER_LAYOUT.indexOf('isPendingOrder')] = false;
const TICKET: unknown[] = ORDER_LAYOUT.map(() => null);
TICKET[ORDER_LAYOUT.indexOf('itemKind')] = 'ticket';
TICKET[ORDER_LAYOUT.indexOf('isPendingOrder')] = false;

/** derive.ts's classifications, kept per input: they are the same few values for every account. */
function memoized<K, V>(f: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = f(key);
    known.set(key, value);
    return value;
  };
}
const customerType = memoized(customerTypeOf);
const entities = new Map<string, string | null>();
/** billingEntityOf for an account number of this length (its characters do not matter to it). */
function entity(length: number, c2e: boolean, territory: string): string | null {
  const key = `${length}${c2e ? '+' : '-'}${territory}`;
  let value = entities.get(key);
  if (value === undefined) entities.set(key, (value = billingEntityOf('0'.repeat(length), c2e, territory)));
  return value;
}

/** The facts of an account whose profile did not load: exactly what deriveFacts gives without a profile. */
function noProfile(status: ProfileStatus): unknown[] {
  const facts = deriveFacts(
    { profile: { status }, ui: defaultUiState },
    { today: new Date(2026, 2, 10, 12) },
  );
  return ACCOUNT_LAYOUT.map((name) => facts[name as AccountFactName]);
}

/** The distributions compiled into samplers, once per generator. */
function samplersOf(d: Distributions) {
  const b = d.billing;
  const po = d.pendingOrder;
  const c = d.calls;
  const t = c.tickets;
  // The day: todayDate as derive.ts's dateNumber gives it, and whether it is January 1.
  const [year, month, day] = d.today.date.split('-').map(Number) as [number, number, number];
  return {
    d,
    profileStatus: pick(d.profile.status, (k) => k as ProfileStatus),
    noProfiles: new Map<ProfileStatus, unknown[]>(),
    kind: pick(d.account.kind, (k) => k),
    territory: pick(d.account.territory, (k) => k),
    accountType: pick(d.account.type, (k) => k),
    postpaidStatus: pick(d.account.status.postpaid, (k) => k),
    prepaidStatus: pick(d.account.status.prepaid, (k) => k),
    conversion: pick(d.account.conversion, orNone),
    daysSinceConversion: draw(d.account.daysSinceConversion),
    tenure: draw(b.tenure),
    amountDue: draw(b.amountDue),
    nextPaymentAmount: draw(b.nextPaymentAmount),
    daysPastDueDate: draw(b.daysPastDueDate),
    daysSinceFailedPayment: draw(b.daysSinceFailedPayment),
    paymentMethod: pick(b.paymentMethod, orNone),
    daysToCardExpiry: draw(b.daysToCardExpiry),
    emailAddressValid: pick(d.contact.emailAddressValid, yesNo),
    orderStatus: pick(po.status, (k) => k),
    orderActivity: pick(po.activity, (k) => k),
    techInstall: pick(po.techInstall, yesNo),
    hoursUntilAppointment: draw(po.hoursUntilAppointment),
    pendingJobStatus: pick(po.jobStatus, orNone),
    detailsStatus: pick(po.detailsStatus, orNone),
    hoursUntilRepair: draw(c.outage.hoursUntilRepair),
    ticketCount: draw(t.count),
    ticketStatus: pick(t.status, (k) => k),
    ticketHours: draw(t.hoursUntilAppointment),
    rateProducts: draw(c.rateIncrease.products),
    servicesCall: pick(c.services.status, (k) => k),
    wgCall: pick(c.wgStatus.status, (k) => k),
    wgWithFailed: pick(c.wgStatus.withFailedPayment, (k) => k),
    wgWithout: pick(c.wgStatus.withoutFailedPayment, (k) => k),
    creditAnswer: pick(c.creditOffer.answer, (k) => k),
    creditStatus: pick(c.creditOffer.status, (k) => k),
    creditValue: draw(c.creditOffer.value),
    orderCount: draw(d.orders.count),
    historyStatus: pick(d.orders.status, (k) => k),
    historyActivity: pick(d.orders.activity, (k) => k),
    closed: new Set<string>(d.orders.closed),
    hoursSinceClosed: draw(d.orders.hoursSinceClosed),
    orderJobStatus: pick(d.orders.jobStatus, orNone),
    tokenSeconds: draw(d.token.secondsRemaining),
    ownedSpeed: draw(c.services.ownedSpeed),
    availableSpeed: draw(c.services.availableSpeed),
    modemStatus: pick(c.modemInfo.status, (k) => k),
    todayDate: dateNumber(new Date(year, month - 1, day, 12)),
    isJanuaryFirst: month === 1 && day === 1,
  };
}
type Samplers = ReturnType<typeof samplersOf>;

/**
 * Compiles the distributions into a generator of accounts. Given `into` (null in every slot), the account's
 * facts are written there instead of into a new vector: a block of accounts is generated through one
 * vector, which src/impact/blocks.ts empties again as it copies it into the block's columns.
 */
export function createGenerator(
  d: Distributions,
): (seed: number, index: number, into?: unknown[]) => GeneratedAccount {
  const s = samplersOf(d);
  const random = new Random();
  return (seed, index, into) => {
    const r = random.reseed(seed, index);
    const status = s.profileStatus(r);
    if (status !== 'ok') return withoutProfile(s, r, status, into);
    const v = into ?? NULLS.slice();
    v[A.profileStatus] = 'ok';
    // Each part draws in turn: the order of the draws is the account (same seed and index, same account).
    const { prepaid, c2e, earlyLife } = identity(s, r, v);
    const failed = billing(s, r, v, prepaid, earlyLife);
    contact(s, r, v);
    const pending = pendingOrder(s, r, v, earlyLife);
    const tickets = calls(s, r, v, c2e, pending, failed);
    session(s, r, v, prepaid, failed, pending);
    return { facts: v, orders: history(s, r, v, pending), tickets };
  };
}

/** `from`'s values written into `into`. */
function copied(from: readonly unknown[], into: unknown[]): unknown[] {
  for (let i = 0; i < from.length; i++) into[i] = from[i];
  return into;
}

/** An account whose profile did not load: deriveFacts' facts without a profile, the day and the UI state. */
function withoutProfile(s: Samplers, r: Random, status: ProfileStatus, into?: unknown[]): GeneratedAccount {
  let template = s.noProfiles.get(status);
  if (!template) s.noProfiles.set(status, (template = noProfile(status)));
  const v = into ? copied(template, into) : template.slice();
  v[A.isJanuaryFirst] = s.isJanuaryFirst;
  v[A.todayDate] = s.todayDate;
  session(s, r, v, false, false, false);
  return { facts: v, orders: [], tickets: [] };
}

/** The account number, its billing system and territory, and the account's kind and flags. */
function identity(s: Samplers, r: Random, v: unknown[]) {
  const { d } = s;
  const k = s.kind(r);
  const prepaid = k === 'PPB';
  const length = LENGTH[k] ?? OTHER_LENGTHS[Math.floor(r.next() * OTHER_LENGTHS.length)]!;
  const c2e = r.chance(d.account.blueMarble[k as keyof Distributions['account']['blueMarble']]);
  const where = s.territory(r);
  v[A.accountNumberLength] = length;
  v[A.accountNumberKind] = k === 'other' ? null : k;
  v[A.isPrepaid] = prepaid;
  v[A.isBlueMarble] = c2e;
  v[A.billingEntity] = entity(length, c2e, where);
  v[A.territory] = where;
  v[A.territoryDisplay] = territoryDisplayOf(where);
  v[A.billingSource] = c2e ? 'BM' : v[A.billingEntity] === 'CRIS' ? 'CRIS' : prepaid ? 'BRIM' : 'ENSEMBLE';

  const earlyLife = r.chance(d.account.earlyLife);
  const type = s.accountType(r);
  const second = r.chance(d.account.secondProvider);
  v[A.accountStatus] = prepaid ? s.prepaidStatus(r) : s.postpaidStatus(r);
  v[A.accountLifeCycle] = earlyLife ? 'Early Life' : 'Active';
  v[A.accountType] = type;
  v[A.customerType] = customerType(type);
  v[A.companyIdentifier] = second ? '4' : '1';
  v[A.isSecondProviderCustomer] = second;
  v[A.blockedAccount] = r.chance(d.account.blocked);
  v[A.embargo] = r.chance(d.account.embargo) ? 1 : 0;
  v[A.bgsAccount] = r.chance(d.account.bgs);
  v[A.fedAccount] = r.chance(d.account.fed);
  v[A.isVacationSuspend] = r.chance(d.account.vacation);
  v[A.showModemMigrationAlert] = r.chance(d.account.modemMigrationAlert);
  return { prepaid, c2e, earlyLife };
}

/** Billing and payment facts, and the conversion; whether a payment failed. */
function billing(s: Samplers, r: Random, v: unknown[], prepaid: boolean, earlyLife: boolean): boolean {
  const b = s.d.billing;
  v[A.autoPay] = r.chance(b.autoPay);
  v[A.paperless] = r.chance(b.paperless);
  v[A.hasPaymentArrangement] = r.chance(b.paymentArrangement);
  v[A.eligibleForPaymentArrangement] = r.chance(b.eligibleForPaymentArrangement);
  v[A.accountTenure] = earlyLife ? 0 : s.tenure(r);
  v[A.amountDue] = s.amountDue(r);
  v[A.nextPaymentAmount] = prepaid ? s.nextPaymentAmount(r) : null;
  v[A.daysPastDueDate] = s.daysPastDueDate(r);
  const failed = r.chance(prepaid ? b.failedPayment.prepaid : b.failedPayment.postpaid);
  v[A.daysSinceFailedPayment] = failed ? s.daysSinceFailedPayment(r) : null;
  const method = s.paymentMethod(r);
  v[A.creditCardType] = method;
  v[A.cardTypePresent] = method !== null;
  v[A.daysToCardExpiry] = method !== null ? s.daysToCardExpiry(r) : null;

  const converted = s.conversion(r);
  v[A.conversionStatus] = converted;
  v[A.daysSinceConversion] = converted !== null ? s.daysSinceConversion(r) : null;
  return failed;
}

/** The contact details, and the day. */
function contact(s: Samplers, r: Random, v: unknown[]): void {
  const ct = s.d.contact;
  const hasNumber = r.chance(ct.contactNumber);
  v[A.hasContactNumber] = hasNumber;
  v[A.hasExpiredAltNumber] = hasNumber && r.chance(ct.expiredContactNumber);
  const email = r.chance(ct.email);
  v[A.emailPresent] = email;
  v[A.emailValid] = email && r.chance(ct.emailMatchesPattern);
  v[A.emailAddressValid] = s.emailAddressValid(r);
  v[A.firstNamePresent] = r.chance(ct.firstName);
  v[A.lastNamePresent] = r.chance(ct.lastName);
  v[A.serviceAddressComplete] = r.chance(ct.serviceAddressComplete);
  v[A.isJanuaryFirst] = s.isJanuaryFirst;
  v[A.todayDate] = s.todayDate;
}

/** The pending order, when the account has one. */
function pendingOrder(s: Samplers, r: Random, v: unknown[], earlyLife: boolean): boolean {
  const po = s.d.pendingOrder;
  const pending = r.chance(earlyLife ? po.earlyLife : po.active);
  if (pending) {
    v[A.pendingOrderStatus] = s.orderStatus(r);
    v[A.pendingOrderActivity] = s.orderActivity(r);
    v[A.pendingOrderTechInstall] = s.techInstall(r);
    v[A.hoursUntilAppointment] = s.hoursUntilAppointment(r);
    v[A.pendingOrderJobStatus] = s.pendingJobStatus(r);
    v[A.pendingOrderTrackingNumberPresent] = r.chance(po.trackingNumber);
    v[A.pendingOrderDetailsStatus] = s.detailsStatus(r);
  }
  return pending;
}

/** Every call's answer (calls.ts removes those of calls the rules do not make); the repair tickets. */
function calls(
  s: Samplers,
  r: Random,
  v: unknown[],
  c2e: boolean,
  pending: boolean,
  failed: boolean,
): FactVector[] {
  const c = s.d.calls;
  if (!r.chance(c.outage.failed)) {
    const current = r.chance(c.outage.currentOutage);
    const eta = current && r.chance(c.outage.etaKnown);
    v[A.currentOutage] = current;
    v[A.outageHangover] = r.chance(c.outage.hangover);
    v[A.outageEtaKnown] = eta;
    v[A.hoursUntilRepair] = eta ? s.hoursUntilRepair(r) : null;
  }
  const tickets = repairTickets(s, r, v);
  const services = s.servicesCall(r);
  v[A.servicesStatus] = services;
  if (services === 'ok') servicesAnswer(s, r, v, c2e, pending);
  if (!r.chance(c.rateIncrease.failed)) v[A.rateChangeCount] = s.rateProducts(r);
  const wg = s.wgCall(r);
  v[A.wgCallStatus] = wg;
  if (wg === 'ok') {
    const answer = failed ? s.wgWithFailed(r) : s.wgWithout(r);
    v[A.wgServerStatus] = r.chance(c.wgStatus.serverStatus);
    v[A.wgIsSoft] = answer === 'SOFT';
    v[A.wgStatus] = answer;
  }
  if (!r.chance(c.creditOffer.failed)) creditOffer(s, r, v);
  if (!r.chance(c.modemReplacementOffer.failed))
    v[A.modemReplacementEligible] = r.chance(c.modemReplacementOffer.eligible);
  if (!r.chance(c.paperCharge.failed)) v[A.paperChargeApplies] = r.chance(c.paperCharge.applies);
  const modem = s.modemStatus(r);
  v[A.modemInfoStatus] = modem;
  if (modem === 'ok') {
    v[A.modemConnected] = r.chance(c.modemInfo.connected);
    v[A.ownModem] = r.chance(c.modemInfo.ownModem);
    v[A.thirdPartyModem] = r.chance(c.modemInfo.thirdPartyModem);
  }
  v[A.tokenSecondsRemaining] = s.tokenSeconds(r);
  return tickets;
}

/** The repair tickets call's tickets, and the home's count of open ones. */
function repairTickets(s: Samplers, r: Random, v: unknown[]): FactVector[] {
  const t = s.d.calls.tickets;
  const tickets: FactVector[] = [];
  if (r.chance(t.failed)) return tickets;
  // The home's open tickets: those not CAN or CLD that carry a completion date (alertTickets).
  let open = 0;
  const count = s.ticketCount(r) ?? 0;
  for (let i = 0; i < count; i++) {
    const o = TICKET.slice();
    const st = s.ticketStatus(r);
    const completed = r.chance(t.completionDate);
    if (completed && st !== 'CAN' && st !== 'CLD') open++;
    o[O.ticketStatus] = st;
    o[O.hoursUntilTicketAppointment] = s.ticketHours(r);
    o[O.ticketCanReschedule] = r.chance(t.canReschedule);
    o[O.ticketCanCancel] = r.chance(t.canCancel);
    o[O.ticketShowTechLocation] = r.chance(t.showTechLocation);
    tickets.push(o);
  }
  v[A.openRepairTicketCount] = open;
  return tickets;
}

/** The services call's answer. */
function servicesAnswer(s: Samplers, r: Random, v: unknown[], c2e: boolean, pending: boolean): void {
  const sv = s.d.calls.services;
  const internet = r.chance(sv.internet);
  v[A.hsiOwned] = internet;
  const phone = r.chance(sv.phone);
  const tv = r.chance(sv.tv);
  v[A.productCount] = (internet ? 1 : 0) + (phone ? 1 : 0) + (tv ? 1 : 0);
  // Only Blue Marble's answer lists flows and knows the pending order; the others' answer gives false
  // for the flows and nothing for the order.
  v[A.disconnectFlowAvailable] = c2e && r.chance(sv.disconnectFlow);
  v[A.changeDueDateFlowAvailable] = c2e && r.chance(sv.changeDueDateFlow);
  v[A.hasPendingOrder] = c2e ? pending : null;
  v[A.pointOfNoReturnPassed] = c2e ? pending && r.chance(sv.pointOfNoReturn) : null;
  // The speeds (Blue Marble's in kbps, the others' as text the portal reads), and Blue Marble's flows.
  const owned = internet ? s.ownedSpeed(r) : null;
  const available = s.availableSpeed(r);
  v[A.ownedSpeedKbps] = owned;
  v[A.availableSpeedKbps] = available;
  v[A.speedHeadroomKbps] = owned !== null && available !== null ? available - owned : null;
  v[A.upgradeFlowAvailable] = c2e && r.chance(sv.upgradeFlow);
  v[A.changeModemFlowAvailable] = c2e && r.chance(sv.changeModemFlow);
  v[A.fiberUpgradeQualified] = c2e && r.chance(sv.fiberQualified);
  v[A.canVacationRestore] = c2e ? r.chance(sv.vacationRestore) : null;
}

/** The credit offer call's answer. */
function creditOffer(s: Samplers, r: Random, v: unknown[]): void {
  const answer = s.creditAnswer(r);
  v[A.creditOfferResponseStatus] = answer === 'error' ? 500 : 200;
  if (answer === 'offer') {
    v[A.creditOfferMessage] = 'Offer available';
    v[A.creditOfferStatus] = s.creditStatus(r);
    v[A.creditOfferValue] = s.creditValue(r);
  } else if (answer === 'no-offer') {
    v[A.creditOfferMessage] = 'No offer';
    v[A.creditOfferStatus] = 'ineligible';
    v[A.creditOfferValue] = 0;
  }
}

/** The order history's orders: the pending order first when the history lists it. */
function history(s: Samplers, r: Random, v: unknown[], pending: boolean): FactVector[] {
  const { d, closed } = s;
  const orders: FactVector[] = [];
  // The pending order, when the history lists it, is its first order (the same order number).
  if (pending && v[A.pendingOrderStatus] !== 'INACTIVE' && r.chance(d.orders.pendingOrderListed)) {
    const o = ORDER.slice();
    const st = v[A.pendingOrderStatus] as string;
    o[O.orderStatus] = st;
    o[O.orderActivity] = v[A.pendingOrderActivity];
    o[O.hoursSinceOrderClosed] = closed.has(st) ? s.hoursSinceClosed(r) : null;
    o[O.orderJobStatus] = v[A.pendingOrderJobStatus];
    o[O.isPendingOrder] = true;
    orders.push(o);
  }
  const count = s.orderCount(r) ?? 0;
  for (let i = 0; i < count; i++) {
    const st = s.historyStatus(r);
    const activity = s.historyActivity(r);
    // The history does not list INACTIVE orders (historyOrders).
    if (st === 'INACTIVE') continue;
    const o = ORDER.slice();
    o[O.orderStatus] = st;
    o[O.orderActivity] = activity;
    o[O.hoursSinceOrderClosed] = closed.has(st) ? s.hoursSinceClosed(r) : null;
    o[O.orderJobStatus] = s.orderJobStatus(r);
    orders.push(o);
  }
  return orders;
}

/**
 * The UI state; the payment successes happen only to prepaid accounts whose payment failed, a cancelled
 * order only to accounts with a pending order (cancelling it disables Cancel Order).
 */
function session(
  s: Samplers,
  r: Random,
  v: unknown[],
  prepaid: boolean,
  failed: boolean,
  pending: boolean,
): void {
  const ss = s.d.session;
  v[A.orderHistoryOpen] = r.chance(ss.orderHistoryOpen);
  v[A.altnumshowDismissed] = r.chance(ss.altnumshowDismissed);
  v[A.altNumberDeclined] = r.chance(ss.altNumberDeclined);
  v[A.emailvalidshowDismissed] = r.chance(ss.emailvalidshowDismissed);
  const paying = prepaid && failed;
  v[A.retryPaymentSuccess] = paying && r.chance(ss.retryPaymentSuccess);
  v[A.wgPaymentSuccess] = paying && r.chance(ss.wgPaymentSuccess);
  v[A.pendingOrderAlertClosed] = r.chance(ss.pendingOrderAlertClosed);
  v[A.prepaidCardAlertClosed] = r.chance(ss.prepaidCardAlertClosed);
  v[A.modemReplacementAnswered] = r.chance(ss.modemReplacementAnswered);
  v[A.creditOfferAnswered] = r.chance(ss.creditOfferAnswered);
  const cancelled = pending && r.chance(ss.orderCancelled);
  v[A.orderCancelled] = cancelled;
  v[A.cancelOrderDisabled] = cancelled;
}

/** A fact vector as a plain object (for display and export). */
export function factsObject(
  facts: FactVector,
  layout: readonly string[] = ACCOUNT_LAYOUT,
): Record<string, unknown> {
  return Object.fromEntries(layout.map((name, i) => [name, facts[i]]));
}
