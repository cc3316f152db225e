import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fillText, shownMessages, type ToastMessage } from '../../machines/messages';
import {
  paperlessMachine,
  type EmailValidation,
  type PaperlessInput,
  type PaperlessUpdateInput,
} from '../../machines/paperless.machine';
import { expectState } from './support/expect-state';

const base: PaperlessInput = {
  paperless: false,
  email: 'pat@example.com',
  emailValid: true,
  emailRetryLimit: 2,
  phoneDigits: 10,
  inline: false,
};

function run(
  input: Partial<PaperlessInput> = {},
  validate: (email: string) => Promise<EmailValidation> = () => Promise.resolve('SUCCESS'),
  update: (u: PaperlessUpdateInput) => Promise<void> = () => Promise.resolve(),
) {
  const toasts: ToastMessage[] = [];
  const changes: boolean[] = [];
  const updates: PaperlessUpdateInput[] = [];
  const validations: string[] = [];
  const actor = createActor(
    paperlessMachine.provide({
      actors: {
        validateEmail: fromPromise(({ input: i }: { input: { email: string } }) => {
          validations.push(i.email);
          return validate(i.email);
        }),
        updatePaperless: fromPromise(({ input: u }: { input: PaperlessUpdateInput }) => {
          updates.push(u);
          return update(u);
        }),
      },
      actions: {
        paperlessChanged: (_, { on }) => void changes.push(on),
        showToast: (_, t) => void toasts.push(t),
      },
    }),
    { input: { ...base, ...input } },
  ).start();
  return { actor, toasts, changes, updates, validations };
}

const texts = (actor: ReturnType<typeof run>['actor']) =>
  shownMessages(actor.getSnapshot()).map((m) => m.text);

describe('paperless billing turn on (home spec 2.5, 4 Paperless, 5 validation rules, 8)', () => {
  it("'Turn On' is enabled only when the email matches the pattern; for 'EMAIL and SMS' the phone must be exactly 10 characters", () => {
    const { actor } = run({ email: '', emailValid: false, inline: true });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(false);
    actor.send({ type: 'EMAIL.CHANGE', email: 'pat@example', valid: false });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(false);
    actor.send({ type: 'EMAIL.CHANGE', email: 'pat@example.com', valid: true });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(true);
    actor.send({ type: 'OPTION.SELECT', option: 'emailSms' });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(false);
    actor.send({ type: 'PHONE.CHANGE', phone: '303555010' });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(false);
    actor.send({ type: 'PHONE.CHANGE', phone: '30355501000' });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(false);
    actor.send({ type: 'PHONE.CHANGE', phone: '3035550100' });
    expect(actor.getSnapshot().can({ type: 'PAPERLESS.SUBMIT' })).toBe(true);
  });

  it("validation SUCCESS goes on: the update call, 'You'll now recieve your bill by email', paperless on", async () => {
    const { actor, toasts, changes, updates, validations } = run();
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, 'on');
    expect(validations).toEqual(['pat@example.com']);
    expect(updates).toEqual([{ on: true, email: 'pat@example.com', option: 'email', phone: null }]);
    expect(changes).toEqual([true]);
    expect(toasts).toMatchObject([
      { text: "You'll now recieve your bill by email", tone: 'success', durationMs: 3000 },
    ]);
  });

  it("'EMAIL and SMS' sends the SMS number when turning on", async () => {
    const { actor, updates } = run();
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'OPTION.SELECT', option: 'emailSms' });
    actor.send({ type: 'PHONE.CHANGE', phone: '3035550100' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, 'on');
    expect(updates).toEqual([
      { on: true, email: 'pat@example.com', option: 'emailSms', phone: '3035550100' },
    ]);
  });

  it("validation ERROR shows 'We were unable to validate the email address provided. Please review your entry & try again.'", async () => {
    const { actor, updates } = run({}, () => Promise.resolve('ERROR'));
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, { editing: 'invalid' });
    expect(texts(actor)).toEqual([
      'We were unable to validate the email address provided. Please review your entry & try again.',
    ]);
    expect(updates).toEqual([]);
    // Editing the address clears the message.
    actor.send({ type: 'EMAIL.CHANGE', email: 'pat2@example.com', valid: true });
    expect(texts(actor)).toEqual([]);
  });

  it('a validation call that fails shows the same inline message (the address could not be validated)', async () => {
    const { actor } = run({}, () => Promise.reject(new Error('HTTP 500')));
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, { editing: 'invalid' });
  });

  it("the same email submitted more than twice opens 'Confirm Email' with the address; Yes proceeds anyway", async () => {
    const { actor, validations, updates } = run({ inline: true }, () => Promise.resolve('ERROR'));
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'PAPERLESS.SUBMIT' });
      await expectState(actor, { editing: 'invalid' });
    }
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirmEmail');
    const [dialog] = shownMessages(actor.getSnapshot());
    expect(dialog?.title).toBe('Confirm Email');
    expect(fillText(dialog?.text ?? '', { email: actor.getSnapshot().context.email })).toBe(
      'We were unable to validate the email address provided. Is this email address pat@example.com correct?',
    );
    // The third submission is not validated again.
    expect(validations).toHaveLength(2);
    actor.send({ type: 'EMAIL.CONFIRM' });
    await expectState(actor, 'on');
    expect(updates).toHaveLength(1);
  });

  it('No goes back to the form; a different address starts the count again', async () => {
    const { actor } = run({ inline: true }, () => Promise.resolve('ERROR'));
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'PAPERLESS.SUBMIT' });
      await expectState(actor, { editing: 'invalid' });
    }
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    actor.send({ type: 'EMAIL.REJECT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'EMAIL.CHANGE', email: 'other@example.com', valid: true });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('validating');
  });

  it("a failed update says 'Unable to save changes.Please try again later.'; the paper-charge alert keeps its form", async () => {
    const { actor, toasts, changes } = run({ inline: true }, undefined, () =>
      Promise.reject(new Error('500')),
    );
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, 'editing');
    expect(changes).toEqual([]);
    expect(toasts).toMatchObject([{ text: 'Unable to save changes.Please try again later.', tone: 'error' }]);
  });

  it('a failed update from the dialog closes it (paperless stays off)', async () => {
    const { actor } = run({}, undefined, () => Promise.reject(new Error('500')));
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    await expectState(actor, 'off');
  });

  it('the address cannot change while it is validated or saved', () => {
    const validate = vi.fn(() => new Promise<EmailValidation>(() => {}));
    const { actor } = run({}, validate);
    actor.send({ type: 'PAPERLESS.TURN_ON' });
    actor.send({ type: 'PAPERLESS.SUBMIT' });
    actor.send({ type: 'EMAIL.CHANGE', email: 'changed@example.com', valid: true });
    expect(actor.getSnapshot().context.email).toBe('pat@example.com');
  });
});

describe('paperless billing turn off (home spec 4: off after turn-off)', () => {
  it("turning off works the same way: the update call with paperless off, 'Paperless Billing turned Off'", async () => {
    const { actor, toasts, changes, updates } = run({ paperless: true });
    expect(actor.getSnapshot().value).toBe('on');
    actor.send({ type: 'PAPERLESS.TURN_OFF' });
    actor.send({ type: 'TURN_OFF.CONFIRM' });
    await expectState(actor, 'off');
    expect(updates).toEqual([{ on: false, email: 'pat@example.com', option: 'email', phone: null }]);
    expect(changes).toEqual([false]);
    expect(toasts).toMatchObject([{ text: 'Paperless Billing turned Off', tone: 'success' }]);
  });

  it("a failed turn-off keeps paperless on with 'Unable to save changes.Please try again later.'", async () => {
    const { actor, toasts } = run({ paperless: true }, undefined, () => Promise.reject(new Error('timeout')));
    actor.send({ type: 'PAPERLESS.TURN_OFF' });
    actor.send({ type: 'TURN_OFF.CONFIRM' });
    await expectState(actor, 'on');
    expect(toasts).toMatchObject([{ text: 'Unable to save changes.Please try again later.' }]);
  });
});
