/**
 * A recorded change as the pending list and the history show it, in an analyst's words: what it did rule by
 * rule, who made it and when (the analyst's local time), who approved it, why, its impact; events (a
 * change withdrawn or sent back, a hand edit, a go-live that failed) say what happened. The git hash and the
 * raw diff are details.
 */
import type { ReactNode } from 'react';
import type { Change, ChangeLine } from './api';
import { readFigures } from './impact-client';
import { ImpactFiguresView } from './ImpactPanel';
import { Diff } from './parts';

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the analyst's own time zone; text that is not a date is shown as it is. */
export function localTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? FORMAT.format(t) : iso;
}

const nameOf = (person: string | undefined): string => (person ?? '').replace(/ <.*>$/, '');

/** What kind of entry it is, in words (a plain change says nothing more). */
function kindText(c: Change): string | null {
  switch (c.kind) {
    case 'start':
      return null;
    case 'restore':
      return `Restores an earlier version (${c.restores?.slice(0, 8) ?? '?'}).`;
    case 'revert':
      return 'Reverts one earlier change.';
    case 'outside':
      return c.check === 'rejected'
        ? 'Edited outside the studio, and rejected by the checks: customers get the last valid version of these files.'
        : c.check === 'valid'
          ? 'Edited outside the studio; the checks found it valid.'
          : 'Edited outside the studio.';
    case 'withdrawn':
      return `Withdrew the change “${c.about?.reason ?? ''}”.`;
    case 'sent-back':
      return `Sent the change “${c.about?.reason ?? ''}” back to its author.`;
    case 'go-live-failed':
      return `The change “${c.about?.reason ?? ''}” could not go live at its scheduled time.`;
    case 'rollout':
      return `Approved for ${c.rollout?.share ?? '?'} % of accounts by ${c.rollout?.setBy ?? '?'}: the others keep the live rules.`;
    case 'rollout-share':
      return `${c.rollout?.setBy ?? '?'} set the rollout of “${c.about?.reason ?? ''}” to ${c.rollout?.share ?? '?'} % of accounts.`;
    case 'rollout-ended':
      return `${c.rollout?.setBy ?? '?'} ended the rollout of “${c.about?.reason ?? ''}”: every account has the live rules.`;
    case 'rollout-completed':
      return `${c.rollout?.setBy ?? '?'} put “${c.about?.reason ?? ''}” live for every account, ending its rollout.`;
    default:
      return null;
  }
}

/** The lines of a change, grouped by file. */
export function ChangeLines({ lines, label }: { lines: readonly ChangeLine[]; label: string }) {
  if (lines.length === 0) return null;
  const files = [...new Set(lines.map((l) => l.file))];
  return (
    <ul className="studio-lines" aria-label={label}>
      {files.map((f) => (
        <li key={f}>
          <span className="studio-muted">rules/{f}</span>
          <ul>
            {lines
              .filter((l) => l.file === f)
              .map((l, i) => (
                <li key={i}>{l.text}</li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * When a change goes live, in the tense of the moment by the studio's clock: "goes live at" before, "went
 * live at" after; a withdrawn one "was scheduled", a failed one "was to go live".
 */
export function goLiveText(
  c: Pick<Change, 'goLive' | 'kind'>,
  now: number,
  scheduled = false,
): string | null {
  if (!c.goLive) return null;
  const at = localTime(c.goLive);
  if (c.kind === 'withdrawn') return `was scheduled to go live at ${at}`;
  if (c.kind === 'go-live-failed') return `was to go live at ${at}`;
  const past = Date.parse(c.goLive) <= now;
  return past && !scheduled ? `went live at ${at}` : `goes live at ${at}`;
}

export function ChangeView({
  c,
  now,
  scheduled = false,
  children,
}: {
  c: Change;
  /** The studio's clock (ms): the tense of a go-live time. */
  now: number;
  /** Listed as scheduled: approved, not live yet whatever the clock says (it goes live within a second). */
  scheduled?: boolean;
  children?: ReactNode;
}) {
  const event = ['withdrawn', 'sent-back', 'go-live-failed', 'rollout-share', 'rollout-ended'].includes(
    c.kind,
  );
  const kind = kindText(c);
  const goLive = goLiveText(c, now, scheduled);
  return (
    <article className="studio-change" aria-label={`Change: ${c.reason}`}>
      <h3>{c.reason}</h3>
      {kind ? <p className="studio-kind">{kind}</p> : null}
      <p>
        By {c.author.name} on {localTime(c.author.date)}
        {c.approvedBy ? `, approved by ${nameOf(c.approvedBy)}` : ''}
        {goLive ? `; ${goLive}` : ''}.
      </p>
      {c.approvalNote ? (
        <p className="studio-note">Approver’s note for the record: “{c.approvalNote}”</p>
      ) : null}
      <ChangeLines lines={c.lines} label={`What “${c.reason}” changes`} />
      {c.problems && c.problems.length > 0 ? (
        <ul className="studio-issues" aria-label={`Problems of “${c.reason}”`}>
          {c.problems.map((p, i) => (
            <li key={i} className="studio-issues__error">
              {p}
            </li>
          ))}
        </ul>
      ) : null}
      {event ? null : <ChangeImpact impact={c.impact} kind={c.kind} />}
      {c.files.length > 0 ? (
        <details>
          <summary>Details: version {c.id.slice(0, 8)} and its diff</summary>
          <p className="studio-muted">
            Version {c.id}; files: {c.files.map((f) => `rules/${f}`).join(', ')}.
          </p>
          <Diff text={c.diff} label={`Diff of the change ${c.reason}`} />
        </details>
      ) : null}
      {children}
    </article>
  );
}

function ChangeImpact({ impact, kind }: { impact: unknown; kind: string }) {
  const figures = readFigures(impact);
  if (figures) return <ImpactFiguresView figures={figures} />;
  return ['change', 'restore', 'revert'].includes(kind) ? (
    <p className="studio-muted">No impact figures were recorded.</p>
  ) : null;
}
