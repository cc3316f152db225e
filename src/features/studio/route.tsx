/**
 * /studio: the rule studio for analysts (issue 14; docs/decisions/019-rule-studio.md). Loaded only on this
 * route (lazy chunk), never in a customer's first load. Browse each rule file as a decision table with the
 * meaning of each fact, edit with a form or as JSON, see rules:check's findings and the rule cases as you
 * type, preview personas under live and draft rules (their decisions, and their home side by side), save
 * with a reason, approve, and browse or restore the history.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createStudioApi,
  loadSession,
  type Change,
  type LiveRules,
  type PersonaData,
  type StudioSession,
} from './api';
import { localTime } from './ChangeView';
import { useDraftHistory, type Revising } from './draft-history';
import { HistoryView } from './HistoryView';
import { ChangesView } from './PendingView';
import { RulesView } from './RulesView';
import { Simulator } from './Simulator';
import './studio.css';

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

type Tab = 'rules' | 'simulator' | 'changes' | 'history';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'rules', label: 'Rules' },
  { id: 'simulator', label: 'Simulator' },
  { id: 'changes', label: 'Pending changes' },
  { id: 'history', label: 'History' },
];

function Studio({ session }: { session: StudioSession }) {
  const api = useMemo(() => createStudioApi(() => session.csrfToken), [session]);
  const [live, setLive] = useState<LiveRules | null>(null);
  const draft = useDraftHistory({});
  const [personas, setPersonas] = useState<PersonaData[]>([]);
  const [tab, setTab] = useState<Tab>('rules');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [revising, setRevising] = useState<Revising | null>(null);
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
  const { reset } = draft;
  useEffect(() => {
    let stale = false;
    api
      .live()
      .then(async (l) => {
        const list = await bodiesFor(l.today);
        if (stale) return;
        setLive(l);
        reset(l.files);
        setRevising(null);
        setPersonas(list);
      })
      .catch((e: unknown) => !stale && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      stale = true;
    };
  }, [api, bodiesFor, version, reset]);

  const revise = (c: Change): void => {
    api.version(c.id).then(
      (v) => {
        const files = Object.fromEntries(c.files.filter((f) => f in v.files).map((f) => [f, v.files[f]!]));
        draft.edit(`Revise “${c.reason}”`, (f) => ({ ...f, ...files }));
        setRevising({ id: c.id, reason: c.reason, comment: c.sentBack?.comment ?? null });
        setTab('rules');
      },
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
  };

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
      {live.handEdit ? <HandEditAlert handEdit={live.handEdit} onHistory={() => setTab('history')} /> : null}
      <nav aria-label="Studio" className="studio-tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={tab === t.id ? 'page' : undefined}
            className="studio-tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {tab === 'rules' ? (
        <RulesView
          api={api}
          live={live}
          draft={draft}
          personas={personas}
          bodiesFor={bodiesFor}
          requireApproval={session.requireApproval}
          revising={revising}
          onStopRevising={() => setRevising(null)}
          onRecorded={reload}
        />
      ) : tab === 'simulator' ? (
        <Simulator live={live} files={draft.files} personas={personas} />
      ) : tab === 'changes' ? (
        <ChangesView api={api} session={session} onLive={reload} onRevise={revise} />
      ) : (
        <HistoryView api={api} session={session} live={live} onRestored={reload} />
      )}
    </StudioFrame>
  );
}

/** The folder was edited by hand into a state the checks refuse: said first, before anything else. */
function HandEditAlert({
  handEdit,
  onHistory,
}: {
  handEdit: NonNullable<LiveRules['handEdit']>;
  onHistory: () => void;
}) {
  return (
    <div role="alert" className="studio-message studio-message--error studio-handedit">
      <p>
        <strong>
          The rules folder was edited outside the studio on {localTime(handEdit.date)}, and the edit is
          invalid
        </strong>{' '}
        ({handEdit.files.map((f) => `rules/${f}`).join(', ')}). Customers get the last valid version of these
        files; nothing can be saved until the edit is fixed here or reverted from the history.
      </p>
      <ul aria-label="Problems of the edit made outside the studio">
        {handEdit.problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      <button type="button" className="btn btn--secondary" onClick={onHistory}>
        See it in the history
      </button>
    </div>
  );
}
