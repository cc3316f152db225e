/**
 * An action on a recorded change in the studio's review (machines/studio-review.machine.ts): approve now,
 * or ask (a reason, a comment, a go-live time and a note) and act; busy from the first event until the
 * server answers; a refusal goes back to where it was asked, with the server's sentence.
 */
import { describe, expect, it } from 'vitest';
import { studioReviewMachine, type ReviewAct } from '../../machines/studio-review.machine';
import { expectState } from './support/expect-state';
import { withHeldAct } from './support/held-act';

const run = () => withHeldAct<typeof studioReviewMachine, ReviewAct>(studioReviewMachine);

describe('studio review action (issue 31)', () => {
  it('approves at once: acting from the first event until the server answers, then done', async () => {
    const { actor, acts, answers, changed } = run();
    actor.send({ type: 'REVIEW.APPROVE', change: 'abc' });
    expect(actor.getSnapshot().matches('acting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'approve', change: 'abc' });
    expect(acts).toEqual([{ kind: 'approve', change: 'abc', text: '' }]);
    // Another action waits: nothing is sent twice.
    actor.send({ type: 'REVIEW.APPROVE', change: 'abc' });
    expect(acts).toHaveLength(1);
    answers[0]!.resolve('Approved: x. It is live.');
    await expectState(actor, 'done');
    expect(actor.getSnapshot().context.done).toBe('Approved: x. It is live.');
    expect(changed()).toBe(1);
  });

  it('schedules with the note for the record and the time', async () => {
    const { actor, acts, answers } = run();
    actor.send({ type: 'REVIEW.OPEN', kind: 'schedule', change: 'abc' });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    actor.send({
      type: 'REVIEW.CONFIRM',
      text: 'Marketing asked for 9:00',
      goLiveAt: '2026-03-16T09:00:00.000Z',
    });
    expect(acts).toEqual([
      {
        kind: 'schedule',
        change: 'abc',
        text: 'Marketing asked for 9:00',
        goLiveAt: '2026-03-16T09:00:00.000Z',
      },
    ]);
    answers[0]!.resolve('done');
    await expectState(actor, 'done');
  });

  it("a refusal goes back to the dialog with the server's sentence; a new try clears it", async () => {
    const { actor, answers, changed } = run();
    actor.send({ type: 'REVIEW.OPEN', kind: 'send-back', change: 'abc' });
    actor.send({ type: 'REVIEW.CONFIRM', text: 'Say 45 days' });
    answers[0]!.reject(new Error('The change was approved meanwhile.'));
    await expectState(actor, 'asking');
    expect(actor.getSnapshot().context.problem).toBe('The change was approved meanwhile.');
    actor.send({ type: 'REVIEW.CONFIRM', text: 'Say 45 days' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(changed()).toBe(0);
  });

  it('an approval refused leaves the list as it was, saying why', async () => {
    const { actor, answers } = run();
    actor.send({ type: 'REVIEW.APPROVE', change: 'abc' });
    answers[0]!.reject(new Error('It was sent back.'));
    await expectState(actor, 'idle');
    expect(actor.getSnapshot().context.problem).toBe('It was sent back.');
  });

  it('closing the dialog asks nothing of the server', () => {
    const { actor, acts } = run();
    actor.send({ type: 'REVIEW.OPEN', kind: 'withdraw', change: 'abc' });
    actor.send({ type: 'REVIEW.CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(acts).toEqual([]);
  });
});
