import { defaultUiState, type AccountSnapshot, type Call } from '../facts/snapshot';
import type { AccountCallKey, AccountDataStore } from './account-data-store';
import type { AccountsStore } from './accounts-store';
import type { ProfileStore } from './profile-store';
import type { UiStore } from './ui-store';

/** What the snapshot is read from: the root store's parts (src/stores/root-store.ts). */
export interface SnapshotSource {
  profile: Pick<ProfileStore, 'status' | 'data'>;
  accountData: Pick<AccountDataStore, 'data' | 'pending'>;
  accounts: Pick<AccountsStore, 'list' | 'status'>;
  ui: Pick<UiStore, 'flags' | 'orderHistoryOpen'>;
  altnumshowDismissed: boolean;
  emailvalidshowDismissed: boolean;
  token: { obtainedAt: string; expiresIn: number } | null;
}

/** undefined = not called, null = failed (logged), else the data. */
function asCall<T>(value: T | null | undefined, loading: boolean): Call<T> | undefined {
  if (value === undefined) return loading ? { status: 'pending' } : undefined;
  if (value === null) return { status: 'failed' };
  return { status: 'ok', data: value };
}

/**
 * The stores' data as the snapshot src/facts derives facts from: the same shape the rules tools build
 * from persona data, so the preview and the browser decide from identical facts.
 */
export function snapshotOf(store: SnapshotSource): AccountSnapshot {
  const p = store.profile;
  const d = store.accountData;
  const profileStatus = p.status === 'idle' || p.status === 'loading' ? 'pending' : p.status;
  const snapshot: AccountSnapshot = {
    profile: profileStatus === 'ok' && p.data ? { status: 'ok', data: p.data } : { status: profileStatus },
    ui: {
      ...defaultUiState,
      ...store.ui.flags,
      orderHistoryOpen: store.ui.orderHistoryOpen,
      altnumshowDismissed: store.altnumshowDismissed,
      emailvalidshowDismissed: store.emailvalidshowDismissed,
    },
  };
  const accountList = asCall(
    store.accounts.list ?? (store.accounts.status === 'failure' ? null : undefined),
    false,
  );
  if (accountList) snapshot.accountList = accountList;
  const calls: Array<[AccountCallKey, keyof AccountSnapshot]> = [
    ['outage', 'outage'],
    ['wgStatus', 'wgStatus'],
    ['creditOffer', 'creditOffer'],
    ['modemReplacementOffer', 'modemReplacementOffer'],
    ['services', 'services'],
    ['modemInfo', 'modemInfo'],
    ['wifiInfo', 'wifiInfo'],
    ['paperCharge', 'paperCharge'],
    ['rateIncrease', 'rateIncrease'],
    ['tickets', 'repairTickets'],
    ['orderHistory', 'orderHistory'],
  ];
  for (const [key, slot] of calls) {
    const call = asCall(d.data[key], d.pending[key] === true);
    if (call) (snapshot as unknown as Record<string, unknown>)[slot] = call;
  }
  if (store.token)
    snapshot.adaptToken = { obtainedAt: store.token.obtainedAt, expiresIn: store.token.expiresIn };
  return snapshot;
}
