/** A dialog asking one line of text (a reason, a comment, a go-live time) before an action on a change. */
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
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
}: {
  title: string;
  intro: ReactNode;
  label: string;
  submit: string;
  onSubmit: (text: string) => void;
  onClose: () => void;
  problem: string | null;
  extra?: ReactNode;
}) {
  const [text, setText] = useState('');
  return (
    <Dialog open title={title} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim().length >= REASON_MIN_LENGTH) onSubmit(text.trim());
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
          <button type="submit" className="btn">
            {submit}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
