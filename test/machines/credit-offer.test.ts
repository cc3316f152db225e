import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  creditOfferMachine,
  type AnswerOfferInput,
  type OfferAnswerResponse,
} from '../../machines/credit-offer.machine';
import { MESSAGES, shownMessages, type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

const DETAIL_UNAVAILABLE =
  'We are unable to retrieve the necessary detail to complete the out of service credit. Please chat with an agent.';

function run(answer: (input: AnswerOfferInput) => Promise<OfferAnswerResponse>) {
  const effects: string[] = [];
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const answerOffer = vi.fn(answer);
  const actor = createActor(
    creditOfferMachine.provide({
      actors: {
        answerOffer: fromPromise(({ input }: { input: AnswerOfferInput }) => answerOffer(input)),
      },
      actions: {
        reloadProfile: () => effects.push('reloadProfile'),
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
  ).start();
  return { actor, effects, showToast, answerOffer };
}

const shown = (actor: ReturnType<typeof run>['actor']) => shownMessages(actor.getSnapshot());

describe('out-of-service credit offer (shell spec: Out-of-service credit offer)', () => {
  it("Accept records accepted; when the status becomes Accepted shows 'Credit will be applied to your account.' (30 s) and reloads the profile", async () => {
    const { actor, effects, showToast, answerOffer } = run(() =>
      Promise.resolve({ status: 'OK', offerStatus: 'Accepted' }),
    );
    actor.send({ type: 'CREDIT.ACCEPT' });
    await expectDone(actor);
    expect(answerOffer).toHaveBeenCalledWith({ answer: 'accepted' });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'creditAccepted',
      text: 'Credit will be applied to your account.',
      durationMs: 30000,
      tone: 'success',
    });
    expect(effects).toEqual(['reloadProfile']);
  });

  it('otherwise shows the dialog titled Bill Credit telling the user to chat', async () => {
    const { actor, effects, showToast } = run(() =>
      Promise.resolve({ status: 'OK', offerStatus: 'ELIGIBLE' }),
    );
    actor.send({ type: 'CREDIT.ACCEPT' });
    await expectState(actor, 'acceptFailed');
    expect(shown(actor)).toEqual([
      {
        display: 'dialog',
        id: 'creditDetailUnavailable',
        title: 'Bill Credit',
        text: DETAIL_UNAVAILABLE,
        tone: 'error',
      },
    ]);
    expect(showToast).not.toHaveBeenCalled();
    expect(effects).toEqual([]);
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(shown(actor)).toEqual([]);
  });

  it('shows the Bill Credit dialog when the accept call fails', async () => {
    const { actor } = run(() => Promise.reject(new Error('HTTP 500')));
    actor.send({ type: 'CREDIT.ACCEPT' });
    await expectState(actor, 'acceptFailed');
    expect(shown(actor)).toEqual([MESSAGES.creditDetailUnavailable]);
  });

  it('Decline opens the dialog telling the user to chat with an agent, and the decline call records declined', () => {
    const { actor, answerOffer } = run(() => new Promise<OfferAnswerResponse>(() => {}));
    actor.send({ type: 'CREDIT.DECLINE' });
    expect(actor.getSnapshot().matches('declineDialog')).toBe(true);
    expect(answerOffer).toHaveBeenCalledWith({ answer: 'declined' });
  });

  it("shows 'Your out of service credit has been declined' when response.status is OK", async () => {
    const { actor, showToast } = run(() => Promise.resolve({ status: 'OK', message: 'Offer declined' }));
    actor.send({ type: 'CREDIT.DECLINE' });
    await expectState(actor, { declineDialog: 'declined' });
    expect(shown(actor)).toEqual([
      {
        display: 'message',
        id: 'creditDeclined',
        text: 'Your out of service credit has been declined',
        tone: 'success',
      },
    ]);
    expect(showToast).not.toHaveBeenCalled();
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toBe('declined');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['response.status is not OK', () => Promise.resolve({ status: 'FAILURE', message: 'Offer not found' })],
    ['the decline call fails', () => Promise.reject(new Error('HTTP 500'))],
  ])("shows 'Your out of service credit has not been declined' when %s", async (_, answer) => {
    const { actor } = run(answer);
    actor.send({ type: 'CREDIT.DECLINE' });
    await expectState(actor, { declineDialog: 'notDeclined' });
    expect(shown(actor).map((m) => m.text)).toEqual(['Your out of service credit has not been declined']);
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toBe('offered');
  });

  it('the decline dialog cannot be closed before the decline call answers', () => {
    const { actor } = run(() => new Promise<OfferAnswerResponse>(() => {}));
    actor.send({ type: 'CREDIT.DECLINE' });
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toEqual({ declineDialog: 'sending' });
  });
});
