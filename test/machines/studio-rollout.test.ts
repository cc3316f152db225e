/**
 * An action on a gradual rollout in the studio (machines/studio-rollout.machine.ts): approve for a share,
 * move the share, end the rollout or put it live for everyone; busy from the first event until the server
 * answers, nothing sent twice; a refusal goes back to idle with the server's sentence.
 */
import { describe, expect, it } from 'vitest';
import { studioRolloutMachine, type RolloutAct } from '../../machines/studio-rollout.machine';
import { expectState } from './support/expect-state';
import { withHeldAct } from './support/held-act';

const run = () => withHeldAct<typeof studioRolloutMachine, RolloutAct>(studioRolloutMachine);

describe('studio rollout action (issue 32)', () => {
  it('approves for a share: acting from the first event until the server answers, then done', async () => {
    const { actor, acts, answers, changed } = run();
    actor.send({ type: 'ROLLOUT.APPROVE', change: 'abc', share: 25, note: 'First week' });
    expect(actor.getSnapshot().matches('acting')).toBe(true);
    expect(acts).toEqual([{ kind: 'approve', change: 'abc', share: 25, note: 'First week' }]);
    // Another action waits for the answer: nothing is sent twice.
    actor.send({ type: 'ROLLOUT.SHARE', change: 'abc', share: 50, reason: 'again' });
    actor.send({ type: 'ROLLOUT.APPROVE', change: 'abc', share: 25, note: '' });
    expect(acts).toHaveLength(1);
    answers[0]!.resolve('Approved for 25 % of accounts: x.');
    await expectState(actor, 'done');
    expect(actor.getSnapshot().context).toMatchObject({
      done: 'Approved for 25 % of accounts: x.',
      problem: null,
    });
    expect(changed()).toBe(1);
  });

  it('moves the share, then ends the rollout, each with its reason', async () => {
    const { actor, acts, answers, changed } = run();
    actor.send({ type: 'ROLLOUT.SHARE', change: 'abc', share: 50, reason: 'No complaints' });
    answers[0]!.resolve('The rollout is now at 50 % of accounts.');
    await expectState(actor, 'done');
    actor.send({ type: 'ROLLOUT.END', change: 'abc', reason: 'Taps fell', complete: false });
    // The last sentence is gone while the next action runs.
    expect(actor.getSnapshot().context.done).toBeNull();
    answers[1]!.resolve('The rollout ended: every account has the live rules.');
    await expectState(actor, 'done');
    expect(acts).toEqual([
      { kind: 'share', change: 'abc', share: 50, reason: 'No complaints' },
      { kind: 'end', change: 'abc', reason: 'Taps fell', complete: false },
    ]);
    expect(changed()).toBe(2);
  });

  it("a refusal returns to idle with the server's sentence, refreshes nothing, and the next try clears it", async () => {
    const { actor, acts, answers, changed } = run();
    actor.send({ type: 'ROLLOUT.END', change: 'abc', reason: 'Ship it', complete: true });
    answers[0]!.reject(new Error('Only an approver can end a rollout.'));
    await expectState(actor, 'idle');
    expect(actor.getSnapshot().context).toMatchObject({
      problem: 'Only an approver can end a rollout.',
      done: null,
    });
    expect(changed()).toBe(0);
    actor.send({ type: 'ROLLOUT.END', change: 'abc', reason: 'Ship it', complete: true });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(acts).toHaveLength(2);
    expect(acts[1]).toEqual({ kind: 'end', change: 'abc', reason: 'Ship it', complete: true });
  });
});
