import type { Validator } from '../generated/validators';
import { validateAccountList } from '../generated/validators/account-list.js';
import { validateAdaptToken } from '../generated/validators/adapt-token.js';
import { validateCheckPaperCharge } from '../generated/validators/check-paper-charge.js';
import { validateCreditOffer } from '../generated/validators/credit-offer.js';
import { validateHomeEarlyInit } from '../generated/validators/home-early-init.js';
import { validateModemInfo } from '../generated/validators/modem-info.js';
import { validateModemReplacementOffer } from '../generated/validators/modem-replacement-offer.js';
import { validateMyServices } from '../generated/validators/my-services.js';
import { validateOrderHistory } from '../generated/validators/order-history.js';
import { validateOutage } from '../generated/validators/outage.js';
import { validateRateIncrease } from '../generated/validators/rate-increase.js';
import { validateRepairTickets } from '../generated/validators/repair-tickets.js';
import { validateWgStatus } from '../generated/validators/wg-status.js';
import { validateWifiInfo } from '../generated/validators/wifi-info.js';
import {
  defaultUiState,
  profileFromValidEnvelope,
  type AccountSnapshot,
  type Call,
  type UiState,
} from './snapshot';

/**
 * A snapshot from raw response bodies, each validated here: for the tools, the server's persona decisions and
 * the tests. Not the browser's (its API client validates each answer, with the validator's code loaded on the
 * first call): these validators are not part of any page's first load (docs/decisions/039-no-long-tasks.md).
 */

/**
 * Response bodies keyed by schema name, as sandbox/personas.ts `personaResponses()` gives them and as
 * the api layer receives them. A missing key means the call was not made.
 */
export interface AccountResponses {
  homeEarlyInit?: unknown;
  accountList?: unknown;
  outage?: unknown;
  wgStatus?: unknown;
  creditOffer?: unknown;
  modemReplacementOffer?: unknown;
  myServices?: unknown;
  modemInfo?: unknown;
  wifiInfo?: unknown;
  checkPaperCharge?: unknown;
  rateIncrease?: unknown;
  repairTickets?: unknown;
  orderHistory?: unknown;
  adaptToken?: unknown;
  [schemaName: string]: unknown;
}

function call<T>(body: unknown, validate: Validator<T>): Call<T> | undefined {
  if (body === undefined) return undefined;
  // A body that does not match its schema is a failed call, exactly as the api layer treats it.
  return validate(body) ? { status: 'ok', data: body } : { status: 'failed' };
}

/** The early-init envelope as received: validated, then read (profileFromValidEnvelope). */
export function profileFromEnvelope(body: unknown): AccountSnapshot['profile'] {
  if (body === undefined) return { status: 'pending' };
  if (!validateHomeEarlyInit(body)) return { status: 'failure' };
  return profileFromValidEnvelope(body);
}

/**
 * Builds a snapshot from response bodies keyed by schema name. Used by the explain and preview tools and
 * the tests on persona data; the app may build the same shape from its stores directly.
 */
export interface SnapshotOptions {
  ui?: Partial<UiState>;
  /** The instant the responses were received; a token among them counts as obtained then. */
  receivedAt?: Date;
}

export function snapshotFromResponses(
  responses: AccountResponses,
  options: SnapshotOptions = {},
): AccountSnapshot {
  const snapshot: AccountSnapshot = {
    profile: profileFromEnvelope(responses.homeEarlyInit),
    ui: { ...defaultUiState, ...options.ui },
  };
  const set = <K extends keyof AccountSnapshot>(key: K, value: AccountSnapshot[K] | undefined): void => {
    if (value !== undefined) snapshot[key] = value;
  };
  set('accountList', call(responses.accountList, validateAccountList));
  set('outage', call(responses.outage, validateOutage));
  set('wgStatus', call(responses.wgStatus, validateWgStatus));
  set('creditOffer', call(responses.creditOffer, validateCreditOffer));
  set('modemReplacementOffer', call(responses.modemReplacementOffer, validateModemReplacementOffer));
  set('services', call(responses.myServices, validateMyServices));
  set('modemInfo', call(responses.modemInfo, validateModemInfo));
  set('wifiInfo', call(responses.wifiInfo, validateWifiInfo));
  set('paperCharge', call(responses.checkPaperCharge, validateCheckPaperCharge));
  set('rateIncrease', call(responses.rateIncrease, validateRateIncrease));
  set('repairTickets', call(responses.repairTickets, validateRepairTickets));
  set('orderHistory', call(responses.orderHistory, validateOrderHistory));
  const token = responses.adaptToken;
  if (options.receivedAt && token !== undefined && validateAdaptToken(token)) {
    snapshot.adaptToken = { obtainedAt: options.receivedAt.toISOString(), expiresIn: token.expiresIn };
  }
  return snapshot;
}
