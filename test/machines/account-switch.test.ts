import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  accountSwitchMachine,
  type SwitchFailure,
  type SetCurrentAccountInput,
} from '../../machines/account-switch.machine';
import { MESSAGES, type ToastMessage } from '../../machines/messages';
import { expectState } from './support/expect-state';

const SWITCH_FAILED = 'We were unable to switch accounts. Please try again later.';

function run(options: {
  loginName?: string | null;
  setCurrentAccount?: (input: SetCurrentAccountInput) => Promise<string>;
  reloadSession?: () => Promise<void>;
  loadAccountData?: () => Promise<void>;
}) {
  const calls: string[] = [];
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const logged: SwitchFailure[] = [];
  const setCurrentAccount = vi.fn(options.setCurrentAccount ?? (() => Promise.resolve('Success')));
  const machine = accountSwitchMachine.provide({
    actors: {
      setCurrentAccount: fromPromise(({ input }: { input: SetCurrentAccountInput }) => {
        calls.push('setCurrentAccount');
        return setCurrentAccount(input);
      }),
      reloadSession: fromPromise(() => {
        calls.push('reloadSession');
        return (options.reloadSession ?? (() => Promise.resolve()))();
      }),
      loadAccountData: fromPromise(() => {
        calls.push('loadAccountData');
        return (options.loadAccountData ?? (() => Promise.resolve()))();
      }),
    },
    actions: {
      clearCaches: () => calls.push('clearCaches'),
      navigateHome: () => calls.push('navigateHome'),
      navigateAddAccount: () => calls.push('navigateAddAccount'),
      showToast: (_, toast) => {
        showToast(toast);
      },
      logSwitchFailure: (_, failure) => {
        logged.push(failure);
      },
    },
  });
  const actor = createActor(machine, {
    input: { loginName: options.loginName === undefined ? 'jdoe' : options.loginName },
  });
  actor.start();
  return { actor, calls, showToast, setCurrentAccount, logged };
}

const backToIdle = (actor: ReturnType<typeof run>['actor']) => expectState(actor, 'idle');

describe('account switch (shell spec: Switching accounts)', () => {
  it("shows 'We were unable to switch accounts. Please try again later.' when the profile id is unknown", () => {
    const { actor, calls, showToast } = run({ loginName: null });
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'accountSwitchFailed',
      text: SWITCH_FAILED,
      durationMs: 4000,
      tone: 'error',
    });
    expect(calls).toEqual([]);
  });

  it('shows the switch error toast when the chosen account has no pid', () => {
    const { actor, calls, showToast } = run({});
    actor.send({ type: 'ACCOUNT.SELECT', pid: '' });
    expect(showToast).toHaveBeenCalledWith(MESSAGES.accountSwitchFailed);
    expect(calls).toEqual([]);
  });

  it('clears the cached values, then calls set-current-account with the login name and the chosen pid', async () => {
    const { actor, calls, setCurrentAccount } = run({});
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await backToIdle(actor);
    expect(calls.slice(0, 2)).toEqual(['clearCaches', 'setCurrentAccount']);
    expect(setCurrentAccount).toHaveBeenCalledWith({ loginName: 'jdoe', pid: 'P2' });
  });

  it("on 'Success' reloads the session, then loads the account data, then goes to /home", async () => {
    const { actor, calls, showToast } = run({});
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    expect(actor.getSnapshot().matches('idle')).toBe(false);
    await backToIdle(actor);
    expect(calls).toEqual([
      'clearCaches',
      'setCurrentAccount',
      'reloadSession',
      'loadAccountData',
      'navigateHome',
    ]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("shows the switch error toast when set-current-account answers anything but 'Success'", async () => {
    const { actor, calls, showToast } = run({ setCurrentAccount: () => Promise.resolve('Failure') });
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await backToIdle(actor);
    expect(showToast).toHaveBeenCalledWith(MESSAGES.accountSwitchFailed);
    expect(calls).toEqual(['clearCaches', 'setCurrentAccount']);
  });

  it.each([
    ['set-current-account', { setCurrentAccount: () => Promise.reject(new Error('HTTP 500')) }],
    ['the session reload', { reloadSession: () => Promise.reject(new Error('profile failed')) }],
    ['the account data', { loadAccountData: () => Promise.reject(new Error('failed')) }],
  ] as const)('shows the switch error toast and goes back to idle when %s fails', async (_, failing) => {
    const { actor, calls, showToast } = run(failing);
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await backToIdle(actor);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(MESSAGES.accountSwitchFailed);
    expect(calls).not.toContain('navigateHome');
  });

  it('uses the profile id carried by the choice when the session learned it after the machine started', async () => {
    const { actor, setCurrentAccount, showToast } = run({ loginName: null });
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P3', loginName: 'late-login' });
    await backToIdle(actor);
    expect(setCurrentAccount).toHaveBeenCalledWith({ loginName: 'late-login', pid: 'P3' });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('can switch again after a switch', async () => {
    const { actor, setCurrentAccount } = run({});
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await backToIdle(actor);
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P3' });
    await backToIdle(actor);
    expect(setCurrentAccount).toHaveBeenLastCalledWith({ loginName: 'jdoe', pid: 'P3' });
  });

  it('ignores another choice while a switch is running', async () => {
    const { actor, setCurrentAccount } = run({});
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P3' });
    await backToIdle(actor);
    expect(setCurrentAccount).toHaveBeenCalledTimes(1);
  });

  it('choosing Add Account goes to /AddAnAccountNumber', () => {
    const { actor, calls } = run({});
    actor.send({ type: 'ACCOUNT.ADD' });
    expect(calls).toEqual(['navigateAddAccount']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('fails with the switch error toast while the app has not provided its effects', async () => {
    const showToast = vi.fn<(toast: ToastMessage) => void>();
    const actor = createActor(
      accountSwitchMachine.provide({
        actions: {
          showToast: (_, toast) => {
            showToast(toast);
          },
        },
      }),
      { input: { loginName: 'jdoe' } },
    ).start();
    actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
    await backToIdle(actor);
    expect(showToast).toHaveBeenCalledWith(MESSAGES.accountSwitchFailed);
  });

  describe('every failure is recorded in the issue log with its reason', () => {
    it('an unknown profile id', () => {
      const { actor, logged } = run({ loginName: null });
      actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
      expect(logged).toEqual([{ pid: 'P2', reason: 'the profile id (login name) is not known' }]);
    });

    it('an account without a pid', () => {
      const { actor, logged } = run({});
      actor.send({ type: 'ACCOUNT.SELECT', pid: '' });
      expect(logged).toEqual([{ pid: null, reason: 'the chosen account has no pid' }]);
    });

    it("a set-current-account reply that is not 'Success'", async () => {
      const { actor, logged } = run({ setCurrentAccount: () => Promise.resolve('Failure') });
      actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
      await backToIdle(actor);
      expect(logged).toEqual([{ pid: 'P2', reason: "setCurrentAccount answered 'Failure', not 'Success'" }]);
    });

    it.each([
      ['set-current-account', { setCurrentAccount: () => Promise.reject(new Error('HTTP 500 from /x')) }],
      ['the session reload', { reloadSession: () => Promise.reject(new Error('HTTP 500 from /x')) }],
      ['the account data', { loadAccountData: () => Promise.reject(new Error('HTTP 500 from /x')) }],
    ])('%s failing', async (_step, options) => {
      const { actor, logged, showToast } = run(options);
      actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
      await backToIdle(actor);
      expect(logged).toEqual([{ pid: 'P2', reason: 'HTTP 500 from /x' }]);
      expect(showToast).toHaveBeenCalledWith(MESSAGES.accountSwitchFailed);
    });

    it('nothing is recorded when the switch succeeds', async () => {
      const { actor, logged } = run({});
      actor.send({ type: 'ACCOUNT.SELECT', pid: 'P2' });
      await backToIdle(actor);
      expect(logged).toEqual([]);
    });
  });
});
