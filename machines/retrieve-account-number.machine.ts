import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryError, RecoveryReply } from './forgot-username.machine';
import { stateMetaType, type ShownMessage } from './messages';
import { isBlank, isEmail } from './recovery-input';

/**
 * Retrieve account number (shell spec §2 /login/retrieveAccountNumber and /login/retrieveAccountSuccess; §7
 * GET retrieveAccountNumber?email): the account numbers of the profile using an email are sent to that email.
 *
 * idle --ACCOUNTNUMBER.SUBMIT {email}--> blank: failed.missingInput, not an email address: failed.invalidEmail,
 * both with no call; otherwise sending (requestAccountNumber) --> a non-empty errorMessage is
 * failed.errorInResponse, a failed call failed.apiFailed; otherwise sent, running `accountNumberSent` (the page
 * moves to the success page with the masked address). ACCOUNTNUMBER.SUBMIT starts over from any failure.
 *
 * The spec quotes no copy for this flow: the texts are ours. Texts it can produce: RETRIEVE_ACCOUNT_NUMBER_MESSAGES.
 */

export type RetrieveAccountNumberEvent = { type: 'ACCOUNTNUMBER.SUBMIT'; email: string };

export interface RetrieveAccountNumberContext {
  email: string;
  error: RecoveryError | null;
}

/** Output of `requestAccountNumber`: the reply of retrieveAccountNumber. */
export interface AccountNumberReply extends RecoveryReply {
  maskedEmail?: string;
}

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const RETRIEVE_ACCOUNT_NUMBER_MESSAGES = {
  missingInput: message('retrieveAccountNumberMissingInput', 'Enter the email address on your account.'),
  invalidEmail: message('retrieveAccountNumberInvalidEmail', 'Enter an email address like name@example.com.'),
  errorInResponse: message(
    'retrieveAccountNumberErrorInResponse',
    'We could not find an account with that email address. Check it, or find the number at the top of your bill.',
  ),
  apiFailed: message(
    'retrieveAccountNumberApiFailed',
    'We could not send your account number right now. Please try again later.',
  ),
} as const;

export const retrieveAccountNumberMachine = setup({
  types: {
    context: {} as RetrieveAccountNumberContext,
    events: {} as RetrieveAccountNumberEvent,
    meta: stateMetaType,
  },
  actors: {
    /** GET retrieveAccountNumber?email; resolves with the reply, rejects when the call fails. */
    requestAccountNumber: fromPromise<AccountNumberReply, { email: string }>(() =>
      Promise.reject(new Error('requestAccountNumber is not provided')),
    ),
  },
  actions: {
    /** The account number is on its way (the page moves to /login/retrieveAccountSuccess). */
    accountNumberSent: (_, _params: { email: string; maskedEmail: string | null }) => {},
  },
  guards: {
    isBlankEmail: ({ event }) => isBlank(event.email),
    isInvalidEmail: ({ event }) => !isEmail(event.email),
    hasErrorMessage: (_, reply: RecoveryReply) => reply.errorMessage.trim() !== '',
  },
}).createMachine({
  id: 'retrieveAccountNumber',
  context: { email: '', error: null },
  initial: 'idle',
  on: {
    'ACCOUNTNUMBER.SUBMIT': [
      { guard: 'isBlankEmail', target: '.failed.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
      {
        guard: 'isInvalidEmail',
        target: '.failed.invalidEmail',
        actions: assign({ error: 'INVALID_INPUT' }),
      },
      { target: '.sending', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) },
    ],
  },
  states: {
    idle: {},
    sending: {
      // A second submit while one is out is ignored.
      on: { 'ACCOUNTNUMBER.SUBMIT': {} },
      invoke: {
        id: 'requestAccountNumber',
        src: 'requestAccountNumber',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
            target: 'failed.errorInResponse',
            actions: assign({ error: 'ERROR_IN_RESPONSE' }),
          },
          {
            target: 'sent',
            actions: {
              type: 'accountNumberSent',
              params: ({ context, event }) => ({
                email: context.email,
                maskedEmail: event.output.maskedEmail ?? null,
              }),
            },
          },
        ],
        onError: { target: 'failed.apiFailed', actions: assign({ error: 'API_FAILED' }) },
      },
    },
    sent: {},
    failed: {
      initial: 'missingInput',
      states: {
        missingInput: { meta: { message: RETRIEVE_ACCOUNT_NUMBER_MESSAGES.missingInput } },
        invalidEmail: { meta: { message: RETRIEVE_ACCOUNT_NUMBER_MESSAGES.invalidEmail } },
        errorInResponse: { meta: { message: RETRIEVE_ACCOUNT_NUMBER_MESSAGES.errorInResponse } },
        apiFailed: { meta: { message: RETRIEVE_ACCOUNT_NUMBER_MESSAGES.apiFailed } },
      },
    },
  },
});

export type RetrieveAccountNumberMachine = typeof retrieveAccountNumberMachine;

/** Every text this machine can produce. */
export const retrieveAccountNumberMessages = Object.values(RETRIEVE_ACCOUNT_NUMBER_MESSAGES);
