import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { shownMessages, type Message } from './messages';
import type { JsonValue, PathEvent } from './paths';
import { accountSwitchMachine, accountSwitchMessages } from './account-switch.machine';
import { modemRestartMachine, modemRestartMessages } from './modem-restart.machine';
import { walledGardenPayMachine, walledGardenPayMessages } from './walled-garden-pay.machine';
import { creditOfferMachine, creditOfferMessages } from './credit-offer.machine';
import { modemReplacementMachine, modemReplacementMessages } from './modem-replacement.machine';
import { declineAltNumberMachine, declineAltNumberMessages } from './decline-alt-number.machine';
import { forgotPasswordMachine, forgotPasswordMessages } from './forgot-password.machine';
import { forgotUsernameMachine, forgotUsernameMessages } from './forgot-username.machine';
import { resetPasswordMachine, resetPasswordMessages } from './reset-password.machine';
import {
  retrieveAccountNumberMachine,
  retrieveAccountNumberMessages,
} from './retrieve-account-number.machine';
import { retrieveAuthCodeMachine, retrieveAuthCodeMessages } from './retrieve-auth-code.machine';
import { createProfileMachine, createProfileMessages } from './create-profile.machine';
import { cancelServiceSsoMachine, cancelServiceSsoMessages } from './cancel-service-sso.machine';
import { retryPaymentMachine, retryPaymentMessages } from './retry-payment.machine';
import { cancelOrderMachine, cancelOrderMessages } from './cancel-order.machine';
import { cancelRepairMachine, cancelRepairMessages } from './cancel-repair.machine';
import { rescheduleRepairMachine, rescheduleRepairMessages } from './reschedule-repair.machine';
import { techTrackerMachine, techTrackerMessages } from './tech-tracker.machine';
import { upgradeMachine, upgradeMessages } from './upgrade.machine';
import { editWifiMachine, editWifiMessages } from './edit-wifi.machine';
import { deviceRenameMachine, deviceRenameMessages } from './device-rename.machine';
import { studioDraftMachine, studioDraftMessages } from './studio-draft.machine';
import { studioImpactMachine, studioImpactMessages } from './studio-impact.machine';
import { paperlessMachine, paperlessMessages } from './paperless.machine';
import { payBillMachine, payBillMessages } from './pay-bill.machine';
import { paymentPlanMachine, paymentPlanMessages } from './payment-plan.machine';
import {
  cancelScheduledPaymentMachine,
  cancelScheduledPaymentMessages,
} from './cancel-scheduled-payment.machine';
import { viewBillMachine, viewBillMessages } from './view-bill.machine';

/**
 * What `npm run paths` explores for each machine: one or more scenarios (an input), and the events tried
 * in every state: user events with representative payloads, and for every invoked actor its done event
 * with representative outputs and its error event (the graph traversal runs no actors, so their answers
 * are events). A machine added to machines/ is added here, with the texts it can produce.
 */

export interface PathScenario {
  /** kebab-case, used in file names when a machine has more than one scenario. */
  id: string;
  /** One line for QA: what is given. */
  given: string;
  input?: JsonValue;
  /** The events tried in every state, or per state (to keep an actor's outputs to the state that asks). */
  events: readonly PathEvent[] | ((snapshot: AnyMachineSnapshot) => readonly PathEvent[]);
}

export interface PathMachine {
  /** The file stem: machines/<id>.machine.ts, test/paths/<id>/. */
  id: string;
  machine: AnyStateMachine;
  scenarios: readonly PathScenario[];
  /** Every text the machine can produce (each must be reached by a path). */
  messages: readonly Message[];
}

/** `{ type: 'xstate.done.actor.<id>', output }`: the invoked actor `id` resolved with `output`. */
export const done = (actorId: string, output?: JsonValue): PathEvent =>
  output === undefined
    ? { type: `xstate.done.actor.${actorId}` }
    : { type: `xstate.done.actor.${actorId}`, output };

/** `{ type: 'xstate.error.actor.<id>', error: { message } }`: the invoked actor `id` rejected. */
export const failed = (actorId: string, message: string): PathEvent => ({
  type: `xstate.error.actor.${actorId}`,
  error: { message },
});

const accountSwitch: PathMachine = {
  id: 'account-switch',
  machine: accountSwitchMachine,
  messages: accountSwitchMessages,
  scenarios: [
    {
      id: 'profile-id-known',
      given: 'The profile id (login name) is known',
      input: { loginName: 'jdoe' },
      events: [
        { type: 'ACCOUNT.SELECT', pid: 'P2' },
        { type: 'ACCOUNT.ADD' },
        done('setCurrentAccount', 'Success'),
        done('setCurrentAccount', 'Failure'),
        failed('setCurrentAccount', 'HTTP 500'),
        done('reloadSession', { prepaidSuspended: false }),
        done('reloadSession', { prepaidSuspended: true }),
        failed('reloadSession', 'profile failed'),
        done('loadAccountData'),
        failed('loadAccountData', 'account data failed'),
      ],
    },
    {
      id: 'profile-id-unknown',
      given: 'The profile id is not known',
      input: { loginName: null },
      events: [{ type: 'ACCOUNT.SELECT', pid: 'P2' }],
    },
  ],
};

const modemRestart: PathMachine = {
  id: 'modem-restart',
  machine: modemRestartMachine,
  messages: modemRestartMessages,
  scenarios: [
    {
      id: 'modem-connected',
      given: 'The outage hangover alert offers a restart (modem connected)',
      events: [
        { type: 'RESTART.OPEN' },
        { type: 'RESTART.CONFIRM' },
        { type: 'RESTART.CANCEL' },
        done('deviceReboot'),
        failed('deviceReboot', "reply contains 'Error'"),
      ],
    },
  ],
};

const cancelOrder: PathMachine = {
  id: 'cancel-order',
  machine: cancelOrderMachine,
  messages: cancelOrderMessages,
  scenarios: [
    {
      id: 'home',
      given: "The home's pending-order alert offers Cancel Order",
      input: { from: 'home' },
      events: [
        { type: 'ORDER.CANCEL' },
        { type: 'ORDER.CONFIRM' },
        { type: 'ORDER.KEEP' },
        done('cancelOrder'),
        failed('cancelOrder', "reasonCode '500'"),
      ],
    },
    {
      id: 'history',
      given: 'The Order & Ticket History offers cancel on the pending order',
      input: { from: 'history' },
      events: [
        { type: 'ORDER.CANCEL' },
        { type: 'ORDER.CONFIRM' },
        { type: 'ORDER.KEEP' },
        done('cancelOrder'),
        failed('cancelOrder', 'HTTP 500'),
      ],
    },
  ],
};

const rescheduleRepair: PathMachine = {
  id: 'reschedule-repair',
  machine: rescheduleRepairMachine,
  messages: rescheduleRepairMessages,
  scenarios: [
    {
      id: 'ticket',
      given: 'An open repair ticket offers Reschedule (canReschedule)',
      events: [
        { type: 'RESCHEDULE.OPEN' },
        done('fetchSlots', {
          slots: [
            { appointmentId: 'APT-1', startTime: '2026-03-12T08:00:00', endTime: '2026-03-12T12:00:00' },
            { appointmentId: 'APT-2', startTime: '2026-03-12T13:00:00', endTime: '2026-03-12T17:00:00' },
          ],
          customerProductId: 'CP-1001',
          sessionId: 'RX-SESSION-1',
        }),
        failed('fetchSlots', 'no appointment slots'),
        { type: 'DATE.SELECT', date: '2026-03-12' },
        { type: 'TIME.SELECT', appointmentId: 'APT-2' },
        { type: 'SAVE' },
        done('rescheduleTicket'),
        failed('rescheduleTicket', 'message FAILURE'),
        { type: 'DIALOG.CLOSE' },
      ],
    },
  ],
};

const cancelRepair: PathMachine = {
  id: 'cancel-repair',
  machine: cancelRepairMachine,
  messages: cancelRepairMessages,
  scenarios: [
    {
      id: 'ticket',
      given: 'An open repair ticket offers Cancel (canCancel)',
      events: [
        { type: 'REPAIR.CANCEL' },
        { type: 'REPAIR.CONFIRM' },
        { type: 'DIALOG.CLOSE' },
        done('cancelTicket'),
        failed('cancelTicket', "type 'fail'"),
      ],
    },
  ],
};

const techTracker: PathMachine = {
  id: 'tech-tracker',
  machine: techTrackerMachine,
  messages: techTrackerMessages,
  scenarios: [
    {
      id: 'link',
      given: "The technician's location link is offered (tech tracker toggle on)",
      events: [
        { type: 'TRACKER.OPEN' },
        done('findTracker', { present: true }),
        done('findTracker', { present: false }),
        failed('findTracker', 'HTTP 500'),
      ],
    },
  ],
};

const walledGardenPay: PathMachine = {
  id: 'walled-garden-pay',
  machine: walledGardenPayMachine,
  messages: walledGardenPayMessages,
  scenarios: [
    {
      id: 'card-valid',
      given: 'Pay now is offered (card not expired)',
      input: { payNowAllowed: true },
      events: [
        { type: 'PAY.NOW' },
        { type: 'PAY.NEW_CARD' },
        done('authorizePayment', { paymentId: 'PAY-1001' }),
        failed('authorizePayment', "statusInfo.status is not '0'"),
      ],
    },
    {
      id: 'card-expired',
      given: 'Pay now is not offered (card expired)',
      input: { payNowAllowed: false },
      events: [{ type: 'PAY.NOW' }, { type: 'PAY.NEW_CARD' }],
    },
  ],
};

const retryPayment: PathMachine = {
  id: 'retry-payment',
  machine: retryPaymentMachine,
  messages: retryPaymentMessages,
  scenarios: [
    {
      id: 'retry-offered',
      given: 'Retry Payment is offered (the rules decided retry-payment)',
      input: { retryAllowed: true },
      events: [
        { type: 'PAYMENT.RETRY' },
        { type: 'PAYMENT.EDIT_METHOD' },
        { type: 'PAYMENT.NEW_METHOD' },
        done('authorizePayment', { paymentId: 'PAY-775501' }),
        failed('authorizePayment', "statusInfo.status is not '0'"),
      ],
    },
    {
      id: 'retry-not-offered',
      given: 'Retry Payment is not offered (data missing or an ACH/account payment method)',
      input: { retryAllowed: false },
      events: [{ type: 'PAYMENT.RETRY' }, { type: 'PAYMENT.EDIT_METHOD' }, { type: 'PAYMENT.NEW_METHOD' }],
    },
  ],
};

const creditOffer: PathMachine = {
  id: 'credit-offer',
  machine: creditOfferMachine,
  messages: creditOfferMessages,
  scenarios: [
    {
      id: 'offer-shown',
      given: 'The out-of-service credit offer is shown',
      events: (snapshot) => [
        { type: 'CREDIT.ACCEPT' },
        { type: 'CREDIT.DECLINE' },
        { type: 'DIALOG.CLOSE' },
        ...(snapshot.matches('accepting')
          ? [
              done('answerOffer', { status: 'OK', message: 'Offer accepted', offerStatus: 'Accepted' }),
              done('answerOffer', { status: 'OK', message: 'Offer not applied', offerStatus: 'ELIGIBLE' }),
              failed('answerOffer', 'HTTP 500'),
            ]
          : []),
        ...(snapshot.matches({ declineDialog: 'sending' })
          ? [
              done('answerOffer', { status: 'OK', message: 'Offer declined', offerStatus: 'declined' }),
              done('answerOffer', { status: 'FAILURE', message: 'Offer not found' }),
              failed('answerOffer', 'HTTP 500'),
            ]
          : []),
      ],
    },
  ],
};

const modemReplacement: PathMachine = {
  id: 'modem-replacement',
  machine: modemReplacementMachine,
  messages: modemReplacementMessages,
  scenarios: [
    {
      id: 'service-address-known',
      given: 'The modem replacement offer is shown and the account has a service address',
      input: { hasServiceAddress: true },
      events: [
        { type: 'REPLACE.START' },
        { type: 'REPLACE.CONFIRM' },
        { type: 'REPLACE.CANCEL' },
        { type: 'DECLINE.START' },
        { type: 'DECLINE.CONFIRM' },
        { type: 'DECLINE.CANCEL' },
        { type: 'DIALOG.CLOSE' },
        done('answerOffer', { status: 'OK', message: 'Saved' }),
        done('answerOffer', { status: 'FAILURE', message: 'Not saved' }),
        failed('answerOffer', 'HTTP 500'),
      ],
    },
    {
      id: 'no-service-address',
      given: 'The modem replacement offer is shown and the account has no service address',
      input: { hasServiceAddress: false },
      events: [{ type: 'REPLACE.START' }, { type: 'DIALOG.CLOSE' }],
    },
  ],
};

const declineAltNumber: PathMachine = {
  id: 'decline-alt-number',
  machine: declineAltNumberMachine,
  messages: declineAltNumberMessages,
  scenarios: [
    {
      id: 'no-contact-number',
      given: "The 'no contact number' alert is shown",
      events: [
        { type: 'ALTNUMBER.DECLINE' },
        done('declineAltTn', { statusMessage: 'SUCCESS' }),
        done('declineAltTn', { statusMessage: 'FAILURE' }),
        failed('declineAltTn', 'HTTP 500'),
      ],
    },
  ],
};

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

const forgotUsername: PathMachine = {
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

const forgotPassword: PathMachine = {
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

const resetPassword: PathMachine = {
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

const retrieveAccountNumber: PathMachine = {
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

const retrieveAuthCode: PathMachine = {
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

const createProfile: PathMachine = {
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

const cancelServiceSso: PathMachine = {
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

const upgradeEvents: readonly PathEvent[] = [
  { type: 'UPGRADE.PLAN' },
  { type: 'UPGRADE.MODEM' },
  { type: 'DIALOG.CLOSE' },
  done('fiberShopAddress', 'https://fiber.provider.example/shop/p/BL501700562'),
  failed('fiberShopAddress', 'HTTP 500'),
  done('jumpToken', 'JT-5f2c'),
  failed('jumpToken', 'HTTP 500'),
];

const upgrade: PathMachine = {
  id: 'upgrade',
  machine: upgradeMachine,
  messages: upgradeMessages,
  scenarios: [
    {
      id: 'generic',
      given: 'rules/upgrade-path.json decided the generic upgrade (a jump token to the provider shop)',
      input: { path: 'generic' },
      events: upgradeEvents,
    },
    {
      id: 'fiber-shop',
      given: 'The account is qualified for the fiber upgrade (getQfPurl)',
      input: { path: 'fiber-shop' },
      events: upgradeEvents,
    },
    {
      id: 'second-provider-shop',
      given: "A customer of the second provider (a jump token to that provider's shop)",
      input: { path: 'second-provider-shop' },
      events: upgradeEvents,
    },
    {
      id: 'restore-service',
      given: 'Vacation service on a Blue Marble account that may restore (canVacationRestore)',
      input: { path: 'restore-service' },
      events: upgradeEvents,
    },
    {
      id: 'restore-service-chat',
      given: 'Vacation service on a Blue Marble account that may not restore online',
      input: { path: 'restore-service-chat' },
      events: upgradeEvents,
    },
  ],
};

const wifiEditEvents = (useAcs: boolean): readonly PathEvent[] => [
  { type: 'WIFI.EDIT' },
  { type: 'WIFI.CHANGE', field: 'name', value: 'RiveraHome-5G' },
  { type: 'WIFI.SAVE' },
  { type: 'WIFI.CANCEL' },
  ...(useAcs
    ? [
        done('updateCredentials'),
        {
          type: 'xstate.error.actor.updateCredentials',
          error: { message: "status '1'", serverMessage: 'The WiFi name is already in use.' },
        },
        failed('updateCredentials', 'HTTP 500'),
      ]
    : [
        done('resetCredentials'),
        {
          type: 'xstate.error.actor.resetCredentials',
          error: { message: "status '0'", serverMessage: 'The WiFi name is already in use.' },
        },
        failed('resetCredentials', 'HTTP 500'),
      ]),
];

const editWifi: PathMachine = {
  id: 'edit-wifi',
  machine: editWifiMachine,
  messages: editWifiMessages,
  scenarios: [
    {
      id: 'adapt',
      given: 'The acs call toggle is off: the adapt resetCredentials call saves',
      input: { name: 'RiveraHome', password: 'maple-street-42', useAcs: false },
      events: wifiEditEvents(false),
    },
    {
      id: 'acs',
      given: 'The acs call toggle is on: the acs updateCredentials call saves',
      input: { name: 'RiveraHome', password: 'maple-street-42', useAcs: true },
      events: wifiEditEvents(true),
    },
  ],
};

const deviceRename: PathMachine = {
  id: 'device-rename',
  machine: deviceRenameMachine,
  messages: deviceRenameMessages,
  scenarios: [
    {
      id: 'device',
      given: 'A connected device in the Connected Devices dialog or on /connectedDevices',
      input: { deviceId: 'dev-1', name: 'Living room TV', type: 'TV' },
      events: [
        { type: 'DEVICE.EDIT' },
        { type: 'DEVICE.CHANGE', field: 'type', value: 'Game console' },
        { type: 'DEVICE.SAVE' },
        { type: 'DEVICE.CANCEL' },
        done('updateDevice'),
        failed('updateDevice', 'statusInfo stateCode 404'),
      ],
    },
  ],
};

const studioDraft: PathMachine = {
  id: 'studio-draft',
  machine: studioDraftMachine,
  messages: studioDraftMessages,
  scenarios: [
    {
      id: 'analyst-draft',
      given: 'An analyst edits the rules in the studio (approval by a second analyst on or off)',
      // Per state, so the graph stays small: the answers of an actor only where it runs.
      events: (snapshot) => {
        if (snapshot.matches('checking'))
          return [
            done('check', { errors: 0, failingCases: 0, changed: true }),
            done('check', { errors: 1, failingCases: 2, changed: true }),
            done('check', { errors: 0, failingCases: 0, changed: false }),
          ];
        if (snapshot.matches('previewing')) return [done('preview'), failed('preview', 'HTTP 500')];
        if (snapshot.matches('saving'))
          return [
            done('save', { pending: true }),
            done('save', { pending: false }),
            failed('save', 'HTTP 422'),
          ];
        if (snapshot.matches('askingReason'))
          return [
            { type: 'DRAFT.CONFIRM', reason: 'Warn 45 days before the card expires' },
            { type: 'DIALOG.CLOSE' },
          ];
        if (snapshot.matches('pendingApproval'))
          return [{ type: 'CHANGE.APPROVED' }, { type: 'CHANGE.WITHDRAWN' }];
        if (snapshot.matches('live')) return [];
        return [{ type: 'DRAFT.EDIT' }, { type: 'DRAFT.PREVIEW' }, { type: 'DRAFT.SAVE' }];
      },
    },
  ],
};

const studioImpact: PathMachine = {
  id: 'studio-impact',
  machine: studioImpactMachine,
  messages: studioImpactMessages,
  scenarios: [
    {
      id: 'analyst-measures',
      given: 'An analyst measures the impact of a draft on the 100,000 generated accounts',
      events: (snapshot) =>
        snapshot.matches('running')
          ? [
              { type: 'IMPACT.PROGRESS', done: 25600, total: 100000 },
              { type: 'IMPACT.DONE', accounts: 100000, changedAccounts: 1234, ms: 850 },
              { type: 'IMPACT.FAILED', problems: ['draft: rules/prepaid-card.json is invalid'] },
              { type: 'IMPACT.CANCEL' },
              { type: 'IMPACT.STALE' },
            ]
          : [{ type: 'IMPACT.RUN' }, { type: 'IMPACT.STALE' }],
    },
  ],
};

// The paperless flow's answers, offered where they apply and, for the rarer ones, only on the first round, so
// the traversal covers each transition without multiplying them by every count of submissions. The form's own
// events (address, option, phone) have a scenario of their own.
const paperlessAnswers = (snapshot: AnyMachineSnapshot): readonly PathEvent[] => {
  const { submissions } = snapshot.context as { submissions: number };
  const untried = submissions === 0;
  const firstRound = submissions === 1;
  if (snapshot.matches('off')) return untried ? [{ type: 'PAPERLESS.TURN_ON' }] : [];
  if (snapshot.matches('editing'))
    return [{ type: 'PAPERLESS.SUBMIT' }, ...(untried ? [{ type: 'DIALOG.CLOSE' }] : [])];
  if (snapshot.matches('validating'))
    return [
      done('validateEmail', 'SUCCESS'),
      done('validateEmail', 'ERROR'),
      ...(firstRound ? [failed('validateEmail', 'HTTP 500')] : []),
    ];
  if (snapshot.matches('confirmEmail'))
    return [{ type: 'EMAIL.CONFIRM' }, { type: 'EMAIL.REJECT' }, { type: 'DIALOG.CLOSE' }];
  if (snapshot.matches('turningOn'))
    return [
      done('updatePaperless'),
      ...(firstRound ? [failed('updatePaperless', "data.code is not '200'")] : []),
    ];
  return [];
};

const paperlessInput = (paperless: boolean, inline: boolean, emailValid = true): JsonValue => ({
  paperless,
  email: emailValid ? 'pat@example.com' : '',
  emailValid,
  emailRetryLimit: 2,
  phoneDigits: 10,
  inline,
});

const paperless: PathMachine = {
  id: 'paperless',
  machine: paperlessMachine,
  messages: paperlessMessages,
  scenarios: [
    {
      id: 'dialog-off',
      given:
        'Paperless billing is off; the paperless dialog (early-life card, /billing, settings) opens on the bill email',
      input: paperlessInput(false, false),
      events: paperlessAnswers,
    },
    {
      id: 'paper-charge-alert',
      given: "Paperless billing is off; the paper-charge alert's own email field holds the bill email",
      input: paperlessInput(false, true),
      events: paperlessAnswers,
    },
    {
      id: 'form',
      given:
        "The paper-charge alert's field is empty: 'Turn On' waits for a valid address, and for SMS a 10-digit phone",
      input: paperlessInput(false, true, false),
      // One step at a time, in the order a customer fills the form, each tried with a submission that the
      // incomplete form refuses: the traversal follows the form instead of every order of its fields.
      events: (snapshot) => {
        if (!snapshot.matches('editing')) return [];
        const c = snapshot.context as { email: string; emailValid: boolean; option: string; phone: string };
        const submit: PathEvent = { type: 'PAPERLESS.SUBMIT' };
        if (c.email === '') return [{ type: 'EMAIL.CHANGE', email: 'pat@example', valid: false }, submit];
        if (!c.emailValid) return [{ type: 'EMAIL.CHANGE', email: 'pat@example.com', valid: true }, submit];
        if (c.option === 'email') return [{ type: 'OPTION.SELECT', option: 'emailSms' }];
        if (c.phone === '') return [{ type: 'PHONE.CHANGE', phone: '303555010' }, submit];
        if (c.phone.length < 10) return [{ type: 'PHONE.CHANGE', phone: '3035550100' }, submit];
        return [submit];
      },
    },
    {
      id: 'on',
      given: 'Paperless billing is on (/billing, settings)',
      input: paperlessInput(true, false),
      events: [
        { type: 'PAPERLESS.TURN_OFF' },
        { type: 'TURN_OFF.CONFIRM' },
        { type: 'DIALOG.CLOSE' },
        done('updatePaperless'),
        failed('updatePaperless', 'HTTP 500'),
      ],
    },
  ],
};

const payBill: PathMachine = {
  id: 'pay-bill',
  machine: payBillMachine,
  messages: payBillMessages,
  scenarios: [
    {
      id: 'pay-offered',
      given: 'Pay is offered (rules/billing-actions.json pay-bill)',
      events: [
        { type: 'BILL.PAY' },
        done('createPaymentToken'),
        failed('createPaymentToken', 'HTTP 500'),
        done('checkJumpOut'),
        failed('checkJumpOut', 'HTTP 500 from jumpOutPayBill'),
      ],
    },
  ],
};

const paymentPlan: PathMachine = {
  id: 'payment-plan',
  machine: paymentPlanMachine,
  messages: paymentPlanMessages,
  scenarios: [
    {
      id: 'plan-offered',
      given: 'Set up or View Payment plan is offered (rules/billing-actions.json)',
      events: [
        { type: 'PLAN.OPEN' },
        done('getPlanToken', { token: 'PP-0123456789abcdef' }),
        failed('getPlanToken', 'statusCode 0'),
      ],
    },
  ],
};

const cancelScheduledPayment: PathMachine = {
  id: 'cancel-scheduled-payment',
  machine: cancelScheduledPaymentMachine,
  messages: cancelScheduledPaymentMessages,
  scenarios: [
    {
      id: 'scheduled-payment',
      given: 'A scheduled payment is listed with its cancel button',
      events: [
        { type: 'PAYMENT.CANCEL' },
        { type: 'PAYMENT.CONFIRM' },
        { type: 'PAYMENT.KEEP' },
        { type: 'DIALOG.CLOSE' },
        done('cancelPayment'),
        failed('cancelPayment', "status 'failure'"),
      ],
    },
  ],
};

const viewBill: PathMachine = {
  id: 'view-bill',
  machine: viewBillMachine,
  messages: viewBillMessages,
  scenarios: [
    {
      id: 'with-bills',
      given: "View Bill on the home of an account past its first bill (rules: not 'no-bills-yet')",
      input: { noBillsYet: false },
      events: [
        { type: 'BILL.VIEW' },
        done('findBill', { to: '/billDetailPdf?billDate=2026-02-22' }),
        done('findBill', { to: null }),
        failed('findBill', 'errorNo 1'),
      ],
    },
    {
      id: 'no-bills-yet',
      given: "View Bill for an early-life account or tenure 0 (rules: 'no-bills-yet')",
      input: { noBillsYet: true },
      events: [{ type: 'BILL.VIEW' }],
    },
  ],
};

/** Every machine whose paths are generated, by file stem. */
export const PATH_MACHINES: readonly PathMachine[] = [
  accountSwitch,
  creditOffer,
  declineAltNumber,
  forgotPassword,
  forgotUsername,
  resetPassword,
  retrieveAccountNumber,
  retrieveAuthCode,
  createProfile,
  cancelServiceSso,
  modemReplacement,
  modemRestart,
  retryPayment,
  cancelOrder,
  rescheduleRepair,
  cancelRepair,
  techTracker,
  walledGardenPay,
  upgrade,
  editWifi,
  deviceRename,
  studioDraft,
  studioImpact,
  paperless,
  payBill,
  paymentPlan,
  cancelScheduledPayment,
  viewBill,
];
