import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryError, RecoveryReply } from './forgot-username.machine';
import { stateMetaType, type ShownMessage } from './messages';
import { isBlank, isStrongPassword, PASSWORD_MIN_LENGTH } from './recovery-input';

/**
 * A new password through an emailed link (shell spec §4 'Sign-in recovery flows': 'password reset with a token
 * ... and password change with a token. The change needs the response 'Success'.' 'Token fetch is refused if
 * the token is empty.'; §7 resetPasswordWithToken?token, changePasswordWithToken). Two links open it: the reset
 * link of forgot password (step 3, /login/forgotPasswordStep3) and the set-password link of a profile created
 * without a password (/login/setPassword); `purpose` says which.
 *
 * idle --PASSWORD.OPEN_LINK {token}--> (the page sends it as it opens, with the link's token) no token (or a
 * blank one) is the link-expired page at once, with no call (`linkExpired`);
 * checkingToken (checkToken) --> a refusal (errorMessage, or tokenValid false: a used, expired or unknown
 * link) is the link-expired page too; a failed call is `checkFailed` (PASSWORD.RETRY checks again);
 * choosing --PASSWORD.SUBMIT_NEW {password, confirmation}--> blank, not the same twice, or too weak: a message
 * and no call; otherwise changing (changePassword) --> 'Success' is `changed` (`passwordChanged`: the page
 * moves to /login/setPasswordSuccess); any other answer is `notChanged`, a failed call `apiFailed`, each
 * keeping the form. The password is held in context only while the change call runs.
 *
 * The spec quotes no copy for this flow: the texts are ours. Texts it can produce: RESET_PASSWORD_MESSAGES.
 */

export type PasswordPurpose = 'reset' | 'set';

export interface ResetPasswordInput {
  purpose: PasswordPurpose;
}

export type PasswordError = RecoveryError | 'MISMATCH' | 'WEAK_PASSWORD' | 'NOT_CHANGED';

export interface ResetPasswordContext {
  token: string;
  purpose: PasswordPurpose;
  /** the login the link is for, once the token is checked */
  login: string | null;
  /** only while `changing` */
  password: string;
  error: PasswordError | null;
}

export type ResetPasswordEvent =
  /** the link was opened: its `token` query parameter ('' when the address has none) */
  | { type: 'PASSWORD.OPEN_LINK'; token: string }
  | { type: 'PASSWORD.SUBMIT_NEW'; password: string; confirmation: string }
  | { type: 'PASSWORD.RETRY' };

/** Output of `checkToken`: the reply of resetPasswordWithToken. */
export interface TokenReply extends RecoveryReply {
  login?: string;
  tokenValid?: boolean;
}

/** Output of `changePassword`: the reply of changePasswordWithToken. */
export interface ChangePasswordReply {
  response: string;
}

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const RESET_PASSWORD_MESSAGES = {
  checkFailed: message(
    'resetPasswordCheckFailed',
    'We could not open your link right now. Please try again in a moment.',
  ),
  missing: message('resetPasswordMissing', 'Enter a new password and enter it again to confirm it.'),
  mismatch: message('resetPasswordMismatch', 'The two passwords are not the same. Enter them again.'),
  weak: message(
    'resetPasswordWeak',
    `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters with at least one letter and one number.`,
  ),
  notChanged: message(
    'resetPasswordNotChanged',
    'We could not save your new password. Your link may have been used already: request a new one.',
  ),
  apiFailed: message(
    'resetPasswordApiFailed',
    'We could not save your new password right now. Please try again later.',
  ),
} as const;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    meta: stateMetaType,
  },
  actors: {
    /** GET resetPasswordWithToken?token; resolves with the reply, rejects when the call fails. */
    checkToken: fromPromise<TokenReply, { token: string }>(() =>
      Promise.reject(new Error('checkToken is not provided')),
    ),
    /** POST changePasswordWithToken {token, password}; resolves with the reply, rejects when the call fails. */
    changePassword: fromPromise<ChangePasswordReply, { token: string; password: string }>(() =>
      Promise.reject(new Error('changePassword is not provided')),
    ),
  },
  actions: {
    /** The link cannot be used (none, used, expired, unknown): the page moves to /login/linkExpired. */
    linkExpired: () => {},
    /** The password is saved: the page moves to /login/setPasswordSuccess. */
    passwordChanged: (_, _params: { login: string | null; purpose: PasswordPurpose }) => {},
  },
  guards: {
    hasNoToken: ({ event }) => event.type === 'PASSWORD.OPEN_LINK' && isBlank(event.token),
    tokenRefused: (_, reply: TokenReply) => reply.errorMessage.trim() !== '' || reply.tokenValid === false,
    isBlankPassword: ({ event }) =>
      event.type === 'PASSWORD.SUBMIT_NEW' && (event.password === '' || event.confirmation === ''),
    isMismatch: ({ event }) => event.type === 'PASSWORD.SUBMIT_NEW' && event.password !== event.confirmation,
    isWeak: ({ event }) => event.type === 'PASSWORD.SUBMIT_NEW' && !isStrongPassword(event.password),
    changed: (_, reply: ChangePasswordReply) => reply.response === 'Success',
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: '',
    purpose: input.purpose,
    login: null,
    password: '',
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'PASSWORD.OPEN_LINK': [
          { guard: 'hasNoToken', target: 'linkExpired' },
          { target: 'checkingToken', actions: assign({ token: ({ event }) => event.token.trim() }) },
        ],
      },
    },
    checkingToken: {
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: { type: 'tokenRefused', params: ({ event }) => event.output }, target: 'linkExpired' },
          { target: 'choosing', actions: assign({ login: ({ event }) => event.output.login ?? null }) },
        ],
        onError: { target: 'checkFailed', actions: assign({ error: 'API_FAILED' }) },
      },
    },
    checkFailed: {
      meta: { message: RESET_PASSWORD_MESSAGES.checkFailed },
      on: { 'PASSWORD.RETRY': { target: 'checkingToken', actions: assign({ error: null }) } },
    },
    linkExpired: { type: 'final', entry: 'linkExpired' },
    choosing: {
      initial: 'editing',
      on: {
        'PASSWORD.SUBMIT_NEW': [
          { guard: 'isBlankPassword', target: '.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
          { guard: 'isMismatch', target: '.mismatch', actions: assign({ error: 'MISMATCH' }) },
          { guard: 'isWeak', target: '.weak', actions: assign({ error: 'WEAK_PASSWORD' }) },
          {
            target: '.changing',
            actions: assign({ password: ({ event }) => event.password, error: null }),
          },
        ],
      },
      states: {
        editing: {},
        missingInput: { meta: { message: RESET_PASSWORD_MESSAGES.missing } },
        mismatch: { meta: { message: RESET_PASSWORD_MESSAGES.mismatch } },
        weak: { meta: { message: RESET_PASSWORD_MESSAGES.weak } },
        changing: {
          // A second submit while the change is out is ignored.
          on: { 'PASSWORD.SUBMIT_NEW': {} },
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({ token: context.token, password: context.password }),
            onDone: [
              {
                guard: { type: 'changed', params: ({ event }) => event.output },
                target: '#resetPassword.changed',
                actions: assign({ password: '' }),
              },
              { target: 'notChanged', actions: assign({ password: '', error: 'NOT_CHANGED' }) },
            ],
            onError: { target: 'apiFailed', actions: assign({ password: '', error: 'API_FAILED' }) },
          },
        },
        notChanged: { meta: { message: RESET_PASSWORD_MESSAGES.notChanged } },
        apiFailed: { meta: { message: RESET_PASSWORD_MESSAGES.apiFailed } },
      },
    },
    changed: {
      type: 'final',
      entry: {
        type: 'passwordChanged',
        params: ({ context }) => ({ login: context.login, purpose: context.purpose }),
      },
    },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;

/** Every text this machine can produce. */
export const resetPasswordMessages = Object.values(RESET_PASSWORD_MESSAGES);
