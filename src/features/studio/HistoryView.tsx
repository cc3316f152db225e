/**
 * The history of the live rules, newest first, with the approved changes waiting for their go-live time
 * above it: any change can be reverted on its own, and any earlier version restored, each shown with what
 * it changes, its diff and its impact before it is proposed (the review machine proposes it: "Proposing…"
 * from the first click until the server answers).
 */
import { useEffect, useRef } from 'react';
import type { LiveRules, StudioApi, StudioSession } from './api';
import { ChangeView, localTime } from './ChangeView';
import type { ReviewLists } from './lists';
import {
  ActionButton,
  ListState,
  ReviewDialog,
  ReviewStatus,
  ScheduledList,
  useStatusFocus,
} from './PendingView';
import { ProposalDialog } from './ProposalDialog';
import { useReview } from './review';

const REVERTIBLE = new Set(['change', 'restore', 'revert', 'outside']);

export function HistoryView({
  api,
  session,
  live,
  lists,
  clock,
  onRestored,
}: {
  api: StudioApi;
  session: StudioSession;
  live: LiveRules;
  lists: ReviewLists;
  clock: () => number;
  onRestored: () => void;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  const review = useReview(api, () => {
    onRestored();
    lists.refresh();
  });
  const history = lists.history;
  const all = [...(history?.history ?? []), ...(history?.scheduled ?? [])];
  useEffect(() => {
    review.side.set({ ...review.side.current, changes: all });
  });
  useStatusFocus(review, status);
  const { snapshot, send } = review;
  const kind = snapshot.context.kind;
  const proposing =
    (snapshot.matches('asking') || snapshot.matches('acting')) && (kind === 'revert' || kind === 'restore')
      ? all.find((c) => c.id === snapshot.context.change)
      : undefined;
  // The version each entry left live: only entries that changed files make a version of their own.
  const versions = (history?.history ?? []).filter((c) => c.files.length > 0 || c.kind === 'start');
  const now = clock();
  return (
    <section aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">History of the live rules</h2>
      <ReviewStatus review={review} box={status} />
      <ListState what="the history" state={lists.historyState} known={history !== null} />
      <ScheduledList session={session} scheduled={history?.scheduled ?? []} review={review} clock={clock} />
      {(history?.history ?? []).map((c) => (
        <ChangeView key={c.id} c={c} now={now}>
          <div className="studio-toolbar">
            {REVERTIBLE.has(c.kind) && c.files.length > 0 ? (
              <ActionButton
                text="Revert"
                reason={c.reason}
                more
                disabled={review.acting}
                onClick={() => send({ type: 'REVIEW.OPEN', kind: 'revert', change: c.id })}
              />
            ) : null}
            {versions.includes(c) && versions[0] !== c ? (
              <ActionButton
                text="Restore this version"
                reason={c.reason}
                more
                disabled={review.acting}
                onClick={() => send({ type: 'REVIEW.OPEN', kind: 'restore', change: c.id })}
              />
            ) : null}
          </div>
        </ChangeView>
      ))}
      {history && history.history.length > 0 ? (
        <p className="studio-muted">
          The history starts on {localTime(history.history.at(-1)!.author.date)}.
        </p>
      ) : null}
      <ReviewDialog review={review} changes={all} onFocusLost={() => status.current} />
      {proposing && (kind === 'revert' || kind === 'restore') ? (
        <ProposalDialog
          key={`${kind} ${proposing.id}`}
          kind={kind}
          change={proposing}
          api={api}
          live={live}
          busy={review.busy(kind, proposing.id)}
          problem={snapshot.context.problem}
          onClose={() => send({ type: 'REVIEW.CLOSE' })}
          onPropose={(reason, impact) => {
            review.side.set({ ...review.side.current, impact });
            send({ type: 'REVIEW.CONFIRM', text: reason });
          }}
          focusFallback={() => status.current}
        />
      ) : null}
    </section>
  );
}
