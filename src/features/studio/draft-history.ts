/**
 * The draft's steps, for undo and redo per step: every edit is a step with a label ("Value of condition 1
 * of card-almost-expired"), typing into one field is one step (edits of the same group in a row merge),
 * and discarding the draft is a step too, so it can be undone. Pure: the page keeps the state.
 */
import { useCallback, useState } from 'react';
import type { Files } from './model';

/** A pending change sent back to its author, whose files the draft now holds: saving replaces it. */
export interface Revising {
  id: string;
  reason: string;
  comment: string | null;
}

export interface Step {
  files: Files;
  label: string;
}

export interface DraftHistory {
  /** Earlier states, oldest first, each with the label of the step that left it. */
  past: Step[];
  present: Files;
  /** Undone steps, the next to redo last. */
  future: Step[];
  /** The group of the last edit: another edit of the same group merges into it. */
  group: string | null;
}

/** Steps kept: older ones are dropped (a draft is a change, not a project). */
export const MAX_STEPS = 200;

export const startHistory = (files: Files): DraftHistory => ({
  past: [],
  present: files,
  future: [],
  group: null,
});

export function applyEdit(
  h: DraftHistory,
  label: string,
  fn: (files: Files) => Files,
  group: string | null = null,
): DraftHistory {
  const next = fn(h.present);
  if (next === h.present || sameFiles(next, h.present)) return h;
  if (group !== null && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, { files: h.present, label }].slice(-MAX_STEPS);
  return { past, present: next, future: [], group };
}

export function undo(h: DraftHistory): DraftHistory {
  const last = h.past.at(-1);
  if (!last) return h;
  return {
    past: h.past.slice(0, -1),
    present: last.files,
    future: [...h.future, { files: h.present, label: last.label }],
    group: null,
  };
}

export function redo(h: DraftHistory): DraftHistory {
  const next = h.future.at(-1);
  if (!next) return h;
  return {
    past: [...h.past, { files: h.present, label: next.label }],
    present: next.files,
    future: h.future.slice(0, -1),
    group: null,
  };
}

function sameFiles(a: Files, b: Files): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The draft with its steps, for a page. */
export function useDraftHistory(initial: Files) {
  const [h, setH] = useState(() => startHistory(initial));
  const edit = useCallback(
    (label: string, fn: (files: Files) => Files, group: string | null = null) =>
      setH((x) => applyEdit(x, label, fn, group)),
    [],
  );
  return {
    files: h.present,
    edit,
    undo: useCallback(() => setH(undo), []),
    redo: useCallback(() => setH(redo), []),
    /** Starts over from `files` (the live rules after a change went live): no step to undo. */
    reset: useCallback((files: Files) => setH(startHistory(files)), []),
    undoLabel: h.past.at(-1)?.label ?? null,
    redoLabel: h.future.at(-1)?.label ?? null,
  };
}

export type Draft = ReturnType<typeof useDraftHistory>;
