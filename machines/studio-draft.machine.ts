import { assign, fromPromise, setup } from 'xstate';
import { stateMetaType, type ToastMessage } from './messages';
import { STUDIO_MESSAGES as MESSAGES } from './studio-messages';

/**
 * A rule studio draft (issue 14): an analyst's change to the rules, from the first edit until it is live.
 *
 * editing --DRAFT.EDIT--> checking (check: rules:check's validator and analysis and the rule cases, in the
 * browser; another DRAFT.EDIT starts it again) --> editing, with the counts of errors and failing cases. DRAFT.PREVIEW --> previewing (preview:
 * opens the portal as a persona with the draft's rules) --> editing. DRAFT.SAVE --> askingReason (the save
 * dialog) only when the draft differs from the live rules and has no error and no failing case; otherwise
 * the draft stays in editing and says why (blocked, or nothing to save). DRAFT.CONFIRM {reason} --> saving
 * (save: the server checks again and records a commit) --> pendingApproval when a second analyst must
 * approve, or live; a refusal returns to editing with a toast (the server's reasons are shown by the app).
 * CHANGE.APPROVED --> live (final: the app starts a new draft from the new live rules); CHANGE.WITHDRAWN -->
 * editing.
 *
 * Texts it can produce (machines/studio-messages.ts): studioSaveBlocked, studioNothingToSave, studioSaveReason (dialog),
 * studioPendingApproval, studioLive (messages), studioSaveFailed, studioPreviewFailed (toasts).
 */

/** What a check of the draft found (the app computes it with src/engine/check.ts and cases.ts). */
export interface DraftCheck {
  /** Errors of rules:check (shape and meaning) and of the case files. */
  errors: number;
  failingCases: number;
  /** The draft differs from the live rules. */
  changed: boolean;
}

export interface StudioDraftContext {
  /** What the last check says of saving: possible, blocked (errors or failing cases), or nothing to save. */
  verdict: 'ready' | 'blocked' | 'unchanged';
}

export type StudioDraftEvent =
  | { type: 'DRAFT.EDIT' }
  | { type: 'DRAFT.PREVIEW' }
  | { type: 'DRAFT.SAVE' }
  | { type: 'DRAFT.CONFIRM'; reason: string }
  | { type: 'DIALOG.CLOSE' }
  | { type: 'CHANGE.APPROVED' }
  | { type: 'CHANGE.WITHDRAWN' };

export const studioDraftMachine = setup({
  types: {
    context: {} as StudioDraftContext,
    events: {} as StudioDraftEvent,
    meta: stateMetaType,
  },
  actors: {
    /** Checks the current draft in the browser; resolves with the counts. */
    check: fromPromise<DraftCheck>(() => Promise.reject(new Error('check is not provided'))),
    /** Opens the portal as the chosen persona with the draft's rules (POST /studio/api/preview). */
    preview: fromPromise<void>(() => Promise.reject(new Error('preview is not provided'))),
    /**
     * POST /studio/api/changes with the reason; resolves with whether the change waits for approval,
     * rejects when the server refuses it (the app shows the server's reasons).
     */
    save: fromPromise<{ pending: boolean }, { reason: string }>(() =>
      Promise.reject(new Error('save is not provided')),
    ),
  },
  actions: {
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
    /** The change was recorded: the app reloads the live rules, the pending changes and the history. */
    changeRecorded: () => {},
  },
  guards: {
    canSave: ({ context }) => context.verdict === 'ready',
    unchanged: ({ context }) => context.verdict === 'unchanged',
    waitsForApproval: ({ event }) => (event as { output?: { pending?: boolean } }).output?.pending === true,
  },
}).createMachine({
  id: 'studioDraft',
  context: { verdict: 'unchanged' },
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        blocked: { meta: { message: MESSAGES.studioSaveBlocked } },
        unchanged: { meta: { message: MESSAGES.studioNothingToSave } },
      },
      on: {
        'DRAFT.EDIT': 'checking',
        'DRAFT.PREVIEW': 'previewing',
        'DRAFT.SAVE': [
          { guard: 'canSave', target: 'askingReason' },
          { guard: 'unchanged', target: '.unchanged' },
          { target: '.blocked' },
        ],
      },
    },
    checking: {
      // An edit during a check starts it again on the newer draft (the older result would be stale).
      on: { 'DRAFT.EDIT': { target: 'checking', reenter: true } },
      invoke: {
        id: 'check',
        src: 'check',
        onDone: {
          target: 'editing',
          actions: assign({
            verdict: ({ event }) =>
              event.output.errors > 0 || event.output.failingCases > 0
                ? 'blocked'
                : event.output.changed
                  ? 'ready'
                  : 'unchanged',
          }),
        },
        // A check that throws blocks saving: nothing unchecked can be saved.
        onError: { target: 'editing', actions: assign({ verdict: 'blocked' }) },
      },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        onDone: 'editing',
        onError: { target: 'editing', actions: { type: 'showToast', params: MESSAGES.studioPreviewFailed } },
      },
    },
    askingReason: {
      meta: { message: MESSAGES.studioSaveReason },
      on: {
        'DRAFT.CONFIRM': 'saving',
        'DIALOG.CLOSE': 'editing',
      },
    },
    saving: {
      // The dialog stays open while the server records the change: its button says "Saving…" (issue 31).
      meta: { message: MESSAGES.studioSaveReason },
      invoke: {
        id: 'save',
        src: 'save',
        // The reason comes with the event that enters this state (DRAFT.CONFIRM from the dialog).
        input: ({ event }) => ({ reason: event.type === 'DRAFT.CONFIRM' ? event.reason : '' }),
        onDone: [
          { guard: 'waitsForApproval', target: 'pendingApproval', actions: 'changeRecorded' },
          { target: 'live', actions: 'changeRecorded' },
        ],
        onError: { target: 'editing', actions: { type: 'showToast', params: MESSAGES.studioSaveFailed } },
      },
    },
    pendingApproval: {
      meta: { message: MESSAGES.studioPendingApproval },
      on: {
        'CHANGE.APPROVED': 'live',
        'CHANGE.WITHDRAWN': { target: 'editing', actions: assign({ verdict: 'unchanged' }) },
      },
    },
    // The change is done; the app starts a new draft (a new actor) from the new live rules.
    live: { type: 'final', meta: { message: MESSAGES.studioLive } },
  },
});

export type StudioDraftMachine = typeof studioDraftMachine;

/** Every text this machine can produce. */
export const studioDraftMessages = [
  MESSAGES.studioSaveBlocked,
  MESSAGES.studioNothingToSave,
  MESSAGES.studioSaveReason,
  MESSAGES.studioPendingApproval,
  MESSAGES.studioLive,
  MESSAGES.studioSaveFailed,
  MESSAGES.studioPreviewFailed,
] as const;
