/**
 * The changes waiting for review, as a conversation: a reviewer approves a change now or at a chosen time
 * (with a note for the record), or sends it back with a comment; its author sees the comment and revises it
 * (the revised change replaces it) or withdraws it, with a reason the history keeps; everyone sees every
 * round of comments. Approved changes waiting for their go-live time are listed too; their author or
 * approver may cancel them. Each action runs in the review machine (review.ts): its button says
 * "Approving…", "Sending back…" from the first click until the server answers.
 */
import { useEffect, useRef, useState } from 'react';
import type { Change, StudioApi, StudioSession } from './api';
import { ChangeView, localTime } from './ChangeView';
import { focusLost } from './focus';
import type { ReviewLists } from './lists';
import { ReasonDialog } from './ReasonDialog';
import { RolloutsView } from './RolloutsView';
import { useReview, type Review } from './review';
import { threadOf } from './thread';
import { sentence } from './words';

/** An ISO time with its zone from a datetime-local value (the analyst's local time), or null. */
function isoOfLocal(value: string): string | null {
  const t = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && Number.isFinite(t)
    ? new Date(t).toISOString()
    : null;
}

/**
 * A button that acts on a change: short visible text ("Approve", "Send back…"), and a name that says which
 * change for assistive technologies ("Approve “Warn 45 days…”"), unique on the page and starting with the
 * visible words (so speech input finds it by them).
 */
export function ActionButton({
  text,
  reason,
  more = false,
  busy = null,
  waiting = false,
  className = 'btn btn--secondary',
  disabled,
  onClick,
}: {
  text: string;
  reason: string;
  /** It opens a dialog that asks more (shown as "…"). */
  more?: boolean;
  /** Its call runs: what it says meanwhile ("Approving…"); it stays focusable, and does nothing. */
  busy?: string | null;
  /** Another action runs: it stays focusable and does nothing until that one is answered. */
  waiting?: boolean;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-disabled={busy !== null || waiting || undefined}
      aria-label={busy ?? `${text} “${reason}”${more ? '…' : ''}`}
      onClick={() => busy === null && !waiting && onClick()}
    >
      {busy ?? `${text}${more ? '…' : ''}`}
    </button>
  );
}

/** The dialog of the action the review machine asks about (and keeps open while its call runs). */
function ActionDialog({
  review,
  change: c,
  onFocusLost,
}: {
  review: Review;
  change: Change;
  onFocusLost: () => HTMLElement | null | undefined;
}) {
  const { snapshot, send } = review;
  const [at, setAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kind = snapshot.context.kind;
  const busy = snapshot.matches('acting') && kind ? review.busy(kind, c.id) : null;
  const shared = {
    problem: problem ?? snapshot.context.problem,
    busy,
    onClose: () => send({ type: 'REVIEW.CLOSE' }),
    focusFallback: onFocusLost,
  };
  if (kind === 'schedule') {
    return (
      <ReasonDialog
        {...shared}
        title="Approve and schedule"
        intro={`“${c.reason}” is approved now and goes live at the time you choose (your local time).`}
        label="Note for the record (who asked for this time)"
        submit="Approve and schedule"
        extra={
          <label className="studio-form">
            Go live at
            <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
          </label>
        }
        onSubmit={(note) => {
          const iso = isoOfLocal(at);
          if (!iso) return setProblem('Choose the date and time it goes live.');
          setProblem(null);
          send({ type: 'REVIEW.CONFIRM', text: note, goLiveAt: iso });
        }}
      />
    );
  }
  const texts = {
    withdraw: {
      title: 'Withdraw this change',
      intro: `“${c.reason}” will not go live. The history keeps that you withdrew it, and why.`,
      label: 'Reason for withdrawing it',
      submit: 'Withdraw',
    },
    cancel: {
      title: 'Cancel the go-live',
      intro: `“${c.reason}” will not go live${c.goLive ? ` on ${localTime(c.goLive)}` : ''}. The history keeps why.`,
      label: 'Reason for cancelling it',
      submit: 'Cancel the go-live',
    },
    'send-back': {
      title: 'Send this change back',
      intro: `Its author sees your comment beside “${c.reason}” and revises or withdraws it.`,
      label: 'Comment for the author',
      submit: 'Send back',
    },
  }[kind === 'withdraw' || kind === 'cancel' || kind === 'send-back' ? kind : 'withdraw'];
  return (
    <ReasonDialog
      {...shared}
      title={texts.title}
      intro={texts.intro}
      label={texts.label}
      submit={texts.submit}
      onSubmit={(text) => send({ type: 'REVIEW.CONFIRM', text })}
    />
  );
}

/** The dialog of the review machine, when it asks about a change of this list (or runs its call). */
export function ReviewDialog({
  review,
  changes,
  onFocusLost,
}: {
  review: Review;
  changes: readonly Change[];
  onFocusLost: () => HTMLElement | null | undefined;
}) {
  const { snapshot } = review;
  const kind = snapshot.context.kind;
  const open =
    (snapshot.matches('asking') || snapshot.matches('acting')) &&
    (kind === 'schedule' || kind === 'send-back' || kind === 'withdraw' || kind === 'cancel');
  const change = changes.find((c) => c.id === snapshot.context.change);
  if (!open || !change) return null;
  return (
    <ActionDialog key={`${kind} ${change.id}`} review={review} change={change} onFocusLost={onFocusLost} />
  );
}

/** What the last action did, or why it was refused: said where the list is, focusable. */
export function ReviewStatus({
  review,
  box,
}: {
  review: Review;
  box: React.RefObject<HTMLParagraphElement | null>;
}) {
  const { snapshot } = review;
  const refused = snapshot.matches('idle') && snapshot.context.problem;
  return (
    <p ref={box} tabIndex={-1} role={refused ? 'alert' : 'status'} className="studio-review-status">
      {refused ? snapshot.context.problem : snapshot.matches('done') ? snapshot.context.done : ''}
    </p>
  );
}

/**
 * Once an action is done or refused, focus that was lost (the change acted on left the list with its
 * buttons) goes to the sentence saying what happened, never to the top of the page.
 */
export function useStatusFocus(review: Review, status: React.RefObject<HTMLElement | null>): void {
  const said = review.snapshot.matches('done') || review.snapshot.context.problem !== null;
  const key = `${String(review.snapshot.value)} ${review.snapshot.context.done ?? ''} ${review.snapshot.context.problem ?? ''}`;
  useEffect(() => {
    if (!said) return undefined;
    const t = setTimeout(() => {
      if (focusLost()) status.current?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, [said, key, status]);
}

/** Approved changes waiting for their time. */
export function ScheduledList({
  session,
  scheduled,
  review,
  clock,
}: {
  session: StudioSession;
  scheduled: readonly Change[];
  review: Review;
  clock: () => number;
}) {
  if (scheduled.length === 0) return null;
  return (
    <section aria-labelledby="studio-scheduled-title" className="studio-panel">
      <h3 id="studio-scheduled-title">Scheduled to go live</h3>
      {scheduled.map((c) => (
        <ChangeView key={c.id} c={c} now={clock()} scheduled>
          {c.authorId === session.analyst.id ||
          (c.approvedBy ?? '').startsWith(`${session.analyst.name} <`) ? (
            <ActionButton
              text="Cancel the go-live"
              reason={c.reason}
              more
              disabled={review.acting}
              onClick={() => review.send({ type: 'REVIEW.OPEN', kind: 'cancel', change: c.id })}
            />
          ) : null}
        </ChangeView>
      ))}
    </section>
  );
}

/** Every round of a change's review, oldest first. */
export function Thread({ change, history }: { change: Change; history: readonly Change[] | null }) {
  // The comment of this round is said beside the change's buttons ("Sent back by ..."), not twice.
  const entries = threadOf(change, history ?? []).filter(
    (e) => !(e.kind === 'sent-back' && e.round === change.reason && e.text === change.sentBack?.comment),
  );
  if (entries.length === 0) return null;
  return (
    <section className="studio-thread" aria-label={`Review of “${change.reason}”`}>
      <h4>The review so far</h4>
      <ol>
        {entries.map((e, i) => (
          <li
            key={i}
            className={e.kind === 'sent-back' ? 'studio-thread__comment' : 'studio-thread__revision'}
          >
            {e.kind === 'sent-back' ? (
              <>
                <strong>{e.by}</strong> sent “{e.round}” back on {localTime(e.date)}: “{e.text}”
              </>
            ) : (
              <>
                <strong>{e.by}</strong> revised “{e.round}” on {localTime(e.date)}, as “{e.text}”.
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ChangesView({
  api,
  session,
  lists,
  clock,
  onLive,
  onRevise,
}: {
  api: StudioApi;
  session: StudioSession;
  lists: ReviewLists;
  clock: () => number;
  onLive: () => void;
  /** The author revises a change sent back: its files become the draft, and saving replaces it. */
  onRevise: (change: Change) => void;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  const review = useReview(api, () => {
    onLive();
    lists.refresh();
  });
  const changes = lists.changes;
  const pending = changes?.pending ?? [];
  const all = [...pending, ...(changes?.scheduled ?? [])];
  useEffect(() => {
    review.side.set({ changes: all });
  });
  useStatusFocus(review, status);
  const approver = session.roles.approver;
  const acting = review.acting;
  return (
    <section aria-labelledby="studio-pending-title">
      <h2 id="studio-pending-title">Pending changes</h2>
      <ReviewStatus review={review} box={status} />
      <ListState what="the pending changes" state={lists.changesState} known={changes !== null} />
      {changes !== null && pending.length === 0 ? <p>No change waits for approval.</p> : null}
      {pending.map((c) => {
        const mine = c.authorId === session.analyst.id;
        return (
          <ChangeView key={c.id} c={c} now={clock()}>
            <Thread change={c} history={lists.history?.history ?? null} />
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
                <ActionButton
                  text="Approve"
                  reason={c.reason}
                  className="btn"
                  disabled={!approver}
                  busy={review.busy('approve', c.id)}
                  waiting={acting}
                  onClick={() => review.send({ type: 'REVIEW.APPROVE', change: c.id })}
                />
              ) : null}
              {approver && !mine && !c.sentBack ? (
                <>
                  <ActionButton
                    text="Schedule"
                    reason={c.reason}
                    more
                    disabled={acting}
                    onClick={() => review.send({ type: 'REVIEW.OPEN', kind: 'schedule', change: c.id })}
                  />
                  <ActionButton
                    text="Send back"
                    reason={c.reason}
                    more
                    disabled={acting}
                    onClick={() => review.send({ type: 'REVIEW.OPEN', kind: 'send-back', change: c.id })}
                  />
                </>
              ) : null}
              {mine && c.sentBack ? (
                <ActionButton
                  text="Revise"
                  reason={c.reason}
                  className="btn"
                  disabled={acting}
                  onClick={() => onRevise(c)}
                />
              ) : null}
              {mine ? (
                <ActionButton
                  text="Withdraw"
                  reason={c.reason}
                  more
                  disabled={acting}
                  onClick={() => review.send({ type: 'REVIEW.OPEN', kind: 'withdraw', change: c.id })}
                />
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
      <ScheduledList session={session} scheduled={changes?.scheduled ?? []} review={review} clock={clock} />
      <ReviewDialog review={review} changes={all} onFocusLost={() => status.current} />
      <RolloutsView api={api} session={session} lists={lists} onLive={onLive} />
    </section>
  );
}

/**
 * A list's loading state: "Loading…" only while the first request for it runs (what is known stays shown
 * while it is refreshed, marked so), and a failure said as such, never a "Loading…" that stays.
 */
export function ListState({
  what,
  state,
  known,
}: {
  what: string;
  state: { loading: boolean; problem: string | null };
  known: boolean;
}) {
  if (state.problem)
    return (
      <p role="alert" className="studio-message studio-message--error">
        {sentence(`${known ? `Could not refresh ${what}` : `Could not load ${what}`}: ${state.problem}`)}
      </p>
    );
  if (!state.loading) return null;
  return <p role="status">{known ? 'Refreshing…' : 'Loading…'}</p>;
}
