import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  walledGardenPayMachine,
  type AuthorizePaymentOutput,
} from '../../machines/walled-garden-pay.machine';
import { type ToastMessage } from '../../machines/messages';
import { expectDone, expectState } from './support/expect-state';

const PAYMENT_FAILED =
  'An error occurred when submitting your payment. Your request was not submitted, please try again later.';

function run(authorize: () => Promise<AuthorizePaymentOutput>, payNowAllowed = true) {
  const effects: Array<[string, unknown?]> = [];
  const showToast = vi.fn<(toast: ToastMessage) => void>();
  const authorizePayment = vi.fn(authorize);
  const actor = createActor(
    walledGardenPayMachine.provide({
      actors: { authorizePayment: fromPromise(() => authorizePayment()) },
      actions: {
        clearWalledGardenFlags: () => effects.push(['clearWalledGardenFlags']),
        savePaymentId: (_, params) => effects.push(['savePaymentId', params]),
        setPaymentSuccess: () => effects.push(['setPaymentSuccess']),
        openManageAutoPay: () => effects.push(['openManageAutoPay']),
        showToast: (_, toast) => {
          showToast(toast);
        },
      },
    }),
    { input: { payNowAllowed } },
  ).start();
  return { actor, effects, showToast, authorizePayment };
}

describe('walled-garden Pay now (shell spec: Walled garden)', () => {
  it('on success clears the soft and hard flags, saves the payment id and sets the payment-success flag', async () => {
    const { actor, effects, showToast } = run(() => Promise.resolve({ paymentId: 'PAY-77' }));
    actor.send({ type: 'PAY.NOW' });
    expect(actor.getSnapshot().value).toBe('authorizing');
    await expectDone(actor);
    expect(actor.getSnapshot().value).toBe('paid');
    expect(effects).toEqual([
      ['clearWalledGardenFlags'],
      ['savePaymentId', { paymentId: 'PAY-77' }],
      ['setPaymentSuccess'],
    ]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it(`on failure shows '${PAYMENT_FAILED}' (4 s) and the buttons re-enable`, async () => {
    const { actor, effects, showToast } = run(() => Promise.reject(new Error('status 1')));
    actor.send({ type: 'PAY.NOW' });
    await expectState(actor, 'ready');
    expect(showToast).toHaveBeenCalledWith({
      display: 'toast',
      id: 'paymentFailed',
      text: PAYMENT_FAILED,
      durationMs: 4000,
      tone: 'error',
    });
    expect(effects).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'PAY.NOW' })).toBe(true);
  });

  it('can pay again after a failed payment', async () => {
    let attempt = 0;
    const { actor, authorizePayment } = run(() =>
      ++attempt === 1 ? Promise.reject(new Error('declined')) : Promise.resolve({ paymentId: 'PAY-2' }),
    );
    actor.send({ type: 'PAY.NOW' });
    await expectState(actor, 'ready');
    actor.send({ type: 'PAY.NOW' });
    await expectDone(actor);
    expect(authorizePayment).toHaveBeenCalledTimes(2);
  });

  it('Pay with new card goes to the external manage-autopay page', () => {
    const { actor, effects } = run(() => Promise.resolve({ paymentId: 'x' }));
    actor.send({ type: 'PAY.NEW_CARD' });
    expect(effects).toEqual([['openManageAutoPay']]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('refuses Pay now when the rules hide it (card expired)', () => {
    const { actor, authorizePayment } = run(() => Promise.resolve({ paymentId: 'x' }), false);
    expect(actor.getSnapshot().can({ type: 'PAY.NOW' })).toBe(false);
    actor.send({ type: 'PAY.NOW' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(authorizePayment).not.toHaveBeenCalled();
  });

  it('ignores Pay now and new card while the payment is being authorized', async () => {
    const { actor, effects, authorizePayment } = run(() => Promise.resolve({ paymentId: 'x' }));
    actor.send({ type: 'PAY.NOW' });
    actor.send({ type: 'PAY.NOW' });
    actor.send({ type: 'PAY.NEW_CARD' });
    await expectDone(actor);
    expect(authorizePayment).toHaveBeenCalledTimes(1);
    expect(effects.map(([name]) => name)).not.toContain('openManageAutoPay');
  });
});
