import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  FORGOT_USERNAME_MESSAGES,
  forgotUsernameMachine,
  type RecoveryReply,
} from '../../machines/forgot-username.machine';
import { expectState } from './support/expect-state';

function start(reply: (email: string) => Promise<RecoveryReply>) {
  const calls: string[] = [];
  const sent = vi.fn();
  const actor = createActor(
    forgotUsernameMachine.provide({
      actors: {
        requestUsername: fromPromise<RecoveryReply, { email: string }>(({ input }) => {
          calls.push(input.email);
          return reply(input.email);
        }),
      },
      actions: {
        usernameSent: (_, params: { email: string }) => {
          sent(params.email);
        },
      },
    }),
  );
  actor.start();
  return { actor, calls, sent };
}

const ok: RecoveryReply = { status: 'SUCCESS', errorMessage: '' };

describe('forgot username', () => {
  it('rejects an empty email with no call', () => {
    const { actor, calls } = start(() => Promise.resolve(ok));
    actor.send({ type: 'USERNAME.SUBMIT', email: '   ' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ failed: 'missingInput' })).toBe(true);
    expect(snap.context.error).toBe('MISSING_INPUT');
    expect(shownMessages(snap)).toEqual([FORGOT_USERNAME_MESSAGES.missingInput]);
    expect(calls).toEqual([]);
  });

  it('rejects an email that does not match the email pattern with no call (shell spec §5)', () => {
    const { actor, calls } = start(() => Promise.resolve(ok));
    for (const email of ['ana', 'ana@mail', 'ana@mail.c', 'ana mail@x.example']) {
      actor.send({ type: 'USERNAME.SUBMIT', email });
      const snap = actor.getSnapshot();
      expect(snap.matches({ failed: 'invalidEmail' }), email).toBe(true);
      expect(snap.context.error).toBe('INVALID_INPUT');
      expect(shownMessages(snap)).toEqual([FORGOT_USERNAME_MESSAGES.invalidEmail]);
    }
    expect(calls).toEqual([]);
  });

  it('submits the trimmed email and reports the username as sent', async () => {
    const { actor, calls, sent } = start(() => Promise.resolve(ok));
    actor.send({ type: 'USERNAME.SUBMIT', email: ' ana@mail.example ' });
    const snap = await expectState(actor, 'sent');
    expect(calls).toEqual(['ana@mail.example']);
    expect(sent).toHaveBeenCalledWith('ana@mail.example');
    expect(snap.context.error).toBeNull();
    expect(shownMessages(snap)).toEqual([]);
  });

  it('gives ERROR_IN_RESPONSE when the reply carries a non-empty errorMessage', async () => {
    const { actor, sent } = start(() => Promise.resolve({ status: 'ERROR', errorMessage: 'No profile' }));
    actor.send({ type: 'USERNAME.SUBMIT', email: 'nobody@mail.example' });
    const snap = await expectState(actor, 'failed');
    expect(snap.matches({ failed: 'errorInResponse' })).toBe(true);
    expect(snap.context.error).toBe('ERROR_IN_RESPONSE');
    expect(shownMessages(snap)).toEqual([FORGOT_USERNAME_MESSAGES.errorInResponse]);
    expect(sent).not.toHaveBeenCalled();
  });

  it('gives API_FAILED when the call fails', async () => {
    const { actor } = start(() => Promise.reject(new Error('timeout')));
    actor.send({ type: 'USERNAME.SUBMIT', email: 'ana@mail.example' });
    const snap = await expectState(actor, 'failed');
    expect(snap.matches({ failed: 'apiFailed' })).toBe(true);
    expect(snap.context.error).toBe('API_FAILED');
    expect(shownMessages(snap)).toEqual([FORGOT_USERNAME_MESSAGES.apiFailed]);
  });

  it('ignores a second submit while the first is out', async () => {
    let release: (r: RecoveryReply) => void = () => {};
    const { actor, calls } = start(() => new Promise<RecoveryReply>((resolve) => (release = resolve)));
    actor.send({ type: 'USERNAME.SUBMIT', email: 'ana@mail.example' });
    actor.send({ type: 'USERNAME.SUBMIT', email: 'other@mail.example' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    release(ok);
    await expectState(actor, 'sent');
    expect(calls).toEqual(['ana@mail.example']);
  });

  it('can send again after a failure and after a success', async () => {
    let fail = true;
    const { actor, calls } = start(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(ok)));
    actor.send({ type: 'USERNAME.SUBMIT', email: 'ana@mail.example' });
    await expectState(actor, 'failed');
    fail = false;
    actor.send({ type: 'USERNAME.SUBMIT', email: 'ana@mail.example' });
    await expectState(actor, 'sent');
    actor.send({ type: 'USERNAME.SUBMIT', email: 'ana@mail.example' });
    expect(actor.getSnapshot().value).toBe('sending');
    await expectState(actor, 'sent');
    expect(calls).toHaveLength(3);
  });
});
