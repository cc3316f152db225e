import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Out-of-service credit offer (shell spec §4 'Out-of-service credit offer', §7 setAccptRejectMdmRplcmt and
 * 'The decline-credit response reads response.status equal OK and response.message', §8).
 *
 * Accept: records accepted. If the status becomes Accepted, the toast 'Credit will be applied to your
 * account.' (30 s) and the profile reloads (final `accepted`). Otherwise the dialog titled Bill Credit,
 * 'We are unable to retrieve the necessary detail to complete the out of service credit. Please chat with
 * an agent.', closed with DIALOG.CLOSE.
 * Decline: opens the dialog telling the user to chat with an agent (`declineDialog`) and the decline call
 * records declined; the dialog then shows 'Your out of service credit has been declined' (status OK) or
 * 'Your out of service credit has not been declined'. The spec puts no confirmation step between the two
 * and quotes no copy for the chat advice itself: the app renders the dialog and its chat link.
 * Whether the offer shows (eligible, value at least 1.00) is a rule.
 *
 * Texts it can produce: MESSAGES.creditAccepted (toast), MESSAGES.creditDetailUnavailable (dialog),
 * MESSAGES.creditDeclined, MESSAGES.creditNotDeclined (messages in the decline dialog).
 */

export type CreditOfferEvent =
  { type: 'CREDIT.ACCEPT' } | { type: 'CREDIT.DECLINE' } | { type: 'DIALOG.CLOSE' };

/** Input of `answerOffer`: the answer recorded for the offer OutOfServiceCredit. */
export interface AnswerOfferInput {
  answer: 'accepted' | 'declined';
}

/** Output of `answerOffer`: the reply's `response` object (docs/contracts.md, offerAnswer). */
export interface OfferAnswerResponse {
  status: string;
  message?: string;
  /** The offer's status after the answer ('Accepted' once an acceptance is recorded). */
  offerStatus?: string;
}

export const creditOfferMachine = setup({
  types: {
    events: {} as CreditOfferEvent,
    meta: stateMetaType,
  },
  actors: {
    /** setAccptRejectMdmRplcmt(answer, 'OutOfServiceCredit'); resolves with the reply's `response`. */
    answerOffer: fromPromise<OfferAnswerResponse, AnswerOfferInput>(() =>
      Promise.reject(new Error('answerOffer is not provided')),
    ),
  },
  actions: {
    /** Reloads the profile (after an accepted credit). */
    reloadProfile: () => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    /** The spec writes the status both 'accepted' (recorded) and 'Accepted' (became): compared without case. */
    becameAccepted: (_, response: OfferAnswerResponse) => response.offerStatus?.toLowerCase() === 'accepted',
    isOk: (_, response: OfferAnswerResponse) => response.status === 'OK',
  },
}).createMachine({
  id: 'creditOffer',
  initial: 'offered',
  states: {
    offered: {
      on: {
        'CREDIT.ACCEPT': 'accepting',
        'CREDIT.DECLINE': 'declineDialog',
      },
    },
    accepting: {
      invoke: {
        id: 'answerOffer',
        src: 'answerOffer',
        input: { answer: 'accepted' },
        onDone: [
          {
            guard: { type: 'becameAccepted', params: ({ event }) => event.output },
            target: 'accepted',
            actions: [{ type: 'showToast', params: MESSAGES.creditAccepted }, 'reloadProfile'],
          },
          { target: 'acceptFailed' },
        ],
        onError: { target: 'acceptFailed' },
      },
    },
    accepted: { type: 'final' },
    acceptFailed: {
      meta: { message: MESSAGES.creditDetailUnavailable },
      on: { 'DIALOG.CLOSE': 'offered' },
    },
    declineDialog: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'answerOffer',
            src: 'answerOffer',
            input: { answer: 'declined' },
            onDone: [
              { guard: { type: 'isOk', params: ({ event }) => event.output }, target: 'declined' },
              { target: 'notDeclined' },
            ],
            onError: { target: 'notDeclined' },
          },
        },
        declined: {
          meta: { message: MESSAGES.creditDeclined },
          on: { 'DIALOG.CLOSE': '#creditOffer.declined' },
        },
        notDeclined: {
          meta: { message: MESSAGES.creditNotDeclined },
          on: { 'DIALOG.CLOSE': '#creditOffer.offered' },
        },
      },
    },
    // Tagged: the flow ended, but not in what it offered (not counted as completed, src/stores/home-section.ts).
    declined: { type: 'final', tags: ['declined'] },
  },
});

export type CreditOfferMachine = typeof creditOfferMachine;

/** Every text this machine can produce. */
export const creditOfferMessages = [
  MESSAGES.creditAccepted,
  MESSAGES.creditDetailUnavailable,
  MESSAGES.creditDeclined,
  MESSAGES.creditNotDeclined,
] as const;
