import type {
  AccountList,
  CheckPaperCharge,
  CreditOffer,
  HomeEarlyInit,
  ModemInfo,
  ModemReplacementOffer,
  MyServices,
  OrderHistory,
  Outage,
  Profile,
  RateIncrease,
  RepairTickets,
  WgStatus,
  WifiInfo,
} from '../generated/types';

export type ProfileStatus = 'pending' | 'ok' | 'failure' | '223' | '222';
export type CallStatus = 'not-called' | 'pending' | 'ok' | 'failed';

/** One call's state: data is present only when status is 'ok'. */
export interface Call<T> {
  status: CallStatus;
  data?: T;
}

/** State the app holds itself (not from Orch) that rules look at. */
export interface UiState {
  /** The home page's order-history toggle is on. */
  orderHistoryOpen: boolean;
  /** Local storage flag altnumshow: the no-contact-number alert was dismissed. */
  altnumshowDismissed: boolean;
  /** The customer declined to add a contact number in this session (the decline call succeeded). */
  altNumberDeclined: boolean;
  /** Local storage flag emailvalidshow: the email-validity alert was dismissed. */
  emailvalidshowDismissed: boolean;
  /** A payment retry succeeded in this session. */
  retryPaymentSuccess: boolean;
  /** The walled-garden Pay now succeeded (the soft-guard payment success flag). */
  wgPaymentSuccess: boolean;
  pendingOrderAlertClosed: boolean;
  /** disableCancelOrderButton: the order was cancelled in this session. */
  cancelOrderDisabled: boolean;
  /** The pending order was cancelled in this session. */
  orderCancelled: boolean;
  prepaidCardAlertClosed: boolean;
  modemReplacementAnswered: boolean;
  creditOfferAnswered: boolean;
}

export const defaultUiState: UiState = {
  orderHistoryOpen: false,
  altnumshowDismissed: false,
  altNumberDeclined: false,
  emailvalidshowDismissed: false,
  retryPaymentSuccess: false,
  wgPaymentSuccess: false,
  pendingOrderAlertClosed: false,
  cancelOrderDisabled: false,
  orderCancelled: false,
  prepaidCardAlertClosed: false,
  modemReplacementAnswered: false,
  creditOfferAnswered: false,
};

/**
 * Everything the app has loaded for the current account, as the raw validated responses plus call status,
 * and the UI state rules look at. deriveFacts() turns it into facts; nothing here is a decision.
 */
export interface AccountSnapshot {
  /** The early-init profile; data carries accountLifeCycle from the envelope when the profile lacks it. */
  profile: { status: ProfileStatus; data?: Profile };
  accountList?: Call<AccountList>;
  outage?: Call<Outage>;
  wgStatus?: Call<WgStatus>;
  creditOffer?: Call<CreditOffer>;
  modemReplacementOffer?: Call<ModemReplacementOffer>;
  services?: Call<MyServices>;
  modemInfo?: Call<ModemInfo>;
  wifiInfo?: Call<WifiInfo>;
  paperCharge?: Call<CheckPaperCharge>;
  rateIncrease?: Call<RateIncrease>;
  repairTickets?: Call<RepairTickets>;
  orderHistory?: Call<OrderHistory>;
  /** The OAuth (adapt) token's life: when it was obtained (ISO timestamp) and its expiresIn seconds. */
  adaptToken?: { obtainedAt: string; expiresIn: number };
  ui: UiState;
}

/**
 * Reads the early-init envelope the way the spec says: statusCode 222 with a string response is a
 * redirect, status '223' means no account is linked, statusCode -7 or a missing accountLifeCycle is a
 * failure. Beyond that, a profile is read only from an answer that says success (statusCode 200, status
 * 'SUCCESS'): an envelope whose statusCode (500, 0, -7...) or status (FAILURE, ERROR...) says otherwise is a
 * profile failure whatever else it carries, an accountLifeCycle and a full response included. This is
 * reading a contract (docs/contracts.md, homeEarlyInit), not a business decision. The envelope is validated
 * already (the API client validates every answer; src/facts/responses.ts's profileFromEnvelope for a raw one).
 */
export function profileFromValidEnvelope(env: HomeEarlyInit): AccountSnapshot['profile'] {
  if (env.statusCode === 222 && typeof env.response === 'string') return { status: '222' };
  if (env.status === '223' || env.statusCode === 223) return { status: '223' };
  if (!envelopeSaysSuccess(env) || !env.accountLifeCycle?.trim()) return { status: 'failure' };
  if (typeof env.response !== 'object' || !env.response) return { status: 'failure' };
  return {
    status: 'ok',
    data: { ...env.response, accountLifeCycle: env.response.accountLifeCycle ?? env.accountLifeCycle },
  };
}

/** statusCode 200 and status SUCCESS (any case, surrounding blanks ignored): the only answer that carries a profile. */
export function envelopeSaysSuccess(env: Pick<HomeEarlyInit, 'statusCode' | 'status'>): boolean {
  return env.statusCode === 200 && env.status.trim().toUpperCase() === 'SUCCESS';
}
