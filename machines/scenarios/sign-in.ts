/**
 * The path scenarios of signing in and recovery: forgot username or password, reset password, account number
 * and auth code retrieval, profile creation, the cancel-service jump.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { shownMessages } from '../messages';
import type { PathEvent } from '../paths';
import { forgotPasswordMachine, forgotPasswordMessages } from '../forgot-password.machine';
import { forgotUsernameMachine, forgotUsernameMessages } from '../forgot-username.machine';
import { resetPasswordMachine, resetPasswordMessages } from '../reset-password.machine';
import {
  retrieveAccountNumberMachine,
  retrieveAccountNumberMessages,
} from '../retrieve-account-number.machine';
import { retrieveAuthCodeMachine, retrieveAuthCodeMessages } from '../retrieve-auth-code.machine';
import { createProfileMachine, createProfileMessages } from '../create-profile.machine';
import { cancelServiceSsoMachine, cancelServiceSsoMessages } from '../cancel-service-sso.machine';
import { done, failed, type PathMachine, type PathScenario } from './scenario';

const recoveryReply = { status: 'SUCCESS', errorMessage: '' };
const recoveryRefusal = { status: 'ERROR', errorMessage: 'ERROR_IN_RESPONSE' };
type ScenarioEvents = PathScenario['events'];

/**
 * The events of a form's flow, tried once each: every one in a state that shows nothing, but in a state that
 * shows a message (a failure) only the first of each kind (the valid one) besides the actors' answers. Otherwise
 * every failure could follow every other in every order: thousands of paths saying the same thing. Each
 * transition is still taken by some path (the generator completes the coverage).
 */
function tryOnce(events: ScenarioEvents): (snapshot: AnyMachineSnapshot) => readonly PathEvent[] {
  return (snapshot) => {
    const all = typeof events === 'function' ? events(snapshot) : events;
    if (shownMessages(snapshot).length === 0) return all;
    const seen = new Set<string>();
    return all.filter((e) => {
      if (e.type.startsWith('xstate.')) return true;
      if (seen.has(e.type)) return false;
      seen.add(e.type);
      return true;
    });
  };
}

export const forgotUsername: PathMachine = {
  id: 'forgot-username',
  machine: forgotUsernameMachine,
  messages: forgotUsernameMessages,
  scenarios: [
    {
      id: 'forgot-username-page',
      given: 'The forgot-username page is open',
      events: tryOnce([
        { type: 'USERNAME.SUBMIT', email: 'pat@example.com' },
        { type: 'USERNAME.SUBMIT', email: '' },
        { type: 'USERNAME.SUBMIT', email: 'pat.example.com' },
        done('requestUsername', recoveryReply),
        done('requestUsername', recoveryRefusal),
        failed('requestUsername', 'HTTP 500'),
      ]),
    },
  ],
};

const emailStepEvents: readonly PathEvent[] = [
  { type: 'PASSWORD.SUBMIT_EMAIL', email: 'jdoe@example.com' },
  { type: 'PASSWORD.SUBMIT_EMAIL', email: '' },
  { type: 'PASSWORD.SUBMIT_EMAIL', email: 'jdoe.example.com' },
  done('checkEmail', recoveryReply),
  done('checkEmail', recoveryRefusal),
  failed('checkEmail', 'HTTP 500'),
];

export const forgotPassword: PathMachine = {
  id: 'forgot-password',
  machine: forgotPasswordMachine,
  messages: forgotPasswordMessages,
  scenarios: [
    {
      id: 'step-1',
      given: 'The forgot-password page opens on step 1',
      input: { login: null },
      events: tryOnce([
        { type: 'PASSWORD.SUBMIT_LOGIN', login: 'jdoe' },
        { type: 'PASSWORD.SUBMIT_LOGIN', login: '' },
        done('requestPasswordReset', { ...recoveryReply, maskedEmail: 'j***@example.com' }),
        done('requestPasswordReset', recoveryRefusal),
        failed('requestPasswordReset', 'HTTP 500'),
        ...emailStepEvents,
      ]),
    },
    {
      id: 'step-2',
      given: 'The forgot-password step 2 page opens with the login step 1 accepted',
      input: { login: 'jdoe', maskedEmail: 'j***@example.com' },
      events: tryOnce(emailStepEvents),
    },
  ],
};

const newPasswordEvents: readonly PathEvent[] = [
  { type: 'PASSWORD.SUBMIT_NEW', password: '', confirmation: '' },
  { type: 'PASSWORD.SUBMIT_NEW', password: 'Secret123', confirmation: 'Secret124' },
  { type: 'PASSWORD.SUBMIT_NEW', password: 'short', confirmation: 'short' },
  { type: 'PASSWORD.SUBMIT_NEW', password: 'Secret123', confirmation: 'Secret123' },
];

export const resetPassword: PathMachine = {
  id: 'reset-password',
  machine: resetPasswordMachine,
  messages: resetPasswordMessages,
  scenarios: [
    {
      id: 'reset-link',
      given: 'The reset link of a forgot-password email is opened (/login/forgotPasswordStep3?token=...)',
      input: { purpose: 'reset' },
      events: tryOnce((snapshot) => {
        if (snapshot.matches('idle'))
          return [
            { type: 'PASSWORD.OPEN_LINK', token: 'T0KEN' },
            { type: 'PASSWORD.OPEN_LINK', token: '' },
          ];
        if (snapshot.matches('checkingToken'))
          return [
            done('checkToken', { ...recoveryReply, tokenValid: true, login: 'jdoe' }),
            done('checkToken', {
              status: 'ERROR',
              errorMessage: 'This link has expired.',
              tokenValid: false,
            }),
            failed('checkToken', 'HTTP 500'),
          ];
        if (snapshot.matches('checkFailed')) return [{ type: 'PASSWORD.RETRY' }];
        if (snapshot.matches({ choosing: 'changing' }))
          return [
            done('changePassword', { response: 'Success' }),
            done('changePassword', { response: 'Failure' }),
            failed('changePassword', 'HTTP 500'),
          ];
        return newPasswordEvents;
      }),
    },
    {
      id: 'set-link',
      given:
        'The set-password link of a profile created without a password is opened (/login/setPassword?token=...)',
      input: { purpose: 'set' },
      events: tryOnce([
        { type: 'PASSWORD.OPEN_LINK', token: 'T0KEN' },
        done('checkToken', { ...recoveryReply, tokenValid: true, login: 'pat@example.com' }),
        { type: 'PASSWORD.SUBMIT_NEW', password: 'Secret123', confirmation: 'Secret123' },
        done('changePassword', { response: 'Success' }),
      ]),
    },
  ],
};

export const retrieveAccountNumber: PathMachine = {
  id: 'retrieve-account-number',
  machine: retrieveAccountNumberMachine,
  messages: retrieveAccountNumberMessages,
  scenarios: [
    {
      id: 'retrieve-account-number-page',
      given: 'The retrieve-account-number page is open',
      events: tryOnce([
        { type: 'ACCOUNTNUMBER.SUBMIT', email: 'pat@example.com' },
        { type: 'ACCOUNTNUMBER.SUBMIT', email: '' },
        { type: 'ACCOUNTNUMBER.SUBMIT', email: 'pat.example.com' },
        done('requestAccountNumber', { ...recoveryReply, maskedEmail: 'p***@example.com' }),
        done('requestAccountNumber', recoveryRefusal),
        failed('requestAccountNumber', 'HTTP 500'),
      ]),
    },
  ],
};

const emailOption = { type: 'email', maskedValue: 'p***@example.com' };

const sendCodeEvents: readonly PathEvent[] = [
  { type: 'AUTHCODE.SEND', option: 0 },
  { type: 'AUTHCODE.SEND', option: null },
  done('sendCode', recoveryReply),
  done('sendCode', recoveryRefusal),
  failed('sendCode', 'HTTP 500'),
];

export const retrieveAuthCode: PathMachine = {
  id: 'retrieve-auth-code',
  machine: retrieveAuthCodeMachine,
  messages: retrieveAuthCodeMessages,
  scenarios: [
    {
      id: 'account-number',
      given: 'The retrieve-auth-code page is open (account number step)',
      input: { accountNumber: null },
      events: tryOnce((snapshot) =>
        snapshot.matches('optionsStep')
          ? sendCodeEvents
          : [
              { type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '310245781' },
              { type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '' },
              { type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '12345' },
              done('lookUpOptions', { ...recoveryReply, options: [emailOption] }),
              done('lookUpOptions', { ...recoveryReply, options: [] }),
              done('lookUpOptions', recoveryRefusal),
              failed('lookUpOptions', 'HTTP 500'),
            ],
      ),
    },
    {
      id: 'options',
      given: 'The options page opens with an email option for account 310245781',
      input: {
        accountNumber: '310245781',
        options: [emailOption, { type: 'sms', maskedValue: '***-***-0100' }],
      },
      events: tryOnce([...sendCodeEvents, { type: 'AUTHCODE.SEND', option: 1 }]),
    },
  ],
};

const profileAccount = { accountNumber: '310245781', authCode: '123456' };
const profileDetails = { firstName: 'Pat', lastName: 'Doe', emailAddress: 'pat@example.com' };

const createEvents: readonly PathEvent[] = [
  done('createProfile', { ...recoveryReply, login: 'pat@example.com' }),
  done('createProfile', {
    status: 'ERROR',
    errorMessage: 'The authorization code is not valid or has expired.',
  }),
  failed('createProfile', 'HTTP 500'),
];

const detailsEvents: readonly PathEvent[] = [
  { type: 'PROFILE.SUBMIT_DETAILS', ...profileDetails },
  { type: 'PROFILE.SUBMIT_DETAILS', ...profileDetails, firstName: '' },
  { type: 'PROFILE.SUBMIT_DETAILS', ...profileDetails, emailAddress: 'pat.example.com' },
  done('checkEmail', { ...recoveryReply, available: true }),
  done('checkEmail', { ...recoveryReply, available: false }),
  done('checkEmail', recoveryRefusal),
  failed('checkEmail', 'HTTP 500'),
];

export const createProfile: PathMachine = {
  id: 'create-profile',
  machine: createProfileMachine,
  messages: createProfileMessages,
  scenarios: [
    {
      id: 'registration',
      given: 'The profile registration page is open (account number and authorization code)',
      input: { origin: 'registration', step: 'registration' },
      events: tryOnce((snapshot) =>
        snapshot.matches('registrationStep')
          ? [
              { type: 'PROFILE.SUBMIT_ACCOUNT', ...profileAccount },
              { type: 'PROFILE.SUBMIT_ACCOUNT', ...profileAccount, authCode: '' },
              { type: 'PROFILE.SUBMIT_ACCOUNT', ...profileAccount, accountNumber: '12345' },
              { type: 'PROFILE.SUBMIT_ACCOUNT', ...profileAccount, authCode: '12ab' },
            ]
          : [],
      ),
    },
    {
      id: 'completion',
      given: 'The profile completion page opens with the account number and code of registration',
      input: { origin: 'registration', step: 'completion', account: profileAccount },
      events: tryOnce((snapshot) => (snapshot.matches('completionStep') ? detailsEvents : [])),
    },
    {
      id: 'password',
      given: 'The password creation page opens with the account and the details of the earlier pages',
      input: { origin: 'registration', step: 'password', account: profileAccount, details: profileDetails },
      events: tryOnce((snapshot) =>
        snapshot.matches({ passwordStep: 'creating' })
          ? createEvents
          : [
              { type: 'PROFILE.SUBMIT_PASSWORD', password: '', confirmation: '' },
              { type: 'PROFILE.SUBMIT_PASSWORD', password: 'Secret123', confirmation: 'Secret124' },
              { type: 'PROFILE.SUBMIT_PASSWORD', password: 'short', confirmation: 'short' },
              { type: 'PROFILE.SUBMIT_PASSWORD', password: 'Secret123', confirmation: 'Secret123' },
            ],
      ),
    },
    {
      id: 'from-forgot-username',
      given: 'Create a profile from forgot username: the completion step creates it, without a password',
      input: { origin: 'forgotUsername', step: 'completion', account: profileAccount },
      events: tryOnce((snapshot) =>
        snapshot.matches({ completionStep: 'creating' })
          ? createEvents
          : snapshot.matches('completionStep')
            ? detailsEvents.slice(0, 1).concat(detailsEvents.slice(3, 4))
            : [],
      ),
    },
  ],
};

export const cancelServiceSso: PathMachine = {
  id: 'cancel-service-sso',
  machine: cancelServiceSsoMachine,
  messages: cancelServiceSsoMessages,
  scenarios: [
    {
      id: 'from-the-app',
      given: 'The app opens /login/cancelservice (with or without its token)',
      events: [
        { type: 'SSO.START', token: 'APP-TOKEN' },
        { type: 'SSO.START', token: '' },
        done('performSso', { authenticated: true, currentlyManagingAccountId: '310245781' }),
        done('performSso', { authenticated: false, errorMessage: 'Invalid or expired token' }),
        failed('performSso', 'performSSO service status code is not OK'),
        { type: 'SSO.RETRY' },
      ],
    },
  ],
};
