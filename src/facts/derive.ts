import type { MyServices, Profile, RepairTickets } from '../generated/types';
import { dateAtTime, daysBetween, hoursBetween, parseCardExpiry, parseDate } from './dates';
import { alertTickets } from './history';
import type { AccountSnapshot } from './snapshot';
import type { AccountFacts } from './vocabulary';

/** Spec: customer type is RES for accountType I, CX, H and SMB for B, CXSB. */
export function customerTypeOf(accountType: string | null | undefined): 'RES' | 'SMB' | null {
  const t = accountType?.trim().toUpperCase();
  if (t === 'I' || t === 'CX' || t === 'H') return 'RES';
  if (t === 'B' || t === 'CXSB') return 'SMB';
  return null;
}

/** Spec: prefix PPB means prepaid. */
export function isPrepaidAccount(accountNumber: string | null | undefined): boolean {
  return (accountNumber ?? '').toUpperCase().startsWith('PPB');
}

/** Spec: account number length 9 means BAN, 11 BAID, 13 CRIS; prefix PPB means prepaid. */
export function accountNumberKindOf(
  accountNumber: string | null | undefined,
): 'PPB' | 'BAN' | 'BAID' | 'CRIS' | null {
  if (!accountNumber) return null;
  if (isPrepaidAccount(accountNumber)) return 'PPB';
  switch (accountNumber.length) {
    case 9:
      return 'BAN';
    case 11:
      return 'BAID';
    case 13:
      return 'CRIS';
    default:
      return null;
  }
}

/** The outage call's identifierType: BAN for 9 characters, BAID for 11 (prepaid PPB numbers too), else BTNCC. */
export function outageIdentifierTypeOf(accountNumber: string): 'BAN' | 'BAID' | 'BTNCC' {
  if (accountNumber.length === 9) return 'BAN';
  if (accountNumber.length === 11) return 'BAID';
  return 'BTNCC';
}

/** Spec, Prepaid: 'Prepaid suspended: PPB prefix with status SUSPENDED.' A classification, no threshold. */
export function isPrepaidSuspended(
  profile: Pick<Profile, 'currentlyManagedAccount' | 'accountStatus'> | null,
): boolean {
  return (
    !!profile &&
    isPrepaidAccount(profile.currentlyManagedAccount) &&
    profile.accountStatus.toUpperCase() === 'SUSPENDED'
  );
}

/**
 * Spec, in this order: a 13-character account number gives CRIS; a 9-character one not on the newer
 * billing system gives ENSEMBLE; the newer billing system (c2e) gives BM- plus the territory; otherwise
 * territory LC gives ENSEMBLE and LQ gives CRIS.
 */
export function billingEntityOf(
  accountNumber: string | null | undefined,
  c2e: boolean | null | undefined,
  territory: string | null | undefined,
): string | null {
  const length = accountNumber?.length ?? 0;
  if (length === 13) return 'CRIS';
  if (length === 9 && !c2e) return 'ENSEMBLE';
  if (c2e) return `BM-${territory ?? ''}`;
  if (territory === 'LC') return 'ENSEMBLE';
  if (territory === 'LQ') return 'CRIS';
  return null;
}

/** Spec: territory LC is displayed as L-CTL and LQ as L-Q. */
export function territoryDisplayOf(territory: string | null | undefined): string | null {
  if (territory === 'LC') return 'L-CTL';
  if (territory === 'LQ') return 'L-Q';
  return territory ?? null;
}

/**
 * Spec, validation rules: local part of letters, digits and . _ % + -, then @, domain, dot and at least
 * 2 letters.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function emailMatchesPattern(email: string | null | undefined): boolean {
  return !!email && EMAIL_PATTERN.test(email.trim());
}

/**
 * Spec: a number counts as expired when its altTnExpirationDate is in the past (a day before today's; on its
 * expiry day it still counts). The first such number, which the re-verify alert names; undefined when none.
 */
export function expiredAltNumber(profile: Profile | undefined, today: Date) {
  return (profile?.altTelephoneNumbers ?? []).find((alt) => {
    const expiry = parseDate(alt.altTnExpirationDate);
    return expiry !== null && daysBetween(today, expiry) < 0;
  });
}

export function hasExpiredAltNumber(profile: Profile | undefined, today: Date): boolean {
  return expiredAltNumber(profile, today) !== undefined;
}

function upper(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t.toUpperCase() : null;
}

function lower(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t.toLowerCase() : null;
}

function nonEmpty(value: string | null | undefined): boolean {
  return !!value && value.trim().length > 0;
}

function daysSince(value: string | null | undefined, today: Date): number | null {
  const d = parseDate(value);
  return d ? daysBetween(d, today) : null;
}

/** Days until a date, from days since it (null stays null; no -0). */
function negate(days: number | null): number | null {
  return days === null ? null : 0 - days;
}

/**
 * Days since the late payment (the spec's 'late-payment date'): the failed payment's date when a payment
 * failed; otherwise the bill due date, but only while something is still owed (a paid bill is no late
 * payment). Whether that makes it late, or 'in the period', is for rules/payment.json to say.
 */
function daysSinceLatePayment(p: Profile | undefined, today: Date): number | null {
  const failed = daysSince(p?.failedPaymentDate, today);
  if (failed !== null) return failed;
  const owed = typeof p?.currentAmountDue === 'number' && p.currentAmountDue > 0;
  return owed ? daysSince(p.billDueDate, today) : null;
}

/** A full address: its first line, city, state code and zip are all present. */
function addressComplete(
  address: { addressLine1?: string; city?: string; stateCode?: string; zip?: string } | undefined,
): boolean {
  return (
    nonEmpty(address?.addressLine1) &&
    nonEmpty(address?.city) &&
    nonEmpty(address?.stateCode) &&
    nonEmpty(address?.zip)
  );
}

/** The early-access order: the spec nests an object of the same name inside; its fields win. */
export function pendingOrderOf(profile: Profile | undefined) {
  const outer = profile?.earlyAccessProductOrderResponse;
  if (!outer) return null;
  const inner = outer.earlyAccessProductOrderResponse;
  return { ...outer, ...inner };
}

/** The account's order, as the history's inline message names it: the pending order's, else the profile's. */
export function accountOrderNumber(profile: Profile | undefined): string | undefined {
  return pendingOrderOf(profile)?.orderNumber ?? profile?.orderNumber ?? undefined;
}

/** techInstall 0, '0', 'false' or false means a self-install; 1, '1', 'true' or true a technician. */
export function isTechInstall(value: number | string | boolean | null | undefined): boolean | null {
  if (value === undefined || value === null || value === '') return null;
  const t = String(value).trim().toLowerCase();
  if (t === '0' || t === 'false') return false;
  if (t === '1' || t === 'true') return true;
  return null;
}

const NO_SERVICES = {
  hsiOwned: null,
  productCount: null,
  disconnectFlowAvailable: null,
  changeDueDateFlowAvailable: null,
  hasPendingOrder: null,
  pointOfNoReturnPassed: null,
  hasEbbpDiscount: null,
  hasAcpDiscount: null,
} as const;

/**
 * The special considerations of a services answer (EBBP, ACP_DISCOUNT ...): Blue Marble lists them in
 * dioProductEligibility, the other billing systems beside servicesAndOffersResponse; both count.
 */
export function specialConsiderationsOf(services: MyServices | undefined): string[] {
  if (!services) return [];
  const lists = [services.dioProductEligibility?.specialConsiderations, services.specialConsiderations];
  return lists.flatMap((l) => (Array.isArray(l) ? l : [])).map((c) => String(c).trim().toUpperCase());
}

function servicesFacts(services: MyServices | undefined) {
  if (!services || services.statusInfo.status.toUpperCase() === 'FAILURE') return NO_SERVICES;
  const considerations = specialConsiderationsOf(services);
  const discounts = {
    hasEbbpDiscount: considerations.includes('EBBP'),
    hasAcpDiscount: considerations.includes('ACP_DISCOUNT'),
  };
  const dio = services.dioProductEligibility;
  if (dio) {
    return {
      ...discounts,
      hsiOwned: dio.hasHsi,
      productCount: [dio.hasHsi, dio.hasPhone, dio.hasDtv].filter(Boolean).length,
      disconnectFlowAvailable: (dio.ecFlowsAvailable ?? []).includes('DISCONNECT'),
      changeDueDateFlowAvailable: (dio.ecFlowsAvailable ?? []).includes('CHANGE_DUE_DATE'),
      hasPendingOrder: dio.hasPendingOrder ?? false,
      pointOfNoReturnPassed: dio.ponrStatus ?? false,
    };
  }
  const other = services.servicesAndOffersResponse;
  if (!other) return NO_SERVICES;
  // Other billing systems send ownership as the strings 'true' / 'false'.
  const owned = (p: { isOwned?: string } | undefined) => p?.isOwned?.toLowerCase() === 'true';
  const hsi = owned(other.internet);
  return {
    ...discounts,
    hsiOwned: hsi,
    productCount: [hsi, owned(other.phone), owned(other.directv)].filter(Boolean).length,
    disconnectFlowAvailable: false,
    changeDueDateFlowAvailable: false,
    hasPendingOrder: null,
    pointOfNoReturnPassed: null,
  };
}

/**
 * A 'number unit' speed of the other billing systems ('100 Mbps', '1 Gbps', '512 kbps') in kbps; null when
 * it is not one.
 */
export function kbpsFromText(text: string | null | undefined): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(k|m|g)?(?:bps|b\/s|ig)?\s*$/i.exec(text ?? '');
  if (!m) return null;
  const value = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase();
  const kbps = unit === 'g' ? value * 1_000_000 : unit === 'k' ? value : value * 1000;
  return Number.isFinite(kbps) ? kbps : null;
}

/** A speed a rule can compare: a finite number of kbps, 0 or more. */
const speedOrNull = (kbps: number | null | undefined): number | null =>
  typeof kbps === 'number' && Number.isFinite(kbps) && kbps >= 0 ? kbps : null;

const NO_INTERNET_PLAN = {
  ownedSpeedKbps: null,
  availableSpeedKbps: null,
  speedHeadroomKbps: null,
  upgradeFlowAvailable: null,
  changeModemFlowAvailable: null,
  fiberUpgradeQualified: null,
  canVacationRestore: null,
} as const;

/** The internet plan's speeds and the upgrade flows the services answer offers (home spec §3, §4). */
export function internetPlanFacts(services: MyServices | undefined) {
  if (!services || services.statusInfo.status.toUpperCase() === 'FAILURE') return NO_INTERNET_PLAN;
  const dio = services.dioProductEligibility;
  const internet = services.servicesAndOffersResponse?.internet;
  const owned = speedOrNull(dio ? dio.ownedHsiSpeedInKbps : kbpsFromText(internet?.downloadSpeed));
  const available = speedOrNull(
    dio ? dio.availableHsiSpeedInKbps : kbpsFromText(internet?.maxSpeedHSIAvailable),
  );
  const flows = dio?.ecFlowsAvailable ?? [];
  return {
    ownedSpeedKbps: owned,
    availableSpeedKbps: available,
    speedHeadroomKbps: owned !== null && available !== null ? available - owned : null,
    upgradeFlowAvailable: dio ? flows.includes('UPGRADE') : false,
    changeModemFlowAvailable: dio ? flows.includes('CHANGE_MODEM') : false,
    fiberUpgradeQualified: dio ? dio.biwfQualified === true : false,
    canVacationRestore: dio ? dio.canVacationRestore === true : null,
  };
}

/** Today as the number YYYYMMDD, to compare with a date constant. */
export function dateNumber(d: Date): number {
  return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate();
}

/** Spec: tickets with status CAN or CLD, or with no completion date, are skipped. */
export function openRepairTickets(tickets: RepairTickets | undefined): number | null {
  if (!tickets) return null;
  return alertTickets(tickets).length;
}

function ok<T>(c: { status: string; data?: T } | undefined): T | undefined {
  return c?.status === 'ok' ? c.data : undefined;
}

/**
 * Derives the account facts from a snapshot and the current instant. Pure: the clock comes in as `today`
 * (a Date with the time of day; day counts use its calendar day).
 */
export function deriveFacts(snapshot: AccountSnapshot, { today }: { today: Date }): AccountFacts {
  const p = snapshot.profile.status === 'ok' ? snapshot.profile.data : undefined;
  const account = p?.currentlyManagedAccount ?? null;
  const order = pendingOrderOf(p);
  const outage = ok(snapshot.outage);
  const wg = snapshot.wgStatus;
  const wgData = ok(wg);
  const offer = ok(snapshot.creditOffer);
  const rate = ok(snapshot.rateIncrease);
  const cardExpiry = parseCardExpiry(p?.creditCardExpiryDate);
  const conversionDate = parseDate(p?.conversionInfo?.conversionDate);
  const repairAt = parseDate(outage?.estRepairTime?.dateTime ?? null);
  const apptDay = parseDate(order?.apptDate);
  const token = snapshot.adaptToken;
  const modem = ok(snapshot.modemInfo);
  const tokenObtained = token ? parseDate(token.obtainedAt) : null;

  return {
    profileStatus: snapshot.profile.status,

    accountNumberLength: account ? account.length : null,
    accountNumberKind: accountNumberKindOf(account),
    isPrepaid: isPrepaidAccount(account),
    isBlueMarble: p?.c2e === true,
    billingEntity: p ? billingEntityOf(account, p.c2e, p.territory) : null,
    territory: p?.territory ?? null,
    territoryDisplay: territoryDisplayOf(p?.territory),
    billingSource: p?.billingSource ?? null,

    accountStatus: upper(p?.accountStatus),
    accountLifeCycle: p?.accountLifeCycle ?? null,
    accountType: p?.accountType ?? null,
    customerType: customerTypeOf(p?.accountType),
    companyIdentifier: p?.companyIdentifier ?? null,
    isSecondProviderCustomer: p?.companyIdentifier === '4',

    blockedAccount: p?.blockedAccount ?? false,
    embargo: p?.embargo ?? null,
    bgsAccount: p?.bgsaccount ?? false,
    fedAccount: p?.fedaccount ?? false,
    isVacationSuspend: p?.isVacationSuspend ?? false,
    allowPagesAccess: p?.allowPagesAccess ?? null,
    canBeCancelled: p?.canBeCancelled ?? null,
    autoPay: p ? p.autoPay === true : null,
    paperless: p ? p.paperlessBilling === true : null,
    hasPaymentArrangement: p ? p.hasPaymentArrangement === true : null,
    eligibleForPaymentArrangement: p ? p.eligibleForPaymentArrangement === true : null,
    showModemMigrationAlert: p?.showModemMigrationAlert ?? false,

    accountTenure: p?.accountTenure ?? null,
    amountDue: p?.currentAmountDue ?? null,
    nextPaymentAmount: p?.nextPaymentAmount ?? null,
    daysPastDueDate: daysSince(p?.billDueDate, today),
    daysSinceFailedPayment: daysSince(p?.failedPaymentDate, today),
    daysSinceLatePayment: daysSinceLatePayment(p, today),
    daysUntilPaymentProcessing: negate(daysSince(p?.nextBillProcessedDate, today)),
    daysToCardExpiry: cardExpiry ? daysBetween(today, cardExpiry) : null,
    cardTypePresent: nonEmpty(p?.creditCardType),
    creditCardType: upper(p?.creditCardType),

    conversionStatus: lower(p?.conversionInfo?.conversionStatus),
    daysSinceConversion: conversionDate ? daysBetween(conversionDate, today) : null,

    hasContactNumber: (p?.altTelephoneNumbers ?? []).length > 0,
    hasExpiredAltNumber: hasExpiredAltNumber(p, today),
    emailPresent: nonEmpty(p?.emailAddress),
    emailValid: emailMatchesPattern(p?.emailAddress),
    emailAddressValid: p?.emailAddressValid ?? null,
    firstNamePresent: nonEmpty(p?.firstName),
    lastNamePresent: nonEmpty(p?.lastName),
    serviceAddressComplete: addressComplete(p?.serviceAddress),

    isJanuaryFirst: today.getMonth() === 0 && today.getDate() === 1,

    pendingOrderStatus: upper(order?.orderStatus),
    pendingOrderActivity: upper(order?.orderActivityType),
    pendingOrderTechInstall: order ? isTechInstall(order.techInstall) : null,
    hoursUntilAppointment: apptDay ? hoursBetween(today, dateAtTime(apptDay, order?.apptStartTime)) : null,
    pendingOrderJobStatus: upper(order?.jobStatus),
    pendingOrderTrackingNumberPresent: order ? nonEmpty(order.cpeShipmentsTrackingNumber) : null,
    pendingOrderDetailsStatus: upper(order?.statusInfo?.status),

    currentOutage: outage?.currentOutage ?? null,
    outageHangover: outage?.outageHangover ?? null,
    outageEtaKnown: outage ? repairAt !== null : null,
    hoursUntilRepair: repairAt ? hoursBetween(today, repairAt) : null,
    modemConnected: ok(snapshot.modemInfo)?.isConnected ?? null,

    wgCallStatus: wg?.status ?? 'not-called',
    wgServerStatus: wgData?.status ?? null,
    wgIsSoft: wgData?.response.isSoftWG ?? null,
    wgStatus: upper(wgData?.response.wgstatus),

    creditOfferResponseStatus: offer?.status ?? null,
    creditOfferMessage: offer?.message ?? null,
    creditOfferStatus: lower(offer?.offerStatus),
    creditOfferValue: offer?.value ?? null,

    modemReplacementEligible: ok(snapshot.modemReplacementOffer)?.eligible ?? null,
    paperChargeApplies: ok(snapshot.paperCharge)?.paperBillChargeApplies ?? null,

    servicesStatus: snapshot.services?.status ?? 'not-called',
    ...servicesFacts(ok(snapshot.services)),
    rateChangeCount:
      rate && rate.statusInfo.status.toUpperCase() === 'SUCCESS' ? rate.rateChangeNotification.length : null,
    openRepairTicketCount: openRepairTickets(ok(snapshot.repairTickets)),
    tokenSecondsRemaining:
      token && tokenObtained
        ? Math.floor(token.expiresIn - (today.getTime() - tokenObtained.getTime()) / 1000)
        : null,

    orderHistoryOpen: snapshot.ui.orderHistoryOpen,
    altnumshowDismissed: snapshot.ui.altnumshowDismissed,
    // Declined in this page's life, or earlier: the back end keeps the answer on the profile (a reload shows it).
    altNumberDeclined: snapshot.ui.altNumberDeclined || p?.altTnDeclined === true,
    emailvalidshowDismissed: snapshot.ui.emailvalidshowDismissed,
    retryPaymentSuccess: snapshot.ui.retryPaymentSuccess,
    wgPaymentSuccess: snapshot.ui.wgPaymentSuccess,
    pendingOrderAlertClosed: snapshot.ui.pendingOrderAlertClosed,
    cancelOrderDisabled: snapshot.ui.cancelOrderDisabled,
    orderCancelled: snapshot.ui.orderCancelled,
    prepaidCardAlertClosed: snapshot.ui.prepaidCardAlertClosed,
    modemReplacementAnswered: snapshot.ui.modemReplacementAnswered,
    creditOfferAnswered: snapshot.ui.creditOfferAnswered,

    ...internetPlanFacts(ok(snapshot.services)),
    ownModem: modem ? modem.modemInfo[0]?.byom === true : null,
    thirdPartyModem: modem ? modem.modemInfo[0]?.thirdPartyModem === true : null,
    modemInfoStatus: snapshot.modemInfo?.status ?? 'not-called',
    todayDate: dateNumber(today),
  };
}
