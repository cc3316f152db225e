/**
 * Focus in the studio (issue 31, item 6): what the analyst acted on gets focus back when a dialog goes
 * (applied, saved, cancelled, closed), never the top of the page; Undo and Redo answer the usual keys.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Whether focus has been lost: on the page's body, or on nothing. */
export const focusLost = (): boolean =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  !document.activeElement.isConnected;

/**
 * For a dialog mounted while it is open: remembers what had focus when it opened and gives focus back to
 * it once the dialog is gone (the shared Dialog gives it back only when its `open` turns false, not when
 * it is removed). When that element is gone too (an approved change leaves the list), `fallback` says
 * where focus goes. Focus that already went somewhere (another dialog, a message) is left there.
 */
export function useFocusBack(fallback?: () => HTMLElement | null | undefined): void {
  const back = useRef(fallback);
  useEffect(() => {
    back.current = fallback;
  });
  // A layout effect: it runs before the dialog's own effect moves focus into it.
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      setTimeout(() => {
        if (!focusLost()) return;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        else back.current?.()?.focus();
      }, 0);
    };
  }, []);
}

/** Moves focus to the element of this id once it is on the page (a file switched to draws a frame later). */
export function focusSoon(id: string, tries = 10): void {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (el) el.focus();
    else if (tries > 0) focusSoon(id, tries - 1);
  });
}

/** What a key press asks of the draft's steps: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo. */
export function stepKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

/**
 * Whether a key press belongs to what has focus: text typed in a field has the field's own undo, and a
 * dialog's fields are not the draft yet.
 */
function ownedByField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog[open]') || target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/**
 * Undo and Redo of the draft's steps on the usual shortcuts, anywhere on the page but in a text field or a
 * dialog (where the keys undo typing).
 */
export function useStepKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const step = stepKey(e);
      if (!step || e.defaultPrevented || ownedByField(e.target)) return;
      e.preventDefault();
      if (step === 'undo') undo();
      else redo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/**
 * Undo and Redo of the draft's steps, for the save bar and the usual keys, each saying which step it took
 * back or did again ("Undone: Edit rule #3 'card-almost-expired'") for assistive technologies.
 */
export function useDraftSteps(draft: {
  undo: () => void;
  redo: () => void;
  undoLabel: string | null;
  redoLabel: string | null;
}) {
  const [stepSaid, setStepSaid] = useState('');
  const { undo, redo, undoLabel, redoLabel } = draft;
  const undoStep = useCallback(() => {
    if (undoLabel === null) return;
    undo();
    setStepSaid(`Undone: ${undoLabel}`);
  }, [undo, undoLabel]);
  const redoStep = useCallback(() => {
    if (redoLabel === null) return;
    redo();
    setStepSaid(`Redone: ${redoLabel}`);
  }, [redo, redoLabel]);
  useStepKeys(undoStep, redoStep);
  return { undoStep, redoStep, stepSaid };
}
