/** The rule cases of the decision shown: each case, passing or failing, with its facts editable. */
import type { DecisionId } from '../../engine/decisions';
import type { RulesetIssue } from '../../engine/validate';
import type { FileEdit } from './DecisionTable';
import { casesPathOf, editJson, parseOr, type DraftReport, type Files } from './model';
import { Fact, IssueList } from './parts';

/** The element id of a case, for the links to it (the save refusal's list). */
export const caseAnchor = (decision: string, n: number): string => `case-${decision}-${n}`;

interface CaseJson {
  name: string;
  facts?: Record<string, string | number | boolean | null>;
  persona?: string;
  expect: Record<string, unknown>;
}

export function CasesPanel({
  decision,
  files,
  report,
  warnings,
  edit,
  onRaw,
}: {
  decision: DecisionId;
  files: Files;
  report: DraftReport | null;
  /** The draft's warnings about these cases (a name quoting a number that changed). */
  warnings: readonly RulesetIssue[];
  edit: FileEdit;
  onRaw: () => void;
}) {
  const onEdit = (label: string, fn: (text: string) => string, group: string): void =>
    edit(label, fn, `${path} ${group}`);
  const path = casesPathOf(decision);
  const parsed = parseOr<{ cases: CaseJson[] }>(files[path]);
  const results = report?.cases.filter((r) => r.file === `rules/${path}`) ?? [];
  const failing = results.filter((r) => r.failures.length > 0).length;
  return (
    <section aria-labelledby="studio-cases-title" className="studio-panel">
      <h3 id="studio-cases-title">
        Rule cases of {decision}{' '}
        {report && report.check.errors.length > 0
          ? '(not run: the rules have errors)'
          : report
            ? `(${results.length - failing} of ${results.length} pass)`
            : ''}
      </h3>
      <button type="button" className="btn btn--secondary" onClick={onRaw}>
        Edit the cases as JSON
      </button>
      <IssueList
        issues={report?.caseIssues.filter((i) => i.file === `rules/${path}`) ?? []}
        label="Problems in the case file"
      />
      <ol className="studio-cases">
        {(parsed?.cases ?? []).map((c, i) => {
          const r = results.find((x) => x.ref.startsWith(`#${i + 1} `) || x.ref === `#${i + 1}`);
          const fails = r ? r.failures.length > 0 : false;
          const warned = warnings.filter((w) => w.path.startsWith(`cases[${i}]`));
          return (
            <li
              key={i}
              id={caseAnchor(decision, i + 1)}
              tabIndex={-1}
              className={fails ? 'studio-case studio-case--fail' : 'studio-case'}
              aria-label={`Case ${i + 1}: ${c.name}`}
            >
              <p>
                <strong>{fails ? 'FAIL' : r ? 'pass' : '…'}</strong> {c.name}
              </p>
              {warned.map((w) => (
                <p key={w.message} className="studio-issues__warning">
                  Warning: {w.message}
                </p>
              ))}
              {fails && r ? (
                <p>
                  expected {r.expected}; got {r.got}
                </p>
              ) : null}
              {c.facts ? (
                <div className="studio-case__facts">
                  <label className="studio-case__name">
                    Name of case {i + 1}
                    {/* A name wraps (a long one is read whole at 375 px); it stays one line of text. */}
                    <textarea
                      rows={1}
                      value={c.name}
                      onChange={(e) =>
                        onEdit(
                          `Name of case ${i + 1} of ${decision}`,
                          (t) => editJson(t, ['cases', i, 'name'], e.target.value.replace(/\s*\n\s*/g, ' ')),
                          `${i} name`,
                        )
                      }
                    />
                  </label>
                  {Object.entries(c.facts).map(([fact, value]) => (
                    <label key={fact}>
                      <Fact name={fact} /> in case {i + 1}
                      <input
                        value={value === null ? '' : String(value)}
                        onChange={(e) => {
                          const raw = e.target.value;
                          const next =
                            typeof value === 'number'
                              ? raw === ''
                                ? null
                                : Number(raw)
                              : typeof value === 'boolean'
                                ? raw === 'true'
                                : raw;
                          onEdit(
                            `${fact} in case ${i + 1} of ${decision}`,
                            (t) => editJson(t, ['cases', i, 'facts', fact], next),
                            `${i} ${fact}`,
                          );
                        }}
                      />
                    </label>
                  ))}
                  <p className="studio-muted">expects {JSON.stringify(c.expect)}</p>
                </div>
              ) : (
                <p className="studio-muted">
                  persona {c.persona}; expects {JSON.stringify(c.expect)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
