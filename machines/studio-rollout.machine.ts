import { assign, fromPromise, setup } from 'xstate';
import { stateMetaType } from './messages';

/**
 * One action on a gradual rollout in the rule studio (issue 29, docs/decisions/044): approve a pending change
 * for a share of accounts (with a note for the record), move a rollout to another share, or end it (back to
 * the live rules, or complete: live for every account), each with its reason.
 *
 * idle --ROLLOUT.APPROVE | ROLLOUT.SHARE | ROLLOUT.END--> acting (act: the server's call; the page says the
 * action runs from the first click until it answers, and nothing can start another action meanwhile) -->
 * done with the app's sentence, the rollouts, the lists and the live rules refreshed (changed); a refusal
 * returns to idle with the server's sentence as the problem. From done, any action starts again.
 *
 * Texts: the sentences are the app's, built from the share and the answer; this machine produces none of
 * machines/studio-messages.ts.
 */

export type RolloutAct =
  | { kind: 'approve'; change: string; share: number; note: string }
  | { kind: 'share'; change: string; share: number; reason: string }
  | { kind: 'end'; change: string; reason: string; complete: boolean };

export type RolloutKind = RolloutAct['kind'];

export interface StudioRolloutContext {
  /** The action running or last run. */
  act: RolloutAct | null;
  /** The server's refusal of the last try. */
  problem: string | null;
  /** What the last action did, in a sentence (the app's). */
  done: string | null;
}

export type StudioRolloutEvent =
  | ({ type: 'ROLLOUT.APPROVE' } & Omit<Extract<RolloutAct, { kind: 'approve' }>, 'kind'>)
  | ({ type: 'ROLLOUT.SHARE' } & Omit<Extract<RolloutAct, { kind: 'share' }>, 'kind'>)
  | ({ type: 'ROLLOUT.END' } & Omit<Extract<RolloutAct, { kind: 'end' }>, 'kind'>);

/** The action an event asks for. */
function actOf(event: StudioRolloutEvent): RolloutAct {
  switch (event.type) {
    case 'ROLLOUT.APPROVE':
      return { kind: 'approve', change: event.change, share: event.share, note: event.note };
    case 'ROLLOUT.SHARE':
      return { kind: 'share', change: event.change, share: event.share, reason: event.reason };
    case 'ROLLOUT.END':
      return { kind: 'end', change: event.change, reason: event.reason, complete: event.complete };
  }
}

/** The context an action starts from: the action asked for, the last sentence gone. */
const begin = ({ event }: { event: StudioRolloutEvent }): Partial<StudioRolloutContext> => ({
  act: actOf(event),
  done: null,
});

export const studioRolloutMachine = setup({
  types: {
    context: {} as StudioRolloutContext,
    events: {} as StudioRolloutEvent,
    meta: stateMetaType,
  },
  actors: {
    /** The server's call for the action; resolves with the sentence saying what was done. */
    act: fromPromise<string, RolloutAct>(() => Promise.reject(new Error('act is not provided'))),
  },
  actions: {
    /** The action changed the rollouts, the pending changes and the live rules: the app refreshes them. */
    changed: () => {},
  },
}).createMachine({
  id: 'studioRollout',
  context: { act: null, problem: null, done: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'ROLLOUT.APPROVE': { target: 'acting', actions: assign(begin) },
        'ROLLOUT.SHARE': { target: 'acting', actions: assign(begin) },
        'ROLLOUT.END': { target: 'acting', actions: assign(begin) },
      },
    },
    acting: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => context.act!,
        onDone: { target: 'done', actions: [assign({ done: ({ event }) => event.output }), 'changed'] },
        onError: {
          target: 'idle',
          actions: assign({
            problem: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
    // Another action, as from idle.
    done: {
      on: {
        'ROLLOUT.APPROVE': { target: 'acting', actions: assign(begin) },
        'ROLLOUT.SHARE': { target: 'acting', actions: assign(begin) },
        'ROLLOUT.END': { target: 'acting', actions: assign(begin) },
      },
    },
  },
});

export type StudioRolloutMachine = typeof studioRolloutMachine;
