import { fromPromise } from 'xstate';
import type {
  CreateProfileReply,
  EmailUsernameReply,
  ProfilePayload,
} from '../../../machines/create-profile.machine';
import type { RecoveryReply } from '../../../machines/forgot-username.machine';
import type { ForgotPasswordReply } from '../../../machines/forgot-password.machine';
import { PERFORM_SSO_STATUS_ERROR } from '../../../machines/messages';
import type { ChangePasswordReply, TokenReply } from '../../../machines/reset-password.machine';
import type { AccountNumberReply } from '../../../machines/retrieve-account-number.machine';
import type {
  AuthCodeByEmailPayload,
  AuthCodeOptionsReply,
} from '../../../machines/retrieve-auth-code.machine';
import type { SsoReply } from '../../../machines/cancel-service-sso.machine';
import { authCodeByEmail } from '../../api/calls/auth-code-by-email';
import { changePasswordWithToken } from '../../api/calls/change-password-with-token';
import { checkEmailForForgottenPassword } from '../../api/calls/check-email';
import { createProfile } from '../../api/calls/create-profile';
import { getForgottenPassword } from '../../api/calls/forgot-password';
import { getForgottenUserName } from '../../api/calls/forgot-username';
import { performSso } from '../../api/calls/perform-sso';
import { resetPasswordWithToken } from '../../api/calls/reset-password-with-token';
import { retrieveAccountNumber } from '../../api/calls/retrieve-account-number';
import { retrieveAuthCode } from '../../api/calls/retrieve-auth-code';
import { validateEmailUn } from '../../api/calls/validate-email-un';
import type { CallResult } from '../../stores/api-port';
import type { RootStore } from '../../stores/root-store';

/**
 * The recovery machines' effects on the pre-auth calls. A call that fails (transport, time-out, wrong shape,
 * refused before it was made) rejects, which the machines read as API_FAILED; it is logged first, under the
 * page the visitor is on. An answer is handed over as it is: the machines decide what it means.
 */
async function settle<T>(store: RootStore, operation: string, call: Promise<CallResult<T>>): Promise<T> {
  const r = await call;
  if (r.ok) return r.data;
  store.logIssue(store.page, operation, r.message);
  throw new Error(r.message);
}

const actor = <O, I>(fn: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => fn(input));

export function recoveryActors(store: RootStore) {
  const c = store.orch;
  return {
    requestUsername: actor<RecoveryReply, { email: string }>((input) =>
      settle(store, 'getForgottenUserName2', getForgottenUserName(c, input)),
    ),
    requestPasswordReset: actor<ForgotPasswordReply, { login: string }>((input) =>
      settle(store, 'getForgottenPassword', getForgottenPassword(c, input)),
    ),
    checkEmail: actor<RecoveryReply, { login: string; emailAddress: string }>((input) =>
      settle(store, 'checkEmailForForgottenPassword', checkEmailForForgottenPassword(c, input)),
    ),
  };
}

/** reset-password: the token check and the change. */
export function newPasswordActors(store: RootStore) {
  const c = store.orch;
  return {
    checkToken: actor<TokenReply, { token: string }>((input) =>
      settle(store, 'resetPasswordWithToken', resetPasswordWithToken(c, input)),
    ),
    changePassword: actor<ChangePasswordReply, { token: string; password: string }>((input) =>
      settle(store, 'changePasswordWithToken', changePasswordWithToken(c, input)),
    ),
  };
}

export function accountNumberActors(store: RootStore) {
  return {
    requestAccountNumber: actor<AccountNumberReply, { email: string }>((input) =>
      settle(store, 'retrieveAccountNumber', retrieveAccountNumber(store.orch, input)),
    ),
  };
}

export function authCodeActors(store: RootStore) {
  const c = store.orch;
  return {
    lookUpOptions: actor<AuthCodeOptionsReply, { accountNumber: string }>((input) =>
      settle(store, 'retrieveAuthCode', retrieveAuthCode(c, input)),
    ),
    sendCode: actor<RecoveryReply, AuthCodeByEmailPayload>((input) =>
      settle(store, 'authCodeByEmail', authCodeByEmail(c, input)),
    ),
  };
}

export function profileActors(store: RootStore) {
  const c = store.orch;
  return {
    checkEmail: actor<EmailUsernameReply, { emailAddress: string }>((input) =>
      settle(store, 'validateEmailUn', validateEmailUn(c, input)),
    ),
    createProfile: actor<CreateProfileReply, { profile: ProfilePayload }>(({ profile }) =>
      settle(store, 'createProfile2', createProfile(c, { profile: { ...profile } })),
    ),
  };
}

/**
 * performSSO: 200 expected. Shell spec §8: a non-200 answer is the thrown error 'performSSO service status code
 * is not OK' (the machine shows its own message and logs this one); a time-out or a lost network rejects with
 * its own text.
 */
export function cancelServiceActors(store: RootStore) {
  return {
    performSso: actor<SsoReply, { token: string }>(async (input) => {
      const r = await performSso(store.orch, input);
      if (r.ok) return r.data;
      throw new Error(r.status !== undefined && r.status !== 200 ? PERFORM_SSO_STATUS_ERROR : r.message);
    }),
  };
}
