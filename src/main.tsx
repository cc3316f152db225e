import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/styles.css';
import { createClient } from './api/client';
import { bundledRules } from './engine/bundled';
import { loadRules } from './engine/load';
import { createRuntime } from './engine/runtime';
import { createApi } from './stores/create-api';
import { browserEnv } from './stores/env';
import { RootStore } from './stores/root-store';
import { StoreProvider } from './stores/context';
import { App } from './shell/App';
import { onUnshowableValue } from './ui/format';

/**
 * Start-up: the rules are fetched from the server (an analyst's edit shows after a reload, no rebuild),
 * validated, and fall back file by file to the copy bundled at build time.
 */
async function start(): Promise<void> {
  const env = browserEnv();
  const client = createClient({ fetch: env.fetch });
  const api = createApi(client);
  const rules = await loadRules({
    fetch: (url, init) => env.fetch(url, init),
    bundled: bundledRules,
    onIssue: (issue) =>
      api.logIssue({ page: 'startup', operation: 'loadRules', message: issue.message, level: 'warn' }),
  });
  const runtime = createRuntime(rules.rulesets);
  const store = new RootStore(
    env,
    api,
    (facts) => runtime.decide(facts),
    client,
    (facts, decisions) => runtime.decideItem(facts, decisions),
  );
  store.qa.decidedWith(rules);
  // QA capture (`?qa`) watches the page from its first paint, so no early click goes unrecorded.
  if (store.qa.enabled) (await import('./shell/qa-capture')).installCapture(store);
  store.start();
  // A value a page cannot show reads 'Not available' there and is logged once (src/ui/format.ts).
  onUnshowableValue(({ kind, value }) => store.logUnshowable(kind, value));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
}

void start();
