import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  CREATE_PROFILE_MESSAGES as M,
  createProfileMachine,
  type CreateProfileInput,
  type CreateProfileReply,
  type EmailUsernameReply,
  type ProfilePayload,
} from '../../machines/create-profile.machine';
import { expectState } from './support/expect-state';

const account = { accountNumber: '310245781', authCode: '123456' };
const details = { firstName: 'Pat', lastName: 'Doe', emailAddress: 'pat@mail.example' };
const ok = { status: 'SUCCESS', errorMessage: '' };

function start(
  input: CreateProfileInput,
  fakes: { check?: () => Promise<EmailUsernameReply>; create?: () => Promise<CreateProfileReply> } = {},
) {
  const checks: string[] = [];
  const creates: ProfilePayload[] = [];
  const effects = { account: vi.fn(), details: vi.fn(), created: vi.fn() };
  const actor = createActor(
    createProfileMachine.provide({
      actors: {
        checkEmail: fromPromise<EmailUsernameReply, { emailAddress: string }>(({ input: i }) => {
          checks.push(i.emailAddress);
          return (fakes.check ?? (() => Promise.resolve({ ...ok, available: true })))();
        }),
        createProfile: fromPromise<CreateProfileReply, { profile: ProfilePayload }>(({ input: i }) => {
          creates.push(i.profile);
          return (fakes.create ?? (() => Promise.resolve({ ...ok, login: 'pat@mail.example' })))();
        }),
      },
      actions: {
        accountEntered: (_, p) => {
          effects.account(p);
        },
        detailsEntered: (_, p) => {
          effects.details(p);
        },
        profileCreated: (_, p) => {
          effects.created(p);
        },
      },
    }),
    { input },
  );
  actor.start();
  return { actor, checks, creates, effects };
}

describe('profile registration', () => {
  it('checks the account number and the authorization code, then moves to completion with no call', () => {
    const { actor, effects, checks, creates } = start({ origin: 'registration', step: 'registration' });
    const send = (a: typeof account) => actor.send({ type: 'PROFILE.SUBMIT_ACCOUNT', ...a });
    send({ ...account, authCode: '' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.accountMissing]);
    send({ ...account, accountNumber: '1234' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.accountInvalid]);
    send({ ...account, authCode: '12 345' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.codeInvalid]);
    send({ accountNumber: ' 310245781 ', authCode: ' 123456 ' });
    expect(actor.getSnapshot().matches('completionStep')).toBe(true);
    expect(effects.account).toHaveBeenCalledWith({ origin: 'registration', account });
    expect([...checks, ...creates]).toEqual([]);
  });
});

describe('profile completion', () => {
  it('checks the details, then validateEmailUn: the email must be free to become the username', async () => {
    let reply: EmailUsernameReply = { ...ok, available: false };
    const { actor, checks, effects } = start(
      { origin: 'registration', step: 'completion', account },
      { check: () => Promise.resolve(reply) },
    );
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details, lastName: ' ' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.detailsMissing]);
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details, emailAddress: 'pat@mail' });
    expect(shownMessages(actor.getSnapshot())).toEqual([M.emailInvalid]);
    expect(checks).toEqual([]);
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details });
    expect(shownMessages(await expectState(actor, { completionStep: 'emailTaken' }))).toEqual([M.emailTaken]);
    reply = { ...ok, available: true };
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details });
    await expectState(actor, 'passwordStep');
    expect(checks).toEqual(['pat@mail.example', 'pat@mail.example']);
    expect(effects.details).toHaveBeenCalledWith({ origin: 'registration', account, details });
  });

  it('a refused and a failed email check are each said', async () => {
    let answer = () => Promise.resolve<EmailUsernameReply>({ status: 'ERROR', errorMessage: 'bad' });
    const { actor } = start(
      { origin: 'registration', step: 'completion', account },
      { check: () => answer() },
    );
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details });
    expect(shownMessages(await expectState(actor, { completionStep: 'errorInResponse' }))).toEqual([
      M.emailRefused,
    ]);
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details });
    expect(shownMessages(await expectState(actor, { completionStep: 'apiFailed' }))).toEqual([
      M.emailCheckFailed,
    ]);
  });
});

describe('password creation through createProfile2', () => {
  it('checks the password, then creates the profile with everything collected', async () => {
    const { actor, creates, effects } = start({ origin: 'registration', step: 'password', account, details });
    const send = (password: string, confirmation = password) =>
      actor.send({ type: 'PROFILE.SUBMIT_PASSWORD', password, confirmation });
    send('');
    expect(shownMessages(actor.getSnapshot())).toEqual([M.passwordMissing]);
    send('Secret123', 'Secret12');
    expect(shownMessages(actor.getSnapshot())).toEqual([M.passwordMismatch]);
    send('secretsecret');
    expect(shownMessages(actor.getSnapshot())).toEqual([M.passwordWeak]);
    expect(creates).toEqual([]);
    send('Secret123');
    const snap = await expectState(actor, 'created');
    expect(creates).toEqual([{ ...account, ...details, password: 'Secret123' }]);
    expect(effects.created).toHaveBeenCalledWith({
      origin: 'registration',
      login: 'pat@mail.example',
      emailAddress: 'pat@mail.example',
    });
    expect(snap.context.password).toBe('');
  });

  it('a refusal and a failed call stay on the page, which sends it again', async () => {
    let answer = () => Promise.resolve<CreateProfileReply>({ status: 'ERROR', errorMessage: 'bad code' });
    const { actor, creates } = start(
      { origin: 'registration', step: 'password', account, details },
      { create: () => answer() },
    );
    actor.send({ type: 'PROFILE.SUBMIT_PASSWORD', password: 'Secret123', confirmation: 'Secret123' });
    expect(shownMessages(await expectState(actor, { passwordStep: 'createRefused' }))).toEqual([
      M.createRefused,
    ]);
    answer = () => Promise.reject(new Error('HTTP 500'));
    actor.send({ type: 'PROFILE.SUBMIT_PASSWORD', password: 'Secret123', confirmation: 'Secret123' });
    expect(shownMessages(await expectState(actor, { passwordStep: 'createFailed' }))).toEqual([
      M.createFailed,
    ]);
    answer = () => Promise.resolve({ ...ok, login: 'pat@mail.example' });
    actor.send({ type: 'PROFILE.SUBMIT_PASSWORD', password: 'Secret123', confirmation: 'Secret123' });
    await expectState(actor, 'created');
    expect(creates).toHaveLength(3);
  });

  it('from forgot username the profile is created at completion, without a password', async () => {
    const { actor, creates, effects } = start({ origin: 'forgotUsername', step: 'completion', account });
    actor.send({ type: 'PROFILE.SUBMIT_DETAILS', ...details });
    await expectState(actor, 'created');
    expect(creates).toEqual([{ ...account, ...details }]);
    expect(effects.details).not.toHaveBeenCalled();
    expect(effects.created).toHaveBeenCalledWith(expect.objectContaining({ origin: 'forgotUsername' }));
  });

  it('a page opened without what the earlier pages collected starts at the first missing step', () => {
    expect(start({ origin: 'registration', step: 'password' }).actor.getSnapshot().value).toEqual({
      registrationStep: 'editing',
    });
    expect(start({ origin: 'registration', step: 'password', account }).actor.getSnapshot().value).toEqual({
      completionStep: 'editing',
    });
  });
});
