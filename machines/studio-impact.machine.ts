import { assign, fromCallback, setup } from 'xstate';
import { stateMetaType } from './messages';
import { STUDIO_MESSAGES as MESSAGES } from './studio-messages';

/**
 * The impact of a rule studio draft (issue 14, item 5): how many of the 100,000 generated accounts see a
 * change under the draft against the live rules, measured in a Web Worker.
 *
 * idle --IMPACT.RUN--> running (measure: the app's worker; it sends IMPACT.PROGRESS after each slice of
 * work, then IMPACT.DONE with the figures or IMPACT.FAILED with the problems) --> measured | failed.
 * IMPACT.CANCEL in running --> cancelled: leaving the state stops the measure actor, whose cleanup
 * terminates the worker. IMPACT.STALE (the draft was edited) restarts a run under way, and marks a result
 * as stale (measured --> stale). IMPACT.RUN measures again from any state but running.
 *
 * Texts it can produce (machines/studio-messages.ts): studioImpactStale, studioImpactCancelled, studioImpactFailed (messages).
 */

export interface StudioImpactContext {
  /** Accounts decided and compared so far, of total. */
  done: number;
  total: number;
  /** The figures of the last finished run. */
  accounts: number | null;
  changedAccounts: number | null;
  /** Milliseconds from the start of the run to its report, as the page measured them. */
  ms: number | null;
  problems: string[];
}

export type StudioImpactEvent =
  | { type: 'IMPACT.RUN' }
  | { type: 'IMPACT.CANCEL' }
  | { type: 'IMPACT.STALE' }
  | { type: 'IMPACT.PROGRESS'; done: number; total: number }
  | { type: 'IMPACT.DONE'; accounts: number; changedAccounts: number; ms: number }
  | { type: 'IMPACT.FAILED'; problems: string[] };

export const studioImpactMachine = setup({
  types: {
    context: {} as StudioImpactContext,
    events: {} as StudioImpactEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * Measures the current draft in a worker: sends IMPACT.PROGRESS, then IMPACT.DONE or IMPACT.FAILED;
     * its cleanup terminates the worker (a cancel, or a restart after an edit).
     */
    measure: fromCallback<StudioImpactEvent>(({ sendBack }) => {
      sendBack({ type: 'IMPACT.FAILED', problems: ['measure is not provided'] });
    }),
  },
}).createMachine({
  id: 'studioImpact',
  context: { done: 0, total: 0, accounts: null, changedAccounts: null, ms: null, problems: [] },
  initial: 'idle',
  states: {
    idle: {
      on: { 'IMPACT.RUN': 'running' },
    },
    running: {
      entry: assign({ done: 0, problems: [] }),
      invoke: { id: 'measure', src: 'measure' },
      on: {
        'IMPACT.PROGRESS': {
          actions: assign({ done: ({ event }) => event.done, total: ({ event }) => event.total }),
        },
        'IMPACT.DONE': {
          target: 'measured',
          actions: assign({
            done: ({ event }) => event.accounts,
            total: ({ event }) => event.accounts,
            accounts: ({ event }) => event.accounts,
            changedAccounts: ({ event }) => event.changedAccounts,
            ms: ({ event }) => event.ms,
          }),
        },
        'IMPACT.FAILED': {
          target: 'failed',
          actions: assign({ problems: ({ event }) => event.problems }),
        },
        'IMPACT.CANCEL': 'cancelled',
        // The draft changed under the run: measure the new draft instead.
        'IMPACT.STALE': { target: 'running', reenter: true },
      },
    },
    measured: {
      on: { 'IMPACT.RUN': 'running', 'IMPACT.STALE': 'stale' },
    },
    stale: {
      meta: { message: MESSAGES.studioImpactStale },
      on: { 'IMPACT.RUN': 'running' },
    },
    cancelled: {
      meta: { message: MESSAGES.studioImpactCancelled },
      on: { 'IMPACT.RUN': 'running' },
    },
    failed: {
      meta: { message: MESSAGES.studioImpactFailed },
      on: { 'IMPACT.RUN': 'running' },
    },
  },
});

export type StudioImpactMachine = typeof studioImpactMachine;

/** Every text this machine can produce. */
export const studioImpactMessages = [
  MESSAGES.studioImpactStale,
  MESSAGES.studioImpactCancelled,
  MESSAGES.studioImpactFailed,
] as const;
