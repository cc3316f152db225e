/**
 * Gradual rollout (issue 32, docs/decisions/044): an approver approves another analyst's change for a share
 * of accounts (5, 25, 50 or 100 %), seeing how many accounts that is expected to reach from the change's
 * recorded impact; then raises or lowers the share, ends the rollout (every account back on the live rules)
 * or puts the change live for everyone. Each step is one call with a reason the history keeps beside who set
 * the share. The outcome is announced in a status region; a refusal in an alert with the server's words.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { studioRolloutMachine, type RolloutAct } from '../../../machines/studio-rollout.machine';
import { usePageFlow } from '../../stores/use-page-flow';
import type { Change, LiveEffect, RolloutEffect, RolloutEntry, StudioApi, StudioSession } from './api';
import { localTime } from './ChangeView';
import { readFigures } from './impact-client';
import type { ReviewLists } from './lists';
import { Holder } from './model';
import { refusalText } from './review';

/** The shares an approver picks from; 0 (in a running rollout) sends every account back to the live rules. */
const SHARES = [5, 25, 50, 100] as const;

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "about 68 of 100,000 accounts (25 % of the 270 whose decisions change)", from the change's figures. */
export function expectedAt(impact: unknown, share: number): string | null {
  const figures = readFigures(impact);
  if (!figures) return null;
  return `about ${count((figures.changedAccounts * share) / 100)} of ${count(figures.accounts)} accounts (${share} % of the ${count(
    figures.changedAccounts,
  )} whose decisions change)`;
}

export function RolloutsView({
  api,
  session,
  lists,
  onLive,
}: {
  api: StudioApi;
  session: StudioSession;
  lists: ReviewLists;
  /** The live rules changed (a rollout's file is in them): the studio reloads them. */
  onLive: () => void;
}) {
  const pending = lists.changes?.pending ?? [];
  const [rollouts, setRollouts] = useState<RolloutEntry[] | null>(null);
  const [loadProblem, setLoadProblem] = useState('');
  const load = useCallback(() => {
    api.rollouts().then(
      (list) => {
        setRollouts(list);
        setLoadProblem('');
      },
      (e: unknown) => setLoadProblem(refusalText(e)),
    );
  }, [api]);
  useEffect(load, [load]);

  // Each action is a step of machines/studio-rollout.machine.ts: the server's call, then the refreshed lists.
  // The machine is made once; it reads the pending changes and the refresh of the moment through this holder.
  const refresh = (): void => {
    load();
    onLive();
    lists.refresh();
  };
  const [latest] = useState(() => new Holder({ pending, refresh }));
  useEffect(() => {
    latest.set({ pending, refresh });
  });
  const [machine] = useState(() =>
    studioRolloutMachine.provide({
      actors: {
        act: fromPromise<string, RolloutAct>(({ input }) => rolloutAct(api, latest.current.pending, input)),
      },
      actions: { changed: () => latest.current.refresh() },
    }),
  );
  const [snapshot, send] = usePageFlow('studio-rollout', machine);
  const busy = snapshot.matches('acting');
  const status = snapshot.context.done ?? '';
  const problem = snapshot.context.problem ?? loadProblem;

  const approver = session.roles.approver;
  const approvable = pending.filter((c) => c.authorId !== session.analyst.id && !c.sentBack);
  return (
    <section aria-labelledby="studio-rollouts-title">
      <h2 id="studio-rollouts-title">Gradual rollouts</h2>
      <p role="status" className="studio-muted">
        {status}
      </p>
      {problem ? (
        <p role="alert" className="studio-message studio-message--error">
          {problem}
        </p>
      ) : null}
      {!approver ? (
        <p className="studio-muted">
          Rolling a change out needs the approver role, which your account does not have.
        </p>
      ) : null}
      {approver && approvable.length > 0 ? (
        <ApproveForShare
          changes={approvable}
          busy={busy}
          onApprove={(c, share, note) =>
            send({ type: 'ROLLOUT.APPROVE', change: c.id, share, note: note ?? '' })
          }
        />
      ) : null}
      {rollouts === null ? <p>Loading the rollouts…</p> : null}
      {rollouts !== null && rollouts.length === 0 ? (
        <p>No change is rolled out to a share of accounts.</p>
      ) : null}
      {(rollouts ?? []).map((r) => (
        <RolloutItem
          key={r.change}
          rollout={r}
          effect={<LiveEffect api={api} change={r.change} />}
          approver={approver}
          busy={busy}
          onShare={(share, reason) => send({ type: 'ROLLOUT.SHARE', change: r.change, share, reason })}
          onEnd={(reason, complete) => send({ type: 'ROLLOUT.END', change: r.change, reason, complete })}
        />
      ))}
    </section>
  );
}

/** The server's call for a rollout action, and the sentence it says once done (a refusal in the server's words). */
async function rolloutAct(api: StudioApi, pending: readonly Change[], input: RolloutAct): Promise<string> {
  try {
    switch (input.kind) {
      case 'approve': {
        await api.approveShare(input.change, input.share, input.note || undefined);
        const reason = pending.find((c) => c.id === input.change)?.reason ?? input.change.slice(0, 8);
        return `Approved for ${input.share} % of accounts: ${reason}.`;
      }
      case 'share':
        await api.setShare(input.change, input.share, input.reason);
        return `The rollout is now at ${input.share} % of accounts.`;
      case 'end':
        await api.endRollout(input.change, input.reason, input.complete);
        return input.complete
          ? 'The change is live for every account.'
          : 'The rollout ended: every account has the live rules.';
    }
  } catch (e) {
    throw new Error(refusalText(e));
  }
}

function ApproveForShare({
  changes,
  busy,
  onApprove,
}: {
  changes: readonly Change[];
  busy: boolean;
  onApprove: (c: Change, share: number, note?: string) => void;
}) {
  const [id, setId] = useState(changes[0]?.id ?? '');
  const [share, setShare] = useState<number>(SHARES[0]);
  const [note, setNote] = useState('');
  const change = changes.find((c) => c.id === id) ?? changes[0];
  if (!change) return null;
  const expected = expectedAt(change.impact, share);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApprove(change, share, note.trim() || undefined);
  };
  return (
    <form className="studio-form" aria-labelledby="studio-approve-share-title" onSubmit={submit}>
      <h3 id="studio-approve-share-title">Approve a change for a share of accounts</h3>
      <div className="studio-field">
        <label htmlFor="studio-rollout-change">Change</label>
        <select id="studio-rollout-change" value={change.id} onChange={(e) => setId(e.target.value)}>
          {changes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.reason} (by {c.author.name})
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>Share of accounts</legend>
        {SHARES.map((s) => (
          <label key={s} className="studio-field--inline">
            <input
              type="radio"
              name="studio-rollout-share"
              checked={share === s}
              onChange={() => setShare(s)}
            />{' '}
            {s} %
          </label>
        ))}
      </fieldset>
      <p id="studio-rollout-expected">
        {expected
          ? `Expected at ${share} %: ${expected}.`
          : 'No impact figures were recorded with this change: measure it in the impact panel to see how many accounts a share reaches.'}
      </p>
      <div className="studio-field">
        <label htmlFor="studio-rollout-note">Note for the record (optional)</label>
        <input
          id="studio-rollout-note"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn"
        aria-disabled={busy || undefined}
        aria-describedby="studio-rollout-expected"
      >
        {busy ? 'Approving…' : `Approve for ${share} %`}
      </button>
    </form>
  );
}

function RolloutItem({
  rollout: r,
  effect,
  approver,
  busy,
  onShare,
  onEnd,
}: {
  rollout: RolloutEntry;
  effect: ReactNode;
  approver: boolean;
  busy: boolean;
  onShare: (share: number, reason: string) => void;
  onEnd: (reason: string, complete: boolean) => void;
}) {
  const [share, setShare] = useState<number>(r.share);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = `studio-rollout-reason-${r.change}`;
  const act = (fn: (why: string) => void) => {
    const why = reason.trim();
    if (why.length < 3) {
      setMissing(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setMissing(false);
    if (!busy) fn(why);
  };
  return (
    <article className="studio-change" aria-label={`Rollout: ${r.summary}`}>
      <h3>{r.summary}</h3>
      <p>
        <strong>{r.share} % of accounts</strong>, set by {r.setBy} on {localTime(r.setAt)}
        {r.reason ? `: “${r.reason}”` : ''}. Files: {r.files.map((f) => `rules/${f}`).join(', ')}.
      </p>
      {effect}
      {approver ? (
        <div className="studio-form">
          <div className="studio-field">
            <label htmlFor={`studio-rollout-share-${r.change}`}>New share</label>
            <select
              id={`studio-rollout-share-${r.change}`}
              value={share}
              onChange={(e) => setShare(Number(e.target.value))}
            >
              {[0, ...SHARES].map((s) => (
                <option key={s} value={s}>
                  {s} %
                </option>
              ))}
            </select>
          </div>
          <div className="studio-field">
            <label htmlFor={reasonId}>Why (the history keeps it)</label>
            <input
              id={reasonId}
              value={reason}
              maxLength={500}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${reasonId}-problem` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {missing ? (
              <p id={`${reasonId}-problem`} className="studio-field__problem">
                Say why in a few words.
              </p>
            ) : null}
          </div>
          <div className="studio-toolbar">
            <button
              type="button"
              className="btn"
              aria-label={`Set the share to ${share} % for “${r.summary}”`}
              onClick={() => act((why) => onShare(share, why))}
            >
              Set the share to {share} %
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={`End the rollout of “${r.summary}”`}
              onClick={() => act((why) => onEnd(why, false))}
            >
              End the rollout
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={`Put live for everyone “${r.summary}”`}
              onClick={() => act((why) => onEnd(why, true))}
            >
              Put live for everyone
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}

type SideOf = RolloutEffect['live'];
type Action = 'tapped' | 'dismissed' | 'completed';

/** The sections customers acted on in this way on either side, by id. */
const actedSections = (effect: RolloutEffect, action: Action): string[] =>
  [...new Set([...Object.keys(effect.live[action] ?? {}), ...Object.keys(effect.new[action] ?? {})])].sort();

/** How often the live effect is asked again while the analyst watches. */
const EFFECT_REFRESH_MS = 10_000;

const ACTION_ROWS: Record<Action, { label: string; unit: [string, string] }> = {
  tapped: { label: 'Tapped', unit: ['tap', 'taps'] },
  dismissed: { label: 'Closed', unit: ['close', 'closes'] },
  completed: { label: 'Completed the flow of', unit: ['flow', 'flows'] },
};

const plural = (n: number, [one, many]: [string, string]): string => `${count(n)} ${n === 1 ? one : many}`;
const percentOf = (n: number, of: number): string => (of > 0 ? ` (${Math.round((100 * n) / of)} %)` : '');

/**
 * One cell: distinct customers with their share of `of` customers, then the times it happened. A server that
 * sends no distinct counts (an older one) shows the times alone.
 */
function Figure({
  customers,
  of,
  times,
  unit,
}: {
  customers?: number | undefined;
  of?: number;
  times: number;
  unit: [string, string];
}) {
  if (customers === undefined) return <>{plural(times, unit)}</>;
  return (
    <>
      {plural(customers, ['customer', 'customers'])}
      {percentOf(customers, of ?? 0)} · {plural(times, unit)}
    </>
  );
}

/**
 * What each side was shown since the share was set (every server's counts through Prometheus, or this
 * server's since it started): customers and their homes, how many were shown each section, and what they did
 * with a section: taps on its action, closes of its alert, and flows it started that they completed. Each
 * row counts distinct customers (with their share of those shown the home, or the section) and the times it
 * happened. Asked again every 10 s while shown.
 */
function LiveEffect({ api, change }: { api: StudioApi; change: string }) {
  const [live, setEffect] = useState<LiveEffect | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const ask = () =>
      api.rolloutEffect(change).then(
        (e) => live && setEffect(e),
        () => live && setEffect(null),
      );
    void ask();
    const timer = setInterval(() => void ask(), EFFECT_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, change]);
  if (live === undefined) return <p>Loading the live effect…</p>;
  if (live === null) return <p className="studio-muted">No live counts on this server.</p>;
  const effect = live.sides;
  const sections = [...new Set([...Object.keys(effect.live.shown), ...Object.keys(effect.new.shown)])].sort();
  const caption =
    live.source === 'prometheus'
      ? `Live effect: every server’s counts since the share was set${live.since ? ` (${localTime(live.since)})` : ''}`
      : 'Live effect: this server’s counts since it started';
  const sides = (cell: (side: SideOf) => ReactNode) => (
    <>
      <td>{cell(effect.live)}</td>
      <td>{cell(effect.new)}</td>
    </>
  );
  return (
    <>
      {live.problem ? (
        <p className="studio-muted">Every server’s counts are not available: {live.problem}.</p>
      ) : null}
      <table className="studio-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Live side</th>
            <th scope="col">New side</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Homes shown</th>
            {sides((e) => (
              <Figure customers={e.customers?.home} times={e.homes} unit={['home', 'homes']} />
            ))}
          </tr>
          <tr>
            <th scope="row">Issue-log records</th>
            {sides((e) => count(e.issues ?? 0))}
          </tr>
          {sections.map((s) => (
            <tr key={s}>
              <th scope="row">Showed {s}</th>
              {sides((e) => (
                <Figure
                  customers={e.customers ? (e.customers.shown[s] ?? 0) : undefined}
                  of={e.customers?.home ?? 0}
                  times={e.shown[s] ?? 0}
                  unit={['home', 'homes']}
                />
              ))}
            </tr>
          ))}
          {(['tapped', 'dismissed', 'completed'] as const).flatMap((action) =>
            actedSections(effect, action).map((s) => (
              <tr key={`${action}:${s}`}>
                <th scope="row">
                  {ACTION_ROWS[action].label} {s}
                </th>
                {sides((e) => (
                  <Figure
                    customers={
                      action === 'dismissed' || !e.customers ? undefined : (e.customers[action][s] ?? 0)
                    }
                    of={e.customers?.shown[s] ?? 0}
                    times={e[action]?.[s] ?? 0}
                    unit={ACTION_ROWS[action].unit}
                  />
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </>
  );
}
