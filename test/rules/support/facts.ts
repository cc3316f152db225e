/**
 * Fact factory for decision tables (in the manner of json-rules-engine's test/support/rule-factory.js):
 * a plain, ACTIVE, residential postpaid account on the Ensemble billing system with nothing to alert about;
 * each row overrides only the facts its spec sentence is about.
 */
import { loadRulesDir } from '../../../scripts/rules-lib';
import { createRuntime, type Runtime } from '../../../src/engine/runtime';
import type { HomeDecisions } from '../../../src/engine/types';
import type { AccountFacts, OrderFacts } from '../../../src/facts/vocabulary';

export const plainAccount: AccountFacts = {
  profileStatus: 'ok',
  accountNumberLength: 9,
  accountNumberKind: 'BAN',
  isPrepaid: false,
  isBlueMarble: false,
  billingEntity: 'ENSEMBLE',
  territory: 'LC',
  territoryDisplay: 'L-CTL',
  billingSource: 'ENSEMBLE',
  accountStatus: 'ACTIVE',
  accountLifeCycle: 'Active',
  accountType: 'I',
  customerType: 'RES',
  companyIdentifier: '1',
  isSecondProviderCustomer: false,
  blockedAccount: false,
  embargo: 0,
  bgsAccount: false,
  fedAccount: false,
  isVacationSuspend: false,
  autoPay: true,
  paperless: true,
  hasPaymentArrangement: false,
  eligibleForPaymentArrangement: false,
  showModemMigrationAlert: false,
  accountTenure: 36,
  amountDue: 0,
  nextPaymentAmount: 75,
  daysPastDueDate: -14,
  daysSinceFailedPayment: null,
  daysToCardExpiry: 700,
  cardTypePresent: true,
  creditCardType: 'VISA',
  conversionStatus: null,
  daysSinceConversion: null,
  hasContactNumber: true,
  hasExpiredAltNumber: false,
  emailPresent: true,
  emailValid: true,
  emailAddressValid: true,
  firstNamePresent: true,
  lastNamePresent: true,
  serviceAddressComplete: true,
  isJanuaryFirst: false,
  pendingOrderStatus: null,
  pendingOrderActivity: null,
  pendingOrderTechInstall: null,
  hoursUntilAppointment: null,
  currentOutage: false,
  outageHangover: false,
  outageEtaKnown: false,
  hoursUntilRepair: null,
  modemConnected: true,
  wgCallStatus: 'not-called',
  wgServerStatus: null,
  wgIsSoft: null,
  wgStatus: null,
  creditOfferResponseStatus: 200,
  creditOfferMessage: 'No offer',
  creditOfferStatus: 'ineligible',
  creditOfferValue: 0,
  modemReplacementEligible: false,
  paperChargeApplies: null,
  servicesStatus: 'ok',
  hsiOwned: true,
  productCount: 2,
  disconnectFlowAvailable: false,
  rateChangeCount: 0,
  openRepairTicketCount: 0,
  tokenSecondsRemaining: null,
  orderHistoryOpen: false,
  altnumshowDismissed: false,
  altNumberDeclined: false,
  emailvalidshowDismissed: false,
  retryPaymentSuccess: false,
  wgPaymentSuccess: false,
  pendingOrderAlertClosed: false,
  prepaidCardAlertClosed: false,
  modemReplacementAnswered: false,
  creditOfferAnswered: false,
};

export const account = (overrides: Partial<AccountFacts> = {}): AccountFacts => ({
  ...plainAccount,
  ...overrides,
});

export const order = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  orderStatus: 'IN PROGRESS',
  orderActivity: 'INSTALL',
  hoursSinceOrderClosed: null,
  ...overrides,
});

let runtime: Runtime | undefined;

/** The runtime on the committed rules/ (built once: the engines are reused across decisions). */
export function rulesRuntime(): Runtime {
  runtime ??= createRuntime(loadRulesDir());
  return runtime;
}

export async function decide(overrides: Partial<AccountFacts> = {}): Promise<HomeDecisions> {
  return (await rulesRuntime().decide(account(overrides))).decisions;
}

export const sectionIds = (d: HomeDecisions): string[] => d.sections.map((s) => s.section);
