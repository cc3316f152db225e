import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { createClient } from './api/client';
import { withLazyApplicationKey } from './api/preauth-client';
import { config } from './config';
import type { LoadedRules } from './engine/load';
import { rulesUrl } from './engine/names';
import type { AccountRuntime } from './engine/rollout-runtime';
import { createApi } from './stores/create-api';
import { browserEnv } from './stores/env';
import { when } from 'mobx';
import { arrivingCode, cardsShownFirst, homeShown } from './stores/arriving-code';
import {
  decidedOnEveryAnswer,
  hydrate,
  readServerState,
  resume,
  SERVER_STATE_ID,
  type ServerState,
} from './stores/hydration';
import { RootStore } from './stores/root-store';
import { EngineUnavailable } from './stores/decision-store';
import { StoreProvider } from './stores/context';
import { App, buildRoutes, firstLoadRoutes } from './shell/App';
import { onUnshowableValue } from './ui/format';
import { lazyCardsCommitted } from './ui/lazy-section';
import { onFirstInput, whenIdle } from './ui/when-idle';
import { reportPageErrors } from './shell/page-errors';

/**
 * Resolves once the router has loaded the modules of the routes the address matches (they are lazy) and can
 * render the page itself, as the server rendered it. React Router loads them as it starts; the page is hydrated
 * only then, so its first render is never the fallback. Matching the address here first, as React Router's
 * guide does, ranked the whole route table a second time: a long task of its own on a phone (issue 30).
 */
function initialized(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * A load of the rules or the engine that failed (a chunk that could not be fetched, a deploy in between) is
 * not kept: `forget` clears it, so the next decision that needs it tries again. Its failure is an
 * EngineUnavailable: no fault of the rules, so a page keeps the decisions it shows (DecisionStore).
 */
function forgetFailure<T>(load: Promise<T>, forget: () => void): Promise<T> {
  return load.catch((e: unknown) => {
    forget();
    throw e instanceof EngineUnavailable ? e : new EngineUnavailable(e);
  });
}

/**
 * The browser loads a page's storage on the first read of it and waits for it meanwhile: done in a task of its
 * own, not in the stores' creation (localStorage: the alerts a customer dismissed, src/stores/stored-flags.ts)
 * nor in the router's (sessionStorage: React Router's view transitions), two long tasks at a phone's speed
 * (issue 30). Storage the browser refuses is the stores' to meet, as before.
 */
function openStorage(storage: 'localStorage' | 'sessionStorage'): void {
  try {
    window[storage].getItem('');
  } catch {
    // refused (a private mode, a policy): the first real read meets it
  }
}

/** The state of the page the server rendered (null for the browser's own), its storage opened in tasks of their own. */
async function servedState(yieldToMain: (() => Promise<void>) | undefined): Promise<ServerState | null> {
  const served = readServerState(document.getElementById(SERVER_STATE_ID)?.textContent);
  if (served && yieldToMain) {
    // The server's state (a JSON parse) and each storage (a wait on the browser) each in a task of their own.
    await yieldToMain();
    for (const storage of ['localStorage', 'sessionStorage'] as const) {
      openStorage(storage);
      await yieldToMain();
    }
  }
  return served;
}

/** Real customers' web vitals reach the operator (/metrics), measured from this load on (src/shell/vitals.ts). */
function reportVitalsWhenIdle(pathname: string): void {
  whenIdle(
    () =>
      void import('./shell/vitals')
        .then((m) => m.reportVitals(pathname))
        .catch(() => {
          // The vitals are the operator's: a chunk that cannot load (this module or the library it imports
          // in turn) costs the customer nothing.
        }),
  );
}

/**
 * Start-up (src/main.tsx evaluates its libraries first, piece by piece). A signed-in page comes rendered by the server with its state beside it (src/entry-server.tsx): the
 * store takes that state, React hydrates the markup, and what the server could not wait for is made now. The
 * decisions came with the page, so the rules (/rules/bundle.json) and the engine are fetched once the page is
 * hydrated, for the next decision (from the customer's first input on, where only the customer's act can make
 * one: docs/decisions/057). A page the server did not render (the rule studio) starts everything at
 * once, as before: the rules, the sign-in check and the account's profile.
 */
async function start(): Promise<void> {
  const env = browserEnv();
  // The modules' evaluation, the stores' creation, the server's state put into them, the router and the
  // hydration each run in a task of their own: together they blocked the page for 100 to 250 ms at a phone's
  // speed (docs/decisions/039-no-long-tasks.md).
  await env.yieldToMain?.();
  const served = await servedState(env.yieldToMain);
  // Every /preauth call carries the application key (fetched, renewed and retried once on a 401 there).
  const client = withLazyApplicationKey(createClient({ fetch: env.fetch }), {
    keyUrl: config.preauth.applicationKeyUrl,
    header: config.preauth.applicationKeyHeader,
    now: () => env.now().getTime(),
  });
  // The server's page asked isAuth already: the issue log posts to /Orch from the first record.
  const api = createApi(client, served?.session.auth === 'authenticated');
  let rules: Promise<LoadedRules> | null = null;
  let runtime: Promise<AccountRuntime> | null = null;
  const loadedRules = (): Promise<LoadedRules> =>
    // The loader (and the decisions' declarations it reads) is not part of the first load: a served page is
    // hydrated with the server's decisions and fetches the rules when idle (or at the first input).
    (rules ??= forgetFailure(
      import('./engine/load').then(({ loadRules }) =>
        loadRules({
          fetch: (url, init) => env.fetch(url, init),
          // The rule studio opens the portal with an analyst's draft (/home?rules=draft, that analyst alone).
          url: rulesUrl(window.location.search),
          bundled: {
            hashes: __BUNDLED_RULE_HASHES__,
            load: () => import('./engine/bundled').then((m) => m.bundledRules),
          },
          onIssue: (issue) =>
            api.logIssue({ page: 'startup', operation: 'loadRules', message: issue.message, level: 'warn' }),
          ...(env.yieldToMain ? { pause: env.yieldToMain } : {}),
        }),
      ),
      () => (rules = null),
    ));
  /**
   * The rules' loader and the runtime's modules are imported a task apart: each import adds a preload link per
   * chunk it needs (Vite's preload helper), and the seven links of both in one task were one task of 70 to 90
   * ms at the calibrated phone's speed (docs/decisions/051).
   */
  const runtimeModule = async (): Promise<typeof import('./engine/rollout-runtime')> => {
    await env.yieldToMain?.();
    return import('./engine/rollout-runtime');
  };
  const engine = (): Promise<AccountRuntime> =>
    (runtime ??= forgetFailure(
      Promise.all([loadedRules(), runtimeModule()]).then(([r, { createAccountRuntime }]) => {
        store.qa.setRuleFiles(Object.values(r.files));
        store.qa.setRollouts(r.rollouts);
        store.qa.decidedWith(r);
        return createAccountRuntime(
          r.rulesets,
          r.rollouts,
          env.yieldToMain ? { pause: env.yieldToMain } : {},
        );
      }),
      () => (runtime = null),
    ));
  /**
   * The rules and the engine fetched ahead of the next decision. A failure now is that decision's to meet
   * (and report): here it is no uncaught rejection, which the page's error log would count (page-errors.ts).
   */
  const prefetch = (): Promise<AccountRuntime | null> => engine().catch(() => null);
  // Each account is decided by its side of the rollouts served (src/engine/rollout.ts), as on the server.
  const sideOf = async () => (await engine()).forAccount(store.profile.accountNumber);
  const store: RootStore = new RootStore(
    env,
    api,
    async (facts) => (await sideOf()).decisions(facts),
    client,
    async (facts, decisions) => (await sideOf()).itemDecisions(facts, decisions),
  );
  // QA capture (`?qa`) watches the page from its first paint, so no early click goes unrecorded; its panel
  // lists the rule files, so they are loaded at once.
  if (store.qa.enabled) {
    (await import('./shell/qa-capture')).installCapture(store);
    void prefetch();
  }
  const { pathname, search, hash } = window.location;
  const page = pathname === '/' ? '/home' : pathname;
  // The calls the guard starts are the page's: their issue-log records name it even when they answer before
  // the router has rendered the page (which names it again on each navigation, src/shell/RouteTitle.tsx).
  store.setPage(page);
  // Every path outside /login is signed-in: its guard (isAuth beside the profile) starts now, not after the
  // route's module has loaded. The rule studio (/studio) is an analyst's, with its own check (403 otherwise).
  const guard = () => {
    if (!pathname.startsWith('/login') && !pathname.startsWith('/studio'))
      void store.guard(`${page}${search}${hash}`);
  };
  if (served) {
    await env.yieldToMain?.();
    hydrate(store, served);
    // The server counted the home it rendered for a rollout's live effect: the browser does not again.
    if (page === '/home' && served.decisions.current) store.servedHome();
  } else {
    void prefetch();
    store.start();
    guard();
  }
  // A value a page cannot show reads 'Not available' there and is logged once (src/ui/format.ts).
  onUnshowableValue(({ kind, value }) => store.logUnshowable(kind, value));
  // An uncaught error of a customer's page is logged too (the rollout guard counts it); the studio is an
  // analyst's page, not a customer's.
  if (!pathname.startsWith('/studio'))
    reportPageErrors(window, (message) => store.logIssue(store.page, 'pageError', message));
  // The calls are on their way: what follows (the router and the first render) runs in a task of its own.
  await env.yieldToMain?.();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root');
  // A served page's router starts with the pages that could match its address (src/shell/App.tsx).
  const table = served ? firstLoadRoutes(pathname, env.yieldToMain) : null;
  // The cards the server rendered are hydrated with their code: a card whose code came after hydration would be
  // a part of the page React must leave as it is until then (src/stores/arriving-code.ts bounds the wait). The
  // other cards' code comes when idle, or at the customer's first input (src/stores/arriving-code.ts).
  const decided = (served?.decisions.current?.sections ?? []).map(({ section }) => section);
  if (served) cardsShownFirst(decided, decidedOnEveryAnswer(served));
  // React Router numbers the first history entry (history.replaceState) when it makes its history, unless the
  // entry has a number: done here, in a task of its own, for the router's creation is a long one already
  // (issue 30: the replaceState was a third of it). The state is the one React Router writes itself.
  const entry = window.history.state as { idx?: unknown } | null;
  if (served && entry?.idx == null) {
    window.history.replaceState({ ...entry, idx: 0 }, '');
    await env.yieldToMain?.();
  }
  const router = createBrowserRouter(
    table ? table.routes : buildRoutes(),
    table
      ? {
          hydrationData: { loaderData: {}, actionData: null, errors: null },
          patchRoutesOnNavigation: table.patchRoutesOnNavigation,
        }
      : {},
  );
  if (served) {
    // The home's route module registers the cards' code as it runs (fetchCardCode): only once the router has
    // loaded it does the wait for that code mean anything (checked before, it found nothing arriving and the
    // home hydrated without its cards).
    await initialized(router);
    await when(() => decided.every((section) => !arrivingCode.has(section)));
    homeShown();
    await env.yieldToMain?.();
  }
  // Once the server's markup is hydrated (never during: a change then would make React throw the markup away),
  // the store's reactions start, the calls the server could not wait for are made, the guard runs if the server
  // gave up before the account was loaded, and the next decision's rules and engine come (beforeNextDecision).
  let started = false;
  const hydrated = (): void => {
    if (started) return;
    started = true;
    void afterHydration();
  };
  // Each step in a task of its own (they ran in React's effects' task: 250 ms and more at a low-tier phone's
  // speed, issue 30); the page is marked ready once the store runs, as before.
  const afterHydration = async (): Promise<void> => {
    if (served) {
      // A card whose code came after the wait (arriving-code.ts bounds it) is still the server's markup: the
      // stores start, and the page says it answers taps, once it is React's too (lazyCardsCommitted).
      await lazyCardsCommitted();
      await env.yieldToMain?.();
      if (env.yieldToMain) await store.startInSteps(env.yieldToMain);
      else store.start();
      await env.yieldToMain?.();
      void resume(store, served);
      await env.yieldToMain?.();
      guard();
    }
    // The page answers taps from here (tests wait for this mark, as a customer waits for a page to work).
    document.documentElement.dataset.ready = '';
    // Real customers' web vitals reach the operator (/metrics), measured from this load on; an analyst's page
    // (the rule studio) is not a customer's.
    if (!pathname.startsWith('/studio')) reportVitalsWhenIdle(pathname);
    if (!served) return;
    beforeNextDecision(served, store, prefetch, env.yieldToMain);
  };
  const app = (
    <StrictMode>
      <StoreProvider store={store}>
        <App router={router} onHydrated={hydrated} />
      </StoreProvider>
    </StrictMode>
  );
  if (served) {
    // A transition: hydration yields to the browser between pieces of work, so a tap is answered meanwhile.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  }
  // A page the server did not render (the rule studio, or a page whose render failed) is the browser's: React
  // replaces the frame index.html painted.
  else createRoot(root).render(app);
}

/**
 * The rules and the engine fetched when idle, ahead of the next decision, and the page decided again if the
 * rules changed since the server's render. On a page the server decided on every call's answer, only the
 * customer's act decides anew (an account switch, a flow's outcome), and each starts with an input: from the
 * first one on (docs/decisions/057). Otherwise a late answer may decide at any moment, and the QA panel's
 * explain view needs the browser's own trace: when idle, at once.
 */
function beforeNextDecision(
  served: ServerState,
  store: RootStore,
  prefetch: () => Promise<AccountRuntime | null>,
  pause?: () => Promise<void>,
): void {
  const next = (): void =>
    void whenIdle(
      () =>
        void prefetch().then(async (runtime) => {
          if (!runtime) return;
          // The rules' fingerprint in a task of its own.
          await pause?.();
          await decideAgainIfRulesChanged(store, served, runtime);
        }),
    );
  if (decidedOnEveryAnswer(served) && !store.qa.enabled) onFirstInput(next);
  else next();
}

/**
 * The rules the browser loaded are not the ones the server decided the page with (an approval landed in
 * between, or a test served its own): every decision is made again on the same facts, as it would be after
 * a reload. With the QA panel (`?qa`) they are made again too: its explain view shows the browser's own trace
 * of each decision, which the page's state does not carry. `<html data-rules>` then names the rules' version.
 * On a page the server decided on every call's answer this is at the customer's first input: until then the
 * page shows what the rules of its render decided, as a page rendered a moment earlier would.
 */
async function decideAgainIfRulesChanged(
  store: RootStore,
  served: ServerState,
  runtime: AccountRuntime,
): Promise<void> {
  const changed = served.rules !== null && served.rules !== runtime.version;
  if (changed || store.qa.enabled) {
    await store.decisions.evaluateNow();
    await store.items.evaluateNow();
  }
  // The page is decided with the rules the browser holds from here (a test that serves its own rules waits
  // for this mark, as it waits for data-ready).
  document.documentElement.dataset.rules = runtime.version;
}

void start();
