import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelScheduledPaymentMachine } from '../../machines/cancel-scheduled-payment.machine';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { payBillMachine } from '../../machines/pay-bill.machine';
import { paymentPlanMachine } from '../../machines/payment-plan.machine';
import { viewBillMachine, type FoundBill } from '../../machines/view-bill.machine';
import { expectDone, expectState } from './support/expect-state';

const never = <T>() => new Promise<T>(() => {});

describe('pay a bill (home spec 2.7, 8; shell spec 7)', () => {
  function run(token: () => Promise<void>, jump: () => Promise<void>) {
    const toasts: ToastMessage[] = [];
    const effects: string[] = [];
    const actor = createActor(
      payBillMachine.provide({
        actors: { createPaymentToken: fromPromise(token), checkJumpOut: fromPromise(jump) },
        actions: {
          goToPayment: () => void effects.push('goToPayment'),
          showToast: (_, t) => void toasts.push(t),
        },
      }),
    ).start();
    return { actor, toasts, effects };
  }

  it('requests the payment jump-out token, then goes to jumpOutPayBill', async () => {
    const { actor, effects, toasts } = run(
      () => Promise.resolve(),
      () => Promise.resolve(),
    );
    actor.send({ type: 'BILL.PAY' });
    expect(actor.getSnapshot().value).toBe('requestingToken');
    await expectDone(actor);
    expect(effects).toEqual(['goToPayment']);
    expect(toasts).toEqual([]);
  });

  it("token failure: 'We are unable to provide this function at this time. Please try again later.' (4 s)", async () => {
    const { actor, effects, toasts } = run(() => Promise.reject(new Error('HTTP 500')), never);
    actor.send({ type: 'BILL.PAY' });
    await expectState(actor, 'idle');
    expect(effects).toEqual([]);
    expect(toasts).toMatchObject([
      {
        text: 'We are unable to provide this function at this time. Please try again later.',
        durationMs: 4000,
        tone: 'error',
      },
    ]);
  });

  it("jump-out failure: 'Something went wrong, please try again later' (4 s), and Pay can be tried again", async () => {
    const { actor, effects, toasts } = run(
      () => Promise.resolve(),
      () => Promise.reject(new Error('HTTP 500')),
    );
    actor.send({ type: 'BILL.PAY' });
    await expectState(actor, 'idle');
    expect(effects).toEqual([]);
    expect(toasts).toMatchObject([
      { text: 'Something went wrong, please try again later', durationMs: 4000, tone: 'error' },
    ]);
    expect(actor.getSnapshot().can({ type: 'BILL.PAY' })).toBe(true);
  });
});

describe('payment plan (home spec 2.7, 2.11, 5, 7, 8)', () => {
  function run(token: () => Promise<{ token: string }>) {
    const toasts: ToastMessage[] = [];
    const opened: string[] = [];
    const actor = createActor(
      paymentPlanMachine.provide({
        actors: { getPlanToken: fromPromise(token) },
        actions: {
          openPlanSite: (_, { token: t }) => void opened.push(t),
          showToast: (_, t) => void toasts.push(t),
        },
      }),
    ).start();
    return { actor, toasts, opened };
  }

  it('the payment-plan token, then the payment-plan site with it', async () => {
    const { actor, opened } = run(() => Promise.resolve({ token: 'PP-1' }));
    actor.send({ type: 'PLAN.OPEN' });
    await expectDone(actor);
    expect(opened).toEqual(['PP-1']);
  });

  it("the token failure toast (4 s): 'We are unable to provide this function at this time. Please try again later.'", async () => {
    const { actor, opened, toasts } = run(() => Promise.reject(new Error('statusCode 0')));
    actor.send({ type: 'PLAN.OPEN' });
    await expectState(actor, 'idle');
    expect(opened).toEqual([]);
    expect(toasts).toMatchObject([
      {
        text: 'We are unable to provide this function at this time. Please try again later.',
        durationMs: 4000,
      },
    ]);
  });
});

describe('cancel scheduled payment (home spec 2.7, 4, 7, 8)', () => {
  function run(cancel: () => Promise<void>) {
    const toasts: ToastMessage[] = [];
    const effects: string[] = [];
    const actor = createActor(
      cancelScheduledPaymentMachine.provide({
        actors: { cancelPayment: fromPromise(cancel) },
        actions: {
          paymentCancelled: () => void effects.push('paymentCancelled'),
          showToast: (_, t) => void toasts.push(t),
        },
      }),
    ).start();
    return { actor, toasts, effects };
  }

  it('the dialog opens, then is kept: no call', () => {
    const { actor, effects } = run(never);
    actor.send({ type: 'PAYMENT.CANCEL' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'PAYMENT.KEEP' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual([]);
  });

  it("confirmed with status 'success': 'Payment Cancelled' and the payment leaves the list", async () => {
    const { actor, toasts, effects } = run(() => Promise.resolve());
    actor.send({ type: 'PAYMENT.CANCEL' });
    actor.send({ type: 'PAYMENT.CONFIRM' });
    expect(actor.getSnapshot().can({ type: 'PAYMENT.KEEP' })).toBe(false);
    await expectDone(actor);
    expect(effects).toEqual(['paymentCancelled']);
    expect(toasts).toMatchObject([{ text: 'Payment Cancelled', tone: 'success', durationMs: 3000 }]);
  });

  it("otherwise 'Unable to cancel the payment. Please try again.'", async () => {
    const { actor, toasts, effects } = run(() => Promise.reject(new Error("status 'failure'")));
    actor.send({ type: 'PAYMENT.CANCEL' });
    actor.send({ type: 'PAYMENT.CONFIRM' });
    await expectState(actor, 'idle');
    expect(effects).toEqual([]);
    expect(toasts).toMatchObject([
      { text: 'Unable to cancel the payment. Please try again.', tone: 'error', durationMs: 4000 },
    ]);
  });
});

describe('View Bill (home spec 2.7, 4, 8)', () => {
  function run(noBillsYet: boolean, find: () => Promise<FoundBill>) {
    const toasts: ToastMessage[] = [];
    const opened: string[] = [];
    let calls = 0;
    const actor = createActor(
      viewBillMachine.provide({
        actors: {
          findBill: fromPromise(() => {
            calls += 1;
            return find();
          }),
        },
        actions: {
          openBill: (_, { to }) => void opened.push(to),
          showToast: (_, t) => void toasts.push(t),
        },
      }),
      { input: { noBillsYet } },
    ).start();
    return { actor, toasts, opened, calls: () => calls };
  }

  it("loading, then 'Fetching Bill details' and the bill detail", async () => {
    const { actor, toasts, opened } = run(false, () =>
      Promise.resolve({ to: '/billDetailPdf?billDate=2026-02-22' }),
    );
    actor.send({ type: 'BILL.VIEW' });
    expect(actor.getSnapshot().value).toBe('loading');
    await expectState(actor, 'idle');
    expect(toasts).toMatchObject([{ text: 'Fetching Bill details', tone: 'success' }]);
    expect(opened).toEqual(['/billDetailPdf?billDate=2026-02-22']);
  });

  it("or the error state 'Previous bills are not available'", async () => {
    const { actor, opened } = run(false, () => Promise.reject(new Error('errorNo 1')));
    actor.send({ type: 'BILL.VIEW' });
    await expectState(actor, 'unavailable');
    expect(shownMessages(actor.getSnapshot()).map((m) => m.text)).toEqual([
      'Previous bills are not available',
    ]);
    expect(opened).toEqual([]);
  });

  it("for early-life accounts or tenure 0: 'You don't have any bills for your account yet.' with no call", () => {
    const { actor, calls } = run(true, () => Promise.resolve({ to: '/billDetail' }));
    actor.send({ type: 'BILL.VIEW' });
    expect(shownMessages(actor.getSnapshot()).map((m) => m.text)).toEqual([
      "You don't have any bills for your account yet.",
    ]);
    expect(calls()).toBe(0);
  });

  it('an account whose bill list is empty has no bills yet either', async () => {
    const { actor } = run(false, () => Promise.resolve({ to: null }));
    actor.send({ type: 'BILL.VIEW' });
    await expectState(actor, 'noBills');
  });
});
