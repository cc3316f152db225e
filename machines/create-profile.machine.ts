import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryError, RecoveryReply } from './forgot-username.machine';
import { stateMetaType, type ShownMessage } from './messages';
import {
  isAccountNumber,
  isAuthCode,
  isBlank,
  isEmail,
  isStrongPassword,
  PASSWORD_MIN_LENGTH,
} from './recovery-input';

/**
 * Creating an online profile (shell spec §2 /login/profileRegistration, /login/profileCompletion,
 * /login/passwordCreation, /login/forgotUsernameCreateProfile; §4 'profile creation ... Create-profile is refused
 * if the profile payload is empty.'; §7 POST ACOD/createProfile2, GET validateEmailUn?emailAddress).
 *
 * registrationStep --PROFILE.SUBMIT_ACCOUNT {accountNumber, authCode}--> each checked (blank, an account number,
 * a six-digit code), no call; then completionStep, running `accountEntered` (the page moves to the completion
 * page). completionStep --PROFILE.SUBMIT_DETAILS {firstName, lastName, emailAddress}--> checked (blank, email
 * pattern); checkingEmail (checkEmail: validateEmailUn, the email becomes the username) --> errorMessage or
 * a failed call: a message; `available: false`: emailTaken; otherwise the password step (`detailsEntered`, the
 * page moves to password creation) or, for a profile started from forgot username, straight to creating: that
 * profile gets its password through the set-password link of its confirmation email.
 * passwordStep --PROFILE.SUBMIT_PASSWORD {password, confirmation}--> blank, not the same, too weak: a message;
 * otherwise creating (createProfile with the whole profile) --> errorMessage: createRefused, failed call:
 * createFailed, both on the page where it was sent, whose form sends it again; otherwise created, running
 * `profileCreated` (the page moves to the success page of its origin).
 *
 * Each page starts the machine at its step with what the earlier pages collected (input), so going back and
 * forth loses nothing. The spec quotes no copy: the texts are ours. Texts: CREATE_PROFILE_MESSAGES.
 */

/** Where the flow started: the registration pages, or the forgot-username page's 'create a profile'. */
export type ProfileOrigin = 'registration' | 'forgotUsername';
export type ProfileStep = 'registration' | 'completion' | 'password';

export interface ProfileAccount {
  accountNumber: string;
  authCode: string;
}

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export interface CreateProfileInput {
  origin: ProfileOrigin;
  step: ProfileStep;
  account?: ProfileAccount | null;
  details?: ProfileDetails | null;
}

export type CreateProfileError = RecoveryError | 'EMAIL_TAKEN' | 'MISMATCH' | 'WEAK_PASSWORD';

export interface CreateProfileContext extends ProfileAccount, ProfileDetails {
  origin: ProfileOrigin;
  /** only while `creating` */
  password: string;
  /** the login createProfile2 answered */
  login: string | null;
  error: CreateProfileError | null;
}

export type CreateProfileEvent =
  | ({ type: 'PROFILE.SUBMIT_ACCOUNT' } & ProfileAccount)
  | ({ type: 'PROFILE.SUBMIT_DETAILS' } & ProfileDetails)
  | { type: 'PROFILE.SUBMIT_PASSWORD'; password: string; confirmation: string };

/** Output of `checkEmail`: the reply of validateEmailUn. */
export interface EmailUsernameReply extends RecoveryReply {
  available?: boolean;
}

/** Output of `createProfile`: the reply of createProfile2. */
export interface CreateProfileReply extends RecoveryReply {
  login?: string;
}

/** The payload of createProfile2: the profile (the password only when one was chosen). */
export type ProfilePayload = ProfileAccount & ProfileDetails & { password?: string };

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const CREATE_PROFILE_MESSAGES = {
  accountMissing: message(
    'createProfileAccountMissing',
    'Enter your account number and the authorization code we sent you.',
  ),
  accountInvalid: message(
    'createProfileAccountInvalid',
    'Enter the account number as it is on your bill: 9, 11 or 13 letters and numbers.',
  ),
  codeInvalid: message('createProfileCodeInvalid', 'The authorization code is the 6 digits in our email.'),
  detailsMissing: message(
    'createProfileDetailsMissing',
    'Enter your first name, last name and email address.',
  ),
  emailInvalid: message('createProfileEmailInvalid', 'Enter an email address like name@example.com.'),
  emailRefused: message(
    'createProfileEmailRefused',
    'We could not accept that email address as a username. Check it and try again.',
  ),
  emailTaken: message(
    'createProfileEmailTaken',
    'A profile already uses that email address. Get your username instead, or use another address.',
  ),
  emailCheckFailed: message(
    'createProfileEmailCheckFailed',
    'We could not check your email address right now. Please try again later.',
  ),
  passwordMissing: message(
    'createProfilePasswordMissing',
    'Enter a password and enter it again to confirm it.',
  ),
  passwordMismatch: message(
    'createProfilePasswordMismatch',
    'The two passwords are not the same. Enter them again.',
  ),
  passwordWeak: message(
    'createProfilePasswordWeak',
    `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters with at least one letter and one number.`,
  ),
  createRefused: message(
    'createProfileRefused',
    'We could not create your profile with these details. Check your account number and authorization code.',
  ),
  createFailed: message(
    'createProfileFailed',
    'We could not create your profile right now. Your details are kept: try again in a moment.',
  ),
} as const;

/** The createProfile2 payload of the context. */
export function profilePayload(context: CreateProfileContext): ProfilePayload {
  return {
    accountNumber: context.accountNumber,
    authCode: context.authCode,
    firstName: context.firstName,
    lastName: context.lastName,
    emailAddress: context.emailAddress,
    ...(context.password ? { password: context.password } : {}),
  };
}

export const createProfileMachine = setup({
  types: {
    context: {} as CreateProfileContext,
    events: {} as CreateProfileEvent,
    input: {} as CreateProfileInput,
    meta: stateMetaType,
  },
  actors: {
    /** GET validateEmailUn?emailAddress; resolves with the reply, rejects when the call fails. */
    checkEmail: fromPromise<EmailUsernameReply, { emailAddress: string }>(() =>
      Promise.reject(new Error('checkEmail is not provided')),
    ),
    /** POST createProfile2 {profile}; resolves with the reply, rejects when the call fails. */
    createProfile: fromPromise<CreateProfileReply, { profile: ProfilePayload }>(() =>
      Promise.reject(new Error('createProfile is not provided')),
    ),
  },
  actions: {
    /** Account number and code taken (the page moves to /login/profileCompletion with them). */
    accountEntered: (_, _params: { origin: ProfileOrigin; account: ProfileAccount }) => {},
    /** Details taken (the page moves to /login/passwordCreation with everything so far). */
    detailsEntered: (
      _,
      _params: { origin: ProfileOrigin; account: ProfileAccount; details: ProfileDetails },
    ) => {},
    /** The profile exists (the page moves to the success page of `origin`). */
    profileCreated: (_, _params: { origin: ProfileOrigin; login: string; emailAddress: string }) => {},
  },
  guards: {
    startsOnPassword: ({ context }) => context.emailAddress !== '' && context.accountNumber !== '',
    startsOnCompletion: ({ context }) => context.accountNumber !== '',
    accountBlank: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_ACCOUNT' && (isBlank(event.accountNumber) || isBlank(event.authCode)),
    accountInvalid: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_ACCOUNT' && !isAccountNumber(event.accountNumber),
    codeInvalid: ({ event }) => event.type === 'PROFILE.SUBMIT_ACCOUNT' && !isAuthCode(event.authCode),
    detailsBlank: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_DETAILS' &&
      (isBlank(event.firstName) || isBlank(event.lastName) || isBlank(event.emailAddress)),
    emailInvalid: ({ event }) => event.type === 'PROFILE.SUBMIT_DETAILS' && !isEmail(event.emailAddress),
    hasErrorMessage: (_, reply: RecoveryReply) => reply.errorMessage.trim() !== '',
    emailTaken: (_, reply: EmailUsernameReply) => reply.available === false,
    withoutPassword: ({ context }) => context.origin === 'forgotUsername',
    passwordBlank: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_PASSWORD' && (event.password === '' || event.confirmation === ''),
    passwordMismatch: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_PASSWORD' && event.password !== event.confirmation,
    passwordWeak: ({ event }) =>
      event.type === 'PROFILE.SUBMIT_PASSWORD' && !isStrongPassword(event.password),
  },
}).createMachine({
  id: 'createProfile',
  context: ({ input }) => {
    const account = input.step !== 'registration' ? input.account : null;
    const details = input.step === 'password' && account ? input.details : null;
    return {
      origin: input.origin,
      accountNumber: account?.accountNumber.trim() ?? '',
      authCode: account?.authCode.trim() ?? '',
      firstName: details?.firstName.trim() ?? '',
      lastName: details?.lastName.trim() ?? '',
      emailAddress: details?.emailAddress.trim() ?? '',
      password: '',
      login: null,
      error: null,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'startsOnPassword', target: 'passwordStep' },
        { guard: 'startsOnCompletion', target: 'completionStep' },
        { target: 'registrationStep' },
      ],
    },
    registrationStep: {
      initial: 'editing',
      on: {
        'PROFILE.SUBMIT_ACCOUNT': [
          { guard: 'accountBlank', target: '.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
          { guard: 'accountInvalid', target: '.accountInvalid', actions: assign({ error: 'INVALID_INPUT' }) },
          { guard: 'codeInvalid', target: '.codeInvalid', actions: assign({ error: 'INVALID_INPUT' }) },
          {
            target: 'completionStep',
            actions: [
              assign({
                accountNumber: ({ event }) => event.accountNumber.trim(),
                authCode: ({ event }) => event.authCode.trim(),
                error: null,
              }),
              {
                type: 'accountEntered',
                params: ({ context }) => ({
                  origin: context.origin,
                  account: { accountNumber: context.accountNumber, authCode: context.authCode },
                }),
              },
            ],
          },
        ],
      },
      states: {
        editing: {},
        missingInput: { meta: { message: CREATE_PROFILE_MESSAGES.accountMissing } },
        accountInvalid: { meta: { message: CREATE_PROFILE_MESSAGES.accountInvalid } },
        codeInvalid: { meta: { message: CREATE_PROFILE_MESSAGES.codeInvalid } },
      },
    },
    completionStep: {
      initial: 'editing',
      on: {
        'PROFILE.SUBMIT_DETAILS': [
          { guard: 'detailsBlank', target: '.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
          { guard: 'emailInvalid', target: '.invalidEmail', actions: assign({ error: 'INVALID_INPUT' }) },
          {
            target: '.checkingEmail',
            actions: assign({
              firstName: ({ event }) => event.firstName.trim(),
              lastName: ({ event }) => event.lastName.trim(),
              emailAddress: ({ event }) => event.emailAddress.trim(),
              error: null,
            }),
          },
        ],
      },
      states: {
        editing: {},
        missingInput: { meta: { message: CREATE_PROFILE_MESSAGES.detailsMissing } },
        invalidEmail: { meta: { message: CREATE_PROFILE_MESSAGES.emailInvalid } },
        checkingEmail: {
          on: { 'PROFILE.SUBMIT_DETAILS': {} },
          invoke: {
            id: 'checkEmail',
            src: 'checkEmail',
            input: ({ context }) => ({ emailAddress: context.emailAddress }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'errorInResponse',
                actions: assign({ error: 'ERROR_IN_RESPONSE' }),
              },
              {
                guard: { type: 'emailTaken', params: ({ event }) => event.output },
                target: 'emailTaken',
                actions: assign({ error: 'EMAIL_TAKEN' }),
              },
              { guard: 'withoutPassword', target: 'creating' },
              {
                target: '#createProfile.passwordStep',
                actions: {
                  type: 'detailsEntered',
                  params: ({ context }) => ({
                    origin: context.origin,
                    account: { accountNumber: context.accountNumber, authCode: context.authCode },
                    details: {
                      firstName: context.firstName,
                      lastName: context.lastName,
                      emailAddress: context.emailAddress,
                    },
                  }),
                },
              },
            ],
            onError: { target: 'apiFailed', actions: assign({ error: 'API_FAILED' }) },
          },
        },
        errorInResponse: { meta: { message: CREATE_PROFILE_MESSAGES.emailRefused } },
        emailTaken: { meta: { message: CREATE_PROFILE_MESSAGES.emailTaken } },
        apiFailed: { meta: { message: CREATE_PROFILE_MESSAGES.emailCheckFailed } },
        creating: {
          // A second submit while the profile is being created is ignored.
          on: { 'PROFILE.SUBMIT_DETAILS': {} },
          invoke: {
            id: 'createProfile',
            src: 'createProfile',
            input: ({ context }) => ({ profile: profilePayload(context) }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'createRefused',
                actions: assign({ error: 'ERROR_IN_RESPONSE', password: '' }),
              },
              {
                target: '#createProfile.created',
                actions: assign({
                  login: ({ context, event }) => event.output.login ?? context.emailAddress,
                  password: '',
                }),
              },
            ],
            onError: { target: 'createFailed', actions: assign({ error: 'API_FAILED', password: '' }) },
          },
        },
        createRefused: { meta: { message: CREATE_PROFILE_MESSAGES.createRefused } },
        createFailed: { meta: { message: CREATE_PROFILE_MESSAGES.createFailed } },
      },
    },
    passwordStep: {
      initial: 'editing',
      on: {
        'PROFILE.SUBMIT_PASSWORD': [
          { guard: 'passwordBlank', target: '.missingInput', actions: assign({ error: 'MISSING_INPUT' }) },
          { guard: 'passwordMismatch', target: '.mismatch', actions: assign({ error: 'MISMATCH' }) },
          { guard: 'passwordWeak', target: '.weak', actions: assign({ error: 'WEAK_PASSWORD' }) },
          {
            target: '.creating',
            actions: assign({ password: ({ event }) => event.password, error: null }),
          },
        ],
      },
      states: {
        editing: {},
        missingInput: { meta: { message: CREATE_PROFILE_MESSAGES.passwordMissing } },
        mismatch: { meta: { message: CREATE_PROFILE_MESSAGES.passwordMismatch } },
        weak: { meta: { message: CREATE_PROFILE_MESSAGES.passwordWeak } },
        creating: {
          // A second submit while the profile is being created is ignored.
          on: { 'PROFILE.SUBMIT_PASSWORD': {} },
          invoke: {
            id: 'createProfile',
            src: 'createProfile',
            input: ({ context }) => ({ profile: profilePayload(context) }),
            onDone: [
              {
                guard: { type: 'hasErrorMessage', params: ({ event }) => event.output },
                target: 'createRefused',
                actions: assign({ error: 'ERROR_IN_RESPONSE', password: '' }),
              },
              {
                target: '#createProfile.created',
                actions: assign({
                  login: ({ context, event }) => event.output.login ?? context.emailAddress,
                  password: '',
                }),
              },
            ],
            onError: { target: 'createFailed', actions: assign({ error: 'API_FAILED', password: '' }) },
          },
        },
        createRefused: { meta: { message: CREATE_PROFILE_MESSAGES.createRefused } },
        createFailed: { meta: { message: CREATE_PROFILE_MESSAGES.createFailed } },
      },
    },
    created: {
      type: 'final',
      entry: {
        type: 'profileCreated',
        params: ({ context }) => ({
          origin: context.origin,
          login: context.login ?? context.emailAddress,
          emailAddress: context.emailAddress,
        }),
      },
    },
  },
});

export type CreateProfileMachine = typeof createProfileMachine;

/** Every text this machine can produce. */
export const createProfileMessages = Object.values(CREATE_PROFILE_MESSAGES);
