/**
 * The account facts of the vocabulary about what the account has and what the app is showing: its pending
 * order, outages, the payment guard, offers, services, the UI's state, internet and wifi. Part of
 * ACCOUNT_FACTS (./vocabulary.ts), which lists them after the profile's facts.
 */
import { factGroup, type FactDefinition } from './names';

export const ORDER_STATUSES = [
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

export const CALL_STATUSES = ['not-called', 'pending', 'ok', 'failed'];

export const SERVICE_FACTS = [
  ...factGroup('Pending (early-access) order', [
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
      description:
        'Activity type of the early-access order, upper-cased (DISCONNECT for a disconnect order).',
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
  ]),
  ...factGroup('Outage', [
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
  ]),
  ...factGroup('Walled garden (payment guard)', [
    {
      name: 'wgCallStatus',
      type: 'string',
      source: 'data',
      values: CALL_STATUSES,
      closed: true,
      description:
        "State of the walled-garden (getWGStatus) call: 'not-called', 'pending', 'ok' or 'failed'.",
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
  ]),
  ...factGroup('Out-of-service credit offer', [
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
      description:
        'Out-of-service credit offer status, lower-cased: eligible, ineligible, accepted, declined.',
    },
    {
      name: 'creditOfferValue',
      type: 'number',
      source: 'data',
      description: 'Out-of-service credit value in dollars.',
    },
  ]),
  ...factGroup('Other offers and checks', [
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
  ]),
  ...factGroup('Services', [
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
  ]),
  ...factGroup('UI state (supplied by the app)', [
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
  ]),
  ...factGroup('Internet plan, wifi and rate change (issue 9)', [
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
      description:
        "State of the modem info (adapt modemInfo) call: 'not-called', 'pending', 'ok' or 'failed'.",
    },
    {
      name: 'todayDate',
      type: 'number',
      source: 'data',
      description:
        'Today as a number YYYYMMDD (20260310 is March 10, 2026), to compare with a date constant such as constant.rateChangeStartDate.',
    },
  ]),
] as const satisfies readonly FactDefinition[];
