import { fromPromise, setup } from 'xstate';
import { MESSAGES, type ToastMessage } from './messages';

/**
 * The technician's location (home spec §4 'Tech tracker (orders)', §2.4 repairs, §8).
 *
 * idle --TRACKER.OPEN--> locating (findTracker: for an order the click forces status pending and needs the
 * account number and created date) --> idle, opening the tracker in a new window (`openTracker`) when a
 * tracker is present, otherwise the toast 'We are unable to find the technician's location. Please try again
 * later.' (also when the call fails). Whether the link shows is decided by the rules (toggle techTracker).
 *
 * Texts it can produce: MESSAGES.techLocationUnavailable (toast).
 */

export type TechTrackerEvent = { type: 'TRACKER.OPEN' };

/** What findTracker answers: whether a tracker is present (success: failed flag false, call ok). */
export interface TrackerAnswer {
  present: boolean;
}

export const techTrackerMachine = setup({
  types: {
    events: {} as TechTrackerEvent,
  },
  actors: {
    /** The tracker call (orders or repairs). Rejects when the call fails or the data it needs is missing. */
    findTracker: fromPromise<TrackerAnswer>(() => Promise.reject(new Error('findTracker is not provided'))),
  },
  actions: {
    /** Opens the technician tracker in a new window. */
    openTracker: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    trackerPresent: ({ event }) => (event as unknown as { output?: TrackerAnswer }).output?.present === true,
  },
}).createMachine({
  id: 'techTracker',
  initial: 'idle',
  states: {
    idle: { on: { 'TRACKER.OPEN': 'locating' } },
    locating: {
      invoke: {
        id: 'findTracker',
        src: 'findTracker',
        onDone: [
          { guard: 'trackerPresent', target: 'idle', actions: 'openTracker' },
          { target: 'idle', actions: { type: 'showToast', params: MESSAGES.techLocationUnavailable } },
        ],
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.techLocationUnavailable } },
      },
    },
  },
});

export type TechTrackerMachine = typeof techTrackerMachine;

/** Every text this machine can produce. */
export const techTrackerMessages = [MESSAGES.techLocationUnavailable] as const;
