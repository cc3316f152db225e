import { expect } from 'vitest';
import {
  waitFor,
  type Actor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';

/**
 * Waits for a machine to reach a state, then asserts the state it reached. xstate's `waitFor` waits forever
 * for its predicate: a flow that went elsewhere failed as Vitest's time-out, saying nothing of where it went.
 * Here the wait ends as soon as the machine is in the state, or can no longer move on its own (no invoked
 * actor still working, no delayed transition pending: it waits for an event that will not come), and the
 * assertion names the state reached.
 */

/** How long an invoked actor may keep working before the assertion is made anyway (the fakes answer at once). */
const WORKING_LIMIT_MS = 2_000;

type StateOf<M extends AnyStateMachine> = Parameters<SnapshotFrom<M>['matches']>[0];

/** The machine is running and may move on its own: an invoked actor has not answered, or a delay runs. */
function working(snapshot: AnyMachineSnapshot): boolean {
  if (snapshot.status !== 'active') return false;
  const children = Object.values(snapshot.children as Record<string, AnyActorRef | undefined>);
  if (
    children.some((child) => (child?.getSnapshot() as { status?: string } | undefined)?.status === 'active')
  )
    return true;
  // `_nodes` (the active state nodes) is how xstate's own tests read them; resting.test.ts reads it too.
  return snapshot._nodes.some((node) => node.after.length > 0);
}

async function settle(
  actor: Actor<AnyStateMachine>,
  arrived: (snapshot: AnyMachineSnapshot) => boolean,
): Promise<AnyMachineSnapshot> {
  try {
    return await waitFor(actor, (s) => arrived(s) || !working(s), { timeout: WORKING_LIMIT_MS });
  } catch {
    // Still working past the limit: the assertion shows where it is.
    return actor.getSnapshot();
  }
}

/**
 * Waits until the machine is in `state` (as `snapshot.matches` reads it: a parent state matches any of its
 * children) or at rest, asserts it is in `state`, and returns the snapshot.
 */
export async function expectState<M extends AnyStateMachine>(
  actor: Actor<M>,
  state: StateOf<M>,
): Promise<SnapshotFrom<M>> {
  const snapshot = await settle(actor, (s) => s.matches(state));
  // Equal when it matches; otherwise the diff shows the state value reached against the one expected.
  expect(snapshot.matches(state as never) ? state : snapshot.value, 'the state the machine reached').toEqual(
    state,
  );
  return snapshot as SnapshotFrom<M>;
}

/** Waits until the machine has stopped (reached a final state) or is at rest, and asserts it is done. */
export async function expectDone<M extends AnyStateMachine>(actor: Actor<M>): Promise<SnapshotFrom<M>> {
  const snapshot = await settle(actor as Actor<AnyStateMachine>, (s) => s.status !== 'active');
  expect(snapshot.status, `the machine is done (it is in ${JSON.stringify(snapshot.value)})`).toBe('done');
  return snapshot as SnapshotFrom<M>;
}
