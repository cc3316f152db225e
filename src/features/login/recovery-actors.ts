import { fromPromise } from 'xstate';
import type { RecoveryReply } from '../../../machines/forgot-username.machine';
import type { ForgotPasswordReply } from '../../../machines/forgot-password.machine';
import { checkEmailForForgottenPassword } from '../../api/calls/check-email';
import { getForgottenPassword } from '../../api/calls/forgot-password';
import { getForgottenUserName } from '../../api/calls/forgot-username';
import type { CallResult } from '../../stores/api-port';
import type { RootStore } from '../../stores/root-store';

/**
 * The recovery machines' effects on the pre-auth calls. A call that fails (transport, time-out, wrong shape)
 * rejects, which the machines read as API_FAILED; it is logged first. An answer is handed over as it is:
 * the machines decide what a non-empty errorMessage means.
 */
async function settle<T>(
  store: RootStore,
  page: string,
  operation: string,
  call: Promise<CallResult<T>>,
): Promise<T> {
  const r = await call;
  if (r.ok) return r.data;
  store.logIssue(page, operation, r.message);
  throw new Error(r.message);
}

export function recoveryActors(store: RootStore) {
  return {
    requestUsername: fromPromise<RecoveryReply, { email: string }>(({ input }) =>
      settle(store, 'forgotUsername', 'getForgottenUserName2', getForgottenUserName(store.orch, input)),
    ),
    requestPasswordReset: fromPromise<ForgotPasswordReply, { login: string }>(({ input }) =>
      settle(store, 'forgotPassword', 'getForgottenPassword', getForgottenPassword(store.orch, input)),
    ),
    checkEmail: fromPromise<RecoveryReply, { login: string; emailAddress: string }>(({ input }) =>
      settle(
        store,
        'forgotPassword',
        'checkEmailForForgottenPassword',
        checkEmailForForgottenPassword(store.orch, input),
      ),
    ),
  };
}
