/**
 * Which facts each account call of rules/data-loading.json supplies, and what they read when the call is
 * not made (deriveFacts with no answer: unknown, or 'not-called' for a call's own status). A generated
 * account holds every call's answer; the rules being measured decide which the customer gets, so a change
 * to rules/data-loading.json shows in every decision that depends on the data.
 * test/impact/calls.test.ts checks this table against deriveFacts on every persona.
 */
import { DATA_CALLS, type DataCall } from '../engine/decisions';
import { ACCOUNT_LAYOUT, type FactVector, type Overrides } from '../engine/compile';
import type { CallModel } from '../engine/columns';
import type { AccountFactName } from '../facts/vocabulary';

export const NOT_CALLED: Readonly<Record<DataCall, Partial<Record<AccountFactName, string | null>>>> = {
  outage: { currentOutage: null, outageHangover: null, outageEtaKnown: null, hoursUntilRepair: null },
  // Its answer is the order history's orders (items with facts of their own), no account fact.
  orderHistory: {},
  // Its tickets are items of the history too (src/impact/impact.ts decides them only when it is made).
  tickets: { openRepairTicketCount: null },
  services: {
    servicesStatus: 'not-called',
    hsiOwned: null,
    productCount: null,
    disconnectFlowAvailable: null,
    changeDueDateFlowAvailable: null,
    hasPendingOrder: null,
    pointOfNoReturnPassed: null,
    ownedSpeedKbps: null,
    availableSpeedKbps: null,
    speedHeadroomKbps: null,
    upgradeFlowAvailable: null,
    changeModemFlowAvailable: null,
    fiberUpgradeQualified: null,
    canVacationRestore: null,
    hasEbbpDiscount: null,
    hasAcpDiscount: null,
  },
  rateIncrease: { rateChangeCount: null },
  wgStatus: { wgCallStatus: 'not-called', wgServerStatus: null, wgIsSoft: null, wgStatus: null },
  creditOffer: {
    creditOfferResponseStatus: null,
    creditOfferMessage: null,
    creditOfferStatus: null,
    creditOfferValue: null,
  },
  modemReplacementOffer: { modemReplacementEligible: null },
  paperCharge: { paperChargeApplies: null },
  modemInfo: { modemConnected: null, ownModem: null, thirdPartyModem: null, modemInfoStatus: 'not-called' },
  // Its answer (the wifi networks and connected devices) is shown as it is: no fact reads it.
  wifiInfo: {},
  // The token the modem and wifi calls use, asked for beside the account's calls: no fact reads it.
  adaptToken: {},
};

const slot = new Map(ACCOUNT_LAYOUT.map((name, i) => [name, i]));
const MASKS: readonly (readonly [number, unknown])[][] = DATA_CALLS.map((call) =>
  Object.entries(NOT_CALLED[call]).map(([name, value]) => [slot.get(name)!, value] as const),
);

/** The same table for the column evaluator (src/engine/columns.ts): per call, its facts' slots and values. */
export const CALL_MODEL: CallModel = { notCalled: MASKS };

/** A set of calls as a bit mask (bit i: DATA_CALLS[i]). */
export function callBits(calls: readonly DataCall[]): number {
  let bits = 0;
  for (const call of calls) bits |= 1 << DATA_CALLS.indexOf(call);
  return bits;
}

export const ALL_CALLS = (1 << DATA_CALLS.length) - 1;
export const ORDER_HISTORY = 1 << DATA_CALLS.indexOf('orderHistory');
export const TICKETS = 1 << DATA_CALLS.indexOf('tickets');

const overrides: Overrides[] = [];

/** The facts of the calls not made, as [slot, value] to read instead of a generated account's answers. */
export function notCalled(bits: number): Overrides {
  return (overrides[bits] ??= MASKS.flatMap((mask, i) => (bits & (1 << i) ? [] : mask)));
}

/** The facts as the customer would have them with only these calls made. */
export function withCalls(facts: FactVector, bits: number): FactVector {
  const out = facts.slice();
  for (const [s, value] of notCalled(bits)) out[s] = value;
  return out;
}
