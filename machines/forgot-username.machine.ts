import { assign, fromPromise, setup } from 'xstate';
import { stateMetaType, type ShownMessage } from './messages';
import { isBlank, isEmail } from './recovery-input';

/**
 * Forgot username (shell spec §4 'Sign-in recovery flows': 'an email is submitted. An empty email is rejected
 * with no call.'; §7 GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2?email).
 *
 * idle --USERNAME.SUBMIT--> an empty (or blank) email goes to failed.missingInput without calling, one that is not
 * an email address (shell spec §5 'Email pattern') to failed.invalidEmail, also without calling; otherwise sending (requestUsername) --> sent, running `usernameSent` (the page navigates or says so).
 * The reply shape is the recovery flows' common one (docs/contracts.md): a non-empty errorMessage is a refusal
 * (failed.errorInResponse); a call that fails is failed.apiFailed. From any failure, and from `sent` (the
 * 'send it again' of the email-sent page), USERNAME.SUBMIT starts over.
 *
 * The spec quotes no copy for this flow: the texts below are ours, plain, and live here so page and tests
 * share them. Texts it can produce: FORGOT_USERNAME_MESSAGES (inline messages).
 */

/**
 * Why a recovery step did not go through: the spec's three (forgot password step 1), and INVALID_INPUT for a
 * value that is there but cannot be right (an email without @, an account number of 5 digits).
 */
export type RecoveryError = 'MISSING_INPUT' | 'INVALID_INPUT' | 'ERROR_IN_RESPONSE' | 'API_FAILED';

export type ForgotUsernameEvent = { type: 'USERNAME.SUBMIT'; email: string };

export interface ForgotUsernameContext {
  /** The email last submitted, trimmed. */
  email: string;
  error: RecoveryError | null;
}

/** Output of `requestUsername`: the reply of getForgottenUserName2. */
export interface RecoveryReply {
  status: string;
  errorMessage: string;
}

export const FORGOT_USERNAME_MESSAGES = {
  missingInput: {
    display: 'message',
    id: 'forgotUsernameMissingInput',
    text: 'Enter the email address on your profile.',
    tone: 'error',
  },
  invalidEmail: {
    display: 'message',
    id: 'forgotUsernameInvalidEmail',
    text: 'Enter an email address like name@example.com.',
    tone: 'error',
  },
  errorInResponse: {
    display: 'message',
    id: 'forgotUsernameErrorInResponse',
    text: 'No profile uses that email address. Check the address, or create a profile.',
    tone: 'error',
  },
  apiFailed: {
    display: 'message',
    id: 'forgotUsernameApiFailed',
    text: 'We could not send your username right now. Please try again later.',
    tone: 'error',
  },
} as const satisfies Record<string, ShownMessage>;

export const forgotUsernameMachine = setup({
  types: {
    context: {} as ForgotUsernameContext,
    events: {} as ForgotUsernameEvent,
    meta: stateMetaType,
  },
  actors: {
    /** GET getForgottenUserName2?email; resolves with the reply, rejects when the call fails. */
    requestUsername: fromPromise<RecoveryReply, { email: string }>(() =>
      Promise.reject(new Error('requestUsername is not provided')),
    ),
  },
  actions: {
    /** The username email went out for `email` (the forgot-username page moves to the email-sent page). */
    usernameSent: (_, _params: { email: string }) => {},
  },
  guards: {
    isBlankEmail: ({ event }) => isBlank(event.email),
    isInvalidEmail: ({ event }) => !isEmail(event.email),
    hasErrorMessage: (_, reply: RecoveryReply) => reply.errorMessage.trim() !== '',
  },
}).createMachine({
  id: 'forgotUsername',
  context: { email: '', error: null },
  initial: 'idle',
  on: {
    // Declared at the root, but `sending` overrides it: a second submit while one is out is ignored.
    'USERNAME.SUBMIT': [
      {
        guard: 'isBlankEmail',
        target: '.failed.missingInput',
        actions: assign({ email: '', error: 'MISSING_INPUT' }),
      },
      {
        guard: 'isInvalidEmail',
        target: '.failed.invalidEmail',
        actions: assign({ email: ({ event }) => event.email.trim(), error: 'INVALID_INPUT' }),
      },
      { target: '.sending', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) },
    ],
  },
  states: {
    idle: {},
    sending: {
      on: { 'USERNAME.SUBMIT': {} },
      invoke: {
        id: 'requestUsername',
        src: 'requestUsername',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
            target: 'failed.errorInResponse',
            actions: assign({ error: 'ERROR_IN_RESPONSE' }),
          },
          {
            target: 'sent',
            actions: { type: 'usernameSent', params: ({ context }) => ({ email: context.email }) },
          },
        ],
        onError: { target: 'failed.apiFailed', actions: assign({ error: 'API_FAILED' }) },
      },
    },
    sent: {},
    failed: {
      initial: 'missingInput',
      states: {
        missingInput: { meta: { message: FORGOT_USERNAME_MESSAGES.missingInput } },
        invalidEmail: { meta: { message: FORGOT_USERNAME_MESSAGES.invalidEmail } },
        errorInResponse: { meta: { message: FORGOT_USERNAME_MESSAGES.errorInResponse } },
        apiFailed: { meta: { message: FORGOT_USERNAME_MESSAGES.apiFailed } },
      },
    },
  },
});

export type ForgotUsernameMachine = typeof forgotUsernameMachine;

/** Every text this machine can produce. */
export const forgotUsernameMessages = Object.values(FORGOT_USERNAME_MESSAGES);
