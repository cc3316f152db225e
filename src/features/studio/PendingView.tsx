/** The changes waiting for a second analyst: approve or withdraw. */
import { useCallback, useEffect, useState } from 'react';
import { StudioError, type Change, type StudioApi, type StudioSession } from './api';
import { ChangeView } from './ChangeView';

export function ChangesView({
  api,
  session,
  onLive,
}: {
  api: StudioApi;
  session: StudioSession;
  onLive: () => void;
}) {
  const [pending, setPending] = useState<Change[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(
    () => api.pending().then(setPending, (e: unknown) => setMessage(String(e))),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (fn: () => Promise<unknown>, done: string): Promise<void> => {
    try {
      await fn();
      setMessage(done);
      onLive();
    } catch (e) {
      setMessage(e instanceof StudioError ? [e.message, ...e.problems].join(' ') : String(e));
    }
    await load();
  };
  return (
    <section aria-labelledby="studio-pending-title">
      <h2 id="studio-pending-title">Pending changes</h2>
      {message ? <p role="status">{message}</p> : null}
      {pending === null ? (
        <p>Loading…</p>
      ) : pending.length === 0 ? (
        <p>No change waits for approval.</p>
      ) : null}
      {(pending ?? []).map((c) => (
        <ChangeView key={c.id} c={c}>
          <button
            type="button"
            className="btn"
            disabled={c.authorId === session.analyst.id}
            onClick={() => void act(() => api.approve(c.id), `Approved: ${c.reason}. It is live.`)}
          >
            Approve “{c.reason}”
          </button>{' '}
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void act(() => api.withdraw(c.id), `Withdrawn: ${c.reason}.`)}
          >
            Withdraw
          </button>
          {c.authorId === session.analyst.id ? (
            <p className="studio-muted">You made this change: another analyst approves it.</p>
          ) : null}
        </ChangeView>
      ))}
    </section>
  );
}
