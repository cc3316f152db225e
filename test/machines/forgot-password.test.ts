import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  FORGOT_PASSWORD_MESSAGES,
  forgotPasswordMachine,
  type ForgotPasswordInput,
  type ForgotPasswordReply,
  type RecoveryReply,
} from '../../machines/forgot-password.machine';
import { expectDone, expectState } from './support/expect-state';

interface Fakes {
  reset?: (login: string) => Promise<ForgotPasswordReply>;
  check?: (login: string, email: string) => Promise<RecoveryReply>;
}

const ok = { status: 'SUCCESS', errorMessage: '' };

function start(fakes: Fakes, input: ForgotPasswordInput = { login: null }) {
  const resetCalls: string[] = [];
  const checkCalls: Array<[string, string]> = [];
  const accepted = vi.fn();
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestPasswordReset: fromPromise<ForgotPasswordReply, { login: string }>(({ input: i }) => {
          resetCalls.push(i.login);
          return (fakes.reset ?? (() => Promise.resolve(ok)))(i.login);
        }),
        checkEmail: fromPromise<RecoveryReply, { login: string; emailAddress: string }>(({ input: i }) => {
          checkCalls.push([i.login, i.emailAddress]);
          return (fakes.check ?? (() => Promise.resolve(ok)))(i.login, i.emailAddress);
        }),
      },
      actions: {
        loginAccepted: (_, params) => {
          accepted(params);
        },
      },
    }),
    { input },
  );
  actor.start();
  return { actor, resetCalls, checkCalls, accepted };
}

describe('forgot password step 1', () => {
  it('gives MISSING_INPUT for an empty login, with no call', () => {
    const { actor, resetCalls } = start({});
    actor.send({ type: 'PASSWORD.SUBMIT_LOGIN', login: '' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ loginStep: 'missingInput' })).toBe(true);
    expect(snap.context.error).toBe('MISSING_INPUT');
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.loginMissing]);
    expect(resetCalls).toEqual([]);
  });

  it('gives ERROR_IN_RESPONSE when the response has a non-empty errorMessage', async () => {
    const { actor, accepted } = start({
      reset: () => Promise.resolve({ status: 'ERROR', errorMessage: 'unknown' }),
    });
    actor.send({ type: 'PASSWORD.SUBMIT_LOGIN', login: 'nobody' });
    const snap = await expectState(actor, { loginStep: 'errorInResponse' });
    expect(snap.context.error).toBe('ERROR_IN_RESPONSE');
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.loginRefused]);
    expect(accepted).not.toHaveBeenCalled();
  });

  it('gives API_FAILED when the call fails', async () => {
    const { actor } = start({ reset: () => Promise.reject(new Error('500')) });
    actor.send({ type: 'PASSWORD.SUBMIT_LOGIN', login: 'ana' });
    const snap = await expectState(actor, { loginStep: 'apiFailed' });
    expect(snap.context.error).toBe('API_FAILED');
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.loginFailed]);
  });

  it('moves to the email step with the login and the masked email on success', async () => {
    const { actor, resetCalls, accepted } = start({
      reset: () => Promise.resolve({ status: 'SUCCESS', errorMessage: '', maskedEmail: 'a***@mail.example' }),
    });
    actor.send({ type: 'PASSWORD.SUBMIT_LOGIN', login: ' ana ' });
    const snap = await expectState(actor, 'emailStep');
    expect(resetCalls).toEqual(['ana']);
    expect(accepted).toHaveBeenCalledWith({ login: 'ana', maskedEmail: 'a***@mail.example' });
    expect(snap.context).toMatchObject({ login: 'ana', maskedEmail: 'a***@mail.example', error: null });
  });
});

describe('forgot password step 2 (email check)', () => {
  it('starts on the email step when a login is given', () => {
    const { actor } = start({}, { login: 'ana', maskedEmail: 'a***@mail.example' });
    expect(actor.getSnapshot().matches({ emailStep: 'editing' })).toBe(true);
  });

  it('rejects an empty email with no call', () => {
    const { actor, checkCalls } = start({}, { login: 'ana' });
    actor.send({ type: 'PASSWORD.SUBMIT_EMAIL', email: ' ' });
    const snap = actor.getSnapshot();
    expect(snap.context.error).toBe('MISSING_INPUT');
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.emailMissing]);
    expect(checkCalls).toEqual([]);
  });

  it('checks the email for the login and ends with the email sent', async () => {
    const { actor, checkCalls } = start({}, { login: 'ana' });
    actor.send({ type: 'PASSWORD.SUBMIT_EMAIL', email: 'ana@mail.example' });
    const snap = await expectDone(actor);
    expect(snap.matches('emailSent')).toBe(true);
    expect(checkCalls).toEqual([['ana', 'ana@mail.example']]);
  });

  it('says so when the email does not match, and when the call fails', async () => {
    let reply: () => Promise<RecoveryReply> = () =>
      Promise.resolve({ status: 'ERROR', errorMessage: 'mismatch' });
    const { actor } = start({ check: () => reply() }, { login: 'ana' });
    actor.send({ type: 'PASSWORD.SUBMIT_EMAIL', email: 'wrong@mail.example' });
    let snap = await expectState(actor, { emailStep: 'errorInResponse' });
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.emailRefused]);
    reply = () => Promise.reject(new Error('timeout'));
    actor.send({ type: 'PASSWORD.SUBMIT_EMAIL', email: 'ana@mail.example' });
    snap = await expectState(actor, { emailStep: 'apiFailed' });
    expect(snap.context.error).toBe('API_FAILED');
    expect(shownMessages(snap)).toEqual([FORGOT_PASSWORD_MESSAGES.emailFailed]);
  });
});
