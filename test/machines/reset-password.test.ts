import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  RESET_PASSWORD_MESSAGES,
  resetPasswordMachine,
  type ChangePasswordReply,
  type PasswordPurpose,
  type TokenReply,
} from '../../machines/reset-password.machine';
import { expectState } from './support/expect-state';

interface Fakes {
  check?: (token: string) => Promise<TokenReply>;
  change?: (token: string, password: string) => Promise<ChangePasswordReply>;
}

const valid: TokenReply = { status: 'SUCCESS', errorMessage: '', tokenValid: true, login: 'ana.lopez' };

function start(fakes: Fakes = {}, purpose: PasswordPurpose = 'reset') {
  const checks: string[] = [];
  const changes: Array<[string, string]> = [];
  const expired = vi.fn();
  const changed = vi.fn();
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        checkToken: fromPromise<TokenReply, { token: string }>(({ input }) => {
          checks.push(input.token);
          return (fakes.check ?? (() => Promise.resolve(valid)))(input.token);
        }),
        changePassword: fromPromise<ChangePasswordReply, { token: string; password: string }>(({ input }) => {
          changes.push([input.token, input.password]);
          return (fakes.change ?? (() => Promise.resolve({ response: 'Success' })))(
            input.token,
            input.password,
          );
        }),
      },
      actions: {
        linkExpired: () => {
          expired();
        },
        passwordChanged: (_, params) => {
          changed(params);
        },
      },
    }),
    { input: { purpose } },
  );
  actor.start();
  return { actor, checks, changes, expired, changed };
}

const submit = (password: string, confirmation = password) =>
  ({ type: 'PASSWORD.SUBMIT_NEW', password, confirmation }) as const;

describe('password reset with a token', () => {
  it('Token fetch is refused if the token is empty: the link-expired page, with no call', () => {
    const { actor, checks, expired } = start();
    actor.send({ type: 'PASSWORD.OPEN_LINK', token: '  ' });
    expect(actor.getSnapshot().matches('linkExpired')).toBe(true);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(checks).toEqual([]);
  });

  it('a used, expired or unknown link (errorMessage, or tokenValid false) leads to the link-expired page', async () => {
    for (const reply of [
      { status: 'ERROR', errorMessage: 'This link has expired.' },
      { status: 'SUCCESS', errorMessage: '', tokenValid: false },
    ]) {
      const { actor, expired } = start({ check: () => Promise.resolve(reply) });
      actor.send({ type: 'PASSWORD.OPEN_LINK', token: 'T' });
      await expectState(actor, 'linkExpired');
      expect(expired).toHaveBeenCalledTimes(1);
    }
  });

  it('a link that cannot be checked says so and can be checked again', async () => {
    let fail = true;
    const { actor, checks } = start({
      check: () => (fail ? Promise.reject(new Error('HTTP 500')) : Promise.resolve(valid)),
    });
    actor.send({ type: 'PASSWORD.OPEN_LINK', token: 'T' });
    const failed = await expectState(actor, 'checkFailed');
    expect(shownMessages(failed)).toEqual([RESET_PASSWORD_MESSAGES.checkFailed]);
    fail = false;
    actor.send({ type: 'PASSWORD.RETRY' });
    await expectState(actor, 'choosing');
    expect(checks).toEqual(['T', 'T']);
  });

  it('checks the new password before any call: blank, not the same twice, too weak', async () => {
    const { actor, changes } = start();
    actor.send({ type: 'PASSWORD.OPEN_LINK', token: 'T' });
    await expectState(actor, 'choosing');
    const cases: Array<
      [
        ReturnType<typeof submit>,
        'missingInput' | 'mismatch' | 'weak',
        (typeof RESET_PASSWORD_MESSAGES)[keyof typeof RESET_PASSWORD_MESSAGES],
      ]
    > = [
      [submit('', ''), 'missingInput', RESET_PASSWORD_MESSAGES.missing],
      [submit('Secret123', 'Secret124'), 'mismatch', RESET_PASSWORD_MESSAGES.mismatch],
      [submit('password'), 'weak', RESET_PASSWORD_MESSAGES.weak],
      [submit('12345678'), 'weak', RESET_PASSWORD_MESSAGES.weak],
      [submit('Ab1'), 'weak', RESET_PASSWORD_MESSAGES.weak],
    ];
    for (const [event, state, text] of cases) {
      actor.send(event);
      const snap = actor.getSnapshot();
      expect(snap.matches({ choosing: state }), state).toBe(true);
      expect(shownMessages(snap)).toEqual([text]);
    }
    expect(changes).toEqual([]);
  });

  it("The change needs the response 'Success'", async () => {
    const { actor, changed, changes } = start();
    actor.send({ type: 'PASSWORD.OPEN_LINK', token: 'T' });
    await expectState(actor, 'choosing');
    actor.send(submit('NewSecret42'));
    const snap = await expectState(actor, 'changed');
    expect(changes).toEqual([['T', 'NewSecret42']]);
    expect(changed).toHaveBeenCalledWith({ login: 'ana.lopez', purpose: 'reset' });
    expect(snap.context.password).toBe('');
  });

  it('any other answer is not a change, and a failed call is said too; the password is not kept', async () => {
    let answer: () => Promise<ChangePasswordReply> = () => Promise.resolve({ response: 'Failure' });
    const { actor, changed } = start({ change: () => answer() }, 'set');
    actor.send({ type: 'PASSWORD.OPEN_LINK', token: 'T' });
    await expectState(actor, 'choosing');
    actor.send(submit('NewSecret42'));
    let snap = await expectState(actor, { choosing: 'notChanged' });
    expect(shownMessages(snap)).toEqual([RESET_PASSWORD_MESSAGES.notChanged]);
    expect(snap.context.password).toBe('');
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send(submit('NewSecret42'));
    snap = await expectState(actor, { choosing: 'apiFailed' });
    expect(shownMessages(snap)).toEqual([RESET_PASSWORD_MESSAGES.apiFailed]);
    answer = () => Promise.resolve({ response: 'Success' });
    actor.send(submit('NewSecret42'));
    await expectState(actor, 'changed');
    expect(changed).toHaveBeenCalledWith({ login: 'ana.lopez', purpose: 'set' });
  });
});
