/**
 * Every persona's decisions under the live rules and the draft: the personas whose decisions change first,
 * each decision in the impact report's words ('2 (almost expired) → 0 (neither)'), the items of a list
 * (sections, navigation, toggles...) marked added, removed or moved, in words as well as colour.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatIssue, type RulesetIssue } from '../../engine/validate';
import type { LiveRules, PersonaData } from './api';
import {
  listMarks,
  type DraftReport,
  previewAccounts,
  rulesetsOf,
  type Files,
  type PreviewAccount,
  type Reading,
} from './model';

const MARK_TEXT = { added: 'added', removed: 'removed', moved: 'moved', kept: '' } as const;

function ReadingView({ reading, other, side }: { reading: Reading; other: Reading; side: 'live' | 'draft' }) {
  if (!('list' in reading)) return <>{reading.value}</>;
  if (side === 'live' || !('list' in other)) {
    return reading.list.length === 0 ? <>(none)</> : <>{reading.list.join(', ')}</>;
  }
  const marks = listMarks(other.list, reading.list);
  if (marks.length === 0) return <>(none)</>;
  return (
    <ul className="studio-marks">
      {marks.map(({ item, mark }) => (
        <li key={`${mark} ${item}`} className={`studio-mark studio-mark--${mark}`}>
          {mark === 'removed' ? <del>{item}</del> : mark === 'added' ? <ins>{item}</ins> : item}
          {mark !== 'kept' ? <span className="studio-mark__tag"> ({MARK_TEXT[mark]})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function AccountView({ a, all }: { a: PreviewAccount; all: boolean }) {
  const label = `${a.persona}${a.account > 1 ? ` account ${a.account}` : ''}`;
  const rows = a.decisions.filter((d) => all || d.changed);
  return (
    <div className="studio-persona">
      <h4>
        {label} <span className="studio-muted">{a.description}</span>
      </h4>
      <div className="studio-scroll" tabIndex={0} role="region" aria-label={`Decisions of ${label}`}>
        <table className="studio-table studio-table--labels">
          <caption className="visually-hidden">Decisions of {label}, live and draft</caption>
          <thead>
            <tr>
              <th scope="col">Decision</th>
              <th scope="col">Live rules</th>
              <th scope="col">Draft</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.decision} className={d.changed ? 'studio-changed' : undefined}>
                <th scope="row">{d.decision}</th>
                <td>
                  <ReadingView reading={d.live} other={d.draft} side="live" />
                </td>
                <td>
                  {d.changed ? <strong>changed: </strong> : null}
                  <ReadingView reading={d.draft} other={d.live} side="draft" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The errors of a checked draft (rules:check's and the case files'); none while it is not checked. */
export function draftErrors(report: DraftReport | null): RulesetIssue[] {
  return report ? [...report.check.errors, ...report.caseIssues] : [];
}

/** That the draft has errors, and where: the first few, each with its file, rule and place. */
export function draftErrorsText(errors: readonly RulesetIssue[]): string {
  const shown = errors.slice(0, 3).map(formatIssue);
  const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more)` : '';
  return `The draft has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}, so nothing is decided with it until ${errors.length === 1 ? 'it is' : 'they are'} fixed: ${shown.join('; ')}${more}.`;
}

export function PreviewPanel({
  live,
  files,
  personas,
  checked,
}: {
  live: LiveRules;
  files: Files;
  personas: PersonaData[];
  /** The check of this very draft, once it has run: its decisions are shown only when it has no error. */
  checked: DraftReport | null;
}) {
  const [result, setResult] = useState<{ files: Files; accounts: PreviewAccount[] } | 'failed' | null>(null);
  const sets = useMemo(() => {
    const a = rulesetsOf(live.files);
    const b = rulesetsOf(files);
    return a && b ? { a, b } : null;
  }, [live.files, files]);
  // The draft is the live rules: nobody's decisions can change, nothing to decide.
  const same = Object.keys(live.files).every((p) => live.files[p] === files[p]);
  const [all, setAll] = useState(false);
  const [unchangedShown, setUnchangedShown] = useState(false);
  useEffect(() => {
    if (!sets || same) return undefined;
    let stale = false;
    const t = setTimeout(() => {
      previewAccounts(sets.a, sets.b, personas, live.today, () => stale).then(
        (r) => !stale && r && setResult({ files, accounts: r }),
        () => !stale && setResult('failed'),
      );
    }, 300);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [sets, same, files, personas, live.today]);
  // The last result stays shown while the next one is decided (a fresh one says it is for this draft);
  // a draft with errors shows none: its decisions would be the runtime's safe defaults, not the draft's.
  const errors = draftErrors(checked);
  const accounts =
    !sets || result === 'failed' || errors.length > 0 ? 'invalid' : result === null ? null : result.accounts;
  const current = result !== null && result !== 'failed' && result.files === files && checked !== null;
  const list = Array.isArray(accounts) && !same && current ? accounts : [];
  const changed = list.filter((a) => a.changed);
  const unchanged = list.filter((a) => !a.changed);
  const name = (a: PreviewAccount): string => `${a.persona}${a.account > 1 ? ` #${a.account}` : ''}`;
  return (
    <section aria-labelledby="studio-preview-title" className="studio-panel">
      <h3 id="studio-preview-title">Preview: every persona under live and draft rules ({live.today})</h3>
      <p role="status">
        {same
          ? 'No persona’s decisions change: the draft is the live rules.'
          : errors.length > 0
            ? draftErrorsText(errors)
            : accounts === 'invalid'
              ? 'The draft has a rule file that is not valid JSON: nothing is decided with it until it is fixed.'
              : accounts === null || !current
                ? `Deciding ${personas.length} personas with the live rules and the draft…`
                : changed.length === 0
                  ? `No persona’s decisions change (${list.length} persona accounts decided).`
                  : `Changed for ${changed.length} of ${list.length} persona accounts: ${changed.map(name).join(', ')}.`}
      </p>
      {changed.length > 0 ? (
        <label className="studio-check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show their
          unchanged decisions too
        </label>
      ) : null}
      {changed.map((a) => (
        <AccountView key={`${a.persona} ${a.account}`} a={a} all={all} />
      ))}
      {unchanged.length > 0 ? (
        <details open={unchangedShown} onToggle={(e) => setUnchangedShown(e.currentTarget.open)}>
          <summary>{unchanged.length} persona accounts without a change</summary>
          {unchangedShown ? (
            <>
              <p className="studio-muted">{unchanged.map(name).join(', ')}</p>
              {unchanged.map((a) => (
                <AccountView key={`${a.persona} ${a.account}`} a={a} all />
              ))}
            </>
          ) : null}
        </details>
      ) : null}
    </section>
  );
}
