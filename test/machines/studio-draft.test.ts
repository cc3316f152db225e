import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { studioDraftMachine, type DraftCheck } from '../../machines/studio-draft.machine';
import { expectState } from './support/expect-state';

function run(check: DraftCheck, save: (reason: string) => Promise<{ pending: boolean }>) {
  const effects: string[] = [];
  const toasts: ToastMessage[] = [];
  const reasons: string[] = [];
  const actor = createActor(
    studioDraftMachine.provide({
      actors: {
        check: fromPromise(() => Promise.resolve(check)),
        preview: fromPromise(() => Promise.resolve()),
        save: fromPromise(({ input }: { input: { reason: string } }) => {
          reasons.push(input.reason);
          return save(input.reason);
        }),
      },
      actions: {
        showToast: (_, t) => void toasts.push(t),
        changeRecorded: () => void effects.push('changeRecorded'),
      },
    }),
  ).start();
  return { actor, effects, toasts, reasons };
}

const ok: DraftCheck = { errors: 0, failingCases: 0, changed: true };

describe('rule studio draft (issue 14)', () => {
  it('a checked change asks for a reason, is saved with it and waits for a second analyst', async () => {
    const { actor, effects, reasons } = run(ok, () => Promise.resolve({ pending: true }));
    actor.send({ type: 'DRAFT.EDIT' });
    await expectState(actor, 'editing');
    actor.send({ type: 'DRAFT.SAVE' });
    expect(shownMessages(actor.getSnapshot())).toMatchObject([{ id: 'studioSaveReason', display: 'dialog' }]);
    actor.send({ type: 'DRAFT.CONFIRM', reason: 'Warn 45 days before the card expires' });
    await expectState(actor, 'pendingApproval');
    expect(reasons).toEqual(['Warn 45 days before the card expires']);
    expect(effects).toEqual(['changeRecorded']);
    actor.send({ type: 'CHANGE.APPROVED' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioLive');
  });

  it('an edit during a check starts it again: the verdict is the newest draft’s', async () => {
    const pending: ((c: DraftCheck) => void)[] = [];
    const actor = createActor(
      studioDraftMachine.provide({
        actors: { check: fromPromise(() => new Promise<DraftCheck>((resolve) => pending.push(resolve))) },
      }),
    ).start();
    actor.send({ type: 'DRAFT.EDIT' });
    actor.send({ type: 'DRAFT.EDIT' });
    expect(pending).toHaveLength(2);
    // The first check (of the older draft) answers late: it is ignored.
    pending[0]!({ errors: 1, failingCases: 0, changed: true });
    pending[1]!(ok);
    await expectState(actor, 'editing');
    expect(actor.getSnapshot().context.verdict).toBe('ready');
  });

  it('keeps the save dialog open while the server records the change (its button says "Saving…")', async () => {
    let answer: (r: { pending: boolean }) => void = () => {};
    const { actor } = run(ok, () => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'DRAFT.EDIT' });
    await expectState(actor, 'editing');
    actor.send({ type: 'DRAFT.SAVE' });
    actor.send({ type: 'DRAFT.CONFIRM', reason: 'Warn 45 days before the card expires' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(shownMessages(actor.getSnapshot())).toMatchObject([{ id: 'studioSaveReason', display: 'dialog' }]);
    // Nothing starts another save meanwhile.
    actor.send({ type: 'DRAFT.SAVE' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    answer({ pending: true });
    await expectState(actor, 'pendingApproval');
    expect(shownMessages(actor.getSnapshot()).map((m) => m.id)).toEqual(['studioPendingApproval']);
  });

  it('goes live at once when no approval is required', async () => {
    const { actor } = run(ok, () => Promise.resolve({ pending: false }));
    actor.send({ type: 'DRAFT.EDIT' });
    await expectState(actor, 'editing');
    actor.send({ type: 'DRAFT.SAVE' });
    actor.send({ type: 'DRAFT.CONFIRM', reason: 'No approval needed here' });
    await expectState(actor, 'live');
  });

  it('a failing case or an error blocks saving and says why; no dialog opens', async () => {
    for (const check of [
      { errors: 0, failingCases: 1, changed: true },
      { errors: 2, failingCases: 0, changed: true },
    ]) {
      const { actor } = run(check, () => Promise.resolve({ pending: true }));
      actor.send({ type: 'DRAFT.EDIT' });
      await expectState(actor, 'editing');
      actor.send({ type: 'DRAFT.SAVE' });
      expect(actor.getSnapshot().value).toEqual({ editing: 'blocked' });
      expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioSaveBlocked');
    }
  });

  it('a draft equal to the live rules has nothing to save', async () => {
    const { actor } = run({ errors: 0, failingCases: 0, changed: false }, () =>
      Promise.resolve({ pending: true }),
    );
    actor.send({ type: 'DRAFT.EDIT' });
    await expectState(actor, 'editing');
    actor.send({ type: 'DRAFT.SAVE' });
    expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioNothingToSave');
  });

  it('a refusal by the server returns to editing with a toast', async () => {
    const { actor, toasts, effects } = run(ok, () => Promise.reject(new Error('HTTP 422')));
    actor.send({ type: 'DRAFT.EDIT' });
    await expectState(actor, 'editing');
    actor.send({ type: 'DRAFT.SAVE' });
    actor.send({ type: 'DRAFT.CONFIRM', reason: 'Will be refused' });
    await expectState(actor, 'editing');
    expect(toasts.map((t) => t.id)).toEqual(['studioSaveFailed']);
    expect(effects).toEqual([]);
  });
});
