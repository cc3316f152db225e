import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RecoveryReply } from '../../machines/forgot-username.machine';
import { shownMessages } from '../../machines/messages';
import {
  RETRIEVE_AUTH_CODE_MESSAGES as M,
  authCodePayload,
  retrieveAuthCodeMachine,
  type AuthCodeByEmailPayload,
  type AuthCodeOptionsReply,
  type RetrieveAuthCodeInput,
} from '../../machines/retrieve-auth-code.machine';
import { expectState } from './support/expect-state';

const email = { type: 'email', maskedValue: 'a***@mail.example' };
const sms = { type: 'sms', maskedValue: '***-0100' };

function start(
  input: RetrieveAuthCodeInput,
  lookUp: () => Promise<AuthCodeOptionsReply> = () =>
    Promise.resolve({ status: 'SUCCESS', errorMessage: '', options: [email] }),
  send: () => Promise<RecoveryReply> = () => Promise.resolve({ status: 'SUCCESS', errorMessage: '' }),
) {
  const lookUps: string[] = [];
  const sends: AuthCodeByEmailPayload[] = [];
  const found = vi.fn();
  const sent = vi.fn();
  const actor = createActor(
    retrieveAuthCodeMachine.provide({
      actors: {
        lookUpOptions: fromPromise<AuthCodeOptionsReply, { accountNumber: string }>(({ input: i }) => {
          lookUps.push(i.accountNumber);
          return lookUp();
        }),
        sendCode: fromPromise<RecoveryReply, AuthCodeByEmailPayload>(({ input: i }) => {
          sends.push(i);
          return send();
        }),
      },
      actions: {
        optionsFound: (_, p) => {
          found(p);
        },
        codeSent: (_, p) => {
          sent(p);
        },
      },
    }),
    { input },
  );
  actor.start();
  return { actor, lookUps, sends, found, sent };
}

describe('retrieve authorization code', () => {
  it('checks the account number before looking it up: blank, or not 9, 11 or 13 letters and digits', () => {
    const { actor, lookUps } = start({ accountNumber: null });
    actor.send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.accountMissing]);
    for (const n of ['12345', '3102457810', '310-245-781']) {
      actor.send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: n });
      expect(shownMessages(actor.getSnapshot()), n).toEqual([M.accountInvalid]);
    }
    expect(lookUps).toEqual([]);
  });

  it('looks up the options of the account and moves to the options page with them', async () => {
    const { actor, lookUps, found } = start({ accountNumber: null });
    actor.send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: 'PPB10020030' });
    await expectState(actor, { optionsStep: 'choosing' });
    expect(lookUps).toEqual(['PPB10020030']);
    expect(found).toHaveBeenCalledWith({ accountNumber: 'PPB10020030', options: [email] });
  });

  it('an unknown account and a failed look-up are each said', async () => {
    let answer = () => Promise.resolve<AuthCodeOptionsReply>({ status: 'ERROR', errorMessage: 'unknown' });
    const { actor } = start({ accountNumber: null }, () => answer());
    actor.send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '310245781' });
    expect(shownMessages(await expectState(actor, { accountStep: 'errorInResponse' }))).toEqual([
      M.accountRefused,
    ]);
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber: '310245781' });
    expect(shownMessages(await expectState(actor, { accountStep: 'apiFailed' }))).toEqual([M.lookUpFailed]);
  });

  it('sends the code by email to the chosen option and moves on', async () => {
    const { actor, sends, sent } = start({ accountNumber: '310245781', options: [sms, email] });
    actor.send({ type: 'AUTHCODE.SEND', option: 1 });
    await expectState(actor, 'codeSent');
    expect(sends).toEqual([{ accountNumber: '310245781', emailAddress: 'a***@mail.example' }]);
    expect(sent).toHaveBeenCalledWith({ accountNumber: '310245781', sentTo: 'a***@mail.example' });
  });

  it('Auth-code-by-email is skipped if the payload is null: no email option, or none chosen', () => {
    expect(authCodePayload('310245781', sms)).toBeNull();
    expect(authCodePayload('310245781', null)).toBeNull();
    const none = start({ accountNumber: '310444423', options: [] });
    expect(none.actor.getSnapshot().matches({ optionsStep: 'skipped' })).toBe(true);
    expect(shownMessages(none.actor.getSnapshot())).toEqual([M.noEmailOption]);
    const smsOnly = start({ accountNumber: '310245781', options: [sms, email] });
    smsOnly.actor.send({ type: 'AUTHCODE.SEND', option: 0 });
    smsOnly.actor.send({ type: 'AUTHCODE.SEND', option: null });
    expect(smsOnly.actor.getSnapshot().matches({ optionsStep: 'skipped' })).toBe(true);
    expect([...none.sends, ...smsOnly.sends]).toEqual([]);
  });

  it('a refusal and a failed send keep the options with a message', async () => {
    let answer = () => Promise.resolve<RecoveryReply>({ status: 'ERROR', errorMessage: 'no' });
    const { actor } = start({ accountNumber: '310245781', options: [email] }, undefined, () => answer());
    actor.send({ type: 'AUTHCODE.SEND', option: 0 });
    expect(shownMessages(await expectState(actor, { optionsStep: 'errorInResponse' }))).toEqual([
      M.sendRefused,
    ]);
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send({ type: 'AUTHCODE.SEND', option: 0 });
    const snap = await expectState(actor, { optionsStep: 'apiFailed' });
    expect(shownMessages(snap)).toEqual([M.sendFailed]);
    expect(snap.context.options).toEqual([email]);
  });
});
