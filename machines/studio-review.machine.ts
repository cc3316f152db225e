import { assign, fromPromise, setup } from 'xstate';
import { stateMetaType } from './messages';

/**
 * One action on a recorded change in the rule studio's review (issues 22 and 31): approve it now, approve
 * it for a time (with a note for the record), send it back with a comment, withdraw it, cancel its
 * go-live, or propose a revert or a restore of it, with a reason.
 *
 * idle --REVIEW.APPROVE--> acting (approve now: no question asked). idle --REVIEW.OPEN {kind, change}-->
 * asking (the dialog of that action) --REVIEW.CONFIRM {text, goLiveAt?}--> acting; REVIEW.CLOSE --> idle.
 * acting (act: the server's call; the page shows "Approving…", "Sending back…", ... from the first click
 * until it answers, and nothing can start another action meanwhile) --> done with the app's sentence, the
 * lists refreshed (changed); a refusal returns to where it came from (asking, its dialog still open, or
 * idle) with the server's sentence as the problem. From done, any action starts again.
 *
 * Texts: the sentences are the app's, built from the change (its reason) and the server's answer; this
 * machine produces none of machines/studio-messages.ts.
 */

export type ReviewKind = 'approve' | 'schedule' | 'send-back' | 'withdraw' | 'cancel' | 'revert' | 'restore';

export interface StudioReviewContext {
  kind: ReviewKind | null;
  /** The change acted on (its id). */
  change: string | null;
  /** The server's refusal of the last try, shown where the action was asked. */
  problem: string | null;
  /** What the last action did, in a sentence (the app's). */
  done: string | null;
}

/** What the act actor is given: the action, the change, and what the dialog asked. */
export interface ReviewAct {
  kind: ReviewKind;
  change: string;
  /** The reason, the comment, or the approver's note. */
  text: string;
  /** An approval for later: the go-live time (ISO, with its zone). */
  goLiveAt?: string;
}

export type StudioReviewEvent =
  | { type: 'REVIEW.APPROVE'; change: string }
  | { type: 'REVIEW.OPEN'; kind: Exclude<ReviewKind, 'approve'>; change: string }
  | { type: 'REVIEW.CONFIRM'; text: string; goLiveAt?: string }
  | { type: 'REVIEW.CLOSE' };

export const studioReviewMachine = setup({
  types: {
    context: {} as StudioReviewContext,
    events: {} as StudioReviewEvent,
    meta: stateMetaType,
  },
  actors: {
    /** The server's call for the action; resolves with the sentence saying what was done. */
    act: fromPromise<string, ReviewAct>(() => Promise.reject(new Error('act is not provided'))),
  },
  actions: {
    /** The action changed the pending changes, the schedule or the history: the app refreshes them. */
    changed: () => {},
  },
  guards: {
    askedFirst: ({ context }) => context.kind !== 'approve',
  },
}).createMachine({
  id: 'studioReview',
  context: { kind: null, change: null, problem: null, done: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'REVIEW.APPROVE': {
          target: 'acting',
          actions: assign(({ event }) => ({ kind: 'approve' as const, change: event.change, done: null })),
        },
        'REVIEW.OPEN': {
          target: 'asking',
          actions: assign(({ event }) => ({
            kind: event.kind,
            change: event.change,
            problem: null,
            done: null,
          })),
        },
      },
    },
    asking: {
      on: {
        'REVIEW.CONFIRM': 'acting',
        'REVIEW.CLOSE': { target: 'idle', actions: assign({ kind: null, change: null, problem: null }) },
      },
    },
    acting: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context, event }) => ({
          kind: context.kind ?? 'approve',
          change: context.change ?? '',
          text: event.type === 'REVIEW.CONFIRM' ? event.text : '',
          ...(event.type === 'REVIEW.CONFIRM' && event.goLiveAt ? { goLiveAt: event.goLiveAt } : {}),
        }),
        onDone: { target: 'done', actions: [assign({ done: ({ event }) => event.output }), 'changed'] },
        onError: [
          {
            guard: 'askedFirst',
            target: 'asking',
            actions: assign({ problem: ({ event }) => errorText(event.error) }),
          },
          { target: 'idle', actions: assign({ problem: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    // Another action, as from idle.
    done: {
      on: {
        'REVIEW.APPROVE': {
          target: 'acting',
          actions: assign(({ event }) => ({ kind: 'approve' as const, change: event.change, done: null })),
        },
        'REVIEW.OPEN': {
          target: 'asking',
          actions: assign(({ event }) => ({
            kind: event.kind,
            change: event.change,
            problem: null,
            done: null,
          })),
        },
      },
    },
  },
});

/** The refusal's sentence (the app's actor rejects with an Error whose message says it all). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type StudioReviewMachine = typeof studioReviewMachine;
