import { and, assign, fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Edit WIFI info (home spec §2.9 'Edit WIFI info' dialog, §4 'Wifi edit', §7 resetCredentials and
 * updateCredentials, §8 'WiFi info updated').
 *
 * closed --WIFI.EDIT--> editing (the dialog, 40vw, with the saved name and password). WIFI.CHANGE edits a
 * field; 'Save enabled only after an input change': WIFI.SAVE is taken only while a value differs from the
 * saved one. Saving calls the adapt resetCredentials (status '0' means failure) or, with the acs call toggle
 * on (input `useAcs`), updateCredentials (status '0' means success; encryption WPA2-Personal): the app's actor
 * resolves on success and rejects with the server's message otherwise. Success: the toast 'WiFi info
 * updated', the new values stored (`credentialsSaved`), the dialog closes. Failure: 'the server message is
 * shown, values revert and the dialog stays open' (MESSAGES.wifiUpdateFailed when the failure carries no
 * message). WIFI.CANCEL closes the dialog (not while saving). WIFI.ACS follows the toggle when the rules change
 * it in any state (the browser decides again once it has loaded the rules): what the customer typed stays,
 * a call under way finishes as it started, and the next save uses the toggle as it is then.
 *
 * Texts it can produce: MESSAGES.wifiInfoUpdated (toast), MESSAGES.wifiUpdateFailed (message, or the
 * server's own text in `error`).
 */

export interface WifiCredentials {
  name: string;
  password: string;
}

export interface EditWifiInput extends WifiCredentials {
  /** The acs call toggle (rules/toggles.json acsCall): updateCredentials instead of resetCredentials. */
  useAcs: boolean;
}

export interface EditWifiContext {
  saved: WifiCredentials;
  draft: WifiCredentials;
  useAcs: boolean;
  /** The server's message of the last failed save; null when none. */
  error: string | null;
}

export type EditWifiEvent =
  | { type: 'WIFI.EDIT' }
  | { type: 'WIFI.CHANGE'; field: 'name' | 'password'; value: string }
  | { type: 'WIFI.SAVE' }
  | { type: 'WIFI.CANCEL' }
  | { type: 'WIFI.ACS'; on: boolean };

/**
 * The server's own message carried by a rejection: the app's actors reject with `{ serverMessage }` when the
 * provider answered with a refusal; any other failure (the call failed) carries none.
 */
export function serverMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const message = (error as { serverMessage?: unknown }).serverMessage;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** A failed save: the values revert to the saved ones and the server's message (if any) is kept. */
const revert = assign<EditWifiContext, { type: string; error?: unknown }, undefined, EditWifiEvent, never>({
  draft: ({ context }) => context.saved,
  error: ({ event }) => serverMessageOf(event.error),
});

export const editWifiMachine = setup({
  types: {
    input: {} as EditWifiInput,
    context: {} as EditWifiContext,
    events: {} as EditWifiEvent,
    meta: stateMetaType,
  },
  actors: {
    /** POST adapt/resetCredentials: resolves when status is not '0'; rejects with the server's message. */
    resetCredentials: fromPromise<void, WifiCredentials>(() =>
      Promise.reject(new Error('resetCredentials is not provided')),
    ),
    /** POST acs/updateCredentials: resolves when status is '0'; rejects with the server's message. */
    updateCredentials: fromPromise<void, WifiCredentials>(() =>
      Promise.reject(new Error('updateCredentials is not provided')),
    ),
  },
  actions: {
    /** Stores the new name and password (the panel shows the new name). */
    credentialsSaved: (_, _saved: WifiCredentials) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    changed: ({ context }) =>
      context.draft.name !== context.saved.name || context.draft.password !== context.saved.password,
    useAcs: ({ context }) => context.useAcs,
  },
}).createMachine({
  id: 'editWifi',
  context: ({ input }) => ({
    saved: { name: input.name, password: input.password },
    draft: { name: input.name, password: input.password },
    useAcs: input.useAcs,
    error: null,
  }),
  initial: 'closed',
  on: {
    'WIFI.ACS': { actions: assign({ useAcs: ({ event }) => event.on }) },
  },
  states: {
    closed: {
      on: {
        'WIFI.EDIT': {
          target: 'editing',
          actions: assign({ draft: ({ context }) => context.saved, error: null }),
        },
      },
    },
    editing: {
      initial: 'ready',
      on: {
        'WIFI.CHANGE': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
          }),
        },
        'WIFI.SAVE': [
          { guard: and(['changed', 'useAcs']), target: 'savingAcs' },
          { guard: 'changed', target: 'savingAdapt' },
        ],
        'WIFI.CANCEL': 'closed',
      },
      states: {
        ready: {},
        failed: {
          meta: { message: MESSAGES.wifiUpdateFailed },
        },
      },
    },
    savingAdapt: {
      invoke: {
        id: 'resetCredentials',
        src: 'resetCredentials',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'closed',
          actions: [
            { type: 'credentialsSaved', params: ({ context }) => context.draft },
            assign({ saved: ({ context }) => context.draft, error: null }),
            { type: 'showToast', params: MESSAGES.wifiInfoUpdated },
          ],
        },
        onError: { target: 'editing.failed', actions: revert },
      },
    },
    savingAcs: {
      invoke: {
        id: 'updateCredentials',
        src: 'updateCredentials',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'closed',
          actions: [
            { type: 'credentialsSaved', params: ({ context }) => context.draft },
            assign({ saved: ({ context }) => context.draft, error: null }),
            { type: 'showToast', params: MESSAGES.wifiInfoUpdated },
          ],
        },
        onError: { target: 'editing.failed', actions: revert },
      },
    },
  },
});

export type EditWifiMachine = typeof editWifiMachine;

/** Every text this machine can produce. */
export const editWifiMessages = [MESSAGES.wifiInfoUpdated, MESSAGES.wifiUpdateFailed] as const;
