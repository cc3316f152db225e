import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  modemReplacementMachine,
  type ReplacementAnswerInput,
  type ReplacementAnswerResponse,
} from '../../machines/modem-replacement.machine';
import { MESSAGES, shownMessages, type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

const DETAIL_UNAVAILABLE =
  'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an agent.';

function run(
  answer: (input: ReplacementAnswerInput) => Promise<ReplacementAnswerResponse>,
  hasServiceAddress = true,
) {
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const answerOffer = vi.fn(answer);
  const actor = createActor(
    modemReplacementMachine.provide({
      actors: {
        answerOffer: fromPromise(({ input }: { input: ReplacementAnswerInput }) => answerOffer(input)),
      },
      actions: {
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
    { input: { hasServiceAddress } },
  ).start();
  return { actor, showToast, answerOffer };
}

const shownTexts = (actor: ReturnType<typeof run>['actor']) =>
  shownMessages(actor.getSnapshot()).map((m) => m.text);

describe('modem replacement offer (shell spec: Modem replacement offer)', () => {
  it('Replace leads to an address confirmation, then the accepted answer is sent', () => {
    const { actor, answerOffer } = run(() => new Promise<ReplacementAnswerResponse>(() => {}));
    actor.send({ type: 'REPLACE.START' });
    expect(actor.getSnapshot().value).toBe('addressConfirm');
    expect(answerOffer).not.toHaveBeenCalled();
    actor.send({ type: 'REPLACE.CONFIRM' });
    expect(actor.getSnapshot().value).toBe('sendingAccepted');
    expect(answerOffer).toHaveBeenCalledWith({ answer: 'accepted' });
  });

  it("on status OK shows the dialog 'Your request for modem replacement is submitted.'", async () => {
    const { actor } = run(() => Promise.resolve({ status: 'OK' }));
    actor.send({ type: 'REPLACE.START' });
    actor.send({ type: 'REPLACE.CONFIRM' });
    await expectState(actor, 'submitted');
    expect(shownMessages(actor.getSnapshot())).toEqual([
      {
        display: 'dialog',
        id: 'modemReplacementSubmitted',
        text: 'Your request for modem replacement is submitted.',
        tone: 'success',
      },
    ]);
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['the status is not OK', () => Promise.resolve({ status: 'FAILURE' })],
    ['the call fails', () => Promise.reject(new Error('HTTP 500'))],
  ])('otherwise an error dialog advises chatting (%s)', async (_, answer) => {
    const { actor } = run(answer);
    actor.send({ type: 'REPLACE.START' });
    actor.send({ type: 'REPLACE.CONFIRM' });
    await expectState(actor, 'errorDialog');
    expect(shownTexts(actor)).toEqual([DETAIL_UNAVAILABLE]);
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toBe('offered');
  });

  it('with no service address it is also an error, and no answer is sent', () => {
    const { actor, answerOffer } = run(() => Promise.resolve({ status: 'OK' }), false);
    actor.send({ type: 'REPLACE.START' });
    expect(actor.getSnapshot().value).toBe('errorDialog');
    expect(shownMessages(actor.getSnapshot())).toEqual([MESSAGES.modemReplacementDetailUnavailable]);
    expect(answerOffer).not.toHaveBeenCalled();
  });

  it('cancelling the address confirmation goes back to the offer', () => {
    const { actor, answerOffer } = run(() => Promise.resolve({ status: 'OK' }));
    actor.send({ type: 'REPLACE.START' });
    actor.send({ type: 'REPLACE.CANCEL' });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(answerOffer).not.toHaveBeenCalled();
  });

  it('Decline requires a confirmation, then the declined answer is sent; on OK the alert is hidden', async () => {
    const { actor, answerOffer, showToast } = run(() => Promise.resolve({ status: 'OK' }));
    actor.send({ type: 'DECLINE.START' });
    expect(actor.getSnapshot().value).toBe('declineConfirm');
    expect(answerOffer).not.toHaveBeenCalled();
    actor.send({ type: 'DECLINE.CONFIRM' });
    expect(answerOffer).toHaveBeenCalledWith({ answer: 'declined' });
    await expectDone(actor);
    expect(actor.getSnapshot().value).toBe('declined');
    expect(showToast).not.toHaveBeenCalled();
  });

  it.each([
    ['the status is not OK', () => Promise.resolve({ status: 'FAILURE' })],
    ['the call fails', () => Promise.reject(new Error('HTTP 500'))],
  ])(
    "shows 'This functionality is currently unavailable.Please try again later' (4 s) when the decline fails (%s)",
    async (_, answer) => {
      const { actor, showToast } = run(answer);
      actor.send({ type: 'DECLINE.START' });
      actor.send({ type: 'DECLINE.CONFIRM' });
      await expectState(actor, 'offered');
      expect(showToast).toHaveBeenCalledWith({
        display: 'toast',
        id: 'modemDeclineUnavailable',
        text: 'This functionality is currently unavailable.Please try again later',
        durationMs: 4000,
        tone: 'error',
      });
    },
  );

  it('cancelling the decline confirmation keeps the offer', () => {
    const { actor, answerOffer } = run(() => Promise.resolve({ status: 'OK' }));
    actor.send({ type: 'DECLINE.START' });
    actor.send({ type: 'DECLINE.CANCEL' });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(answerOffer).not.toHaveBeenCalled();
  });
});
