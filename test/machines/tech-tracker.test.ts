import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ToastMessage } from '../../machines/messages';
import { techTrackerMachine, type TrackerAnswer } from '../../machines/tech-tracker.machine';
import { expectState } from './support/expect-state';

async function click(find: () => Promise<TrackerAnswer>) {
  const toasts: ToastMessage[] = [];
  const openTracker = vi.fn();
  const actor = createActor(
    techTrackerMachine.provide({
      actors: { findTracker: fromPromise(() => find()) },
      actions: { openTracker, showToast: (_, t) => void toasts.push(t) },
    }),
  ).start();
  actor.send({ type: 'TRACKER.OPEN' });
  await expectState(actor, 'idle');
  return { toasts, openTracker };
}

const unable = "We are unable to find the technician's location. Please try again later.";

describe("technician's location (home spec 4 Tech tracker)", () => {
  it('opens a new window when a tech tracker is present', async () => {
    const { toasts, openTracker } = await click(() => Promise.resolve({ present: true }));
    expect(openTracker).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it(`otherwise shows '${unable}'`, async () => {
    const { toasts, openTracker } = await click(() => Promise.resolve({ present: false }));
    expect(openTracker).not.toHaveBeenCalled();
    expect(toasts.map((t) => t.text)).toEqual([unable]);
  });

  it('shows the same toast when the call fails', async () => {
    const { toasts } = await click(() => Promise.reject(new Error('HTTP 500')));
    expect(toasts.map((t) => t.text)).toEqual([unable]);
  });
});
