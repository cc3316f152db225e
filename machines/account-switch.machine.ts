import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Switching accounts (shell spec §4 'Switching accounts', §5 'Account switch needs a known profile id').
 *
 * idle --ACCOUNT.SELECT--> switching: clear cached values, set the current account, on 'Success' reload the
 * session (sign-in, profile id, profile data), then load the account data as rules/data-loading.json plans it
 * for the new account (for a prepaid suspended one it skips HSI info, ticket info, outage, order history and
 * the rate-change check, and still asks the walled-garden status its home view needs), then go to /home and
 * back to idle. No known profile id, or any failure: the toast
 * 'We were unable to switch accounts. Please try again later.' (4 s) and back to idle; every failure is also
 * recorded (logSwitchFailure, with the reason: no profile id, the reply that was not 'Success', the error).
 * ACCOUNT.ADD goes to /AddAnAccountNumber.
 *
 * Texts it can produce: MESSAGES.accountSwitchFailed (toast).
 */

export interface AccountSwitchInput {
  /** The session's profile id (the login name), when known. */
  loginName: string | null;
}

export interface AccountSwitchContext {
  loginName: string | null;
  /** The pid of the account being switched to; null while idle. */
  pid: string | null;
}

export type AccountSwitchEvent =
  /**
   * An account was chosen. `loginName` may carry the session's profile id as known at the time of the
   * choice; it replaces the one given as input (the session may learn it after the machine started).
   */
  { type: 'ACCOUNT.SELECT'; pid: string; loginName?: string | null } | { type: 'ACCOUNT.ADD' };

/** Input of `setCurrentAccount`: the payload of POST /Orch/dssh/setCurrentAccount. */
export interface SetCurrentAccountInput {
  loginName: string;
  pid: string;
}

const nonEmpty = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** What a failed step threw, in words for the issue log. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Params of `logSwitchFailure`: the account being switched to and why the switch failed. */
export interface SwitchFailure {
  pid: string | null;
  reason: string;
}

/** Placeholder effects: the app provides the real ones with `accountSwitchMachine.provide(...)`. */
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const accountSwitchMachine = setup({
  types: {
    context: {} as AccountSwitchContext,
    events: {} as AccountSwitchEvent,
    input: {} as AccountSwitchInput,
    meta: stateMetaType,
  },
  actors: {
    /** POST setCurrentAccount; resolves with the reply's `data` ('Success' on success). */
    setCurrentAccount: fromPromise<string, SetCurrentAccountInput>(notProvided('setCurrentAccount')),
    /** Reloads sign-in, profile id and profile data for the new account. */
    reloadSession: fromPromise<void, { pid: string }>(notProvided('reloadSession')),
    /**
     * Loads the account data calls rules/data-loading.json plans for the new account (HSI info, ticket info,
     * outage, order history, the rate-change check, the walled-garden status...). Those calls fail silently
     * (spec §8: flagged in state, no message), so it rejects only when the switch cannot complete.
     */
    loadAccountData: fromPromise<void, { pid: string }>(notProvided('loadAccountData')),
  },
  actions: {
    /** Clears the cached values of the previous account. */
    clearCaches: () => {},
    /** Navigates to /home. */
    navigateHome: () => {},
    /** Navigates to /AddAnAccountNumber. */
    navigateAddAccount: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
    /** Records a failed switch in the UI issue log. */
    logSwitchFailure: (_, _failure: SwitchFailure) => {},
  },
  guards: {
    /** The profile id (login name) is known and the chosen account has a pid. */
    hasProfileId: ({ context, event }) =>
      event.type === 'ACCOUNT.SELECT' &&
      nonEmpty(event.loginName ?? context.loginName) &&
      nonEmpty(event.pid),
    isSuccessReply: (_, params: { data: string }) => params.data === 'Success',
  },
}).createMachine({
  id: 'accountSwitch',
  context: ({ input }) => ({ loginName: input.loginName, pid: null }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ pid: null }),
      on: {
        'ACCOUNT.SELECT': [
          {
            guard: 'hasProfileId',
            target: 'switching',
            actions: [
              assign({
                loginName: ({ context, event }) => event.loginName ?? context.loginName,
                pid: ({ event }) => event.pid,
              }),
              'clearCaches',
            ],
          },
          {
            actions: [
              assign({ loginName: ({ context, event }) => event.loginName ?? context.loginName }),
              { type: 'showToast', params: MESSAGES.accountSwitchFailed },
              {
                type: 'logSwitchFailure',
                params: ({ event }) => ({
                  pid: event.pid || null,
                  reason: nonEmpty(event.pid)
                    ? 'the profile id (login name) is not known'
                    : 'the chosen account has no pid',
                }),
              },
            ],
          },
        ],
        'ACCOUNT.ADD': { actions: 'navigateAddAccount' },
      },
    },
    switching: {
      initial: 'settingAccount',
      states: {
        settingAccount: {
          invoke: {
            id: 'setCurrentAccount',
            src: 'setCurrentAccount',
            input: ({ context }) => ({ loginName: context.loginName ?? '', pid: context.pid ?? '' }),
            onDone: [
              {
                guard: { type: 'isSuccessReply', params: ({ event }) => ({ data: event.output }) },
                target: 'reloadingSession',
              },
              {
                target: '#accountSwitch.failed',
                actions: {
                  type: 'logSwitchFailure',
                  params: ({ context, event }) => ({
                    pid: context.pid,
                    reason: `setCurrentAccount answered '${String(event.output).slice(0, 60)}', not 'Success'`,
                  }),
                },
              },
            ],
            onError: {
              target: '#accountSwitch.failed',
              actions: {
                type: 'logSwitchFailure',
                params: ({ context, event }) => ({ pid: context.pid, reason: reasonOf(event.error) }),
              },
            },
          },
        },
        reloadingSession: {
          invoke: {
            id: 'reloadSession',
            src: 'reloadSession',
            input: ({ context }) => ({ pid: context.pid ?? '' }),
            onDone: { target: 'loadingAccountData' },
            onError: {
              target: '#accountSwitch.failed',
              actions: {
                type: 'logSwitchFailure',
                params: ({ context, event }) => ({ pid: context.pid, reason: reasonOf(event.error) }),
              },
            },
          },
        },
        loadingAccountData: {
          invoke: {
            id: 'loadAccountData',
            src: 'loadAccountData',
            input: ({ context }) => ({ pid: context.pid ?? '' }),
            onDone: { target: '#accountSwitch.switched' },
            onError: {
              target: '#accountSwitch.failed',
              actions: {
                type: 'logSwitchFailure',
                params: ({ context, event }) => ({ pid: context.pid, reason: reasonOf(event.error) }),
              },
            },
          },
        },
      },
    },
    // Transient: both end the switch and return to idle at once, so the selector is usable again.
    switched: {
      always: { target: 'idle', actions: 'navigateHome' },
    },
    failed: {
      always: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.accountSwitchFailed } },
    },
  },
});

export type AccountSwitchMachine = typeof accountSwitchMachine;

/** Every text this machine can produce. */
export const accountSwitchMessages = [MESSAGES.accountSwitchFailed] as const;
