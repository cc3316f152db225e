/**
 * The rule cases of the decision shown: each case, passing or failing (what it expects and what the draft
 * decides, in words), with its name and facts editable, each fact checked as typed by its type.
 */
import { decisionSpec, type DecisionId } from '../../engine/decisions';
import type { RulesetIssue } from '../../engine/validate';
import { factDefinition } from '../../facts/vocabulary';
import { caseFailure } from './case-failure';
import type { FileEdit } from './DecisionTable';
import { DraftInput } from './DraftInput';
import { readFactValue } from './input-check';
import { casesPathOf, editJson, parseOr, type DraftReport, type Files } from './model';
import { Fact, IssueList } from './parts';
import { recordWords } from './words';

/** The element id of a case, for the links to it (the save refusal's list). */
export const caseAnchor = (decision: string, n: number): string => `case-${decision}-${n}`;

/** The element id of a fact's input in a case (a failing case's link goes to the value to change). */
export const caseFactId = (decision: string, n: number, fact: string): string =>
  `${caseAnchor(decision, n)}-${fact.replace(/[^A-Za-z0-9_-]/g, '-')}`;

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
              {fails && r ? <p className="studio-case__failure">{caseFailure(r).text}.</p> : null}
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
                    <CaseFact
                      key={fact}
                      id={caseFactId(decision, i + 1, fact)}
                      fact={fact}
                      n={i + 1}
                      value={value}
                      onValue={(next) =>
                        onEdit(
                          `${fact} in case ${i + 1} of ${decision}`,
                          (t) => editJson(t, ['cases', i, 'facts', fact], next),
                          `${i} ${fact}`,
                        )
                      }
                    />
                  ))}
                  <p className="studio-muted">expects {expectWords(decision, c.expect)}</p>
                </div>
              ) : (
                <p className="studio-muted">
                  persona {c.persona}; expects {expectWords(decision, c.expect)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** What a case expects, its decided values by their names ('status 2 (almost expired)'). */
function expectWords(decision: DecisionId, expect: Record<string, unknown>): string {
  const spec = decisionSpec(decision);
  return spec ? recordWords(spec, expect) : JSON.stringify(expect);
}

/**
 * One fact of a case: typed and checked by the fact's type ("fifty" for a number is refused at once, with
 * what to type); empty or null is unknown. The input has an id, so a failing case's link reaches it.
 */
function CaseFact({
  id,
  fact,
  n,
  value,
  onValue,
}: {
  id: string;
  fact: string;
  n: number;
  value: unknown;
  onValue: (value: unknown) => void;
}) {
  const def = factDefinition(fact);
  return (
    <DraftInput
      id={id}
      label={
        <>
          <Fact name={fact} /> in case {n}
        </>
      }
      value={value}
      inputMode={def?.type === 'number' ? 'decimal' : undefined}
      read={(text) => readFactValue(def, text, false)}
      onValue={onValue}
    />
  );
}
