import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryError, RecoveryReply } from './forgot-username.machine';
import { stateMetaType, type ShownMessage } from './messages';
import { isAccountNumber, isBlank } from './recovery-input';

/**
 * Retrieve an authorization code (shell spec §2 /login/retrieveAuthCode and /login/retrieveAuthCodeOptions; §4
 * 'authentication code by email ... Auth-code-by-email is skipped if the payload is null.'; §7 GET
 * retrieveAuthCode?accountNumber, POST authCodeByEmail). The code proves the account is the visitor's when a
 * profile is created (machines/create-profile.machine.ts).
 *
 * accountStep --AUTHCODE.SUBMIT_ACCOUNT {accountNumber}--> blank or not an account number (9, 11 or 13 letters
 * and digits): a message, no call; otherwise lookingUp (lookUpOptions) --> errorMessage: errorInResponse,
 * failed call: apiFailed; otherwise optionsStep with the options, running `optionsFound` (the page moves to the
 * options page). The options page starts the machine there (input `options`).
 * optionsStep: the payload of authCodeByEmail is the chosen email option, null when the account offers no email
 * option: then the call is skipped (`skipped`, a message). AUTHCODE.SEND {option} --> sending (sendCode) -->
 * codeSent, running `codeSent` (the page moves to the email-sent page); errorMessage or a failed call keep the
 * options with a message.
 *
 * The spec quotes no copy for this flow: the texts are ours. Texts it can produce: RETRIEVE_AUTH_CODE_MESSAGES.
 */

/** One place the code can be sent, as retrieveAuthCode lists it. */
export interface AuthCodeOption {
  /** 'email' or 'sms' */
  type: string;
  maskedValue: string;
}

export interface RetrieveAuthCodeInput {
  accountNumber: string | null;
  /** the options of the account, when the machine starts on the options page */
  options?: AuthCodeOption[] | null;
}

export interface RetrieveAuthCodeContext {
  /** started on the options page (input `options` given, even an empty list) */
  onOptionsPage: boolean;
  accountNumber: string;
  options: AuthCodeOption[];
  /** the option chosen to send the code to */
  chosen: AuthCodeOption | null;
  error: RecoveryError | null;
}

export type RetrieveAuthCodeEvent =
  | { type: 'AUTHCODE.SUBMIT_ACCOUNT'; accountNumber: string }
  /** `option`: the index of the chosen option in `options` (null: none chosen) */
  | { type: 'AUTHCODE.SEND'; option: number | null };

/** Output of `lookUpOptions`: the reply of retrieveAuthCode. */
export interface AuthCodeOptionsReply extends RecoveryReply {
  options?: AuthCodeOption[];
}

/** The payload of authCodeByEmail. */
export interface AuthCodeByEmailPayload {
  accountNumber: string;
  emailAddress: string;
}

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const RETRIEVE_AUTH_CODE_MESSAGES = {
  accountMissing: message('retrieveAuthCodeAccountMissing', 'Enter your account number.'),
  accountInvalid: message(
    'retrieveAuthCodeAccountInvalid',
    'Enter the account number as it is on your bill: 9, 11 or 13 letters and numbers.',
  ),
  accountRefused: message(
    'retrieveAuthCodeAccountRefused',
    'We could not find that account number. Check it on your bill and try again.',
  ),
  lookUpFailed: message(
    'retrieveAuthCodeLookUpFailed',
    'We could not look up your account right now. Please try again later.',
  ),
  noEmailOption: message(
    'retrieveAuthCodeNoEmailOption',
    'We have no email address on this account to send a code to. Chat with us and an agent will help.',
  ),
  sendRefused: message(
    'retrieveAuthCodeSendRefused',
    'We could not send a code to that address. Chat with us and an agent will help.',
  ),
  sendFailed: message(
    'retrieveAuthCodeSendFailed',
    'We could not send your code right now. Please try again later.',
  ),
} as const;

/** The authCodeByEmail payload for an option: null unless it is an email option. */
export function authCodePayload(
  accountNumber: string,
  option: AuthCodeOption | null | undefined,
): AuthCodeByEmailPayload | null {
  if (!option || option.type.toLowerCase() !== 'email') return null;
  return { accountNumber, emailAddress: option.maskedValue };
}

const emailOptions = (options: readonly AuthCodeOption[]) => options.filter((o) => authCodePayload('', o));

export const retrieveAuthCodeMachine = setup({
  types: {
    context: {} as RetrieveAuthCodeContext,
    events: {} as RetrieveAuthCodeEvent,
    input: {} as RetrieveAuthCodeInput,
    meta: stateMetaType,
  },
  actors: {
    /** GET retrieveAuthCode?accountNumber; resolves with the reply, rejects when the call fails. */
    lookUpOptions: fromPromise<AuthCodeOptionsReply, { accountNumber: string }>(() =>
      Promise.reject(new Error('lookUpOptions is not provided')),
    ),
    /** POST authCodeByEmail {accountNumber, emailAddress}; resolves with the reply, rejects on failure. */
    sendCode: fromPromise<RecoveryReply, AuthCodeByEmailPayload>(() =>
      Promise.reject(new Error('sendCode is not provided')),
    ),
  },
  actions: {
    /** The account has its options (the page moves to /login/retrieveAuthCodeOptions with them). */
    optionsFound: (_, _params: { accountNumber: string; options: AuthCodeOption[] }) => {},
    /** The code is on its way (the page moves to /login/shellProfileSuccessEmailSent). */
    codeSent: (_, _params: { accountNumber: string; sentTo: string }) => {},
  },
  guards: {
    startsOnOptions: ({ context }) => context.onOptionsPage && context.accountNumber !== '',
    hasNoEmailOption: ({ context }) => emailOptions(context.options).length === 0,
    isBlankAccount: ({ event }) => event.type === 'AUTHCODE.SUBMIT_ACCOUNT' && isBlank(event.accountNumber),
    isInvalidAccount: ({ event }) =>
      event.type === 'AUTHCODE.SUBMIT_ACCOUNT' && !isAccountNumber(event.accountNumber),
    payloadIsNull: ({ context, event }) =>
      event.type === 'AUTHCODE.SEND' &&
      authCodePayload(context.accountNumber, event.option === null ? null : context.options[event.option]) ===
        null,
    hasErrorMessage: (_, reply: RecoveryReply) => reply.errorMessage.trim() !== '',
  },
}).createMachine({
  id: 'retrieveAuthCode',
  context: ({ input }) => ({
    onOptionsPage: Array.isArray(input.options),
    accountNumber: input.accountNumber?.trim() ?? '',
    options: input.options ?? [],
    chosen: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsOnOptions', target: 'optionsStep' }, { target: 'accountStep' }],
    },
    accountStep: {
      initial: 'editing',
      on: {
        'AUTHCODE.SUBMIT_ACCOUNT': [
          { guard: 'isBlankAccount', target: '.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
          { guard: 'isInvalidAccount', target: '.invalidInput', actions: assign({ error: 'INVALID_INPUT' }) },
          {
            target: '.lookingUp',
            actions: assign({ accountNumber: ({ event }) => event.accountNumber.trim(), error: null }),
          },
        ],
      },
      states: {
        editing: {},
        missingInput: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.accountMissing } },
        invalidInput: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.accountInvalid } },
        lookingUp: {
          on: { 'AUTHCODE.SUBMIT_ACCOUNT': {} },
          invoke: {
            id: 'lookUpOptions',
            src: 'lookUpOptions',
            input: ({ context }) => ({ accountNumber: context.accountNumber }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'errorInResponse',
                actions: assign({ error: 'ERROR_IN_RESPONSE' }),
              },
              {
                target: '#retrieveAuthCode.optionsStep',
                actions: [
                  assign({ options: ({ event }) => event.output.options ?? [] }),
                  {
                    type: 'optionsFound',
                    params: ({ context, event }) => ({
                      accountNumber: context.accountNumber,
                      options: event.output.options ?? [],
                    }),
                  },
                ],
              },
            ],
            onError: { target: 'apiFailed', actions: assign({ error: 'API_FAILED' }) },
          },
        },
        errorInResponse: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.accountRefused } },
        apiFailed: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.lookUpFailed } },
      },
    },
    optionsStep: {
      initial: 'deciding',
      on: {
        'AUTHCODE.SEND': [
          { guard: 'payloadIsNull', target: '.skipped' },
          {
            target: '.sending',
            actions: assign({
              chosen: ({ context, event }) =>
                event.option === null ? null : (context.options[event.option] ?? null),
              error: null,
            }),
          },
        ],
      },
      states: {
        // Auth-code-by-email is skipped if the payload is null: an account with no email option never calls.
        deciding: { always: [{ guard: 'hasNoEmailOption', target: 'skipped' }, { target: 'choosing' }] },
        choosing: {},
        skipped: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.noEmailOption } },
        sending: {
          on: { 'AUTHCODE.SEND': {} },
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({
              accountNumber: context.accountNumber,
              emailAddress: context.chosen?.maskedValue ?? '',
            }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'errorInResponse',
                actions: assign({ error: 'ERROR_IN_RESPONSE' }),
              },
              {
                target: '#retrieveAuthCode.codeSent',
                actions: {
                  type: 'codeSent',
                  params: ({ context }) => ({
                    accountNumber: context.accountNumber,
                    sentTo: context.chosen?.maskedValue ?? '',
                  }),
                },
              },
            ],
            onError: { target: 'apiFailed', actions: assign({ error: 'API_FAILED' }) },
          },
        },
        errorInResponse: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.sendRefused } },
        apiFailed: { meta: { message: RETRIEVE_AUTH_CODE_MESSAGES.sendFailed } },
      },
    },
    codeSent: { type: 'final' },
  },
});

export type RetrieveAuthCodeMachine = typeof retrieveAuthCodeMachine;

/** Every text this machine can produce. */
export const retrieveAuthCodeMessages = Object.values(RETRIEVE_AUTH_CODE_MESSAGES);
