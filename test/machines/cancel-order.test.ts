import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelOrderMachine } from '../../machines/cancel-order.machine';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

function run(from: 'home' | 'history', cancel: () => Promise<void>) {
  const effects: string[] = [];
  const toasts: ToastMessage[] = [];
  const actor = createActor(
    cancelOrderMachine.provide({
      actors: { cancelOrder: fromPromise(() => cancel()) },
      actions: {
        orderCancelled: () => void effects.push('orderCancelled'),
        showToast: (_, t) => void toasts.push(t),
      },
    }),
    { input: { from } },
  ).start();
  return { actor, effects, toasts };
}

describe('cancel order (home spec 2.2, 2.3, 4 Cancel service order)', () => {
  it("asks 'Are you sure you want to cancel your order?' with 'Your pending order will be cancelled.' on the home", () => {
    const { actor } = run('home', () => Promise.resolve());
    actor.send({ type: 'ORDER.CANCEL' });
    expect(shownMessages(actor.getSnapshot())).toMatchObject([
      { title: 'Are you sure you want to cancel your order?', text: 'Your pending order will be cancelled.' },
    ]);
  });

  it("says 'Your pending order and installation appointment will be canceled.' from the history", () => {
    const { actor } = run('history', () => Promise.resolve());
    actor.send({ type: 'ORDER.CANCEL' });
    expect(shownMessages(actor.getSnapshot())[0]?.text).toBe(
      'Your pending order and installation appointment will be canceled.',
    );
  });

  it("'No Thanks' closes the dialog without a call", () => {
    const cancel = vi.fn(() => Promise.resolve());
    const { actor } = run('home', cancel);
    actor.send({ type: 'ORDER.CANCEL' });
    actor.send({ type: 'ORDER.KEEP' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(cancel).not.toHaveBeenCalled();
  });

  it('while the call runs the buttons are busy; on success the order is cancelled (alert hidden, cancel disabled, data reloaded)', async () => {
    const { actor, effects, toasts } = run('home', () => Promise.resolve());
    actor.send({ type: 'ORDER.CANCEL' });
    actor.send({ type: 'ORDER.CONFIRM' });
    expect(actor.getSnapshot().value).toBe('cancelling');
    await expectDone(actor);
    expect(effects).toEqual(['orderCancelled']);
    expect(toasts).toEqual([]);
  });

  it("on failure or exception the cancel button is re-enabled and 'Something went wrong. Please try again later.' shows for 3 s", async () => {
    const { actor, effects, toasts } = run('home', () => Promise.reject(new Error("reasonCode '500'")));
    actor.send({ type: 'ORDER.CANCEL' });
    actor.send({ type: 'ORDER.CONFIRM' });
    await expectState(actor, 'idle');
    expect(effects).toEqual([]);
    // Back in idle: Cancel Order is usable again.
    expect(actor.getSnapshot().can({ type: 'ORDER.CANCEL' })).toBe(true);
    expect(toasts).toMatchObject([
      { text: 'Something went wrong. Please try again later.', durationMs: 3000, tone: 'error' },
    ]);
  });
});
