/** The history of the live rules, with a restore of any earlier version. */
import { useCallback, useEffect, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { StudioError, type Change, type LiveRules, type StudioApi } from './api';
import { ChangeView } from './ChangeView';
import { impactFigures, startImpact, type ImpactFigures } from './impact-client';

/** The impact figures of making an earlier version live again, or undefined when they cannot be measured. */
async function restoreFigures(
  api: StudioApi,
  live: LiveRules,
  version: string,
): Promise<ImpactFigures | undefined> {
  try {
    const files = await api.version(version);
    const r = await startImpact(live.files, { ...live.files, ...files }, () => {}).result;
    r.release();
    return impactFigures(r);
  } catch {
    return undefined;
  }
}

export function HistoryView({
  api,
  live,
  onRestored,
}: {
  api: StudioApi;
  live: LiveRules | null;
  onRestored: () => void;
}) {
  const [history, setHistory] = useState<Change[] | null>(null);
  const [restoring, setRestoring] = useState<Change | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const load = useCallback(
    () => api.history().then(setHistory, (e: unknown) => setMessage(String(e))),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">History of the live rules</h2>
      {message ? <p role="status">{message}</p> : null}
      {(history ?? []).map((c, i) => (
        <ChangeView key={c.id} c={c}>
          {i > 0 ? (
            <button type="button" className="btn btn--secondary" onClick={() => setRestoring(c)}>
              Restore the version “{c.reason}”
            </button>
          ) : null}
        </ChangeView>
      ))}
      <Dialog open={restoring !== null} title="Restore this version" onClose={() => setRestoring(null)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const target = restoring;
            if (!target || reason.trim().length < 3 || measuring) return;
            // The restore's impact on the generated accounts is measured first and kept with it.
            setMeasuring(true);
            (live ? restoreFigures(api, live, target.id) : Promise.resolve(undefined))
              .then((figures) => api.restore(target.id, reason.trim(), figures))
              .finally(() => setMeasuring(false))
              .then(
                (r) => {
                  setMessage(
                    r.pending
                      ? 'The restore waits for a second analyst’s approval.'
                      : 'Restored: it is live.',
                  );
                  setRestoring(null);
                  setReason('');
                  onRestored();
                  void load();
                },
                (err: unknown) =>
                  setMessage(
                    err instanceof StudioError ? [err.message, ...err.problems].join(' ') : String(err),
                  ),
              );
          }}
        >
          <p>
            Every rule and case file goes back to the version “{restoring?.reason}”. The restore is recorded
            like any change.
          </p>
          <label className="studio-form">
            Reason for the restore
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={3}
              maxLength={500}
            />
          </label>
          {measuring ? (
            <p role="status">Measuring the impact of the restore on the generated accounts…</p>
          ) : null}
          <div className="dialog__actions">
            <button type="submit" className="btn" aria-disabled={measuring}>
              Restore
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setRestoring(null)}>
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
