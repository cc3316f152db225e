import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  RETRIEVE_ACCOUNT_NUMBER_MESSAGES as M,
  retrieveAccountNumberMachine,
  type AccountNumberReply,
} from '../../machines/retrieve-account-number.machine';
import { expectState } from './support/expect-state';

function start(reply: () => Promise<AccountNumberReply>) {
  const calls: string[] = [];
  const sent = vi.fn();
  const actor = createActor(
    retrieveAccountNumberMachine.provide({
      actors: {
        requestAccountNumber: fromPromise<AccountNumberReply, { email: string }>(({ input }) => {
          calls.push(input.email);
          return reply();
        }),
      },
      actions: {
        accountNumberSent: (_, params) => {
          sent(params);
        },
      },
    }),
  );
  actor.start();
  return { actor, calls, sent };
}

describe('retrieve account number', () => {
  it('refuses an empty email and one that is not an email address, with no call', () => {
    const { actor, calls } = start(() => Promise.resolve({ status: 'SUCCESS', errorMessage: '' }));
    actor.send({ type: 'ACCOUNTNUMBER.SUBMIT', email: ' ' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.missingInput]);
    actor.send({ type: 'ACCOUNTNUMBER.SUBMIT', email: 'ana@mail' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.invalidEmail]);
    expect(calls).toEqual([]);
  });

  it('sends the account number to the email and names the masked address', async () => {
    const { actor, calls, sent } = start(() =>
      Promise.resolve({ status: 'SUCCESS', errorMessage: '', maskedEmail: 'a***@mail.example' }),
    );
    actor.send({ type: 'ACCOUNTNUMBER.SUBMIT', email: ' ana@mail.example ' });
    await expectState(actor, 'sent');
    expect(calls).toEqual(['ana@mail.example']);
    expect(sent).toHaveBeenCalledWith({ email: 'ana@mail.example', maskedEmail: 'a***@mail.example' });
  });

  it('a reply with an errorMessage and a failed call are each said', async () => {
    let answer = () => Promise.resolve<AccountNumberReply>({ status: 'ERROR', errorMessage: 'none' });
    const { actor, sent } = start(() => answer());
    actor.send({ type: 'ACCOUNTNUMBER.SUBMIT', email: 'ana@mail.example' });
    let snap = await expectState(actor, { failed: 'errorInResponse' });
    expect(shownMessages(snap)).toEqual([M.errorInResponse]);
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send({ type: 'ACCOUNTNUMBER.SUBMIT', email: 'ana@mail.example' });
    snap = await expectState(actor, { failed: 'apiFailed' });
    expect(shownMessages(snap)).toEqual([M.apiFailed]);
    expect(sent).not.toHaveBeenCalled();
  });
});
