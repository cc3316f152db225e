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
import { takeKeptDraft, useKeptDraft } from './draft-keep';
import { HistoryView } from './HistoryView';
import { useReviewLists } from './lists';
import { ActionButton, ChangesView } from './PendingView';
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

/** The studio's clock: the server's `now` when the rules were read, moved on by the time since. */
function clockOf(live: LiveRules): () => number {
  const read = Date.now();
  const server = Date.parse(live.now);
  return () => (Number.isFinite(server) ? server : read) + (Date.now() - read);
}

function Studio({ session }: { session: StudioSession }) {
  const api = useMemo(() => createStudioApi(() => session.csrfToken), [session]);
  const [live, setLive] = useState<LiveRules | null>(null);
  const draft = useDraftHistory({});
  const [personas, setPersonas] = useState<PersonaData[]>([]);
  const [tab, setTab] = useState<Tab>('rules');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [revising, setRevising] = useState<Revising | null>(null);
  const [kept, setKept] = useState<'restored' | 'dropped' | null>(null);
  const lists = useReviewLists(api);
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
  const { refreshChanges } = lists;
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    refreshChanges();
  }, [refreshChanges]);
  const { reset, edit } = draft;
  const firstLoad = useRef(true);
  const analyst = session.analyst.id;
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
        // A draft kept from before a reload comes back on the live version it was made on (one step: undo
        // or discard drops it); on another version it is dropped, and the page says so.
        if (!firstLoad.current) return;
        firstLoad.current = false;
        const k = takeKeptDraft(analyst, l);
        if (k && 'restored' in k) {
          edit('The draft kept from before the reload', (f) => ({ ...f, ...k.restored.files }));
          setRevising(k.restored.revising);
        }
        if (k) setKept('restored' in k ? 'restored' : 'dropped');
      })
      .catch((e: unknown) => !stale && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      stale = true;
    };
  }, [api, bodiesFor, version, reset, edit, analyst]);

  // Leaving or reloading with an unsaved draft asks first; the draft is kept for a reload too, when it fits.
  const keptOk = useKeptDraft(analyst, live, draft.files, revising);
  // A list shows what is known and is refreshed when its tab opens (the pending changes also read the
  // history, for the earlier rounds of their review).
  const open = (t: Tab): void => {
    setTab(t);
    if (t === 'changes') lists.refresh();
    if (t === 'history') lists.refreshHistory();
  };
  const clock = useMemo(() => (live ? clockOf(live) : () => Date.now()), [live]);

  const revise = (c: Change): void => {
    api.version(c.id).then(
      (v) => {
        const files = Object.fromEntries(c.files.filter((f) => f in v.files).map((f) => [f, v.files[f]!]));
        draft.edit(`Revise “${c.reason}”`, (f) => ({ ...f, ...files }));
        setRevising({ id: c.id, reason: c.reason, comment: c.sentBack?.comment ?? null });
        open('rules');
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
      {live.handEdit ? <HandEditAlert handEdit={live.handEdit} onHistory={() => open('history')} /> : null}
      {tab !== 'changes' ? (
        <SentBackNotice
          changes={lists.changes?.pending ?? []}
          analyst={analyst}
          revising={revising?.id ?? null}
          onRevise={revise}
          onReview={() => open('changes')}
        />
      ) : null}
      <KeptNote kept={kept} fits={keptOk} />
      <nav aria-label="Studio" className="studio-tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={tab === t.id ? 'page' : undefined}
            className="studio-tab"
            onClick={() => open(t.id)}
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
        <ChangesView
          api={api}
          session={session}
          lists={lists}
          clock={clock}
          onLive={reload}
          onRevise={revise}
        />
      ) : (
        <HistoryView
          api={api}
          session={session}
          live={live}
          lists={lists}
          clock={clock}
          onRestored={reload}
        />
      )}
    </StudioFrame>
  );
}

/** What became of a draft kept across a reload, and whether this one can be. */
function KeptNote({ kept, fits }: { kept: 'restored' | 'dropped' | null; fits: boolean }) {
  return (
    <>
      {kept ? (
        <p role="status" className="studio-message studio-message--info">
          {kept === 'restored'
            ? 'Your unsaved draft was kept from before the page was reloaded. Undo or discard it to start from the live rules.'
            : 'A draft kept from before the page was reloaded was dropped: the live rules changed since it was made.'}
        </p>
      ) : null}
      {!fits ? (
        <p className="studio-muted">
          This draft is too large to be kept across a reload: save it, or the page asks before you leave.
        </p>
      ) : null}
    </>
  );
}

/**
 * The analyst's own changes sent back, said on arrival (issue 31, item 5): who sent which back, when, with
 * what comment, and the way to revise it.
 */
export function SentBackNotice({
  changes,
  analyst,
  revising,
  onRevise,
  onReview,
}: {
  changes: readonly Change[];
  analyst: string;
  /** The change the draft already revises: not said again. */
  revising: string | null;
  onRevise: (c: Change) => void;
  onReview: () => void;
}) {
  const mine = changes.filter((c) => c.authorId === analyst && c.sentBack && c.id !== revising);
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="studio-sent-back-title" className="studio-message studio-message--error">
      <h2 id="studio-sent-back-title">
        {mine.length === 1 ? 'Your change was sent back' : `${mine.length} of your changes were sent back`}
      </h2>
      <ul>
        {mine.map((c) => (
          <li key={c.id}>
            <p>
              {c.sentBack!.by} sent “{c.reason}” back on {localTime(c.sentBack!.date)}: “{c.sentBack!.comment}
              ”
            </p>
            <div className="studio-toolbar">
              <ActionButton text="Revise" reason={c.reason} className="btn" onClick={() => onRevise(c)} />
              <ActionButton text="See the review" reason={c.reason} onClick={onReview} />
            </div>
          </li>
        ))}
      </ul>
    </section>
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
