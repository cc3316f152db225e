/**
 * The Rules tab: the rule files, the chosen file's decision table with rules:check's findings, its cases,
 * the preview of every persona, the impact on the generated accounts, the home side by side, and the bar
 * that saves the draft (undo and redo per step, discard).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { shownMessages } from '../../../machines/messages';
import { decisionSpec, DECISIONS, type DecisionId, type DecisionSpec } from '../../engine/decisions';
import type { RuleDefinition, RuleFile } from '../../engine/types';
import { formatIssue, type RulesetIssue } from '../../engine/validate';
import { Dialog } from '../../ui/Dialog';
import type { LiveRules, PersonaData, StudioApi, StudioError } from './api';
import { caseFailure } from './case-failure';
import { caseAnchor, caseFactId, CasesPanel } from './CasesPanel';
import { DecisionTable, type FileEdit } from './DecisionTable';
import { useDraftMachine } from './draft-effects';
import type { Draft, Revising } from './draft-history';
import { FileList } from './FileList';
import { focusSoon, useDraftSteps, useFocusBack } from './focus';
import { HomeSideBySide } from './HomeSideBySide';
import { ImpactPanel } from './ImpactPanel';
import { casesPathOf, editJson, parseOr, type DraftReport, type Files } from './model';
import { IssueList } from './parts';
import { draftErrors, draftErrorsText, PreviewPanel } from './PreviewPanel';
import { quotedNumberWarnings } from './quotes';
import { RuleEditor } from './RuleEditor';
import { SaveBar, SaveDialog, SaveMessages, type Blocker } from './SaveBar';

const RawEditor = lazy(() => import('./RawEditor'));

export interface RulesViewProps {
  api: StudioApi;
  live: LiveRules;
  draft: Draft;
  personas: PersonaData[];
  bodiesFor: (date: string) => Promise<PersonaData[]>;
  requireApproval: boolean;
  revising: Revising | null;
  onStopRevising: () => void;
  onRecorded: () => void;
}

/** The decision of a case file path ('rules/cases/prepaid-card.cases.json'), if it is one. */
const decisionOfCases = (file: string): DecisionId | undefined =>
  DECISIONS.find((d) => file.endsWith(`/${casesPathOf(d.id)}`))?.id;

/** The status line of the draft's check: never "0 of 0 cases failing" while errors stop the cases. */
function statusText(report: DraftReport | null, checking: boolean, quoted: number): string {
  if (checking) return 'Checking…';
  if (!report) return '';
  const errors = report.check.errors.length + report.caseIssues.length;
  const warnings = report.check.warnings.length + quoted;
  if (report.check.errors.length > 0)
    return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warnings: the cases run once the rule files have no error`;
  return `${errors} errors, ${warnings} warnings, ${report.failing} of ${report.cases.length} cases failing`;
}

/** What stops a save, each a link to where it is fixed: the check's errors, failing cases, the server's refusal. */
function blockersOf(
  report: DraftReport | null,
  refusal: StudioError | null,
  setCurrent: (d: DecisionId) => void,
  showCase: (d: DecisionId, n: number, fact?: string | null) => void,
): (Blocker & { refused?: boolean })[] {
  const blockers: (Blocker & { refused?: boolean })[] = [
    ...(report?.check.errors ?? []).map((i) => ({
      text: formatIssue(i),
      go: () => {
        const d = DECISIONS.find((x) => i.file === `rules/${x.id}.json`)?.id;
        if (d) setCurrent(d);
        focusSoon('studio-findings');
      },
    })),
    ...(report?.cases ?? [])
      .filter((c) => c.failures.length > 0)
      .map((c) => {
        const d = decisionOfCases(c.file);
        const f = caseFailure(c);
        return { text: f.text, ...(d && f.n ? { go: () => showCase(d, f.n, f.fact) } : {}) };
      }),
  ];
  // The server's refusal names cases the same way: each is a link too.
  for (const p of refusal?.problems ?? []) {
    const m = /^rules\/cases\/([a-z-]+)\.cases\.json, case #(\d+)/.exec(p);
    const d = m ? decisionOfCases(`rules/cases/${m[1]}.cases.json`) : undefined;
    if (d) blockers.push({ text: p, refused: true, go: () => showCase(d, Number(m![2])) });
  }
  return blockers;
}

/** Edits of one file of the draft, each a step with its label (and group: typing in one field merges). */
const fileEdit =
  (draft: Draft, path: string): FileEdit =>
  (label, fn, group) =>
    draft.edit(label, (f) => ({ ...f, [path]: fn(f[path] ?? '') }), group ?? null);

/** Every issue of the draft the JSON editor marks. */
const rawIssues = (report: DraftReport | null, quoted: readonly RulesetIssue[]): RulesetIssue[] => [
  ...(report ? [...report.check.issues, ...report.check.analysis.findings, ...report.caseIssues] : []),
  ...quoted,
];

/** The chosen file's title, the revision note, and its two buttons: edit as JSON, put back as live. */
function FileHeader(props: {
  name: string;
  description: string | undefined;
  onDescription: (text: string) => void;
  kind: string;
  revising: Revising | null;
  onStopRevising: () => void;
  onRaw: () => void;
  /** The draft's files, the live ones, and the cases file of this decision (put back with it). */
  files: Files;
  live: Files;
  cases: string;
  onPutBack: (files: Files) => void;
}) {
  const { name, revising, files, live, cases } = props;
  const isLive = files[name] === live[name] && files[cases] === live[cases];
  return (
    <>
      {revising ? (
        <div className="studio-message studio-message--info" role="note" aria-label="Revising a change">
          <p>
            You are revising your change “{revising.reason}”
            {revising.comment ? `, sent back with the comment “${revising.comment}”` : ''}. Saving replaces
            it.
          </p>
          <button type="button" className="btn btn--secondary" onClick={props.onStopRevising}>
            Save as a new change instead
          </button>
        </div>
      ) : null}
      <h2 id="studio-file-title">rules/{name}</h2>
      <p className="studio-muted">Decides by {props.kind}.</p>
      {props.description !== undefined ? (
        <label className="studio-form studio-description">
          Description of {name}
          {/* One line of text in the file; it wraps here so a long one is read whole. */}
          <textarea
            rows={2}
            value={props.description}
            onChange={(e) => props.onDescription(e.target.value.replace(/\s*\n\s*/g, ' '))}
          />
        </label>
      ) : null}
      <div className="studio-toolbar">
        <button type="button" className="btn btn--secondary" onClick={props.onRaw}>
          Edit {name} as JSON
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={isLive}
          onClick={() => props.onPutBack({ [name]: live[name]!, [cases]: live[cases]! })}
        >
          Put {name} back as it is live
        </button>
      </div>
    </>
  );
}

/** A file of the draft in the JSON editor (CodeMirror, loaded on this click), in a dialog. */
function RawDialog(props: {
  path: string;
  text: string;
  issues: readonly RulesetIssue[];
  onChange: (text: string) => void;
  onClose: () => void;
}) {
  useFocusBack();
  return (
    <Dialog open title={`Edit ${props.path} as JSON`} onClose={props.onClose} width="60rem">
      <Suspense fallback={<p>Loading the editor…</p>}>
        <RawEditor path={props.path} text={props.text} issues={props.issues} onChange={props.onChange} />
      </Suspense>
    </Dialog>
  );
}

/** One rule in the form (RuleEditor); applying it is one step of the draft. */
function RuleEditDialog(props: {
  spec: DecisionSpec;
  file: RuleFile;
  index: number;
  edit: FileEdit;
  onClose: () => void;
}) {
  const { file, index: i } = props;
  return (
    <RuleEditor
      spec={props.spec}
      rule={file.rules[i]!}
      position={i + 1}
      onClose={props.onClose}
      onApply={(r: RuleDefinition) => {
        const before = file.rules[i]!;
        props.edit(`Edit rule #${i + 1} '${before.name}'`, (t) => {
          let next = t;
          for (const key of ['name', 'priority', 'conditions'] as const)
            next = editJson(next, ['rules', i, key], r[key]);
          if ((r.description ?? '') !== (before.description ?? ''))
            next = editJson(next, ['rules', i, 'description'], r.description);
          return editJson(next, ['rules', i, 'event', 'params'], r.event.params);
        });
        props.onClose();
      }}
    />
  );
}

export function RulesView(props: RulesViewProps) {
  const { api, live, draft, personas, bodiesFor, requireApproval, revising, onRecorded } = props;
  const files = draft.files;
  const [current, setCurrent] = useState<DecisionId>('prepaid-card');
  const [previewPersona, setPreviewPersona] = useState('card-expiring');
  const changedPaths = Object.keys(files).filter((p) => files[p] !== live.files[p]);
  const { snapshot, send, report, refusal, frames, framesProblem, setFramesProblem, toast, impact } =
    useDraftMachine({
      api,
      bodiesFor,
      files,
      live,
      onRecorded,
      previewPersona,
      replaces: revising?.id ?? null,
    });

  const quoted = useMemo(() => quotedNumberWarnings(live.files, files), [live.files, files]);
  const name = `${current}.json`;
  const file = parseOr<RuleFile>(files[name]);
  const spec = decisionSpec(current)!;
  const fileIssues = [
    ...(report ? [...report.check.issues, ...report.check.analysis.findings] : []),
    ...quoted,
  ].filter((i) => i.file === `rules/${name}`);
  const otherErrors = report ? report.check.errors.filter((i) => i.file !== `rules/${name}`) : [];
  const messages = shownMessages(snapshot);
  const dialog = messages.find((m) => m.display === 'dialog');
  const inline = messages.filter((m) => m.display === 'message');
  const checking = snapshot.matches('checking');
  const [editing, setEditing] = useState<number | null>(null);
  const [raw, setRaw] = useState<string | null>(null);

  const edit = fileEdit(draft, name);
  const editCases = fileEdit(draft, casesPathOf(current));

  const showCase = (decision: DecisionId, n: number, fact?: string | null): void => {
    setCurrent(decision);
    focusSoon(fact ? caseFactId(decision, n, fact) : caseAnchor(decision, n));
  };
  const blockers = blockersOf(report, refusal, setCurrent, showCase);

  const { undoStep, redoStep, stepSaid } = useDraftSteps(draft);
  // The draft as checked: the previews decide only a draft checked and free of errors.
  const checked = report !== null && report.files === files ? report : null;
  const errors = draftErrors(checked);

  return (
    <div className="studio-rules">
      <FileList files={files} live={live.files} current={current} onPick={setCurrent} />

      <section className="studio-file" aria-labelledby="studio-file-title">
        <FileHeader
          name={name}
          description={file?.description}
          onDescription={(text) =>
            edit(`Description of ${name}`, (t) => editJson(t, ['description'], text), `description ${name}`)
          }
          kind={spec.kind}
          revising={revising}
          onStopRevising={props.onStopRevising}
          onRaw={() => setRaw(name)}
          files={files}
          live={live.files}
          cases={casesPathOf(current)}
          onPutBack={(back) =>
            draft.edit(`Put ${name} and its cases back as they are live`, (f) => ({ ...f, ...back }))
          }
        />

        <div className="studio-status" role="status" aria-live="polite">
          {statusText(report, checking, quoted.length)}
        </div>
        <div id="studio-findings" tabIndex={-1}>
          <IssueList issues={fileIssues} label={`Findings of rules:check in ${name}`} />
          {otherErrors.length > 0 ? (
            <IssueList issues={otherErrors} label="Errors in other files of the draft" />
          ) : null}
        </div>

        {!file ? (
          <p role="alert">
            This file is not valid JSON: edit it as JSON, undo the step or discard the draft.
          </p>
        ) : (
          <DecisionTable name={name} file={file} spec={spec} onEditRule={setEditing} edit={edit} />
        )}

        <CasesPanel
          decision={current}
          files={files}
          report={report}
          warnings={quoted.filter((w) => w.file === `rules/${casesPathOf(current)}`)}
          edit={editCases}
          onRaw={() => setRaw(casesPathOf(current))}
        />

        <PreviewPanel live={live} files={files} personas={personas} checked={checked} />

        <ImpactPanel live={live} files={files} onResult={(r) => impact.set(r)} />

        <HomeSideBySide
          personas={personas}
          persona={previewPersona}
          onPersona={setPreviewPersona}
          onOpen={() => {
            setFramesProblem(null);
            send({ type: 'DRAFT.PREVIEW' });
          }}
          canOpen={snapshot.can({ type: 'DRAFT.PREVIEW' }) && errors.length === 0}
          opening={snapshot.matches('previewing')}
          problem={errors.length > 0 ? draftErrorsText(errors) : framesProblem}
          frames={frames}
        />

        <SaveMessages messages={inline} toast={toast} refusal={refusal} blockers={blockers} />
        <SaveBar
          draft={draft}
          changed={changedPaths}
          requireApproval={requireApproval}
          checking={checking}
          saving={snapshot.matches('saving')}
          stepSaid={stepSaid}
          onSave={() => send({ type: 'DRAFT.SAVE' })}
          onDiscard={() => draft.edit('Discard the draft', () => ({ ...live.files }))}
          onUndo={undoStep}
          onRedo={redoStep}
        />
      </section>

      {editing !== null && file?.rules[editing] ? (
        <RuleEditDialog
          spec={spec}
          file={file}
          index={editing}
          edit={edit}
          onClose={() => setEditing(null)}
        />
      ) : null}

      {raw !== null ? (
        <RawDialog
          path={raw}
          text={files[raw] ?? ''}
          issues={rawIssues(report, quoted)}
          onChange={(text) => draft.edit(`Edit ${raw} as JSON`, (f) => ({ ...f, [raw]: text }), `raw ${raw}`)}
          onClose={() => setRaw(null)}
        />
      ) : null}

      <SaveDialog
        dialog={dialog}
        saving={snapshot.matches('saving')}
        revising={revising?.reason ?? null}
        onConfirm={(reason) => send({ type: 'DRAFT.CONFIRM', reason })}
        onClose={() => send({ type: 'DIALOG.CLOSE' })}
      />
    </div>
  );
}
