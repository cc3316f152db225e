import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './ui/styles.css';
import { createClient } from './api/client';
import { withLazyApplicationKey } from './api/preauth-client';
import { config } from './config';
import { loadRules, rulesUrl } from './engine/load';
import { createRuntime } from './engine/runtime';
import { createApi } from './stores/create-api';
import { browserEnv } from './stores/env';
import { RootStore } from './stores/root-store';
import { StoreProvider } from './stores/context';
import { App } from './shell/App';
import { onUnshowableValue } from './ui/format';

/**
 * Start-up, everything at once: the rules (one request, /rules/bundle.json: an analyst's edit shows after a
 * reload, no rebuild), the sign-in check and the account's profile are asked for as soon as this entry runs,
 * while the router loads the page's module (preloaded by index.html for /home). Nothing waits for the rules
 * but the decisions themselves.
 */
async function start(): Promise<void> {
  const env = browserEnv();
  // Every /preauth call carries the application key (fetched, renewed and retried once on a 401 there).
  const client = withLazyApplicationKey(createClient({ fetch: env.fetch }), {
    keyUrl: config.preauth.applicationKeyUrl,
    header: config.preauth.applicationKeyHeader,
    now: () => env.now().getTime(),
  });
  const api = createApi(client);
  const rules = loadRules({
    fetch: (url, init) => env.fetch(url, init),
    // The rule studio opens the portal with an analyst's draft (/home?rules=draft, that analyst alone).
    url: rulesUrl(window.location.search),
    bundled: {
      hashes: __BUNDLED_RULE_HASHES__,
      load: () => import('./engine/bundled').then((m) => m.bundledRules),
    },
    onIssue: (issue) =>
      api.logIssue({ page: 'startup', operation: 'loadRules', message: issue.message, level: 'warn' }),
  });
  const runtime = rules.then((r) => createRuntime(r.rulesets));
  const store = new RootStore(
    env,
    api,
    async (facts) => (await runtime).decide(facts),
    client,
    async (facts, decisions) => (await runtime).decideItem(facts, decisions),
  );
  void rules.then((r) => {
    store.qa.setRuleFiles(Object.values(r.files));
    store.qa.decidedWith(r);
  });
  // QA capture (`?qa`) watches the page from its first paint, so no early click goes unrecorded.
  if (store.qa.enabled) (await import('./shell/qa-capture')).installCapture(store);
  store.start();
  // Every path outside /login is signed-in: its guard (isAuth beside the profile) starts now, not after the
  // route's module has loaded. The rule studio (/studio) is an analyst's, with its own check (403 otherwise).
  const { pathname, search, hash } = window.location;
  const page = pathname === '/' ? '/home' : pathname;
  // The calls the guard starts are the page's: their issue-log records name it even when they answer before
  // the router has rendered the page (which names it again on each navigation, src/shell/RouteTitle.tsx).
  store.setPage(page);
  if (!pathname.startsWith('/login') && !pathname.startsWith('/studio'))
    void store.guard(`${page}${search}${hash}`);
  // A value a page cannot show reads 'Not available' there and is logged once (src/ui/format.ts).
  onUnshowableValue(({ kind, value }) => store.logUnshowable(kind, value));
  // The calls are on their way: what follows (the router and the first render) runs in a task of its own.
  await env.yieldToMain?.();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const app = (
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>
  );
  // index.html's first paint (src/shell/shell-html.ts) is adopted, not replaced: the router's first render is
  // the same frame (ShellFrame), so the loading text customers already see stays the same element on the page
  // (the browser's largest paint stays the first one: docs/decisions/010-first-load.md).
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
