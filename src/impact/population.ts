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

/** Compiles the distributions into a generator of accounts. */
export function createGenerator(d: Distributions): (seed: number, index: number) => GeneratedAccount {
  const profileStatus = pick(d.profile.status, (k) => k as ProfileStatus);
  const noProfiles = new Map<ProfileStatus, unknown[]>();
  const kind = pick(d.account.kind, (k) => k);
  const territory = pick(d.account.territory, (k) => k);
  const accountType = pick(d.account.type, (k) => k);
  const postpaidStatus = pick(d.account.status.postpaid, (k) => k);
  const prepaidStatus = pick(d.account.status.prepaid, (k) => k);
  const conversion = pick(d.account.conversion, orNone);
  const daysSinceConversion = draw(d.account.daysSinceConversion);
  const b = d.billing;
  const tenure = draw(b.tenure);
  const amountDue = draw(b.amountDue);
  const nextPaymentAmount = draw(b.nextPaymentAmount);
  const daysPastDueDate = draw(b.daysPastDueDate);
  const daysSinceFailedPayment = draw(b.daysSinceFailedPayment);
  const paymentMethod = pick(b.paymentMethod, orNone);
  const daysToCardExpiry = draw(b.daysToCardExpiry);
  const emailAddressValid = pick(d.contact.emailAddressValid, yesNo);
  const po = d.pendingOrder;
  const orderStatus = pick(po.status, (k) => k);
  const orderActivity = pick(po.activity, (k) => k);
  const techInstall = pick(po.techInstall, yesNo);
  const hoursUntilAppointment = draw(po.hoursUntilAppointment);
  const pendingJobStatus = pick(po.jobStatus, orNone);
  const detailsStatus = pick(po.detailsStatus, orNone);
  const c = d.calls;
  const hoursUntilRepair = draw(c.outage.hoursUntilRepair);
  const t = c.tickets;
  const ticketCount = draw(t.count);
  const ticketStatus = pick(t.status, (k) => k);
  const ticketHours = draw(t.hoursUntilAppointment);
  const rateProducts = draw(c.rateIncrease.products);
  const servicesCall = pick(c.services.status, (k) => k);
  const wgCall = pick(c.wgStatus.status, (k) => k);
  const wgWithFailed = pick(c.wgStatus.withFailedPayment, (k) => k);
  const wgWithout = pick(c.wgStatus.withoutFailedPayment, (k) => k);
  const creditAnswer = pick(c.creditOffer.answer, (k) => k);
  const creditStatus = pick(c.creditOffer.status, (k) => k);
  const creditValue = draw(c.creditOffer.value);
  const orderCount = draw(d.orders.count);
  const historyStatus = pick(d.orders.status, (k) => k);
  const historyActivity = pick(d.orders.activity, (k) => k);
  const closed = new Set<string>(d.orders.closed);
  const hoursSinceClosed = draw(d.orders.hoursSinceClosed);
  const orderJobStatus = pick(d.orders.jobStatus, orNone);
  const tokenSeconds = draw(d.token.secondsRemaining);
  const s = d.session;
  const ownedSpeed = draw(c.services.ownedSpeed);
  const availableSpeed = draw(c.services.availableSpeed);
  const modemStatus = pick(c.modemInfo.status, (k) => k);
  // The day: todayDate as derive.ts's dateNumber gives it, and whether it is January 1.
  const [year, month, day] = d.today.date.split('-').map(Number) as [number, number, number];
  const todayDate = dateNumber(new Date(year, month - 1, day, 12));
  const isJanuaryFirst = month === 1 && day === 1;
  const random = new Random();

  function account(seed: number, index: number): GeneratedAccount {
    const r = random.reseed(seed, index);
    const status = profileStatus(r);
    let v: unknown[];
    if (status !== 'ok') {
      let template = noProfiles.get(status);
      if (!template) noProfiles.set(status, (template = noProfile(status)));
      v = template.slice();
      v[A.isJanuaryFirst] = isJanuaryFirst;
      v[A.todayDate] = todayDate;
      session(v, r, false, false, false);
      return { facts: v, orders: [], tickets: [] };
    }
    v = NULLS.slice();
    v[A.profileStatus] = 'ok';

    const k = kind(r);
    const prepaid = k === 'PPB';
    const length = LENGTH[k] ?? OTHER_LENGTHS[Math.floor(r.next() * OTHER_LENGTHS.length)]!;
    const c2e = r.chance(d.account.blueMarble[k as keyof Distributions['account']['blueMarble']]);
    const where = territory(r);
    v[A.accountNumberLength] = length;
    v[A.accountNumberKind] = k === 'other' ? null : k;
    v[A.isPrepaid] = prepaid;
    v[A.isBlueMarble] = c2e;
    v[A.billingEntity] = entity(length, c2e, where);
    v[A.territory] = where;
    v[A.territoryDisplay] = territoryDisplayOf(where);
    v[A.billingSource] = c2e ? 'BM' : v[A.billingEntity] === 'CRIS' ? 'CRIS' : prepaid ? 'BRIM' : 'ENSEMBLE';

    const earlyLife = r.chance(d.account.earlyLife);
    const type = accountType(r);
    const second = r.chance(d.account.secondProvider);
    v[A.accountStatus] = prepaid ? prepaidStatus(r) : postpaidStatus(r);
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

    v[A.autoPay] = r.chance(b.autoPay);
    v[A.paperless] = r.chance(b.paperless);
    v[A.hasPaymentArrangement] = r.chance(b.paymentArrangement);
    v[A.eligibleForPaymentArrangement] = r.chance(b.eligibleForPaymentArrangement);
    v[A.accountTenure] = earlyLife ? 0 : tenure(r);
    v[A.amountDue] = amountDue(r);
    v[A.nextPaymentAmount] = prepaid ? nextPaymentAmount(r) : null;
    v[A.daysPastDueDate] = daysPastDueDate(r);
    const failed = r.chance(prepaid ? b.failedPayment.prepaid : b.failedPayment.postpaid);
    v[A.daysSinceFailedPayment] = failed ? daysSinceFailedPayment(r) : null;
    const method = paymentMethod(r);
    v[A.creditCardType] = method;
    v[A.cardTypePresent] = method !== null;
    v[A.daysToCardExpiry] = method !== null ? daysToCardExpiry(r) : null;

    const converted = conversion(r);
    v[A.conversionStatus] = converted;
    v[A.daysSinceConversion] = converted !== null ? daysSinceConversion(r) : null;

    const ct = d.contact;
    const contact = r.chance(ct.contactNumber);
    v[A.hasContactNumber] = contact;
    v[A.hasExpiredAltNumber] = contact && r.chance(ct.expiredContactNumber);
    const email = r.chance(ct.email);
    v[A.emailPresent] = email;
    v[A.emailValid] = email && r.chance(ct.emailMatchesPattern);
    v[A.emailAddressValid] = emailAddressValid(r);
    v[A.firstNamePresent] = r.chance(ct.firstName);
    v[A.lastNamePresent] = r.chance(ct.lastName);
    v[A.serviceAddressComplete] = r.chance(ct.serviceAddressComplete);
    v[A.isJanuaryFirst] = isJanuaryFirst;
    v[A.todayDate] = todayDate;

    const pending = r.chance(earlyLife ? po.earlyLife : po.active);
    if (pending) {
      v[A.pendingOrderStatus] = orderStatus(r);
      v[A.pendingOrderActivity] = orderActivity(r);
      v[A.pendingOrderTechInstall] = techInstall(r);
      v[A.hoursUntilAppointment] = hoursUntilAppointment(r);
      v[A.pendingOrderJobStatus] = pendingJobStatus(r);
      v[A.pendingOrderTrackingNumberPresent] = r.chance(po.trackingNumber);
      v[A.pendingOrderDetailsStatus] = detailsStatus(r);
    }

    // Every call's answer; calls.ts removes those of calls the rules do not make.
    if (!r.chance(c.outage.failed)) {
      const current = r.chance(c.outage.currentOutage);
      const eta = current && r.chance(c.outage.etaKnown);
      v[A.currentOutage] = current;
      v[A.outageHangover] = r.chance(c.outage.hangover);
      v[A.outageEtaKnown] = eta;
      v[A.hoursUntilRepair] = eta ? hoursUntilRepair(r) : null;
    }
    const tickets: FactVector[] = [];
    if (!r.chance(t.failed)) {
      // The home's open tickets: those not CAN or CLD that carry a completion date (alertTickets).
      let open = 0;
      const count = ticketCount(r) ?? 0;
      for (let i = 0; i < count; i++) {
        const o = TICKET.slice();
        const st = ticketStatus(r);
        const completed = r.chance(t.completionDate);
        if (completed && st !== 'CAN' && st !== 'CLD') open++;
        o[O.ticketStatus] = st;
        o[O.hoursUntilTicketAppointment] = ticketHours(r);
        o[O.ticketCanReschedule] = r.chance(t.canReschedule);
        o[O.ticketCanCancel] = r.chance(t.canCancel);
        o[O.ticketShowTechLocation] = r.chance(t.showTechLocation);
        tickets.push(o);
      }
      v[A.openRepairTicketCount] = open;
    }
    const services = servicesCall(r);
    v[A.servicesStatus] = services;
    if (services === 'ok') {
      const internet = r.chance(c.services.internet);
      v[A.hsiOwned] = internet;
      const phone = r.chance(c.services.phone);
      const tv = r.chance(c.services.tv);
      v[A.productCount] = (internet ? 1 : 0) + (phone ? 1 : 0) + (tv ? 1 : 0);
      // Only Blue Marble's answer lists flows and knows the pending order; the others' answer gives false
      // for the flows and nothing for the order.
      v[A.disconnectFlowAvailable] = c2e && r.chance(c.services.disconnectFlow);
      v[A.changeDueDateFlowAvailable] = c2e && r.chance(c.services.changeDueDateFlow);
      v[A.hasPendingOrder] = c2e ? pending : null;
      v[A.pointOfNoReturnPassed] = c2e ? pending && r.chance(c.services.pointOfNoReturn) : null;
      // The speeds (Blue Marble's in kbps, the others' as text the portal reads), and Blue Marble's flows.
      const owned = internet ? ownedSpeed(r) : null;
      const available = availableSpeed(r);
      v[A.ownedSpeedKbps] = owned;
      v[A.availableSpeedKbps] = available;
      v[A.speedHeadroomKbps] = owned !== null && available !== null ? available - owned : null;
      v[A.upgradeFlowAvailable] = c2e && r.chance(c.services.upgradeFlow);
      v[A.changeModemFlowAvailable] = c2e && r.chance(c.services.changeModemFlow);
      v[A.fiberUpgradeQualified] = c2e && r.chance(c.services.fiberQualified);
      v[A.canVacationRestore] = c2e ? r.chance(c.services.vacationRestore) : null;
    }
    if (!r.chance(c.rateIncrease.failed)) v[A.rateChangeCount] = rateProducts(r);
    const wg = wgCall(r);
    v[A.wgCallStatus] = wg;
    if (wg === 'ok') {
      const answer = failed ? wgWithFailed(r) : wgWithout(r);
      v[A.wgServerStatus] = r.chance(c.wgStatus.serverStatus);
      v[A.wgIsSoft] = answer === 'SOFT';
      v[A.wgStatus] = answer;
    }
    if (!r.chance(c.creditOffer.failed)) {
      const answer = creditAnswer(r);
      v[A.creditOfferResponseStatus] = answer === 'error' ? 500 : 200;
      if (answer === 'offer') {
        v[A.creditOfferMessage] = 'Offer available';
        v[A.creditOfferStatus] = creditStatus(r);
        v[A.creditOfferValue] = creditValue(r);
      } else if (answer === 'no-offer') {
        v[A.creditOfferMessage] = 'No offer';
        v[A.creditOfferStatus] = 'ineligible';
        v[A.creditOfferValue] = 0;
      }
    }
    if (!r.chance(c.modemReplacementOffer.failed))
      v[A.modemReplacementEligible] = r.chance(c.modemReplacementOffer.eligible);
    if (!r.chance(c.paperCharge.failed)) v[A.paperChargeApplies] = r.chance(c.paperCharge.applies);
    const modem = modemStatus(r);
    v[A.modemInfoStatus] = modem;
    if (modem === 'ok') {
      v[A.modemConnected] = r.chance(c.modemInfo.connected);
      v[A.ownModem] = r.chance(c.modemInfo.ownModem);
      v[A.thirdPartyModem] = r.chance(c.modemInfo.thirdPartyModem);
    }
    v[A.tokenSecondsRemaining] = tokenSeconds(r);

    session(v, r, prepaid, failed, pending);

    const orders: FactVector[] = [];
    // The pending order, when the history lists it, is its first order (the same order number).
    if (pending && v[A.pendingOrderStatus] !== 'INACTIVE' && r.chance(d.orders.pendingOrderListed)) {
      const o = ORDER.slice();
      const st = v[A.pendingOrderStatus] as string;
      o[O.orderStatus] = st;
      o[O.orderActivity] = v[A.pendingOrderActivity];
      o[O.hoursSinceOrderClosed] = closed.has(st) ? hoursSinceClosed(r) : null;
      o[O.orderJobStatus] = v[A.pendingOrderJobStatus];
      o[O.isPendingOrder] = true;
      orders.push(o);
    }
    const count = orderCount(r) ?? 0;
    for (let i = 0; i < count; i++) {
      const st = historyStatus(r);
      const activity = historyActivity(r);
      // The history does not list INACTIVE orders (historyOrders).
      if (st === 'INACTIVE') continue;
      const o = ORDER.slice();
      o[O.orderStatus] = st;
      o[O.orderActivity] = activity;
      o[O.hoursSinceOrderClosed] = closed.has(st) ? hoursSinceClosed(r) : null;
      o[O.orderJobStatus] = orderJobStatus(r);
      orders.push(o);
    }
    return { facts: v, orders, tickets };
  }

  /**
   * The UI state; the payment successes happen only to prepaid accounts whose payment failed, a cancelled
   * order only to accounts with a pending order (cancelling it disables Cancel Order).
   */
  function session(v: unknown[], r: Random, prepaid: boolean, failed: boolean, pending: boolean): void {
    v[A.orderHistoryOpen] = r.chance(s.orderHistoryOpen);
    v[A.altnumshowDismissed] = r.chance(s.altnumshowDismissed);
    v[A.altNumberDeclined] = r.chance(s.altNumberDeclined);
    v[A.emailvalidshowDismissed] = r.chance(s.emailvalidshowDismissed);
    const paying = prepaid && failed;
    v[A.retryPaymentSuccess] = paying && r.chance(s.retryPaymentSuccess);
    v[A.wgPaymentSuccess] = paying && r.chance(s.wgPaymentSuccess);
    v[A.pendingOrderAlertClosed] = r.chance(s.pendingOrderAlertClosed);
    v[A.prepaidCardAlertClosed] = r.chance(s.prepaidCardAlertClosed);
    v[A.modemReplacementAnswered] = r.chance(s.modemReplacementAnswered);
    v[A.creditOfferAnswered] = r.chance(s.creditOfferAnswered);
    const cancelled = pending && r.chance(s.orderCancelled);
    v[A.orderCancelled] = cancelled;
    v[A.cancelOrderDisabled] = cancelled;
  }

  return account;
}

/** A fact vector as a plain object (for display and export). */
export function factsObject(
  facts: FactVector,
  layout: readonly string[] = ACCOUNT_LAYOUT,
): Record<string, unknown> {
  return Object.fromEntries(layout.map((name, i) => [name, facts[i]]));
}
