/**
 * The small effects every flow machine's wiring shares (each feature provides its machines in its own
 * flows.ts). A machine names its calls and effects; the wiring turns each call into a promise over src/api
 * that resolves with what the machine reads and rejects on failure, after logging the failure in the UI
 * issue log as the spec asks for failed calls, so the machine takes its failure path and shows the spec's
 * message.
 */
import type { ToastMessage } from '../../machines/messages';
import type { Result } from '../api/client';
import type { RootStore } from './root-store';

/** The issue-log page name of the flows started from the home's cards. */
export const HOME_PAGE = 'home';

/**
 * Unwraps a call's Result: a failure is logged under `operation` and rejects the machine's actor. The page
 * is the one the customer is on unless the caller names it.
 */
export async function unwrap<T>(
  store: RootStore,
  operation: string,
  call: Promise<Result<T>>,
  page = store.page,
): Promise<T> {
  const result = await call;
  if (!result.ok) {
    store.logIssue(page, operation, result.message);
    throw new Error(result.message);
  }
  return result.data;
}

/** An answer that arrived but says no: logged like a failed call, then the machine's failure path. */
export function refuse(store: RootStore, operation: string, message: string, page = store.page): never {
  store.logIssue(page, operation, message);
  throw new Error(message);
}

/** The machines' showToast action. */
export const toast = (store: RootStore) => (_: unknown, t: ToastMessage) => store.ui.showToast(t);

/** The account the customer manages now (the flows' calls name it). */
export function accountNumberOf(store: RootStore): string {
  return store.profile.data?.currentlyManagedAccount ?? '';
}
