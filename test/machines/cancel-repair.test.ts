import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelRepairMachine } from '../../machines/cancel-repair.machine';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { expectState } from './support/expect-state';

function run(cancel: () => Promise<void>) {
  const toasts: ToastMessage[] = [];
  const cancelled = vi.fn();
  const actor = createActor(
    cancelRepairMachine.provide({
      actors: { cancelTicket: fromPromise(() => cancel()) },
      actions: { ticketCancelled: cancelled, showToast: (_, t) => void toasts.push(t) },
    }),
  ).start();
  return { actor, toasts, cancelled };
}

describe('cancel repair appointment (home spec 2.4, 4, 5)', () => {
  it("asks 'To confirm your cancellation please click confirm'", () => {
    const { actor } = run(() => Promise.resolve());
    actor.send({ type: 'REPAIR.CANCEL' });
    expect(shownMessages(actor.getSnapshot()).map((m) => m.text)).toEqual([
      'To confirm your cancellation please click confirm',
    ]);
  });

  it("on success the ticket is cancelled locally and 'Your Appointment has been cancelled' shows", async () => {
    const { actor, toasts, cancelled } = run(() => Promise.resolve());
    actor.send({ type: 'REPAIR.CANCEL' });
    actor.send({ type: 'REPAIR.CONFIRM' });
    await expectState(actor, 'idle');
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(toasts).toMatchObject([{ text: 'Your Appointment has been cancelled', tone: 'success' }]);
  });

  it("on failure 'Sorry, your appointment cannot be cancelled at the moment' shows for 4 s", async () => {
    const { actor, toasts, cancelled } = run(() => Promise.reject(new Error("type 'fail'")));
    actor.send({ type: 'REPAIR.CANCEL' });
    actor.send({ type: 'REPAIR.CONFIRM' });
    await expectState(actor, 'idle');
    expect(cancelled).not.toHaveBeenCalled();
    expect(toasts).toMatchObject([
      { text: 'Sorry, your appointment cannot be cancelled at the moment', durationMs: 4000, tone: 'error' },
    ]);
  });
});
