import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { modemRestartMachine } from '../../machines/modem-restart.machine';
import { MESSAGES, fillConstants, shownMessages, type ToastMessage } from '../../machines/messages';
import { expectState } from './support/expect-state';

function run(reboot: () => Promise<void>) {
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const deviceReboot = vi.fn(reboot);
  const actor = createActor(
    modemRestartMachine.provide({
      actors: { deviceReboot: fromPromise(() => deviceReboot()) },
      actions: {
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
  ).start();
  return { actor, showToast, deviceReboot };
}

describe('modem restart (shell spec: Outage; home spec: Modem restart)', () => {
  it("opens the restart dialog saying 'The restart takes up to five minutes.' (the minutes: rules/constants.json)", () => {
    const { actor } = run(() => Promise.resolve());
    actor.send({ type: 'RESTART.OPEN' });
    expect(actor.getSnapshot().value).toBe('confirming');
    const texts = shownMessages(actor.getSnapshot()).map((m) => m.text);
    expect(texts).toEqual(['The restart takes up to {modemRestartMinutes} minutes.']);
    expect(texts.map((t) => fillConstants(t, { modemRestartMinutes: 5 }))).toEqual([
      'The restart takes up to five minutes.',
    ]);
  });

  it('writes a constant up to ten in words, a larger one in digits, and leaves one not given as it is', () => {
    const text = MESSAGES.modemRestartConfirm.text;
    expect(fillConstants(text, { modemRestartMinutes: 10 })).toBe('The restart takes up to ten minutes.');
    expect(fillConstants(text, { modemRestartMinutes: 12 })).toBe('The restart takes up to 12 minutes.');
    expect(fillConstants(text, { modemRestartMinutes: null })).toBe(text);
  });

  it("shows 'Modem reboot complete' after the reboot call succeeds", async () => {
    const { actor, showToast, deviceReboot } = run(() => Promise.resolve());
    actor.send({ type: 'RESTART.OPEN' });
    actor.send({ type: 'RESTART.CONFIRM' });
    expect(actor.getSnapshot().value).toBe('rebooting');
    await expectState(actor, 'closed');
    expect(deviceReboot).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'modemRebootComplete',
      text: 'Modem reboot complete',
      durationMs: 3000,
      tone: 'success',
    });
  });

  it("shows 'We were unable to reboot your modem' (3 s) when the reply says 'Error' or the call fails", async () => {
    const { actor, showToast } = run(() => Promise.reject(new Error("reply contains 'Error'")));
    actor.send({ type: 'RESTART.OPEN' });
    actor.send({ type: 'RESTART.CONFIRM' });
    await expectState(actor, 'closed');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'modemRebootFailed',
      text: 'We were unable to reboot your modem',
      durationMs: 3000,
      tone: 'error',
    });
  });

  it('cancelling closes the dialog without a call', () => {
    const { actor, showToast, deviceReboot } = run(() => Promise.resolve());
    actor.send({ type: 'RESTART.OPEN' });
    actor.send({ type: 'RESTART.CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(shownMessages(actor.getSnapshot())).toEqual([]);
    expect(deviceReboot).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('can restart again after a restart', async () => {
    const { actor, showToast } = run(() => Promise.resolve());
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'RESTART.OPEN' });
      actor.send({ type: 'RESTART.CONFIRM' });
      await expectState(actor, 'closed');
    }
    expect(showToast).toHaveBeenCalledTimes(2);
    expect(showToast).toHaveBeenLastCalledWith(MESSAGES.modemRebootComplete);
  });
});
