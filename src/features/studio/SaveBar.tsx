/**
 * Saving the draft: a compact bar that stays in view (save, undo and redo a step, discard the draft), and,
 * in the page's flow above it, what saving said: why the draft cannot be saved yet, each failing case and
 * error a link to where it is, or the server's refusal. Focus moves to that message when it appears.
 */
import { useEffect, useRef, useState } from 'react';
import type { ShownMessage } from '../../../machines/messages';
import { useBottomBar } from '../../ui/bottom-overlay';
import { Dialog } from '../../ui/Dialog';
import type { StudioError } from './api';
import type { Draft } from './draft-history';
import { REASON_MIN_LENGTH, ReasonField } from './ReasonField';

/** Something that blocks saving, with a way to go to it. */
export interface Blocker {
  text: string;
  /** Shows it (switches to its file, focuses it); absent when there is nothing to go to. */
  go?: () => void;
}

export function SaveMessages({
  messages,
  toast,
  refusal,
  blockers,
}: {
  messages: readonly ShownMessage[];
  toast: string | null;
  refusal: StudioError | null;
  blockers: readonly (Blocker & { refused?: boolean })[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const shown = messages.length > 0 || toast !== null || refusal !== null;
  const key = `${messages.map((m) => m.id).join()} ${toast ?? ''} ${refusal?.message ?? ''}`;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [key, shown]);
  if (!shown) return null;
  const blocked = messages.some((m) => m.id === 'studioSaveBlocked');
  return (
    <div ref={box} tabIndex={-1} className="studio-savemessages">
      {messages.map((m) => (
        <div
          key={m.id}
          role={m.tone === 'error' ? 'alert' : 'status'}
          className={`studio-message studio-message--${m.tone}`}
        >
          <p>{m.text}</p>
          {blocked && m.id === 'studioSaveBlocked' && blockers.length > 0 ? (
            <BlockerList blockers={blockers} />
          ) : null}
        </div>
      ))}
      {toast ? (
        <p role="alert" className="studio-message studio-message--error">
          {toast}
        </p>
      ) : null}
      {refusal ? (
        <div role="alert" className="studio-message studio-message--error">
          <p>{refusal.message}</p>
          {refusal.problems.length > 0 ? (
            <BlockerList
              blockers={refusal.problems.map(
                (p) => blockers.find((b) => b.refused && b.text === p) ?? { text: p },
              )}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function BlockerList({ blockers }: { blockers: readonly Blocker[] }) {
  return (
    <ul aria-label="What stops the save">
      {blockers.map((b, i) => (
        <li key={i}>
          {b.go ? (
            <a
              href="#main"
              onClick={(e) => {
                e.preventDefault();
                b.go!();
              }}
            >
              {b.text}
            </a>
          ) : (
            b.text
          )}
        </li>
      ))}
    </ul>
  );
}

export function SaveBar({
  draft,
  changed,
  requireApproval,
  checking,
  saving,
  stepSaid,
  onSave,
  onDiscard,
  onUndo,
  onRedo,
}: {
  draft: Draft;
  /** The paths the draft changes. */
  changed: readonly string[];
  requireApproval: boolean;
  checking: boolean;
  /** The server is recording the change: the button says so from the click until it answers. */
  saving: boolean;
  /** The last step undone or redone, said to assistive technologies ("Undone: …"). */
  stepSaid: string;
  onSave: () => void;
  onDiscard: () => void;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  return (
    <div ref={bar} className="studio-savebar" role="group" aria-label="The draft">
      <button
        type="button"
        className="btn"
        onClick={() => !saving && onSave()}
        disabled={checking && !saving}
        aria-disabled={saving || undefined}
      >
        {saving ? 'Saving…' : 'Save the change'}
      </button>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        disabled={draft.undoLabel === null}
        aria-label={draft.undoLabel ? `Undo: ${draft.undoLabel}` : 'Undo'}
        title={draft.undoLabel ? `Undo: ${draft.undoLabel}` : undefined}
      >
        Undo
      </button>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        disabled={draft.redoLabel === null}
        aria-label={draft.redoLabel ? `Redo: ${draft.redoLabel}` : 'Redo'}
        title={draft.redoLabel ? `Redo: ${draft.redoLabel}` : undefined}
      >
        Redo
      </button>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onDiscard}
        disabled={changed.length === 0}
      >
        Discard the draft
      </button>
      <span className="studio-muted studio-savebar__note">
        {changed.length === 0
          ? 'No change yet'
          : `${changed.length} file${changed.length === 1 ? '' : 's'} changed`}
        {requireApproval ? ' · a second analyst approves' : ''}
      </span>
      <span role="status" className="visually-hidden">
        {stepSaid}
      </span>
    </div>
  );
}

export function SaveDialog({
  dialog,
  revising,
  saving,
  onConfirm,
  onClose,
}: {
  dialog: { title?: string; text: string } | undefined;
  revising: string | null;
  /** The server is recording the change: the dialog stays, its button says "Saving…". */
  saving: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={dialog !== undefined} title={dialog?.title ?? ''} onClose={onClose} busy={saving}>
      {/* Drawn only while the dialog is open: the reason starts empty each time. */}
      <SaveForm
        text={dialog?.text ?? ''}
        revising={revising}
        saving={saving}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </Dialog>
  );
}

function SaveForm({
  text,
  revising,
  saving,
  onConfirm,
  onClose,
}: {
  text: string;
  revising: string | null;
  saving: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (saving || reason.trim().length < REASON_MIN_LENGTH) return;
        onConfirm(reason.trim());
      }}
    >
      <p>{text}</p>
      {revising ? <p>It replaces your change “{revising}”, which was sent back.</p> : null}
      <ReasonField label="Reason for the change" value={reason} onChange={setReason} />
      <div className="dialog__actions">
        <button type="submit" className="btn" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save with this reason'}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          aria-disabled={saving || undefined}
          onClick={() => !saving && onClose()}
        >
          Cancel
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {saving ? 'Saving…' : ''}
      </p>
    </form>
  );
}
