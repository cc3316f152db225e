import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Modem replacement offer (shell spec §4 'Modem replacement offer', §8).
 *
 * Replace: REPLACE.START leads to the address confirmation (with no service address, the error dialog
 * 'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an
 * agent.' instead); REPLACE.CONFIRM sends the accepted answer; status OK shows the dialog 'Your request for
 * modem replacement is submitted.', anything else the same chat-advice error dialog.
 * Decline: DECLINE.START asks for a confirmation; DECLINE.CONFIRM sends the declined answer; OK hides the
 * alert (final `declined`); a failure shows the toast 'This functionality is currently unavailable.Please
 * try again later' (4 s) and the offer stays.
 * Whether the offer shows is a rule; whether a service address exists is given as input.
 *
 * Texts it can produce: MESSAGES.modemReplacementDetailUnavailable, MESSAGES.modemReplacementSubmitted
 * (dialogs), MESSAGES.modemDeclineUnavailable (toast).
 */

export interface ModemReplacementInput {
  /** The account has a service address to confirm. */
  hasServiceAddress: boolean;
}

export interface ModemReplacementContext {
  hasServiceAddress: boolean;
}

export type ModemReplacementEvent =
  | { type: 'REPLACE.START' }
  | { type: 'REPLACE.CONFIRM' }
  | { type: 'REPLACE.CANCEL' }
  | { type: 'DECLINE.START' }
  | { type: 'DECLINE.CONFIRM' }
  | { type: 'DECLINE.CANCEL' }
  | { type: 'DIALOG.CLOSE' };

/** Input of `answerOffer`: the answer recorded for the modem replacement offer. */
export interface ReplacementAnswerInput {
  answer: 'accepted' | 'declined';
}

/** Output of `answerOffer`: the reply's `response` object; `status` 'OK' on success. */
export interface ReplacementAnswerResponse {
  status: string;
  message?: string;
}

export const modemReplacementMachine = setup({
  types: {
    context: {} as ModemReplacementContext,
    events: {} as ModemReplacementEvent,
    input: {} as ModemReplacementInput,
    meta: stateMetaType,
  },
  actors: {
    /** The modem replacement answer call; resolves with the reply's `response` whatever its status. */
    answerOffer: fromPromise<ReplacementAnswerResponse, ReplacementAnswerInput>(() =>
      Promise.reject(new Error('answerOffer is not provided')),
    ),
  },
  actions: {
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    hasServiceAddress: ({ context }) => context.hasServiceAddress,
    isOk: (_, response: ReplacementAnswerResponse) => response.status === 'OK',
  },
}).createMachine({
  id: 'modemReplacement',
  context: ({ input }) => ({ hasServiceAddress: input.hasServiceAddress }),
  initial: 'offered',
  states: {
    offered: {
      on: {
        'REPLACE.START': [
          { guard: 'hasServiceAddress', target: 'addressConfirm' },
          { target: 'errorDialog' },
        ],
        'DECLINE.START': 'declineConfirm',
      },
    },
    addressConfirm: {
      on: {
        'REPLACE.CONFIRM': 'sendingAccepted',
        'REPLACE.CANCEL': 'offered',
      },
    },
    sendingAccepted: {
      invoke: {
        id: 'answerOffer',
        src: 'answerOffer',
        input: { answer: 'accepted' },
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => event.output }, target: 'submitted' },
          { target: 'errorDialog' },
        ],
        onError: { target: 'errorDialog' },
      },
    },
    submitted: {
      meta: { message: MESSAGES.modemReplacementSubmitted },
      on: { 'DIALOG.CLOSE': 'replacementRequested' },
    },
    replacementRequested: { type: 'final' },
    errorDialog: {
      meta: { message: MESSAGES.modemReplacementDetailUnavailable },
      on: { 'DIALOG.CLOSE': 'offered' },
    },
    declineConfirm: {
      on: {
        'DECLINE.CONFIRM': 'sendingDeclined',
        'DECLINE.CANCEL': 'offered',
      },
    },
    sendingDeclined: {
      invoke: {
        id: 'answerOffer',
        src: 'answerOffer',
        input: { answer: 'declined' },
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => event.output }, target: 'declined' },
          { target: 'offered', actions: { type: 'showToast', params: MESSAGES.modemDeclineUnavailable } },
        ],
        onError: {
          target: 'offered',
          actions: { type: 'showToast', params: MESSAGES.modemDeclineUnavailable },
        },
      },
    },
    // Tagged: the flow ended, but not in what it offered (not counted as completed, src/stores/home-section.ts).
    declined: { type: 'final', tags: ['declined'] },
  },
});

export type ModemReplacementMachine = typeof modemReplacementMachine;

/** Every text this machine can produce. */
export const modemReplacementMessages = [
  MESSAGES.modemReplacementDetailUnavailable,
  MESSAGES.modemReplacementSubmitted,
  MESSAGES.modemDeclineUnavailable,
] as const;
