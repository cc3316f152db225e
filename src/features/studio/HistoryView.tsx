/**
 * The history of the live rules, newest first, with the approved changes waiting for their go-live time
 * above it: any change can be reverted on its own, and any earlier version restored, each shown with what
 * it changes, its diff and its impact before it is proposed.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Change, LiveRules, StudioApi, StudioSession } from './api';
import { ChangeView, localTime } from './ChangeView';
import { ProposalDialog, type ProposalKind } from './ProposalDialog';
import { ScheduledList } from './PendingView';

const REVERTIBLE = new Set(['change', 'restore', 'revert', 'outside']);

export function HistoryView({
  api,
  session,
  live,
  onRestored,
}: {
  api: StudioApi;
  session: StudioSession;
  live: LiveRules;
  onRestored: () => void;
}) {
  const [history, setHistory] = useState<{ history: Change[]; scheduled: Change[] } | null>(null);
  const [open, setOpen] = useState<{ kind: ProposalKind; change: Change } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(
    () => api.history().then(setHistory, (e: unknown) => setMessage(String(e))),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  // The version each entry left live: only entries that changed files make a version of their own.
  const versions = (history?.history ?? []).filter((c) => c.files.length > 0 || c.kind === 'start');
  return (
    <section aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">History of the live rules</h2>
      {message ? <p role="status">{message}</p> : null}
      {history === null ? <p>Loading…</p> : null}
      <ScheduledList
        api={api}
        session={session}
        scheduled={history?.scheduled ?? []}
        onChanged={(m) => {
          setMessage(m);
          void load();
        }}
      />
      {(history?.history ?? []).map((c) => (
        <ChangeView key={c.id} c={c}>
          <div className="studio-toolbar">
            {REVERTIBLE.has(c.kind) && c.files.length > 0 ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setOpen({ kind: 'revert', change: c })}
              >
                Revert “{c.reason}”
              </button>
            ) : null}
            {versions.includes(c) && versions[0] !== c ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setOpen({ kind: 'restore', change: c })}
              >
                Restore the version “{c.reason}”
              </button>
            ) : null}
          </div>
        </ChangeView>
      ))}
      {history && history.history.length > 0 ? (
        <p className="studio-muted">
          The history starts on {localTime(history.history.at(-1)!.author.date)}.
        </p>
      ) : null}
      {open ? (
        <ProposalDialog
          kind={open.kind}
          change={open.change}
          api={api}
          live={live}
          onClose={() => setOpen(null)}
          onDone={(m) => {
            setOpen(null);
            setMessage(m);
            onRestored();
            void load();
          }}
        />
      ) : null}
    </section>
  );
}
