/** The path scenarios of the account flows: switching accounts (shell) and the contact-number alert. */
import { accountSwitchMachine, accountSwitchMessages } from '../account-switch.machine';
import { declineAltNumberMachine, declineAltNumberMessages } from '../decline-alt-number.machine';
import { done, failed, type PathMachine } from './scenario';

export const accountSwitch: PathMachine = {
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
        done('reloadSession'),
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

export const declineAltNumber: PathMachine = {
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
