import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { shownMessages } from '../../machines/messages';
import { studioImpactMachine, type StudioImpactEvent } from '../../machines/studio-impact.machine';

/** The machine with a measure actor the test drives by hand; `stopped` counts cleanups (worker terminated). */
function run() {
  const runs: ((e: StudioImpactEvent) => void)[] = [];
  let stopped = 0;
  const actor = createActor(
    studioImpactMachine.provide({
      actors: {
        measure: fromCallback<StudioImpactEvent>(({ sendBack }) => {
          runs.push(sendBack);
          return () => {
            stopped++;
          };
        }),
      },
    }),
  ).start();
  return { actor, runs, stopped: () => stopped };
}

describe('rule studio impact (issue 14, item 5)', () => {
  it('measures in a worker with progress, then shows the figures', () => {
    const { actor, runs, stopped } = run();
    actor.send({ type: 'IMPACT.RUN' });
    expect(actor.getSnapshot().value).toBe('running');
    runs[0]!({ type: 'IMPACT.PROGRESS', done: 25_600, total: 100_000 });
    expect(actor.getSnapshot().context).toMatchObject({ done: 25_600, total: 100_000 });
    runs[0]!({ type: 'IMPACT.DONE', accounts: 100_000, changedAccounts: 1_234, ms: 850 });
    expect(actor.getSnapshot().value).toBe('measured');
    expect(actor.getSnapshot().context).toMatchObject({ accounts: 100_000, changedAccounts: 1_234, ms: 850 });
    // The worker is let go once the run is over.
    expect(stopped()).toBe(1);
  });

  it('a cancel stops the run: the worker is terminated and nothing is counted', () => {
    const { actor, stopped } = run();
    actor.send({ type: 'IMPACT.RUN' });
    actor.send({ type: 'IMPACT.CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(stopped()).toBe(1);
    expect(actor.getSnapshot().context.accounts).toBeNull();
    expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioImpactCancelled');
  });

  it('an edit during a run measures the new draft instead; an edit after a run marks the result stale', () => {
    const { actor, runs, stopped } = run();
    actor.send({ type: 'IMPACT.RUN' });
    actor.send({ type: 'IMPACT.STALE' });
    expect(actor.getSnapshot().value).toBe('running');
    expect(runs).toHaveLength(2);
    expect(stopped()).toBe(1);
    runs[1]!({ type: 'IMPACT.DONE', accounts: 100_000, changedAccounts: 9, ms: 700 });
    actor.send({ type: 'IMPACT.STALE' });
    expect(actor.getSnapshot().value).toBe('stale');
    expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioImpactStale');
    actor.send({ type: 'IMPACT.RUN' });
    expect(actor.getSnapshot().value).toBe('running');
  });

  it('a run that fails says so and keeps the problems', () => {
    const { actor, runs } = run();
    actor.send({ type: 'IMPACT.RUN' });
    runs[0]!({ type: 'IMPACT.FAILED', problems: ['draft: rules/prepaid-card.json is invalid'] });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problems).toEqual(['draft: rules/prepaid-card.json is invalid']);
    expect(shownMessages(actor.getSnapshot())[0]?.id).toBe('studioImpactFailed');
  });

  it('ignores a stale mark before anything was measured', () => {
    const { actor } = run();
    actor.send({ type: 'IMPACT.STALE' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
