import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Decline on the 'no contact number' alert (shell spec §4 'Contact number alerts', §7 declineAltTn, §8).
 *
 * shown --ALTNUMBER.DECLINE--> calling (declineAltTn) --> hidden with the toast 'Alternate number declined
 * successfully' (3 s) when statusMessage is SUCCESS; otherwise, and when the call fails, the error toast
 * 'We were unable to decline alternate number. Please try again later' (3 s) and the alert stays.
 * The alert's Dismiss (remembered in local storage) is not part of this flow.
 *
 * Texts it can produce: MESSAGES.altNumberDeclined, MESSAGES.altNumberDeclineFailed (toasts).
 */

export type DeclineAltNumberEvent = { type: 'ALTNUMBER.DECLINE' };

/** Output of `declineAltTn`: the reply of GET declineAltTn. */
export interface DeclineAltTnOutput {
  statusMessage: string;
}

export const declineAltNumberMachine = setup({
  types: {
    events: {} as DeclineAltNumberEvent,
    meta: stateMetaType,
  },
  actors: {
    /** GET declineAltTn for the current account; resolves with the reply whatever its statusMessage. */
    declineAltTn: fromPromise<DeclineAltTnOutput>(() =>
      Promise.reject(new Error('declineAltTn is not provided')),
    ),
  },
  actions: {
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    isSuccess: (_, reply: DeclineAltTnOutput) => reply.statusMessage === 'SUCCESS',
  },
}).createMachine({
  id: 'declineAltNumber',
  initial: 'shown',
  states: {
    shown: {
      on: { 'ALTNUMBER.DECLINE': 'calling' },
    },
    calling: {
      invoke: {
        id: 'declineAltTn',
        src: 'declineAltTn',
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => event.output },
            target: 'hidden',
            actions: { type: 'showToast', params: MESSAGES.altNumberDeclined },
          },
          { target: 'shown', actions: { type: 'showToast', params: MESSAGES.altNumberDeclineFailed } },
        ],
        onError: { target: 'shown', actions: { type: 'showToast', params: MESSAGES.altNumberDeclineFailed } },
      },
    },
    hidden: { type: 'final' },
  },
});

export type DeclineAltNumberMachine = typeof declineAltNumberMachine;

/** Every text this machine can produce. */
export const declineAltNumberMessages = [
  MESSAGES.altNumberDeclined,
  MESSAGES.altNumberDeclineFailed,
] as const;
