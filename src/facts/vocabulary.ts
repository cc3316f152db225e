/**
 * The fact vocabulary: every name a rule may test, with its type and a one-line description. This is the
 * one place the vocabulary is written down; schemas/ruleset.schema.json and the table in rules/README.md
 * are generated from it (scripts/rules-schema.ts) and tests check they have not drifted.
 *
 * Facts measure and classify as the spec defines (days since the failed payment, customerType); they never
 * hold a verdict with a threshold in it (payment late, card almost expired): that comparison is a rule.
 * Any fact may be null when the data it comes from is not loaded or absent; comparisons with null never hold
 * (json-rules-engine's number operators reject non-numbers), so a rule does not fire on missing data.
 */
// The toggle and constant names live on their own (./names) so the rule runtime in the first load uses them
// without this table of descriptions, which only the analysts' tools need.
import { CONSTANT_NAMES, TOGGLE_NAMES } from './names';

export { CONSTANT_NAMES, TOGGLE_NAMES, type ConstantName, type ToggleName } from './names';

export type FactType = 'number' | 'string' | 'boolean';

/** Where a fact comes from: derived from loaded data, the UI's own state, or an earlier decision. */
export type FactSource = 'data' | 'ui' | 'decision';

export interface FactDefinition {
  readonly name: string;
  readonly type: FactType;
  readonly description: string;
  readonly source: FactSource;
  /** Known values of a string or number fact (for docs, and for "did you mean" on a misspelt value). */
  readonly values?: readonly (string | number)[];
  /** True when `values` is the complete list: a rule comparing with any other value is an error. */
  readonly closed?: boolean;
}

const ACCOUNT_STATUSES = [
  'ACTIVE',
  'LIVE',
  'INACTIVE',
  'SUSP',
  'SUSPENDED',
  'S',
  'FINAL',
  'ARCHIVED',
  'DISCONNECTED',
];
const ORDER_STATUSES = [
  'PENDING',
  'IN PROGRESS',
  'OPEN',
  'COMPLETED',
  'CANCELLED',
  'CANCELED',
  'CANCEL',
  'CAN',
  'CLOSED',
  'INACTIVE',
];
const CALL_STATUSES = ['not-called', 'pending', 'ok', 'failed'];

/** Facts about the signed-in account, derived by deriveFacts() from the loaded data and the UI state. */
export const ACCOUNT_FACTS = [
  // Profile load
  {
    name: 'profileStatus',
    type: 'string',
    source: 'data',
    values: ['pending', 'ok', 'failure', '223', '222'],
    closed: true,
    description:
      "State of the profile (early-init) call: 'failure' when statusCode is -7 or accountLifeCycle is missing, '223' when no account is linked, '222' for a redirect.",
  },
  // Account number and billing system
  {
    name: 'accountNumberLength',
    type: 'number',
    source: 'data',
    values: [9, 11, 13],
    description:
      'Number of characters of the account number (currentlyManagedAccount): 9 BAN, 11 BAID, 13 CRIS.',
  },
  {
    name: 'accountNumberKind',
    type: 'string',
    source: 'data',
    values: ['PPB', 'BAN', 'BAID', 'CRIS'],
    closed: true,
    description:
      "Kind of account number: 'PPB' (prefix PPB, prepaid), else by length 'BAN' (9), 'BAID' (11), 'CRIS' (13); null for any other.",
  },
  { name: 'isPrepaid', type: 'boolean', source: 'data', description: 'The account number starts with PPB.' },
  {
    name: 'isBlueMarble',
    type: 'boolean',
    source: 'data',
    description: 'On the newer billing system (profile flag c2e); its billing entity starts with BM.',
  },
  {
    name: 'billingEntity',
    type: 'string',
    source: 'data',
    values: ['CRIS', 'ENSEMBLE', 'BM-LC', 'BM-LQ'],
    description:
      "13-character account: CRIS; 9-character not on c2e: ENSEMBLE; c2e: 'BM-' plus the territory; otherwise territory LC: ENSEMBLE, LQ: CRIS.",
  },
  {
    name: 'territory',
    type: 'string',
    source: 'data',
    values: ['LC', 'LQ'],
    description: 'Territory code, LC or LQ.',
  },
  {
    name: 'territoryDisplay',
    type: 'string',
    source: 'data',
    values: ['L-CTL', 'L-Q'],
    description: 'Territory as displayed: LC is L-CTL, LQ is L-Q.',
  },
  {
    name: 'billingSource',
    type: 'string',
    source: 'data',
    description: 'Billing source as the profile gives it (used with legacyMarket by the outage call).',
  },
  // Status and life cycle
  {
    name: 'accountStatus',
    type: 'string',
    source: 'data',
    values: ACCOUNT_STATUSES,
    description:
      'Account status, upper-cased: ACTIVE, LIVE, INACTIVE, SUSP, SUSPENDED, S, FINAL, ARCHIVED, DISCONNECTED.',
  },
  {
    name: 'accountLifeCycle',
    type: 'string',
    source: 'data',
    values: ['Active', 'Early Life'],
    description: "Account life cycle: 'Active' or 'Early Life' (service not yet live).",
  },
  {
    name: 'accountType',
    type: 'string',
    source: 'data',
    values: ['I', 'CX', 'H', 'B', 'CXSB', 'Postpaid'],
    description:
      'Account type as the profile gives it: I, CX, H (residential), B, CXSB (small business), Postpaid.',
  },
  {
    name: 'customerType',
    type: 'string',
    source: 'data',
    values: ['RES', 'SMB'],
    closed: true,
    description: 'RES for accountType I, CX, H; SMB for B, CXSB; null otherwise.',
  },
  {
    name: 'companyIdentifier',
    type: 'string',
    source: 'data',
    values: ['1', '4'],
    description: "Account owner: '1' the default owner, '4' a customer of the second provider.",
  },
  {
    name: 'isSecondProviderCustomer',
    type: 'boolean',
    source: 'data',
    description: "companyIdentifier is '4' (false when the profile failed to load).",
  },
  // Account flags
  { name: 'blockedAccount', type: 'boolean', source: 'data', description: 'Profile flag blockedAccount.' },
  {
    name: 'embargo',
    type: 'number',
    source: 'data',
    values: [0, 1],
    description: 'Profile flag embargo (1 during a planned maintenance embargo).',
  },
  {
    name: 'bgsAccount',
    type: 'boolean',
    source: 'data',
    description: 'Business-government account (profile bgsaccount).',
  },
  {
    name: 'fedAccount',
    type: 'boolean',
    source: 'data',
    description: 'Federal account (profile fedaccount).',
  },
  {
    name: 'allowPagesAccess',
    type: 'boolean',
    source: 'data',
    description:
      'Profile flag allowPagesAccess (shell spec §5: pages are gated by it); null when the profile does not say.',
  },
  {
    name: 'canBeCancelled',
    type: 'boolean',
    source: 'data',
    description:
      'Profile flag canBeCancelled, the cancel-eligibility flag (shell spec §5); null when the profile does not say.',
  },
  {
    name: 'isVacationSuspend',
    type: 'boolean',
    source: 'data',
    description: 'The account is on vacation service (profile isVacationSuspend).',
  },
  { name: 'autoPay', type: 'boolean', source: 'data', description: 'AutoPay is on.' },
  {
    name: 'paperless',
    type: 'boolean',
    source: 'data',
    description: 'Paperless billing is on (profile paperlessBilling).',
  },
  {
    name: 'hasPaymentArrangement',
    type: 'boolean',
    source: 'data',
    description: 'A payment arrangement (plan) exists.',
  },
  {
    name: 'eligibleForPaymentArrangement',
    type: 'boolean',
    source: 'data',
    description: 'The account may set up a payment arrangement.',
  },
  {
    name: 'showModemMigrationAlert',
    type: 'boolean',
    source: 'data',
    description: 'Profile flag for the modem migration (premium WiFi) alert.',
  },
  // Billing and payment
  {
    name: 'accountTenure',
    type: 'number',
    source: 'data',
    description: 'Account tenure as the profile gives it (number of bills so far).',
  },
  {
    name: 'amountDue',
    type: 'number',
    source: 'data',
    description: 'Current amount due in dollars (currentAmountDue).',
  },
  {
    name: 'nextPaymentAmount',
    type: 'number',
    source: 'data',
    description: 'Next payment amount in dollars (prepaid NEXT PAYMENT).',
  },
  {
    name: 'daysPastDueDate',
    type: 'number',
    source: 'data',
    description:
      'Days from the bill due date to today: 0 on the due date, 2 two days after it, negative before it.',
  },
  {
    name: 'daysSinceFailedPayment',
    type: 'number',
    source: 'data',
    description: 'Days from the last failed payment date to today (0 on the day it failed); null when none.',
  },
  {
    name: 'daysSinceLatePayment',
    type: 'number',
    source: 'data',
    description:
      "Days from the late payment's date to today (0 on the day, negative before it): the last failed payment's date when there is one, otherwise the bill due date while an amount is due; null when there is neither (nothing is owed and no payment failed).",
  },
  {
    name: 'daysUntilPaymentProcessing',
    type: 'number',
    source: 'data',
    description:
      'Days from today to the date the next payment is processed (nextBillProcessedDate): 0 on the day, negative once it is past; null when there is none.',
  },
  {
    name: 'daysToCardExpiry',
    type: 'number',
    source: 'data',
    description:
      "Days from the start of today to the card's expiry date: negative when it is before today (expired), 0 on the day.",
  },
  {
    name: 'cardTypePresent',
    type: 'boolean',
    source: 'data',
    description: 'A payment card type (creditCardType) is on the account.',
  },
  {
    name: 'creditCardType',
    type: 'string',
    source: 'data',
    values: ['PAYPAL', 'ACH', 'ACCOUNT', 'CARD'],
    description: 'Payment method type, upper-cased: PAYPAL, ACH, ACCOUNT or a card brand.',
  },
  // Conversion (account change)
  {
    name: 'conversionStatus',
    type: 'string',
    source: 'data',
    values: ['c', 'o'],
    description: 'Conversion status, lower-cased (c or o mean the account was converted).',
  },
  {
    name: 'daysSinceConversion',
    type: 'number',
    source: 'data',
    description: 'Days from the conversion date to today (0 on the day); null when there is none.',
  },
  // Contact details
  {
    name: 'hasContactNumber',
    type: 'boolean',
    source: 'data',
    description: 'At least one alternate contact number is on the account.',
  },
  {
    name: 'hasExpiredAltNumber',
    type: 'boolean',
    source: 'data',
    description: 'An alternate number has an altTnExpirationDate in the past (outdated contact number).',
  },
  {
    name: 'emailPresent',
    type: 'boolean',
    source: 'data',
    description: 'An official account email address is on record.',
  },
  {
    name: 'emailValid',
    type: 'boolean',
    source: 'data',
    description:
      'The email address matches the spec pattern (letters, digits and . _ % + -, then @, domain, dot, 2+ letters).',
  },
  {
    name: 'emailAddressValid',
    type: 'boolean',
    source: 'data',
    description: 'Profile flag emailAddressValid (the provider has validated the address); null when absent.',
  },
  // Customer name and service address (presence)
  {
    name: 'firstNamePresent',
    type: 'boolean',
    source: 'data',
    description: "The customer's first name (firstName) is on the profile.",
  },
  {
    name: 'lastNamePresent',
    type: 'boolean',
    source: 'data',
    description: "The customer's last name (lastName) is on the profile.",
  },
  {
    name: 'serviceAddressComplete',
    type: 'boolean',
    source: 'data',
    description:
      'A full service address is on the profile: addressLine1, city, stateCode and zip all present.',
  },
  // Calendar
  { name: 'isJanuaryFirst', type: 'boolean', source: 'data', description: 'Today is January 1.' },
  // Pending (early-access) order
  {
    name: 'pendingOrderStatus',
    type: 'string',
    source: 'data',
    values: ORDER_STATUSES,
    description: 'Status of the early-access (pending) order, upper-cased; null when there is no order.',
  },
  {
    name: 'pendingOrderActivity',
    type: 'string',
    source: 'data',
    values: ['DISCONNECT', 'INSTALL', 'CHANGE', 'UNKNOWN'],
    description: 'Activity type of the early-access order, upper-cased (DISCONNECT for a disconnect order).',
  },
  {
    name: 'pendingOrderTechInstall',
    type: 'boolean',
    source: 'data',
    description:
      'The early-access order has a technician install (techInstall not 0/false); false for self-install.',
  },
  {
    name: 'hoursUntilAppointment',
    type: 'number',
    source: 'data',
    description: 'Hours from now to the pending order appointment start (negative when it is in the past).',
  },
  {
    name: 'pendingOrderJobStatus',
    type: 'string',
    source: 'data',
    values: ['ENROUTE', 'ON-SITE', 'SCHEDULED', 'COMPLETED'],
    description: 'Job status of the early-access order (jobStatus), upper-cased; null when absent.',
  },
  {
    name: 'pendingOrderTrackingNumberPresent',
    type: 'boolean',
    source: 'data',
    description:
      'The early-access order carries a modem shipment tracking number (cpeShipmentsTrackingNumber).',
  },
  {
    name: 'pendingOrderDetailsStatus',
    type: 'string',
    source: 'data',
    values: ['SUCCESS', 'FAILURE'],
    description:
      "Status of the early-access order's details lookup (its statusInfo.status), upper-cased; null when absent.",
  },
  {
    name: 'changeDueDateFlowAvailable',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the CHANGE_DUE_DATE flow (ecFlowsAvailable).',
  },
  {
    name: 'hasPendingOrder',
    type: 'boolean',
    source: 'data',
    description:
      'The services answer says the account has a pending order (dioProductEligibility.hasPendingOrder).',
  },
  {
    name: 'pointOfNoReturnPassed',
    type: 'boolean',
    source: 'data',
    description: "The pending order's point of no return has passed (dioProductEligibility.ponrStatus).",
  },
  // Outage
  {
    name: 'currentOutage',
    type: 'boolean',
    source: 'data',
    description: 'The outage call reports a current outage.',
  },
  {
    name: 'outageHangover',
    type: 'boolean',
    source: 'data',
    description: 'The outage call reports an outage hangover (restarting the modem may help).',
  },
  {
    name: 'outageEtaKnown',
    type: 'boolean',
    source: 'data',
    description: 'The outage has an estimated repair time (estRepairTime.dateTime is set).',
  },
  {
    name: 'hoursUntilRepair',
    type: 'number',
    source: 'data',
    description: 'Hours from now to the estimated repair time; negative when that time is already past.',
  },
  {
    name: 'modemConnected',
    type: 'boolean',
    source: 'data',
    description: 'The modem reports it is connected (online).',
  },
  // Walled garden (payment guard)
  {
    name: 'wgCallStatus',
    type: 'string',
    source: 'data',
    values: CALL_STATUSES,
    closed: true,
    description: "State of the walled-garden (getWGStatus) call: 'not-called', 'pending', 'ok' or 'failed'.",
  },
  {
    name: 'wgServerStatus',
    type: 'boolean',
    source: 'data',
    description: 'The walled-garden answer carries status true.',
  },
  {
    name: 'wgIsSoft',
    type: 'boolean',
    source: 'data',
    description: 'The walled-garden answer says isSoftWG.',
  },
  {
    name: 'wgStatus',
    type: 'string',
    source: 'data',
    values: ['SOFT', 'HARD', 'NONE'],
    description: 'The walled-garden answer wgstatus, upper-cased: SOFT, HARD or NONE.',
  },
  // Out-of-service credit offer
  {
    name: 'creditOfferResponseStatus',
    type: 'number',
    source: 'data',
    description: 'Status of the credit offer lookup answer (200 when an offer was looked up).',
  },
  {
    name: 'creditOfferMessage',
    type: 'string',
    source: 'data',
    values: ['Offer available', 'No offer'],
    description: "Message of the credit offer lookup ('Offer available').",
  },
  {
    name: 'creditOfferStatus',
    type: 'string',
    source: 'data',
    values: ['eligible', 'ineligible', 'accepted', 'declined'],
    closed: true,
    description: 'Out-of-service credit offer status, lower-cased: eligible, ineligible, accepted, declined.',
  },
  {
    name: 'creditOfferValue',
    type: 'number',
    source: 'data',
    description: 'Out-of-service credit value in dollars.',
  },
  // Other offers and checks
  {
    name: 'modemReplacementEligible',
    type: 'boolean',
    source: 'data',
    description: 'The modem replacement offer lookup says the account is eligible.',
  },
  {
    name: 'paperChargeApplies',
    type: 'boolean',
    source: 'data',
    description: 'The paper-charge check answered paperBillChargeApplies; null when the check did not run.',
  },
  // Services
  {
    name: 'servicesStatus',
    type: 'string',
    source: 'data',
    values: CALL_STATUSES,
    closed: true,
    description: "State of the services call: 'not-called', 'pending', 'ok' or 'failed'.",
  },
  {
    name: 'hsiOwned',
    type: 'boolean',
    source: 'data',
    description: 'The account owns high-speed internet (HSI).',
  },
  {
    name: 'productCount',
    type: 'number',
    source: 'data',
    description: 'Number of products (internet, phone, TV) on the account, from the services call.',
  },
  {
    name: 'disconnectFlowAvailable',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the DISCONNECT flow (ecFlowsAvailable).',
  },
  {
    name: 'hasEbbpDiscount',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the special consideration EBBP (a broadband benefit holder).',
  },
  {
    name: 'hasAcpDiscount',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the special consideration ACP_DISCOUNT.',
  },
  {
    name: 'rateChangeCount',
    type: 'number',
    source: 'data',
    description: 'Number of products with a rate-change notification (rate-increase call).',
  },
  {
    name: 'openRepairTicketCount',
    type: 'number',
    source: 'data',
    description: 'Open repair tickets (status not CAN or CLD, with a commitment or completion date).',
  },
  {
    name: 'tokenSecondsRemaining',
    type: 'number',
    source: 'data',
    description: 'Seconds of life left on the OAuth (adapt) token; null when there is none.',
  },
  // UI state (supplied by the app)
  {
    name: 'orderHistoryOpen',
    type: 'boolean',
    source: 'ui',
    description: 'The customer opened the order history view on the home page (order-history toggle on).',
  },
  {
    name: 'altnumshowDismissed',
    type: 'boolean',
    source: 'ui',
    description: 'The no-contact-number alert was dismissed (local storage flag altnumshow).',
  },
  {
    name: 'altNumberDeclined',
    type: 'boolean',
    source: 'ui',
    description:
      'The customer declined to add a contact number: the decline call succeeded in this session, or the profile says it did before (altTnDeclined).',
  },
  {
    name: 'emailvalidshowDismissed',
    type: 'boolean',
    source: 'ui',
    description:
      "The 'Do we have your correct email address?' alert was dismissed (local storage flag emailvalidshow).",
  },
  {
    name: 'retryPaymentSuccess',
    type: 'boolean',
    source: 'ui',
    description: 'A payment retry just succeeded in this session.',
  },
  {
    name: 'wgPaymentSuccess',
    type: 'boolean',
    source: 'ui',
    description:
      "The walled-garden 'Pay now' payment succeeded in this session (the soft-guard payment success flag).",
  },
  {
    name: 'pendingOrderAlertClosed',
    type: 'boolean',
    source: 'ui',
    description: 'The customer closed the pending-order alert in this session.',
  },
  {
    name: 'orderCancelled',
    type: 'boolean',
    source: 'ui',
    description:
      'The customer cancelled the pending order in this session (the cancel call answered reasonCode 200).',
  },
  {
    name: 'cancelOrderDisabled',
    type: 'boolean',
    source: 'ui',
    description:
      'The Cancel Order button is disabled (disableCancelOrderButton): the order was cancelled in this session.',
  },
  {
    name: 'prepaidCardAlertClosed',
    type: 'boolean',
    source: 'ui',
    description: 'The customer closed the prepaid payment-method alert in this session.',
  },
  {
    name: 'modemReplacementAnswered',
    type: 'boolean',
    source: 'ui',
    description: 'The customer accepted or declined the modem replacement offer in this session.',
  },
  {
    name: 'creditOfferAnswered',
    type: 'boolean',
    source: 'ui',
    description: 'The customer accepted or declined the out-of-service credit offer in this session.',
  },
  // Internet plan, wifi and rate change (issue 9)
  {
    name: 'ownedSpeedKbps',
    type: 'number',
    source: 'data',
    description:
      "Download speed of the internet plan in kbps: ownedHsiSpeedInKbps (newer billing system), or the 'N Mbps' / 'N Gbps' downloadSpeed of the others; null when unknown.",
  },
  {
    name: 'availableSpeedKbps',
    type: 'number',
    source: 'data',
    description:
      'Fastest download speed available at the address in kbps: availableHsiSpeedInKbps, or maxSpeedHSIAvailable of the other billing systems; null when unknown.',
  },
  {
    name: 'speedHeadroomKbps',
    type: 'number',
    source: 'data',
    description:
      'Available speed minus owned speed, in kbps (above 0: a faster plan is available); null when either is unknown.',
  },
  {
    name: 'upgradeFlowAvailable',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the UPGRADE flow (ecFlowsAvailable).',
  },
  {
    name: 'changeModemFlowAvailable',
    type: 'boolean',
    source: 'data',
    description: 'The services answer lists the CHANGE_MODEM flow (ecFlowsAvailable).',
  },
  {
    name: 'fiberUpgradeQualified',
    type: 'boolean',
    source: 'data',
    description: 'The account is qualified for the fiber upgrade (dioProductEligibility.biwfQualified).',
  },
  {
    name: 'canVacationRestore',
    type: 'boolean',
    source: 'data',
    description: 'The services answer permits restoring service from vacation (canVacationRestore).',
  },
  {
    name: 'ownModem',
    type: 'boolean',
    source: 'data',
    description: 'The customer provides their own modem (modem info byom).',
  },
  {
    name: 'thirdPartyModem',
    type: 'boolean',
    source: 'data',
    description: 'The modem is a third-party modem (modem info thirdPartyModem).',
  },
  {
    name: 'modemInfoStatus',
    type: 'string',
    source: 'data',
    values: CALL_STATUSES,
    closed: true,
    description: "State of the modem info (adapt modemInfo) call: 'not-called', 'pending', 'ok' or 'failed'.",
  },
  {
    name: 'todayDate',
    type: 'number',
    source: 'data',
    description:
      'Today as a number YYYYMMDD (20260310 is March 10, 2026), to compare with a date constant such as constant.rateChangeStartDate.',
  },
] as const satisfies readonly FactDefinition[];

/** Facts about one order of the order history, for per-order decisions (derived by deriveOrderFacts()). */
export const ORDER_FACTS = [
  {
    name: 'orderStatus',
    type: 'string',
    source: 'data',
    values: ORDER_STATUSES,
    description: 'Status of the order, upper-cased.',
  },
  {
    name: 'orderActivity',
    type: 'string',
    source: 'data',
    values: ['DISCONNECT', 'INSTALL', 'CHANGE', 'UNKNOWN'],
    description: 'Activity type of the order, upper-cased (UNKNOWN when missing).',
  },
  {
    name: 'hoursSinceOrderClosed',
    type: 'number',
    source: 'data',
    description: 'Hours from the completion or cancel date of the order to now; null when it has neither.',
  },
  {
    name: 'itemKind',
    type: 'string',
    source: 'data',
    values: ['order', 'ticket'],
    closed: true,
    description: 'What the history item is: a service order or a repair ticket.',
  },
  {
    name: 'orderJobStatus',
    type: 'string',
    source: 'data',
    values: ['ENROUTE', 'ON-SITE', 'SCHEDULED', 'COMPLETED'],
    description: "Job status of the order's first dispatch, upper-cased; null without a dispatch.",
  },
  {
    name: 'isPendingOrder',
    type: 'boolean',
    source: 'data',
    description: "The order is the account's early-access (pending) order: same order number.",
  },
  {
    name: 'ticketStatus',
    type: 'string',
    source: 'data',
    values: ['OPN', 'CAN', 'CLD'],
    description: 'Status of the repair ticket (troubleReportStatus), upper-cased; null for an order.',
  },
  {
    name: 'hoursUntilTicketAppointment',
    type: 'number',
    source: 'data',
    description:
      'Hours from now to the repair appointment (commitment date; negative when it is in the past); null without one.',
  },
  {
    name: 'ticketCanReschedule',
    type: 'boolean',
    source: 'data',
    description: 'The repair ticket says it can be rescheduled (canReschedule).',
  },
  {
    name: 'ticketCanCancel',
    type: 'boolean',
    source: 'data',
    description: 'The repair ticket says it can be cancelled (canCancel).',
  },
  {
    name: 'ticketShowTechLocation',
    type: 'boolean',
    source: 'data',
    description: "The repair ticket says the technician's location can be shown (showTechLocation).",
  },
] as const satisfies readonly FactDefinition[];

/**
 * Facts produced by one decision and fed to later ones, so a threshold lives in exactly one rule file
 * (the home sections ask `payment.late`, the payment rules decide what late means).
 */
// Built in a function marked pure, like ALL_FACTS below, so the bundler knows this module does nothing when
// loaded: a first-load module that imports it only for types does not pull the table into /home's first load.
export const DECISION_FACTS = /* @__PURE__ */ (() =>
  [
    ...TOGGLE_NAMES.map(
      (t) =>
        ({
          name: `toggle.${t}` as const,
          type: 'boolean',
          source: 'decision',
          description: `Feature toggle ${t}, decided by rules/toggles.json.`,
        }) as const,
    ),
    ...CONSTANT_NAMES.map(
      (c) =>
        ({
          name: `constant.${c}` as const,
          type: 'number',
          source: 'decision',
          description: `The constant ${c} of rules/constants.json. Compare with it as a value, so the threshold and the text customers read stay one number: "value": {"fact": "constant.${c}"}.`,
        }) as const,
    ),
    {
      name: 'walledGarden.state',
      type: 'string',
      source: 'decision',
      values: ['none', 'soft', 'hard'],
      closed: true,
      description: 'Walled-garden state decided by rules/walled-garden.json: none, soft (grace) or hard.',
    },
    {
      name: 'prepaidCard.status',
      type: 'number',
      source: 'decision',
      values: [0, 1, 2],
      closed: true,
      description:
        'Prepaid card status decided by rules/prepaid-card.json: 1 expired, 2 almost expired, 0 neither.',
    },
    {
      name: 'payment.late',
      type: 'boolean',
      source: 'decision',
      description: 'Payment is late, decided by rules/payment.json.',
    },
    {
      name: 'payment.lateInPeriod',
      type: 'boolean',
      source: 'decision',
      description: 'Late-payment-date-in-period, decided by rules/payment.json.',
    },
    {
      name: 'appointmentTiming.timing',
      type: 'string',
      source: 'decision',
      values: ['none', 'missed', 'near-term', 'scheduled'],
      closed: true,
      description: 'Pending-order appointment timing decided by rules/appointment-timing.json.',
    },
    {
      name: 'orderActions.cancelOrder',
      type: 'boolean',
      source: 'decision',
      description: 'The pending-order alert offers Cancel Order, decided by rules/order-actions.json.',
    },
    {
      name: 'creditOffer.show',
      type: 'boolean',
      source: 'decision',
      description: 'The out-of-service credit offer shows, decided by rules/credit-offer.json.',
    },
    {
      name: 'outage.alert',
      type: 'string',
      source: 'decision',
      values: ['none', 'eta', 'eta-past', 'eta-unknown', 'hangover-restart', 'hangover-instructions'],
      closed: true,
      description: 'Which outage alert shows, decided by rules/outage.json.',
    },
  ] as const satisfies readonly FactDefinition[])();

export type AccountFactName = (typeof ACCOUNT_FACTS)[number]['name'];
export type OrderFactName = (typeof ORDER_FACTS)[number]['name'];
export type DecisionFactName = (typeof DECISION_FACTS)[number]['name'];
export type FactName = AccountFactName | OrderFactName | DecisionFactName;

type ValueOf<T extends FactType> = T extends 'number' ? number : T extends 'string' ? string : boolean;
type FactRecord<D extends { readonly name: string; readonly type: FactType }> = {
  [F in D as F['name']]: ValueOf<F['type']> | null;
};

/** Facts of the signed-in account (primitives or null), as deriveFacts() returns them. */
export type AccountFacts = FactRecord<(typeof ACCOUNT_FACTS)[number]>;
/** Facts of one order of the order history. */
export type OrderFacts = FactRecord<(typeof ORDER_FACTS)[number]>;
/** Facts produced by decisions and fed to later ones. */
export type DecisionFacts = FactRecord<(typeof DECISION_FACTS)[number]>;

export const ALL_FACTS: readonly FactDefinition[] = /* @__PURE__ */ (() => [
  ...ACCOUNT_FACTS,
  ...ORDER_FACTS,
  ...DECISION_FACTS,
])();

let byName: Map<string, FactDefinition> | undefined;

export function factDefinition(name: string): FactDefinition | undefined {
  byName ??= new Map(ALL_FACTS.map((f) => [f.name, f]));
  return byName.get(name);
}
