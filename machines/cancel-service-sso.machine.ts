import { assign, fromPromise, setup } from 'xstate';
import { PERFORM_SSO_STATUS_ERROR, stateMetaType, type ShownMessage } from './messages';
import { isBlank } from './recovery-input';

/**
 * Single sign-on for cancelling service from the mobile app (shell spec §2 /login/cancelservice; §3 'Single-sign-on
 * response'; §4 'Single sign-on entry for cancelling service from a mobile app: non-200 is a failure. An
 * unauthenticated result keeps errorMessage.'; §7 POST performSSO (200 expected); §8 'Single sign-on non-200:
 * 'performSSO service status code is not OK', thrown error').
 *
 * idle --SSO.START {token}--> (the page sends it as it opens, with the address's token) no token:
 * failed.missingToken, no call; otherwise signingIn (performSso) -->
 * - authenticated: signedIn, running `openCancelServices` with the account signed in to (the page opens
 *   /Cancel-Services in that account);
 * - not authenticated: failed.refused, keeping the answer's errorMessage (the page shows it);
 * - a non-200 answer (the actor throws 'performSSO service status code is not OK') or any failed call:
 *   failed.serviceError, keeping the error's text for the issue log; SSO.RETRY signs in again.
 *
 * The spec quotes no visible copy (its error is a thrown one): the texts are ours. Texts: CANCEL_SERVICE_SSO_MESSAGES.
 */

export { PERFORM_SSO_STATUS_ERROR };

export interface CancelServiceSsoContext {
  token: string;
  /** an unauthenticated answer's errorMessage */
  errorMessage: string | null;
  /** the text of a failed call (PERFORM_SSO_STATUS_ERROR for a non-200 answer) */
  failure: string | null;
}

export type CancelServiceSsoEvent =
  /** the page opened: the token the app put in the address ('' when there is none) */
  { type: 'SSO.START'; token: string } | { type: 'SSO.RETRY' };

/** Output of `performSso`: the single-sign-on response (the fields read). */
export interface SsoReply {
  authenticated: boolean;
  currentlyManagingAccountId?: string;
  errorMessage?: string;
}

const message = (id: string, text: string): ShownMessage => ({ display: 'message', id, text, tone: 'error' });

export const CANCEL_SERVICE_SSO_MESSAGES = {
  missingToken: message(
    'cancelServiceSsoMissingToken',
    'This sign-in link is incomplete. Open Cancel Service again from the app, or sign in here.',
  ),
  refused: message('cancelServiceSsoRefused', 'We could not sign you in from the app.'),
  serviceError: message(
    'cancelServiceSsoServiceError',
    'We could not sign you in from the app right now. Please try again, or sign in here.',
  ),
} as const;

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'unknown error';

export const cancelServiceSsoMachine = setup({
  types: {
    context: {} as CancelServiceSsoContext,
    events: {} as CancelServiceSsoEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * POST performSSO {token}; resolves with the answer, rejects with PERFORM_SSO_STATUS_ERROR when the status is
     * not 200 (or with the failure's text).
     */
    performSso: fromPromise<SsoReply, { token: string }>(() =>
      Promise.reject(new Error('performSso is not provided')),
    ),
  },
  actions: {
    /** Signed in: the page opens /Cancel-Services for that account. */
    openCancelServices: (_, _params: { accountNumber: string | null }) => {},
    /** The sign-on failed (a failed call): recorded in the issue log with its text. */
    logFailure: (_, _params: { reason: string }) => {},
  },
  guards: {
    hasNoToken: ({ event }) => event.type === 'SSO.START' && isBlank(event.token),
    isAuthenticated: (_, reply: SsoReply) => reply.authenticated,
  },
}).createMachine({
  id: 'cancelServiceSso',
  context: { token: '', errorMessage: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'SSO.START': [
          { guard: 'hasNoToken', target: 'failed.missingToken' },
          { target: 'signingIn', actions: assign({ token: ({ event }) => event.token.trim() }) },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'performSso',
        src: 'performSso',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isAuthenticated', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: {
              type: 'openCancelServices',
              params: ({ event }) => ({ accountNumber: event.output.currentlyManagingAccountId ?? null }),
            },
          },
          {
            target: 'failed.refused',
            actions: assign({ errorMessage: ({ event }) => event.output.errorMessage?.trim() ?? '' }),
          },
        ],
        onError: {
          target: 'failed.serviceError',
          actions: [
            assign({ failure: ({ event }) => reasonOf(event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ reason: reasonOf(event.error) }) },
          ],
        },
      },
    },
    signedIn: { type: 'final' },
    failed: {
      initial: 'missingToken',
      states: {
        missingToken: { meta: { message: CANCEL_SERVICE_SSO_MESSAGES.missingToken } },
        refused: { meta: { message: CANCEL_SERVICE_SSO_MESSAGES.refused } },
        serviceError: {
          meta: { message: CANCEL_SERVICE_SSO_MESSAGES.serviceError },
          on: {
            'SSO.RETRY': {
              target: '#cancelServiceSso.signingIn',
              actions: assign({ failure: null }),
            },
          },
        },
      },
    },
  },
});

export type CancelServiceSsoMachine = typeof cancelServiceSsoMachine;

/** Every text this machine can produce. */
export const cancelServiceSsoMessages = Object.values(CANCEL_SERVICE_SSO_MESSAGES);
