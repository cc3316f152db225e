import { assign, fromPromise, setup } from 'xstate';
import { stateMetaType, type ShownMessage } from './messages';
import type { RecoveryError, RecoveryReply } from './forgot-username.machine';
import { isBlank, isEmail } from './recovery-input';

/**
 * Forgot password (shell spec §4 'Sign-in recovery flows'; §7 getForgottenPassword?login and
 * checkEmailForForgottenPassword).
 *
 * Step 1 (`loginStep`), the spec's own words: 'a login is submitted. Empty gives MISSING_INPUT. A response with
 * non-empty errorMessage gives ERROR_IN_RESPONSE. A failed call gives API_FAILED.' On success `loginAccepted`
 * runs (the page moves to step 2) and the machine waits in `emailStep`.
 * Step 2 (`emailStep`), the spec's 'email check': the email on the profile is submitted for that login and
 * checked the same way (empty, not an email address, errorMessage, failed call), ending in `emailSent`: the reset
 * link is on its way. The link opens step 3, machines/reset-password.machine.ts.
 *
 * Step 2 is its own page, so the machine can start there: given a login as input it goes straight to
 * `emailStep`. The spec quotes no copy for this flow: the texts below are ours and plain.
 * Texts it can produce: FORGOT_PASSWORD_MESSAGES (inline messages).
 */

export type { RecoveryError, RecoveryReply };

export type ForgotPasswordEvent =
  { type: 'PASSWORD.SUBMIT_LOGIN'; login: string } | { type: 'PASSWORD.SUBMIT_EMAIL'; email: string };

export interface ForgotPasswordInput {
  /** The login step 1 accepted, when the machine starts on the step 2 page. */
  login: string | null;
  maskedEmail?: string | null;
}

export interface ForgotPasswordContext {
  login: string;
  /** The masked email step 1's reply names (a hint for step 2), when it sent one. */
  maskedEmail: string | null;
  email: string;
  error: RecoveryError | null;
}

/** Output of `requestPasswordReset`: the reply of getForgottenPassword. */
export interface ForgotPasswordReply extends RecoveryReply {
  maskedEmail?: string;
  maskedPhone?: string;
}

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const FORGOT_PASSWORD_MESSAGES = {
  loginMissing: message('forgotPasswordLoginMissing', 'Enter your username.'),
  loginRefused: message(
    'forgotPasswordLoginRefused',
    'We could not start a password reset for that username. Check it and try again.',
  ),
  loginFailed: message(
    'forgotPasswordLoginFailed',
    'We could not start your password reset right now. Please try again later.',
  ),
  emailMissing: message('forgotPasswordEmailMissing', 'Enter the email address on your profile.'),
  emailInvalid: message('forgotPasswordEmailInvalid', 'Enter an email address like name@example.com.'),
  emailRefused: message(
    'forgotPasswordEmailRefused',
    'That email address does not match the one on this profile. Check it and try again.',
  ),
  emailFailed: message(
    'forgotPasswordEmailFailed',
    'We could not send the reset email right now. Please try again later.',
  ),
} as const;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    meta: stateMetaType,
  },
  actors: {
    /** GET getForgottenPassword?login; resolves with the reply, rejects when the call fails. */
    requestPasswordReset: fromPromise<ForgotPasswordReply, { login: string }>(() =>
      Promise.reject(new Error('requestPasswordReset is not provided')),
    ),
    /** POST checkEmailForForgottenPassword {login, emailAddress}; resolves with the reply, rejects on failure. */
    checkEmail: fromPromise<RecoveryReply, { login: string; emailAddress: string }>(() =>
      Promise.reject(new Error('checkEmail is not provided')),
    ),
  },
  actions: {
    /** Step 1 went through (the forgot-password page moves to step 2 with these). */
    loginAccepted: (_, _params: { login: string; maskedEmail: string | null }) => {},
  },
  guards: {
    hasLogin: ({ context }) => !isBlank(context.login),
    isBlankLogin: ({ event }) => event.type === 'PASSWORD.SUBMIT_LOGIN' && isBlank(event.login),
    isBlankEmail: ({ event }) => event.type === 'PASSWORD.SUBMIT_EMAIL' && isBlank(event.email),
    isInvalidEmail: ({ event }) => event.type === 'PASSWORD.SUBMIT_EMAIL' && !isEmail(event.email),
    hasErrorMessage: (_, reply: RecoveryReply) => reply.errorMessage.trim() !== '',
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    login: input.login?.trim() ?? '',
    maskedEmail: input.maskedEmail ?? null,
    email: '',
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasLogin', target: 'emailStep' }, { target: 'loginStep' }],
    },
    loginStep: {
      initial: 'editing',
      on: {
        'PASSWORD.SUBMIT_LOGIN': [
          {
            guard: 'isBlankLogin',
            target: '.missingInput',
            actions: assign({ login: '', error: 'MISSING_INPUT' }),
          },
          { target: '.sending', actions: assign({ login: ({ event }) => event.login.trim(), error: null }) },
        ],
      },
      states: {
        editing: {},
        sending: {
          // A second submit while the first is out is ignored.
          on: { 'PASSWORD.SUBMIT_LOGIN': {} },
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ context }) => ({ login: context.login }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'errorInResponse',
                actions: assign({ error: 'ERROR_IN_RESPONSE' }),
              },
              {
                target: '#forgotPassword.emailStep',
                actions: [
                  assign({ maskedEmail: ({ event }) => event.output.maskedEmail ?? null }),
                  {
                    type: 'loginAccepted',
                    params: ({ context, event }) => ({
                      login: context.login,
                      maskedEmail: event.output.maskedEmail ?? null,
                    }),
                  },
                ],
              },
            ],
            onError: { target: 'apiFailed', actions: assign({ error: 'API_FAILED' }) },
          },
        },
        missingInput: { meta: { message: FORGOT_PASSWORD_MESSAGES.loginMissing } },
        errorInResponse: { meta: { message: FORGOT_PASSWORD_MESSAGES.loginRefused } },
        apiFailed: { meta: { message: FORGOT_PASSWORD_MESSAGES.loginFailed } },
      },
    },
    emailStep: {
      initial: 'editing',
      on: {
        'PASSWORD.SUBMIT_EMAIL': [
          {
            guard: 'isBlankEmail',
            target: '.missingInput',
            actions: assign({ email: '', error: 'MISSING_INPUT' }),
          },
          {
            guard: 'isInvalidEmail',
            target: '.invalidEmail',
            actions: assign({ email: ({ event }) => event.email.trim(), error: 'INVALID_INPUT' }),
          },
          { target: '.sending', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) },
        ],
      },
      states: {
        editing: {},
        sending: {
          on: { 'PASSWORD.SUBMIT_EMAIL': {} },
          invoke: {
            id: 'checkEmail',
            src: 'checkEmail',
            input: ({ context }) => ({ login: context.login, emailAddress: context.email }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'errorInResponse',
                actions: assign({ error: 'ERROR_IN_RESPONSE' }),
              },
              { target: '#forgotPassword.emailSent' },
            ],
            onError: { target: 'apiFailed', actions: assign({ error: 'API_FAILED' }) },
          },
        },
        missingInput: { meta: { message: FORGOT_PASSWORD_MESSAGES.emailMissing } },
        invalidEmail: { meta: { message: FORGOT_PASSWORD_MESSAGES.emailInvalid } },
        errorInResponse: { meta: { message: FORGOT_PASSWORD_MESSAGES.emailRefused } },
        apiFailed: { meta: { message: FORGOT_PASSWORD_MESSAGES.emailFailed } },
      },
    },
    emailSent: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;

/** Every text this machine can produce. */
export const forgotPasswordMessages = Object.values(FORGOT_PASSWORD_MESSAGES);
