/** A dialog asking one line of text (a reason, a comment, a note) before an action on a change. */
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import { useFocusBack } from './focus';
import { REASON_MIN_LENGTH, ReasonField } from './ReasonField';

export function ReasonDialog({
  title,
  intro,
  label,
  submit,
  onSubmit,
  onClose,
  problem,
  extra,
  busy = null,
  focusFallback,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  submit: string;
  onSubmit: (text: string) => void;
  onClose: () => void;
  problem: string | null;
  extra?: ReactNode;
  /** The call runs: what the submit button says meanwhile ("Sending back…"); nothing can be sent twice. */
  busy?: string | null;
  /** Where focus goes when the dialog is gone and what opened it is gone too. */
  focusFallback?: () => HTMLElement | null | undefined;
}) {
  const [text, setText] = useState('');
  useFocusBack(focusFallback);
  return (
    <Dialog open title={title} onClose={onClose} busy={busy !== null}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (busy === null && text.trim().length >= REASON_MIN_LENGTH) onSubmit(text.trim());
        }}
      >
        <p>{intro}</p>
        {extra}
        <ReasonField label={label} value={text} onChange={setText} />
        {problem ? (
          <p role="alert" className="studio-message studio-message--error">
            {problem}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="submit" className="btn" aria-disabled={busy !== null || undefined}>
            {busy ?? submit}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={busy !== null || undefined}
            onClick={() => busy === null && onClose()}
          >
            Cancel
          </button>
        </div>
        <p role="status" className="visually-hidden">
          {busy ?? ''}
        </p>
      </form>
    </Dialog>
  );
}
