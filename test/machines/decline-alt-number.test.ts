import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { declineAltNumberMachine, type DeclineAltTnOutput } from '../../machines/decline-alt-number.machine';
import { type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

function run(decline: () => Promise<DeclineAltTnOutput>) {
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const declineAltTn = vi.fn(decline);
  const actor = createActor(
    declineAltNumberMachine.provide({
      actors: { declineAltTn: fromPromise(() => declineAltTn()) },
      actions: {
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
  ).start();
  return { actor, showToast, declineAltTn };
}

describe("Decline on the 'no contact number' alert (shell spec: Contact number alerts)", () => {
  it("shows 'Alternate number declined successfully' (3 s) and hides the alert when statusMessage is SUCCESS", async () => {
    const { actor, showToast, declineAltTn } = run(() => Promise.resolve({ statusMessage: 'SUCCESS' }));
    actor.send({ type: 'ALTNUMBER.DECLINE' });
    expect(actor.getSnapshot().value).toBe('calling');
    await expectDone(actor);
    expect(declineAltTn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'altNumberDeclined',
      text: 'Alternate number declined successfully',
      durationMs: 3000,
      tone: 'success',
    });
  });

  it.each([
    ['statusMessage is not SUCCESS', () => Promise.resolve({ statusMessage: 'FAILURE' })],
    ['the call fails', () => Promise.reject(new Error('HTTP 500'))],
  ])(
    "shows 'We were unable to decline alternate number. Please try again later' (3 s, error) when %s",
    async (_, decline) => {
      const { actor, showToast } = run(decline);
      actor.send({ type: 'ALTNUMBER.DECLINE' });
      await expectState(actor, 'shown');
      expect(showToast).toHaveBeenCalledWith({
        display: 'toast',
        id: 'altNumberDeclineFailed',
        text: 'We were unable to decline alternate number. Please try again later',
        durationMs: 3000,
        tone: 'error',
      });
      expect(actor.getSnapshot().status).toBe('active');
    },
  );

  it('ignores a second Decline while the call runs', async () => {
    const { actor, declineAltTn } = run(() => Promise.resolve({ statusMessage: 'SUCCESS' }));
    actor.send({ type: 'ALTNUMBER.DECLINE' });
    actor.send({ type: 'ALTNUMBER.DECLINE' });
    await expectDone(actor);
    expect(declineAltTn).toHaveBeenCalledTimes(1);
  });
});
