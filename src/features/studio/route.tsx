/**
 * /studio: the rule studio for analysts (issue 14; docs/decisions/019-rule-studio.md). Loaded only on this
 * route (lazy chunk), never in a customer's first load. Browse each rule file as a decision table with the
 * meaning of each fact, edit with a form or as JSON, see rules:check's findings and the rule cases as you
 * type, preview personas under live and draft rules (their decisions, and their home side by side), save
 * with a reason, approve, and browse or restore the history.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createStudioApi, loadSession, type LiveRules, type PersonaData, type StudioSession } from './api';
import { HistoryView } from './HistoryView';
import { ChangesView } from './PendingView';
import { RulesView } from './RulesView';
import type { Files } from './model';
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
          <a href="/sandbox/signin">Sign in</a>
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
