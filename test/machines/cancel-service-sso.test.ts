import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CANCEL_SERVICE_SSO_MESSAGES as M,
  PERFORM_SSO_STATUS_ERROR,
  cancelServiceSsoMachine,
  type SsoReply,
} from '../../machines/cancel-service-sso.machine';
import { shownMessages } from '../../machines/messages';
import { expectState } from './support/expect-state';

function start(reply: () => Promise<SsoReply>) {
  const calls: string[] = [];
  const opened = vi.fn();
  const logged = vi.fn();
  const actor = createActor(
    cancelServiceSsoMachine.provide({
      actors: {
        performSso: fromPromise<SsoReply, { token: string }>(({ input }) => {
          calls.push(input.token);
          return reply();
        }),
      },
      actions: {
        openCancelServices: (_, p) => {
          opened(p);
        },
        logFailure: (_, p) => {
          logged(p);
        },
      },
    }),
  );
  actor.start();
  return { actor, calls, opened, logged };
}

describe('single sign-on entry for cancelling service from a mobile app', () => {
  it('an authenticated answer opens cancel service in the account signed in to', async () => {
    const { actor, calls, opened } = start(() =>
      Promise.resolve({ authenticated: true, currentlyManagingAccountId: '310245781' }),
    );
    actor.send({ type: 'SSO.START', token: ' APP-TOKEN ' });
    await expectState(actor, 'signedIn');
    expect(calls).toEqual(['APP-TOKEN']);
    expect(opened).toHaveBeenCalledWith({ accountNumber: '310245781' });
  });

  it('An unauthenticated result keeps errorMessage', async () => {
    const { actor, opened } = start(() =>
      Promise.resolve({ authenticated: false, errorMessage: 'Invalid or expired token' }),
    );
    actor.send({ type: 'SSO.START', token: 'T' });
    const snap = await expectState(actor, { failed: 'refused' });
    expect(snap.context.errorMessage).toBe('Invalid or expired token');
    expect(shownMessages(snap)).toEqual([M.refused]);
    expect(opened).not.toHaveBeenCalled();
  });

  it("non-200 is a failure: 'performSSO service status code is not OK', shown as a message and logged", async () => {
    let fail = true;
    const { actor, logged, calls } = start(() =>
      fail ? Promise.reject(new Error(PERFORM_SSO_STATUS_ERROR)) : Promise.resolve({ authenticated: true }),
    );
    actor.send({ type: 'SSO.START', token: 'T' });
    const snap = await expectState(actor, { failed: 'serviceError' });
    expect(snap.context.failure).toBe(PERFORM_SSO_STATUS_ERROR);
    expect(shownMessages(snap)).toEqual([M.serviceError]);
    expect(logged).toHaveBeenCalledWith({ reason: PERFORM_SSO_STATUS_ERROR });
    fail = false;
    actor.send({ type: 'SSO.RETRY' });
    await expectState(actor, 'signedIn');
    expect(calls).toEqual(['T', 'T']);
  });

  it('an address without a token is said at once, with no call', () => {
    const { actor, calls } = start(() => Promise.resolve({ authenticated: true }));
    actor.send({ type: 'SSO.START', token: '' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.missingToken]);
    expect(calls).toEqual([]);
  });
});
