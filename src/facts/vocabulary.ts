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
import type { FedFact } from '../engine/declare';
import { DECISIONS } from '../engine/decisions';
import { factGroup, type FactDefinition, type FactType } from './names';
import { ORDER_STATUSES, SERVICE_FACTS } from './vocabulary-services';

export {
  CONSTANT_NAMES,
  TOGGLE_NAMES,
  type ConstantName,
  type FactDefinition,
  type FactSource,
  type FactType,
  type ToggleName,
} from './names';

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

/** Facts about the signed-in account, derived by deriveFacts() from the loaded data and the UI state. */
export const ACCOUNT_FACTS = [
  ...factGroup('Profile load', [
    {
      name: 'profileStatus',
      type: 'string',
      source: 'data',
      values: ['pending', 'ok', 'failure', '223', '222'],
      closed: true,
      description:
        "State of the profile (early-init) call: 'failure' when statusCode is -7 or accountLifeCycle is missing, '223' when no account is linked, '222' for a redirect.",
    },
  ]),
  ...factGroup('Account number and billing system', [
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
    {
      name: 'isPrepaid',
      type: 'boolean',
      source: 'data',
      description: 'The account number starts with PPB.',
    },
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
  ]),
  ...factGroup('Status and life cycle', [
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
  ]),
  ...factGroup('Account flags', [
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
  ]),
  ...factGroup('Billing and payment', [
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
      description:
        'Days from the last failed payment date to today (0 on the day it failed); null when none.',
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
  ]),
  ...factGroup('Conversion (account change)', [
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
  ]),
  ...factGroup('Contact details', [
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
      description:
        'Profile flag emailAddressValid (the provider has validated the address); null when absent.',
    },
  ]),
  ...factGroup('Customer name and service address (presence)', [
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
  ]),
  ...factGroup('Calendar', [
    { name: 'isJanuaryFirst', type: 'boolean', source: 'data', description: 'Today is January 1.' },
  ]),
  ...SERVICE_FACTS,
] as const satisfies readonly FactDefinition[];

/** Facts about one order of the order history, for per-order decisions (derived by deriveOrderFacts()). */
export const ORDER_FACTS = factGroup('The order or repair ticket', [
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
] as const satisfies readonly FactDefinition[]);

/**
 * Facts produced by one decision and fed to later ones, so a threshold lives in exactly one rule file
 * (the home sections ask `payment.late`, the payment rules decide what late means).
 */
// Built in a function marked pure, like ALL_FACTS below, so the bundler knows this module does nothing when
// loaded: a first-load module that imports it only for types does not pull the table into /home's first load.
/**
 * Facts produced by decisions and fed to later ones (`toggle.cancel`, `walledGarden.state`): each is declared
 * with the decision that feeds it (src/engine/declarations/), in the order the decisions run.
 */
export const DECISION_FACTS = /* @__PURE__ */ (() =>
  DECISIONS.flatMap((d) =>
    (d.feeds as readonly FedFact[]).map(({ name, type, description, values, closed }): FactDefinition => ({
      name,
      type,
      source: 'decision',
      description,
      ...(values ? { values } : {}),
      ...(closed ? { closed } : {}),
      group: `Decided by rules/${d.id}.json`,
    })),
  ))();

type FedFacts = (typeof DECISIONS)[number]['feeds'][number];

export type AccountFactName = (typeof ACCOUNT_FACTS)[number]['name'];
export type OrderFactName = (typeof ORDER_FACTS)[number]['name'];
export type DecisionFactName = FedFacts['name'];
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
export type DecisionFacts = FactRecord<FedFacts>;

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
