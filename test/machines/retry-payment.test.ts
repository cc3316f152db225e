import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  retryPaymentMachine,
  retryPaymentMessages,
  type RetryPaymentOutput,
} from '../../machines/retry-payment.machine';
import { MESSAGES, type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

const PAYMENT_FAILED =
  'An error occurred when submitting your payment. Your request was not submitted, please try again later.';

function run(authorize: () => Promise<RetryPaymentOutput>, retryAllowed = true) {
  const effects: Array<[string, unknown?]> = [];
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const authorizePayment = vi.fn(authorize);
  const actor = createActor(
    retryPaymentMachine.provide({
      actors: { authorizePayment: fromPromise(() => authorizePayment()) },
      actions: {
        setRetrySuccess: () => effects.push(['setRetrySuccess']),
        savePaymentId: (_, params) => effects.push(['savePaymentId', params]),
        navigateHome: () => effects.push(['navigateHome']),
        openEditPaymentMethod: () => effects.push(['openEditPaymentMethod']),
        openNewPaymentMethod: () => effects.push(['openNewPaymentMethod']),
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
    { input: { retryAllowed } },
  ).start();
  return { actor, effects, showToast, authorizePayment };
}

describe('Retry Payment of the suspended prepaid notice (home spec: Billing panel states)', () => {
  it('retry success flags retry-payment success, stores the new payment id and navigates to /home', async () => {
    const { actor, effects, showToast } = run(() => Promise.resolve({ paymentId: 'PAY-775501' }));
    actor.send({ type: 'PAYMENT.RETRY' });
    expect(actor.getSnapshot().value).toBe('authorizing');
    await expectDone(actor);
    expect(effects).toEqual([
      ['setRetrySuccess'],
      ['savePaymentId', { paymentId: 'PAY-775501' }],
      ['navigateHome'],
    ]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('retry success leaves the notice in a success state', async () => {
    const { actor } = run(() => Promise.resolve({ paymentId: 'PAY-1' }));
    actor.send({ type: 'PAYMENT.RETRY' });
    await expectDone(actor);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().can({ type: 'PAYMENT.RETRY' })).toBe(false);
  });

  it(`a declined or failed retry shows '${PAYMENT_FAILED}' (4 s) and the buttons come back`, async () => {
    const { actor, effects, showToast } = run(() => Promise.reject(new Error('status 1')));
    actor.send({ type: 'PAYMENT.RETRY' });
    await expectState(actor, 'ready');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'paymentFailed',
      text: PAYMENT_FAILED,
      durationMs: 4000,
      tone: 'error',
    });
    expect(effects).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'PAYMENT.RETRY' })).toBe(true);
  });

  it('can retry again after a failed retry', async () => {
    let attempt = 0;
    const { actor, authorizePayment } = run(() =>
      ++attempt === 1 ? Promise.reject(new Error('declined')) : Promise.resolve({ paymentId: 'PAY-2' }),
    );
    actor.send({ type: 'PAYMENT.RETRY' });
    await expectState(actor, 'ready');
    actor.send({ type: 'PAYMENT.RETRY' });
    await expectDone(actor);
    expect(authorizePayment).toHaveBeenCalledTimes(2);
  });

  it('refuses Retry Payment when the rules do not offer it', () => {
    const { actor, authorizePayment } = run(() => Promise.resolve({ paymentId: 'x' }), false);
    expect(actor.getSnapshot().can({ type: 'PAYMENT.RETRY' })).toBe(false);
    actor.send({ type: 'PAYMENT.RETRY' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(authorizePayment).not.toHaveBeenCalled();
  });

  it('Edit Payment Method and Pay with new Payment Method go to their external pages', () => {
    const { actor, effects } = run(() => Promise.resolve({ paymentId: 'x' }), false);
    actor.send({ type: 'PAYMENT.EDIT_METHOD' });
    actor.send({ type: 'PAYMENT.NEW_METHOD' });
    expect(effects).toEqual([['openEditPaymentMethod'], ['openNewPaymentMethod']]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('ignores every button while the payment is being authorized', async () => {
    const { actor, effects, authorizePayment } = run(() => Promise.resolve({ paymentId: 'x' }));
    actor.send({ type: 'PAYMENT.RETRY' });
    actor.send({ type: 'PAYMENT.RETRY' });
    actor.send({ type: 'PAYMENT.EDIT_METHOD' });
    actor.send({ type: 'PAYMENT.NEW_METHOD' });
    await expectDone(actor);
    expect(authorizePayment).toHaveBeenCalledTimes(1);
    expect(effects.map(([name]) => name)).toEqual(['setRetrySuccess', 'savePaymentId', 'navigateHome']);
  });

  it('can produce only the payment toast', () => {
    expect(retryPaymentMessages).toEqual([MESSAGES.paymentFailed]);
  });
});
