import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Modem restart (shell spec §4 'Outage': the restart dialog of the hangover alert, 'The restart takes up to
 * five minutes.'; home spec §4 'Modem restart: dialog, call, toast'; §8 of both).
 *
 * closed --RESTART.OPEN--> confirming (dialog) --RESTART.CONFIRM--> rebooting (deviceReboot) --> closed with
 * the toast 'Modem reboot complete', or 'We were unable to reboot your modem' (3 s) when the call fails.
 * RESTART.CANCEL closes the dialog. Whether the modem is connected (dialog or instructions link) is decided
 * by the rules before this machine runs.
 *
 * Texts it can produce: MESSAGES.modemRestartConfirm (dialog), MESSAGES.modemRebootComplete,
 * MESSAGES.modemRebootFailed (toasts).
 */

export type ModemRestartEvent =
  { type: 'RESTART.OPEN' } | { type: 'RESTART.CONFIRM' } | { type: 'RESTART.CANCEL' };

export const modemRestartMachine = setup({
  types: {
    events: {} as ModemRestartEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * The reboot call (acs or adapt, by toggle: the app chooses). Resolves on success; rejects when the
     * call fails or its reply text contains 'Error' (spec §7): the actor decides, the machine only reacts.
     */
    deviceReboot: fromPromise<void>(() => Promise.reject(new Error('deviceReboot is not provided'))),
  },
  actions: {
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
}).createMachine({
  id: 'modemRestart',
  initial: 'closed',
  states: {
    closed: {
      on: { 'RESTART.OPEN': 'confirming' },
    },
    confirming: {
      meta: { message: MESSAGES.modemRestartConfirm },
      on: {
        'RESTART.CONFIRM': 'rebooting',
        'RESTART.CANCEL': 'closed',
      },
    },
    rebooting: {
      invoke: {
        id: 'deviceReboot',
        src: 'deviceReboot',
        onDone: { target: 'closed', actions: { type: 'showToast', params: MESSAGES.modemRebootComplete } },
        onError: { target: 'closed', actions: { type: 'showToast', params: MESSAGES.modemRebootFailed } },
      },
    },
  },
});

export type ModemRestartMachine = typeof modemRestartMachine;

/** Every text this machine can produce. */
export const modemRestartMessages = [
  MESSAGES.modemRestartConfirm,
  MESSAGES.modemRebootComplete,
  MESSAGES.modemRebootFailed,
] as const;
