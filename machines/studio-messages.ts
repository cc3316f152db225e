/**
 * The rule studio's texts (issue 14; the spec has no copy for the analysts' tool), beside machines/messages.ts
 * and in the same shapes, but in a module of their own: only the studio's lazy chunk loads them, so they
 * never weigh on a customer's first load (decision 019).
 */
import { TOAST_MS, type Message, type Tone, type ToastMessage } from './messages';

const studioToast = (id: string, text: string, durationMs: number, tone: Tone): ToastMessage => ({
  display: 'toast',
  id,
  text,
  durationMs,
  tone,
});

export const STUDIO_MESSAGES = {
  // Rule studio (issue 14; the spec has no copy for the analysts' tool). Saving blocked by the checks.
  studioSaveBlocked: {
    display: 'message',
    id: 'studioSaveBlocked',
    text: 'This draft cannot be saved yet: fix the errors and the failing cases shown beside the rules, or undo the change.',
    tone: 'error',
  },
  studioNothingToSave: {
    display: 'message',
    id: 'studioNothingToSave',
    text: 'Nothing to save: the draft is the same as the live rules.',
    tone: 'info',
  },
  studioSaveReason: {
    display: 'dialog',
    id: 'studioSaveReason',
    title: 'Save this change',
    text: 'Say why you make this change. The reason is recorded with the change, its author and its diff.',
    tone: 'info',
  },
  studioPendingApproval: {
    display: 'message',
    id: 'studioPendingApproval',
    text: 'Saved. The change waits for a second analyst to approve it before it goes live.',
    tone: 'info',
  },
  studioLive: {
    display: 'message',
    id: 'studioLive',
    text: 'The change is live: customers get it at their next page load.',
    tone: 'success',
  },
  studioSaveFailed: studioToast(
    'studioSaveFailed',
    'The change was not saved: the server refused it. Its reasons are shown beside the rules.',
    TOAST_MS.error,
    'error',
  ),
  studioPreviewFailed: studioToast(
    'studioPreviewFailed',
    'The preview could not be opened. Please try again.',
    TOAST_MS.error,
    'error',
  ),
  // The impact of a draft (issue 14, item 5): a result of an earlier version of the draft.
  studioImpactStale: {
    display: 'message',
    id: 'studioImpactStale',
    text: 'The draft changed since this measurement: measure the impact again.',
    tone: 'info',
  },
  studioImpactCancelled: {
    display: 'message',
    id: 'studioImpactCancelled',
    text: 'The measurement was cancelled. Nothing was counted.',
    tone: 'info',
  },
  studioImpactFailed: {
    display: 'message',
    id: 'studioImpactFailed',
    text: 'The impact could not be measured. The reasons are listed below.',
    tone: 'error',
  },
} as const satisfies Record<string, Message>;
