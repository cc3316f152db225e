import type { AccountCallKey, AccountCalls } from './account-data-store';
import type { RootStore } from './root-store';

/** Where one per-account call of store.accountData stands, as a page needs to know it. */
export type AccountCallState<T> =
  { status: 'loading' } | { status: 'skipped' } | { status: 'failed' } | { status: 'ok'; data: T };

const WAITS_FOR_SERVICES: ReadonlySet<AccountCallKey> = new Set(['modemInfo', 'wifiInfo']);

/**
 * The store keeps `undefined` for both 'not called yet' and 'skipped by the data-loading rules'. The rules'
 * plan (decisions.dataLoading.calls) tells them apart: a call in the plan, or any call before the rules have
 * run, is still loading; a call outside the plan was skipped.
 */
export function accountCall<K extends AccountCallKey>(
  store: RootStore,
  key: K,
): AccountCallState<AccountCalls[K]> {
  const value = store.accountData.data[key];
  if (value === null) return { status: 'failed' };
  if (value !== undefined) return { status: 'ok', data: value };
  if (store.accountData.pending[key]) return { status: 'loading' };
  // The wifi calls are planned only once the services answer says HSI is owned.
  if (WAITS_FOR_SERVICES.has(key) && store.accountData.pending.services) return { status: 'loading' };
  const plan = store.decisions.current?.dataLoading.calls;
  if (!plan || plan.includes(key)) return { status: 'loading' };
  return { status: 'skipped' };
}
