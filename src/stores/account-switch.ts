import { createActor, fromPromise, type Actor } from 'xstate';
import {
  accountSwitchMachine,
  type AccountSwitchInput,
  type SetCurrentAccountInput,
  type SwitchFailure,
} from '../../machines/account-switch.machine';
import type { ToastMessage } from '../../machines/messages';
import type { EarlyStep, QaStore } from './qa-store';

export type AccountSwitchActor = Actor<typeof accountSwitchMachine>;

/** What the account switch does in the app (the root store provides it). */
export interface AccountSwitchEffects {
  setCurrentAccount(input: SetCurrentAccountInput): Promise<string>;
  reloadSession(): Promise<void>;
  loadAccountData(): Promise<void>;
  clearCaches(): void;
  navigateHome(): void;
  navigateAddAccount(): void;
  showToast(toast: ToastMessage): void;
  logSwitchFailure(failure: SwitchFailure): void;
}

/**
 * The account switch's actor (machines/account-switch.machine.ts), started, with QA capture. This module and
 * xstate load on the first switch (RootStore.switchAccount), never with the first page.
 */
export function startAccountSwitch(
  effects: AccountSwitchEffects,
  input: AccountSwitchInput,
  qa: QaStore,
  early: EarlyStep[],
): AccountSwitchActor {
  const actor = createActor(
    accountSwitchMachine.provide({
      actors: {
        setCurrentAccount: fromPromise<string, SetCurrentAccountInput>(({ input }) =>
          effects.setCurrentAccount(input),
        ),
        reloadSession: fromPromise<void, { pid: string }>(() => effects.reloadSession()),
        loadAccountData: fromPromise<void, { pid: string }>(() => effects.loadAccountData()),
      },
      actions: {
        clearCaches: () => effects.clearCaches(),
        navigateHome: () => effects.navigateHome(),
        navigateAddAccount: () => effects.navigateAddAccount(),
        showToast: (_, toast: ToastMessage) => effects.showToast(toast),
        logSwitchFailure: (_, failure: SwitchFailure) => effects.logSwitchFailure(failure),
      },
    }),
    { input, inspect: qa.inspectFor('account-switch', accountSwitchMachine, { ...input }, early) },
  );
  actor.start();
  return actor;
}
