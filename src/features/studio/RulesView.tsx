/**
 * The Rules tab: the rule files, the chosen file's decision table with rules:check's findings, its cases,
 * the preview of the personas, the impact on the generated accounts, the home side by side, and the bar
 * that saves the draft.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { shownMessages } from '../../../machines/messages';
import { decisionSpec, type DecisionId } from '../../engine/decisions';
import type { RuleDefinition, RuleFile } from '../../engine/types';
import { usePageFlow } from '../../stores/use-page-flow';
import { Dialog } from '../../ui/Dialog';
import type { LiveRules, PersonaData, StudioApi, StudioError } from './api';
import { CasesPanel } from './CasesPanel';
import { RuleRow } from './DecisionTable';
import { draftMachineFor, type Latest } from './draft-effects';
import { FileList } from './FileList';
import { HomeSideBySide, type Frames } from './HomeSideBySide';
import type { ImpactResult } from './impact-client';
import { ImpactPanel } from './ImpactPanel';
import { casesPathOf, editJson, Holder, parseOr, type DraftReport, type Files } from './model';
import { IssueList } from './parts';
import { PreviewPanel } from './PreviewPanel';
import { RuleEditor } from './RuleEditor';
import { SaveBar, SaveDialog } from './SaveBar';

const RawEditor = lazy(() => import('./RawEditor'));

export interface RulesViewProps {
  api: StudioApi;
  live: LiveRules;
  files: Files;
  setFiles: (f: Files | ((f: Files) => Files)) => void;
  personas: PersonaData[];
  bodiesFor: (date: string) => Promise<PersonaData[]>;
  requireApproval: boolean;
  onRecorded: () => void;
}

export function RulesView({
  api,
  live,
  files,
  setFiles,
  personas,
  bodiesFor,
  requireApproval,
  onRecorded,
}: RulesViewProps) {
  const [current, setCurrent] = useState<DecisionId>('prepaid-card');
  const [report, setReport] = useState<DraftReport | null>(null);
  const [refusal, setRefusal] = useState<StudioError | null>(null);
  const [previewPersona, setPreviewPersona] = useState('card-expiring');
  const [frames, setFrames] = useState<Frames | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const changedPaths = Object.keys(files).filter((p) => files[p] !== live.files[p]);
  // The machine's actors are made once: they read the draft, the live version and the page's callbacks
  // through this holder (not a ref: read when the effects run, never during render), brought up to date
  // after every render.
  const [latest] = useState(() => new Holder<Latest>({ files, live, onRecorded, previewPersona }));
  useEffect(() => {
    latest.set({ files, live, onRecorded, previewPersona });
  });
  // The last impact measured of this draft (the impact panel sets it; an edit clears it): saved with it.
  const [impact] = useState(() => new Holder<ImpactResult | null>(null));

  const [machine] = useState(() =>
    draftMachineFor(latest, impact, api, bodiesFor, { setReport, setFrames, setRefusal, setToast }),
  );
  const [snapshot, send] = usePageFlow('studio-draft', machine);

  // Every edit is checked as typed (debounced: a burst of keystrokes is one check).
  useEffect(() => {
    const t = setTimeout(() => send({ type: 'DRAFT.EDIT' }), 250);
    return () => clearTimeout(t);
  }, [files, send]);

  const name = `${current}.json`;
  const file = parseOr<RuleFile>(files[name]);
  const spec = decisionSpec(current)!;
  const fileIssues = report
    ? [...report.check.issues, ...report.check.analysis.findings].filter((i) => i.file === `rules/${name}`)
    : [];
  const otherErrors = report ? report.check.errors.filter((i) => i.file !== `rules/${name}`) : [];
  const messages = shownMessages(snapshot);
  const dialog = messages.find((m) => m.display === 'dialog');
  const inline = messages.filter((m) => m.display === 'message');
  const checking = snapshot.matches('checking');
  const [editing, setEditing] = useState<number | null>(null);
  const [raw, setRaw] = useState<string | null>(null);

  const editFile = (path: string, fn: (text: string) => string): void =>
    setFiles((f) => ({ ...f, [path]: fn(f[path] ?? '') }));
  const rules = file?.rules ?? [];

  return (
    <div className="studio-rules">
      <FileList files={files} live={live.files} current={current} onPick={setCurrent} />

      <section className="studio-file" aria-labelledby="studio-file-title">
        <h2 id="studio-file-title">rules/{name}</h2>
        <p>
          {file?.description} <span className="studio-muted">({spec.kind})</span>
        </p>
        <div className="studio-toolbar">
          <button type="button" className="btn btn--secondary" onClick={() => setRaw(name)}>
            Edit {name} as JSON
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={
              files[name] === live.files[name] &&
              files[casesPathOf(current)] === live.files[casesPathOf(current)]
            }
            onClick={() =>
              setFiles((f) => ({
                ...f,
                [name]: live.files[name]!,
                [casesPathOf(current)]: live.files[casesPathOf(current)]!,
              }))
            }
          >
            Undo changes to this file
          </button>
        </div>

        <div className="studio-status" role="status" aria-live="polite">
          {checking
            ? 'Checking…'
            : report
              ? `${report.check.errors.length + report.caseIssues.length} errors, ${report.check.warnings.length} warnings, ${report.failing} of ${report.cases.length} cases failing`
              : ''}
        </div>
        <IssueList issues={fileIssues} label={`Findings of rules:check in ${name}`} />
        {otherErrors.length > 0 ? (
          <IssueList issues={otherErrors} label="Errors in other files of the draft" />
        ) : null}

        {!file ? (
          <p role="alert">This file is not valid JSON: edit it as JSON or undo the change.</p>
        ) : (
          <div className="studio-scroll" tabIndex={0} role="region" aria-label={`Decision table of ${name}`}>
            <table className="studio-table">
              <caption>Decision table of {name}: one row per rule</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Priority</th>
                  <th scope="col">Conditions</th>
                  <th scope="col">Decides</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule, i) => (
                  <RuleRow
                    key={i}
                    rule={rule}
                    index={i}
                    count={rules.length}
                    kind={spec.kind}
                    onEdit={() => setEditing(i)}
                    onParam={(key, value) =>
                      editFile(name, (t) => editJson(t, ['rules', i, 'event', 'params', key], value))
                    }
                    onMove={(to) =>
                      editFile(name, (t) => {
                        const list = [...(parseOr<RuleFile>(t)?.rules ?? [])];
                        const [r] = list.splice(i, 1);
                        list.splice(to, 0, r!);
                        return editJson(t, ['rules'], list);
                      })
                    }
                    onRemove={() => editFile(name, (t) => editJson(t, ['rules', i], undefined))}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {file ? (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() =>
              editFile(name, (t) =>
                editJson(
                  t,
                  ['rules', rules.length],
                  {
                    name: `new-rule-${rules.length + 1}`,
                    description: '',
                    priority: 1,
                    conditions: { all: [] },
                    event: { type: spec.eventType, params: {} },
                  },
                  true,
                ),
              )
            }
          >
            Add a rule
          </button>
        ) : null}

        <CasesPanel
          decision={current}
          files={files}
          report={report}
          onEdit={(fn) => editFile(casesPathOf(current), fn)}
          onRaw={() => setRaw(casesPathOf(current))}
        />

        <PreviewPanel live={live} files={files} personas={personas} />

        <ImpactPanel live={live} files={files} onResult={(r) => impact.set(r)} />

        <HomeSideBySide
          personas={personas}
          persona={previewPersona}
          onPersona={setPreviewPersona}
          onOpen={() => send({ type: 'DRAFT.PREVIEW' })}
          canOpen={snapshot.can({ type: 'DRAFT.PREVIEW' })}
          frames={frames}
        />

        <SaveBar
          changedPaths={changedPaths}
          requireApproval={requireApproval}
          checking={checking}
          onSave={() => send({ type: 'DRAFT.SAVE' })}
          messages={inline}
          toast={toast}
          refusal={refusal}
        />
      </section>

      {editing !== null && file && rules[editing] ? (
        <RuleEditor
          spec={spec}
          rule={rules[editing]}
          position={editing + 1}
          onClose={() => setEditing(null)}
          onApply={(r: RuleDefinition) => {
            const i = editing;
            editFile(name, (t) => {
              let next = t;
              for (const key of ['name', 'priority', 'conditions'] as const)
                next = editJson(next, ['rules', i, key], r[key]);
              return editJson(next, ['rules', i, 'event', 'params'], r.event.params);
            });
            setEditing(null);
          }}
        />
      ) : null}

      {raw !== null ? (
        <Dialog open title={`Edit ${raw} as JSON`} onClose={() => setRaw(null)} width="60rem">
          <Suspense fallback={<p>Loading the editor…</p>}>
            <RawEditor
              path={raw}
              text={files[raw] ?? ''}
              issues={
                report
                  ? [...report.check.issues, ...report.check.analysis.findings, ...report.caseIssues]
                  : []
              }
              onChange={(text) => setFiles((f) => ({ ...f, [raw]: text }))}
            />
          </Suspense>
        </Dialog>
      ) : null}

      <SaveDialog
        dialog={dialog}
        onConfirm={(reason) => send({ type: 'DRAFT.CONFIRM', reason })}
        onClose={() => send({ type: 'DIALOG.CLOSE' })}
      />
    </div>
  );
}
