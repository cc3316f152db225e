/**
 * /studio: the rule studio for analysts (issue 14; docs/decisions/019-rule-studio.md). Loaded only on this
 * route (lazy chunk), never in a customer's first load. Browse each rule file as a decision table with the
 * meaning of each fact, edit with a form or as JSON, see rules:check's findings and the rule cases as you
 * type, preview personas under live and draft rules (their decisions, and their home side by side), save
 * with a reason, approve, and browse or restore the history.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { shownMessages } from '../../../machines/messages';
import { studioDraftMachine } from '../../../machines/studio-draft.machine';
import { decisionSpec, type DecisionId } from '../../engine/decisions';
import type { RuleDefinition, RuleFile } from '../../engine/types';
import { usePageFlow } from '../../stores/use-page-flow';
import { Dialog } from '../../ui/Dialog';
import {
  createStudioApi,
  loadSession,
  StudioError,
  type Change,
  type LiveRules,
  type PersonaData,
  type StudioApi,
  type StudioSession,
} from './api';
import {
  RULE_FILES,
  caseDates,
  casePersonas,
  casesPathOf,
  checkDraft,
  conditionLeaves,
  editJson,
  Holder,
  parseOr,
  previewRows,
  rulesetsOf,
  type DraftReport,
  type Files,
  type PreviewRow,
} from './model';
import { ConditionText, Diff, Fact, IssueList } from './parts';
import {
  impactFigures,
  readFigures,
  startImpact,
  type ImpactFigures,
  type ImpactResult,
} from './impact-client';
import { ImpactFiguresView, ImpactPanel } from './ImpactPanel';
import { RuleEditor } from './RuleEditor';
import './studio.css';

const RawEditor = lazy(() => import('./RawEditor'));

export function Component() {
  const [session, setSession] = useState<StudioSession | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Rule studio';
    loadSession().then(setSession, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  if (error)
    return (
      <StudioFrame>
        <p role="alert">{error}</p>
      </StudioFrame>
    );
  if (session === undefined)
    return (
      <StudioFrame>
        <p>Loading the studio…</p>
      </StudioFrame>
    );
  if (session === null) {
    return (
      <StudioFrame>
        <h1>Rule studio</h1>
        <p>The rule studio is for analysts. Sign in as an analyst to use it.</p>
        <p>
          <a href="/studio/auth/login">Sign in</a>
        </p>
      </StudioFrame>
    );
  }
  return <Studio session={session} />;
}

function StudioFrame({ children, who }: { children: React.ReactNode; who?: string }) {
  return (
    <div className="studio">
      <header className="studio-header">
        <span className="studio-header__title">Rule studio</span>
        {who ? <span>Signed in as {who} (analyst)</span> : null}
        {who ? (
          <form method="post" action="/studio/auth/logout">
            <button type="submit" className="btn btn--secondary">
              Sign out
            </button>
          </form>
        ) : null}
      </header>
      <main id="main" className="studio-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

type Tab = 'rules' | 'changes' | 'history';

function Studio({ session }: { session: StudioSession }) {
  const api = useMemo(() => createStudioApi(() => session.csrfToken), [session]);
  const [live, setLive] = useState<LiveRules | null>(null);
  const [files, setFiles] = useState<Files>({});
  const [personas, setPersonas] = useState<PersonaData[]>([]);
  const [tab, setTab] = useState<Tab>('rules');
  const [loadError, setLoadError] = useState<string | null>(null);
  const bodies = useRef(new Map<string, Promise<PersonaData[]>>());
  const bodiesFor = useCallback(
    (date: string): Promise<PersonaData[]> => {
      let p = bodies.current.get(date);
      if (!p) {
        p = api.personas(date);
        bodies.current.set(date, p);
      }
      return p;
    },
    [api],
  );

  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let stale = false;
    api
      .live()
      .then(async (l) => {
        const list = await bodiesFor(l.today);
        if (stale) return;
        setLive(l);
        setFiles(l.files);
        setPersonas(list);
      })
      .catch((e: unknown) => !stale && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      stale = true;
    };
  }, [api, bodiesFor, version]);

  if (loadError)
    return (
      <StudioFrame who={session.analyst.name}>
        <p role="alert">{loadError}</p>
      </StudioFrame>
    );
  if (!live)
    return (
      <StudioFrame who={session.analyst.name}>
        <p>Loading the rules…</p>
      </StudioFrame>
    );

  return (
    <StudioFrame who={session.analyst.name}>
      <h1>Rule studio</h1>
      <nav aria-label="Studio" className="studio-tabs">
        {(['rules', 'changes', 'history'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-current={tab === t ? 'page' : undefined}
            className="studio-tab"
            onClick={() => setTab(t)}
          >
            {t === 'rules' ? 'Rules' : t === 'changes' ? 'Pending changes' : 'History'}
          </button>
        ))}
      </nav>
      {tab === 'rules' ? (
        <RulesView
          api={api}
          live={live}
          files={files}
          setFiles={setFiles}
          personas={personas}
          bodiesFor={bodiesFor}
          requireApproval={session.requireApproval}
          onRecorded={reload}
        />
      ) : tab === 'changes' ? (
        <ChangesView api={api} session={session} onLive={reload} />
      ) : (
        <HistoryView api={api} live={live} onRestored={reload} />
      )}
    </StudioFrame>
  );
}

// ------------------------------------------------------------------------------------------ rules

interface RulesViewProps {
  api: StudioApi;
  live: LiveRules;
  files: Files;
  setFiles: (f: Files | ((f: Files) => Files)) => void;
  personas: PersonaData[];
  bodiesFor: (date: string) => Promise<PersonaData[]>;
  requireApproval: boolean;
  onRecorded: () => void;
}

function RulesView({
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
  const [frames, setFrames] = useState<{ live: string; draft: string; persona: string } | null>(null);
  const [reason, setReason] = useState('');
  const [toast, setToast] = useState<string | null>(null);
  const changedPaths = Object.keys(files).filter((p) => files[p] !== live.files[p]);
  // The machine's actors are made once: they read the draft, the live version and the page's callbacks
  // through this ref, brought up to date after every render.
  // A plain holder (not a ref): the machine's effects read it when they run, never during render.
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
      <nav aria-label="Rule files" className="studio-files">
        <ul>
          {RULE_FILES.map((f) => {
            const parsed = parseOr<RuleFile>(files[f.name]);
            return (
              <li key={f.id}>
                <button
                  type="button"
                  aria-current={f.id === current ? 'true' : undefined}
                  onClick={() => setCurrent(f.id)}
                >
                  {f.name}
                  {files[f.name] !== live.files[f.name] ? ' (edited)' : ''}
                </button>
                <span className="studio-muted">{parsed?.description ?? ''}</span>
              </li>
            );
          })}
        </ul>
      </nav>

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

        <section aria-labelledby="studio-home-title" className="studio-panel">
          <h3 id="studio-home-title">The home under live and draft rules</h3>
          <label htmlFor="studio-home-persona">Persona</label>{' '}
          <select
            id="studio-home-persona"
            value={previewPersona}
            onChange={(e) => setPreviewPersona(e.target.value)}
          >
            {personas.map((p) => (
              <option key={p.id}>{p.id}</option>
            ))}
          </select>{' '}
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => send({ type: 'DRAFT.PREVIEW' })}
            disabled={!snapshot.can({ type: 'DRAFT.PREVIEW' })}
          >
            Open the home side by side
          </button>
          {frames ? (
            <div className="studio-frames">
              <figure>
                <figcaption>
                  {frames.persona}, live rules (
                  <a href={frames.live} target="_blank" rel="noopener">
                    open in a tab
                  </a>
                  )
                </figcaption>
                <iframe title={`${frames.persona}'s home under the live rules`} src={frames.live} />
              </figure>
              <figure>
                <figcaption>
                  {frames.persona}, draft rules (
                  <a href={frames.draft} target="_blank" rel="noopener">
                    open in a tab
                  </a>
                  )
                </figcaption>
                <iframe title={`${frames.persona}'s home under the draft rules`} src={frames.draft} />
              </figure>
            </div>
          ) : null}
        </section>

        <div className="studio-savebar">
          <button
            type="button"
            className="btn"
            onClick={() => send({ type: 'DRAFT.SAVE' })}
            disabled={checking}
          >
            Save the change
          </button>
          <span className="studio-muted">
            {changedPaths.length > 0 ? `Changed: ${changedPaths.join(', ')}` : 'No change yet'}
            {requireApproval ? ' · a second analyst approves before it goes live' : ''}
          </span>
          {inline.map((m) => (
            <p
              key={m.id}
              role={m.tone === 'error' ? 'alert' : 'status'}
              className={`studio-message studio-message--${m.tone}`}
            >
              {m.text}
            </p>
          ))}
          {toast ? (
            <p role="alert" className="studio-message studio-message--error">
              {toast}
            </p>
          ) : null}
          {refusal ? (
            <div role="alert" className="studio-message studio-message--error">
              <p>{refusal.message}</p>
              {refusal.problems.length > 0 ? (
                <ul>
                  {refusal.problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
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

      <Dialog
        open={dialog !== undefined}
        title={dialog?.title ?? ''}
        onClose={() => send({ type: 'DIALOG.CLOSE' })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim().length < 3) return;
            send({ type: 'DRAFT.CONFIRM', reason: reason.trim() });
            setReason('');
          }}
        >
          <p>{dialog?.text}</p>
          <label className="studio-form">
            Reason for the change
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={3}
              maxLength={500}
            />
          </label>
          <div className="dialog__actions">
            <button type="submit" className="btn">
              Save with this reason
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => send({ type: 'DIALOG.CLOSE' })}
            >
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

interface Latest {
  files: Files;
  live: LiveRules;
  onRecorded: () => void;
  previewPersona: string;
}

/**
 * The draft machine with the studio's effects. Made once per page: it reads the draft, the live version and
 * the page's callbacks through `latest`, which the page brings up to date after every render.
 */
function draftMachineFor(
  latest: { readonly current: Latest },
  impact: { readonly current: ImpactResult | null },
  api: StudioApi,
  bodiesFor: (date: string) => Promise<PersonaData[]>,
  set: {
    setReport: (r: DraftReport) => void;
    setFrames: (f: { live: string; draft: string; persona: string }) => void;
    setRefusal: (e: StudioError | null) => void;
    setToast: (t: string) => void;
  },
) {
  const { setReport, setFrames, setRefusal, setToast } = set;
  const changedFiles = (): Files => {
    const { files: f, live: l } = latest.current;
    return Object.fromEntries(Object.entries(f).filter(([p, t]) => t !== l.files[p]));
  };
  /**
   * The impact figures of the draft being saved: the panel's last result when it measured this very draft,
   * otherwise measured now. A change is recorded without figures only when they cannot be measured.
   */
  const figuresOfDraft = async (): Promise<ImpactFigures | undefined> => {
    const { files: f, live: l } = latest.current;
    const measured = impact.current;
    if (measured && Object.keys(f).every((p) => measured.files[p] === f[p])) return impactFigures(measured);
    try {
      const r = await startImpact(l.files, f, () => {}).result;
      r.release();
      return impactFigures(r);
    } catch {
      return undefined;
    }
  };
  return studioDraftMachine.provide({
    actors: {
      check: fromPromise(async () => {
        const { files: f, live: l } = latest.current;
        const dates = caseDates(f);
        const lists = await Promise.all(dates.map(bodiesFor));
        const r = await checkDraft(f, l.context, casePersonas(lists[0]!, bodiesFor));
        setReport(r);
        return {
          errors: r.check.errors.length + r.caseIssues.length,
          failingCases: r.failing,
          changed: Object.keys(changedFiles()).length > 0,
        };
      }),
      preview: fromPromise(async () => {
        const persona = latest.current.previewPersona;
        const opened = await api.preview(persona, changedFiles());
        setFrames({ ...opened, persona });
      }),
      save: fromPromise<{ pending: boolean }, { reason: string }>(async ({ input }) => {
        setRefusal(null);
        try {
          const figures = await figuresOfDraft();
          const saved = await api.save({
            reason: input.reason,
            base: latest.current.live.commit,
            files: changedFiles(),
            ...(figures ? { impact: figures } : {}),
          });
          return { pending: saved.pending };
        } catch (e) {
          if (e instanceof StudioError) setRefusal(e);
          throw e;
        }
      }),
    },
    actions: {
      showToast: (_, t) => setToast(t.text),
      changeRecorded: () => latest.current.onRecorded(),
    },
  });
}

function RuleRow({
  rule,
  index,
  count,
  kind,
  onEdit,
  onParam,
  onMove,
  onRemove,
}: {
  rule: RuleDefinition;
  index: number;
  count: number;
  kind: string;
  onEdit: () => void;
  onParam: (key: string, value: unknown) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const ref = `#${index + 1} '${rule.name}'`;
  const params = rule.event?.params ?? {};
  const lookup = kind === 'lookup';
  return (
    <tr>
      <td>{index + 1}</td>
      <th scope="row">
        {rule.name}
        {rule.description ? <div className="studio-muted">{rule.description}</div> : null}
      </th>
      <td>{rule.priority}</td>
      <td>
        {rule.conditions ? (
          <ul className="studio-conditions">
            {conditionLeaves(rule.conditions).map((l) => (
              <li key={l.path} className={`studio-depth-${Math.min(l.depth, 4)}`}>
                {l.group ? (
                  <em>{l.group}</em>
                ) : (
                  <ConditionText fact={l.fact} operator={l.operator} value={l.value} />
                )}
              </li>
            ))}
            {conditionLeaves(rule.conditions).length === 0 ? <li>(always)</li> : null}
          </ul>
        ) : null}
      </td>
      <td>
        {lookup && typeof params.on === 'boolean' ? (
          <label className="studio-check">
            <input type="checkbox" checked={params.on} onChange={(e) => onParam('on', e.target.checked)} />{' '}
            {String(params.toggle)} on
          </label>
        ) : lookup && 'value' in params ? (
          <label>
            Value of {String(params.name)}{' '}
            <input
              type="number"
              className="studio-number"
              value={typeof params.value === 'number' ? params.value : ''}
              onChange={(e) => onParam('value', e.target.value === '' ? null : Number(e.target.value))}
            />
          </label>
        ) : (
          <code className="studio-params">{JSON.stringify(params)}</code>
        )}
      </td>
      <td className="studio-actions">
        <button type="button" className="btn btn--secondary" onClick={onEdit}>
          Edit rule {ref}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`Move rule ${ref} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`Move rule ${ref} down`}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onRemove}
          aria-label={`Remove rule ${ref}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

// ------------------------------------------------------------------------------------------ cases

interface CaseJson {
  name: string;
  facts?: Record<string, string | number | boolean | null>;
  persona?: string;
  expect: Record<string, unknown>;
}

function CasesPanel({
  decision,
  files,
  report,
  onEdit,
  onRaw,
}: {
  decision: DecisionId;
  files: Files;
  report: DraftReport | null;
  onEdit: (fn: (text: string) => string) => void;
  onRaw: () => void;
}) {
  const path = casesPathOf(decision);
  const parsed = parseOr<{ cases: CaseJson[] }>(files[path]);
  const results = report?.cases.filter((r) => r.file === `rules/${path}`) ?? [];
  const failing = results.filter((r) => r.failures.length > 0).length;
  return (
    <section aria-labelledby="studio-cases-title" className="studio-panel">
      <h3 id="studio-cases-title">
        Rule cases of {decision} ({results.length - failing} of {results.length} pass)
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
          return (
            <li
              key={i}
              className={fails ? 'studio-case studio-case--fail' : 'studio-case'}
              aria-label={`Case ${i + 1}: ${c.name}`}
            >
              <p>
                <strong>{fails ? 'FAIL' : r ? 'pass' : '…'}</strong> {c.name}
              </p>
              {fails && r ? (
                <p>
                  expected {r.expected}; got {r.got}
                </p>
              ) : null}
              {c.facts ? (
                <div className="studio-case__facts">
                  <label>
                    Name of case {i + 1}
                    <input
                      value={c.name}
                      onChange={(e) => onEdit((t) => editJson(t, ['cases', i, 'name'], e.target.value))}
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
                          onEdit((t) => editJson(t, ['cases', i, 'facts', fact], next));
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

// ------------------------------------------------------------------------------------------ preview

const DEFAULT_PREVIEW = ['card-expiring', 'prepaid', 'postpaid'];

function PreviewPanel({ live, files, personas }: { live: LiveRules; files: Files; personas: PersonaData[] }) {
  const [chosen, setChosen] = useState<string[]>(DEFAULT_PREVIEW);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [all, setAll] = useState(false);
  useEffect(() => {
    const a = rulesetsOf(live.files);
    const b = rulesetsOf(files);
    if (!a || !b) return undefined;
    let stale = false;
    const t = setTimeout(() => {
      previewRows(
        a,
        b,
        personas.filter((p) => chosen.includes(p.id)),
        live.today,
      ).then(
        (r) => !stale && setRows(r),
        () => !stale && setRows(null),
      );
    }, 300);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [live, files, personas, chosen]);
  const shown = (rows ?? []).filter((r) => all || r.changed);
  const changedPersonas = new Set((rows ?? []).filter((r) => r.changed).map((r) => r.persona));
  return (
    <section aria-labelledby="studio-preview-title" className="studio-panel">
      <h3 id="studio-preview-title">Preview: decisions under live and draft rules ({live.today})</h3>
      <details>
        <summary>Personas ({chosen.length} chosen)</summary>
        <fieldset className="studio-personas">
          <legend>Personas to preview</legend>
          {personas.map((p) => (
            <label key={p.id} className="studio-check" title={p.description}>
              <input
                type="checkbox"
                checked={chosen.includes(p.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))
                }
              />{' '}
              {p.id}
            </label>
          ))}
        </fieldset>
      </details>
      <p role="status">
        {rows === null
          ? 'The preview needs valid rule files.'
          : changedPersonas.size === 0
            ? 'No chosen persona’s decisions change.'
            : `Changed for ${[...changedPersonas].join(', ')}.`}
      </p>
      <label className="studio-check">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show unchanged
        decisions too
      </label>
      {shown.length > 0 ? (
        <div className="studio-scroll" tabIndex={0} role="region" aria-label="Decisions per persona">
          <table className="studio-table">
            <caption>Decisions per persona, live and draft</caption>
            <thead>
              <tr>
                <th scope="col">Persona</th>
                <th scope="col">Decision</th>
                <th scope="col">Live</th>
                <th scope="col">Draft</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={`${r.persona}-${r.account}-${r.decision}`}
                  className={r.changed ? 'studio-changed' : undefined}
                >
                  <th scope="row">
                    {r.persona}
                    {r.account > 1 ? ` #${r.account}` : ''}
                  </th>
                  <td>{r.decision}</td>
                  <td>{r.live}</td>
                  <td>
                    {r.changed ? <strong>changed: </strong> : null}
                    {r.draft}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

// ------------------------------------------------------------------------------------------ changes and history

function ChangeView({ c, children }: { c: Change; children?: React.ReactNode }) {
  return (
    <article className="studio-change" aria-label={`Change: ${c.reason}`}>
      <h3>{c.reason}</h3>
      <p>
        {c.kind === 'restore' ? `Restores ${c.restores?.slice(0, 8) ?? ''}. ` : ''}
        By {c.author.name} on {c.author.date}
        {c.approvedBy ? `, approved by ${c.approvedBy.replace(/ <.*>$/, '')}` : ''}. Files:{' '}
        {c.files.join(', ') || '(none)'}.
      </p>
      <ChangeImpact impact={c.impact} kind={c.kind} />
      <details>
        <summary>Diff of {c.id.slice(0, 8)}</summary>
        <Diff text={c.diff} label={`Diff of the change ${c.reason}`} />
      </details>
      {children}
    </article>
  );
}

function ChangeImpact({ impact, kind }: { impact: unknown; kind: string }) {
  const figures = readFigures(impact);
  if (figures) return <ImpactFiguresView figures={figures} />;
  return kind === 'change' ? <p className="studio-muted">No impact figures were recorded.</p> : null;
}

function ChangesView({
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
            disabled={c.authorId === session.analyst.id || !session.roles.approver}
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
          ) : !session.roles.approver ? (
            <p className="studio-muted">
              Approving needs the approver role, which your account does not have.
            </p>
          ) : null}
        </ChangeView>
      ))}
    </section>
  );
}

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

function HistoryView({
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
