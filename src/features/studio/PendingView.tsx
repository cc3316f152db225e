/**
 * The changes waiting for review, as a change process: a reviewer approves a change now or at a chosen
 * time, or sends it back with a comment; its author sees the comment and revises it (the revised change
 * replaces it) or withdraws it, with a reason the history keeps. Approved changes waiting for their go-live
 * time are listed too; their author or approver may cancel them.
 */
import { useCallback, useEffect, useState } from 'react';
import { StudioError, type Change, type StudioApi, type StudioSession } from './api';
import { ChangeView, localTime } from './ChangeView';
import { ReasonDialog } from './ReasonDialog';

type Action = { kind: 'withdraw' | 'send-back' | 'schedule' | 'cancel'; change: Change };

const errorText = (e: unknown): string =>
  e instanceof StudioError ? [e.message, ...e.problems].join(' ') : String(e);

/** An ISO time with its zone from a datetime-local value (the analyst's local time), or null. */
function isoOfLocal(value: string): string | null {
  const t = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && Number.isFinite(t)
    ? new Date(t).toISOString()
    : null;
}

function ActionDialog({
  action,
  api,
  onClose,
  onDone,
}: {
  action: Action;
  api: StudioApi;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [at, setAt] = useState('');
  const c = action.change;
  const run = (fn: () => Promise<unknown>, done: string): void => {
    fn().then(
      () => onDone(done),
      (e: unknown) => setProblem(errorText(e)),
    );
  };
  if (action.kind === 'schedule') {
    return (
      <ReasonDialog
        title="Approve and schedule"
        intro={`“${c.reason}” is approved now and goes live at the time you choose (your local time).`}
        label="Note for the record (who asked for this time)"
        submit="Approve and schedule"
        problem={problem}
        extra={
          <label className="studio-form">
            Go live at
            <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
          </label>
        }
        onClose={onClose}
        onSubmit={() => {
          const iso = isoOfLocal(at);
          if (!iso) return setProblem('Choose the date and time it goes live.');
          run(() => api.approve(c.id, iso), `Approved: ${c.reason}. It goes live on ${localTime(iso)}.`);
        }}
      />
    );
  }
  const texts = {
    withdraw: {
      title: 'Withdraw this change',
      intro: `“${c.reason}” will not go live. The history keeps that you withdrew it, and why.`,
      label: 'Reason for withdrawing it',
      submit: 'Withdraw the change',
      call: (text: string) => api.withdraw(c.id, text),
      done: `Withdrawn: ${c.reason}.`,
    },
    cancel: {
      title: 'Cancel the go-live',
      intro: `“${c.reason}” will not go live${c.goLive ? ` on ${localTime(c.goLive)}` : ''}. The history keeps why.`,
      label: 'Reason for cancelling it',
      submit: 'Cancel the go-live',
      call: (text: string) => api.withdraw(c.id, text),
      done: `Cancelled: ${c.reason}.`,
    },
    'send-back': {
      title: 'Send this change back',
      intro: `Its author sees your comment beside “${c.reason}” and revises or withdraws it.`,
      label: 'Comment for the author',
      submit: 'Send it back',
      call: (text: string) => api.sendBack(c.id, text),
      done: `Sent back: ${c.reason}.`,
    },
  }[action.kind];
  return (
    <ReasonDialog
      title={texts.title}
      intro={texts.intro}
      label={texts.label}
      submit={texts.submit}
      problem={problem}
      onClose={onClose}
      onSubmit={(text) => run(() => texts.call(text), texts.done)}
    />
  );
}

/** Approved changes waiting for their time. */
export function ScheduledList({
  api,
  session,
  scheduled,
  onChanged,
}: {
  api: StudioApi;
  session: StudioSession;
  scheduled: readonly Change[];
  onChanged: (message: string) => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  if (scheduled.length === 0) return null;
  return (
    <section aria-labelledby="studio-scheduled-title" className="studio-panel">
      <h3 id="studio-scheduled-title">Scheduled to go live</h3>
      {scheduled.map((c) => (
        <ChangeView key={c.id} c={c}>
          <p className="studio-message studio-message--info">
            Approved; scheduled to go live on {c.goLive ? localTime(c.goLive) : '?'}.
          </p>
          {c.authorId === session.analyst.id ||
          (c.approvedBy ?? '').startsWith(`${session.analyst.name} <`) ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setAction({ kind: 'cancel', change: c })}
            >
              Cancel the go-live of “{c.reason}”
            </button>
          ) : null}
        </ChangeView>
      ))}
      {action ? (
        <ActionDialog
          action={action}
          api={api}
          onClose={() => setAction(null)}
          onDone={(m) => {
            setAction(null);
            onChanged(m);
          }}
        />
      ) : null}
    </section>
  );
}

export function ChangesView({
  api,
  session,
  onLive,
  onRevise,
}: {
  api: StudioApi;
  session: StudioSession;
  onLive: () => void;
  /** The author revises a change sent back: its files become the draft, and saving replaces it. */
  onRevise: (change: Change) => void;
}) {
  const [changes, setChanges] = useState<{ pending: Change[]; scheduled: Change[] } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const load = useCallback(
    () => api.changes().then(setChanges, (e: unknown) => setMessage(String(e))),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const done = (m: string): void => {
    setAction(null);
    setMessage(m);
    onLive();
    void load();
  };
  const approver = session.roles.approver;
  const pending = changes?.pending ?? [];
  return (
    <section aria-labelledby="studio-pending-title">
      <h2 id="studio-pending-title">Pending changes</h2>
      {message ? <p role="status">{message}</p> : null}
      {changes === null ? (
        <p>Loading…</p>
      ) : pending.length === 0 ? (
        <p>No change waits for approval.</p>
      ) : null}
      {pending.map((c) => {
        const mine = c.authorId === session.analyst.id;
        return (
          <ChangeView key={c.id} c={c}>
            {c.sentBack ? (
              <div className="studio-message studio-message--error" role="note" aria-label="Sent back">
                <p>
                  Sent back by {c.sentBack.by} on {localTime(c.sentBack.date)}: “{c.sentBack.comment}”
                </p>
                {mine ? <p>Revise it (your revised change replaces this one), or withdraw it.</p> : null}
              </div>
            ) : null}
            <div className="studio-toolbar">
              {!mine && !c.sentBack ? (
                <button
                  type="button"
                  className="btn"
                  disabled={!approver}
                  onClick={() =>
                    void api.approve(c.id).then(
                      () => done(`Approved: ${c.reason}. It is live.`),
                      (e: unknown) => setMessage(errorText(e)),
                    )
                  }
                >
                  Approve “{c.reason}”
                </button>
              ) : null}
              {approver && !mine && !c.sentBack ? (
                <>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => setAction({ kind: 'schedule', change: c })}
                  >
                    Schedule “{c.reason}”…
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => setAction({ kind: 'send-back', change: c })}
                  >
                    Send “{c.reason}” back…
                  </button>
                </>
              ) : null}
              {mine && c.sentBack ? (
                <button type="button" className="btn" onClick={() => onRevise(c)}>
                  Revise “{c.reason}”
                </button>
              ) : null}
              {mine ? (
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => setAction({ kind: 'withdraw', change: c })}
                >
                  Withdraw “{c.reason}”…
                </button>
              ) : null}
            </div>
            {mine && !c.sentBack ? (
              <p className="studio-muted">You made this change: another analyst approves it.</p>
            ) : !mine && !approver ? (
              <p className="studio-muted">
                Approving needs the approver role, which your account does not have.
              </p>
            ) : null}
          </ChangeView>
        );
      })}
      <ScheduledList
        api={api}
        session={session}
        scheduled={changes?.scheduled ?? []}
        onChanged={(m) => done(m)}
      />
      {action ? (
        <ActionDialog action={action} api={api} onClose={() => setAction(null)} onDone={done} />
      ) : null}
    </section>
  );
}
