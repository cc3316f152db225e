/** The bar that saves the draft, its messages and the refusal of the server; the dialog asking the reason. */
import { useState } from 'react';
import type { ShownMessage } from '../../../machines/messages';
import { Dialog } from '../../ui/Dialog';
import type { StudioError } from './api';

export function SaveBar({
  changedPaths,
  requireApproval,
  checking,
  onSave,
  messages,
  toast,
  refusal,
}: {
  changedPaths: readonly string[];
  requireApproval: boolean;
  checking: boolean;
  onSave: () => void;
  messages: readonly ShownMessage[];
  toast: string | null;
  refusal: StudioError | null;
}) {
  return (
    <div className="studio-savebar">
      <button type="button" className="btn" onClick={onSave} disabled={checking}>
        Save the change
      </button>
      <span className="studio-muted">
        {changedPaths.length > 0 ? `Changed: ${changedPaths.join(', ')}` : 'No change yet'}
        {requireApproval ? ' · a second analyst approves before it goes live' : ''}
      </span>
      {messages.map((m) => (
        <p
          key={m.id}
          role={m.tone === 'error' ? 'alert' : 'status'}
          className={`studio-message studio-message--${m.tone}`}
        >
          {m.text}
        </p>
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
            <ul>
              {refusal.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function SaveDialog({
  dialog,
  onConfirm,
  onClose,
}: {
  dialog: { title?: string; text: string } | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={dialog !== undefined} title={dialog?.title ?? ''} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < 3) return;
          onConfirm(reason.trim());
          setReason('');
        }}
      >
        <p>{dialog?.text}</p>
        <label className="studio-form">
          Reason for the change
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            minLength={3}
            maxLength={500}
          />
        </label>
        <div className="dialog__actions">
          <button type="submit" className="btn">
            Save with this reason
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
