import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { upgradeMachine, type OpenShopParams, type UpgradePathInput } from '../../machines/upgrade.machine';
import { expectState } from './support/expect-state';

function run(
  path: UpgradePathInput,
  { token = () => Promise.resolve('JT-1'), purl = () => Promise.resolve('https://fiber.example/p/1') } = {},
) {
  const opened: Array<OpenShopParams | { url: string }> = [];
  const toasts: ToastMessage[] = [];
  const jumpToken = vi.fn(token);
  const fiberShopAddress = vi.fn(purl);
  const actor = createActor(
    upgradeMachine.provide({
      actors: {
        jumpToken: fromPromise(() => jumpToken()),
        fiberShopAddress: fromPromise(() => fiberShopAddress()),
      },
      actions: {
        openShop: (_, p) => void opened.push(p),
        openAddress: (_, p) => void opened.push(p),
        showToast: (_, t) => void toasts.push(t),
      },
    }),
    { input: { path } },
  ).start();
  return { actor, opened, toasts, jumpToken, fiberShopAddress };
}

describe('upgrade (home spec 4, upgrade choices; 7 createJumpOutToken, getQfPurl; 8)', () => {
  it('the generic upgrade flow requests a jump token and opens the shop with it, for the plan or the modem', async () => {
    const { actor, opened } = run('generic');
    actor.send({ type: 'UPGRADE.PLAN' });
    expect(actor.getSnapshot().value).toBe('fetchingToken');
    await expectState(actor, 'idle');
    actor.send({ type: 'UPGRADE.MODEM' });
    await expectState(actor, 'idle');
    expect(opened).toEqual([
      { token: 'JT-1', kind: 'plan', path: 'generic' },
      { token: 'JT-1', kind: 'modem', path: 'generic' },
    ]);
  });

  it('an account qualified for the fiber upgrade goes to the fiber shop (getQfPurl); its modem upgrade still takes a jump token', async () => {
    const { actor, opened, jumpToken } = run('fiber-shop');
    actor.send({ type: 'UPGRADE.PLAN' });
    expect(actor.getSnapshot().value).toBe('fetchingPurl');
    await expectState(actor, 'idle');
    expect(jumpToken).not.toHaveBeenCalled();
    actor.send({ type: 'UPGRADE.MODEM' });
    await expectState(actor, 'idle');
    expect(opened).toEqual([
      { url: 'https://fiber.example/p/1' },
      { token: 'JT-1', kind: 'modem', path: 'fiber-shop' },
    ]);
  });

  it("for customers of the second provider, a jump token is requested for that provider's shop", async () => {
    const { actor, opened } = run('second-provider-shop');
    actor.send({ type: 'UPGRADE.MODEM' });
    await expectState(actor, 'idle');
    expect(opened).toEqual([{ token: 'JT-1', kind: 'modem', path: 'second-provider-shop' }]);
  });

  it("token failure: 'We are unable to provide this function at this time. Please try again later.' (4 s)", async () => {
    const { actor, opened, toasts } = run('generic', { token: () => Promise.reject(new Error('HTTP 500')) });
    actor.send({ type: 'UPGRADE.PLAN' });
    await expectState(actor, 'idle');
    expect(opened).toEqual([]);
    expect(toasts).toMatchObject([
      {
        text: 'We are unable to provide this function at this time. Please try again later.',
        durationMs: 4000,
        tone: 'error',
      },
    ]);
  });

  it('vacation service plus Blue Marble opens the restore-service dialog (blocks both upgrade and modem upgrade)', () => {
    for (const event of ['UPGRADE.PLAN', 'UPGRADE.MODEM'] as const) {
      const { actor, jumpToken, fiberShopAddress } = run('restore-service');
      actor.send({ type: event });
      expect(shownMessages(actor.getSnapshot())).toMatchObject([
        { title: 'Your account is on vacation service', display: 'dialog' },
      ]);
      actor.send({ type: 'DIALOG.CLOSE' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(jumpToken).not.toHaveBeenCalled();
      expect(fiberShopAddress).not.toHaveBeenCalled();
    }
  });

  it('without canVacationRestore the restore-service dialog tells the customer to chat', () => {
    const { actor } = run('restore-service-chat');
    actor.send({ type: 'UPGRADE.PLAN' });
    expect(shownMessages(actor.getSnapshot())[0]?.text).toContain('Chat with us to restore your service.');
  });
});
