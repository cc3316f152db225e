/**
 * The first view, rendered on the server with React 19 (issue 20; docs/decisions/037-react-server-rendering.md).
 *
 * The same chain as in the browser, once per request with stores of its own: the sign-in guard and the
 * account's calls (made with the customer's own cookies, through `fetch`), the same engine and rules deciding,
 * React Router's static handler matching the same route table, React rendering the page. The server waits for
 * the account's calls as the browser's loading overlay does, never past homeCompleteMs; what is late is marked
 * under way and made by the browser. The state goes into the page as a JSON data block beside the markup, and
 * src/start.tsx hydrates that markup with it.
 */
import { PassThrough, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server.edge';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { observable, runInAction, when } from 'mobx';
import { enableStaticRendering } from 'mobx-react-lite';
import { createClient, type FetchLike } from './api/client';
import { withLazyApplicationKey } from './api/preauth-client';
import { config } from './config';
import { bundledRules } from './engine/bundled';
import { loadRules } from './engine/load';
import { createAccountRuntime, type AccountRuntime } from './engine/rollout-runtime';
import type { Api } from './stores/api-port';
import { buildRoutes } from './shell/App';
import { shellHtml } from './shell/shell-html';
import { CallCache } from './stores/call-cache';
import { StoreProvider } from './stores/context';
import { createApi } from './stores/create-api';
import type { Env } from './stores/env';
import { dehydrate, SERVER_STATE_ID, type ServerState } from './stores/hydration';
import { RootStore } from './stores/root-store';
import { renderingOnServer } from './stores/arriving-code';
import { STORAGE_FLAGS } from './stores/storage-flags';
import { RenderedModules } from './ui/lazy-section';

export { lazyCardModules } from './ui/lazy-section';
export { SERVER_STATE_ID } from './stores/hydration';
/** The server passes its runtime configuration (the addresses and time-outs it writes into its pages) once. */
export { applyRuntimeConfig } from './config';

// Observers render once on the server: no reactions, nothing held between requests.
enableStaticRendering(true);
renderingOnServer();

/** After the deadline, how long the guard's own timer may take to decide on what has answered. */
const DECIDE_GRACE_MS = 100;

// A value the page cannot show (src/ui/format.ts) is logged by the browser, whose hydration renders the same
// parts with the same data: logged here too, it was logged twice, and telling which customer's render was
// formatting took an AsyncLocalStorage whose hooks every promise of every request paid (docs/decisions/045).

export interface RenderRequest {
  /** The address asked for: path, query (no fragment: browsers do not send it). */
  url: string;
  /** The portal's origin as the browser sees it (the 222 check refuses the portal itself). */
  origin: string;
  /** Orch, pre-auth and rules calls with the customer's own cookies (the server answers them in process). */
  fetch: FetchLike;
  /** The request's cookies: the stored flags' copies are read from them. */
  cookies: Readonly<Record<string, string | undefined>>;
  /**
   * The rules for this request: the live ones with their rollouts (each account decided by its side), or an
   * analyst's draft (`?rules=draft`).
   */
  runtime: (search: string) => Promise<AccountRuntime>;
  now?: () => Date;
  /** How long the server waits for the account's calls (default config.timeouts.homeCompleteMs). */
  homeCompleteMs?: number;
  /**
   * The `<link>` tags of the styles and code of modules the render showed beyond the route's own (its lazy
   * cards), written before the markup (default: none).
   */
  assets?: (modules: readonly string[]) => string;
  /**
   * The home's decisions once rendered, with the account they were decided for (the server counts what it
   * showed on each side of a rollout: server/rollout-metrics.ts). Never called for a page without decisions.
   */
  onDecided?: (decided: { account: string | null; sections: string[] }) => void;
  /** How the page's markup was made, once it was (server/metrics.ts counts them): see MarkupPass. */
  onMarkup?: (pass: MarkupPass) => void;
}

/**
 * How a page's markup was made: in one synchronous pass (nothing it shows was still on its way); by the stream,
 * after that pass left a part unfinished (a card's code or a page's call still on its way, or a part that
 * failed); or not at all (the render failed: the page's frame, which the browser renders itself).
 */
export type MarkupPass = 'one_pass' | 'streamed' | 'browser';

export type RenderResult =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's title, for the document's <title>. */
      title: string;
      /** The page modules of the matched routes, as the build's manifest names them (for preloads). */
      modules: string[];
      /** React's markup of #root followed by the state's data block, streamed. */
      body: Readable;
    };

const SCRIPT_SAFE: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** The data block's text: JSON that cannot end the script element or break a line in it. */
export function stateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(/[<\u2028\u2029]/g, (c) => SCRIPT_SAFE[c]!);
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}

/** Storage as the server sees it: the two spec flags' cookie copies, read only. */
function flagStorage(cookies: RenderRequest['cookies']): Env['storage'] {
  const flags = new Set<string>(Object.values(STORAGE_FLAGS));
  return {
    getItem: (name) => (flags.has(name) ? (cookies[name] ?? null) : null),
    setItem: () => {},
    removeItem: () => {},
  };
}

function serverEnv(
  request: RenderRequest,
  effects: { now: () => Date; assigned: (url: string) => void; tracked: ServerState['analytics'] },
): Env {
  return {
    fetch: request.fetch as typeof fetch,
    now: effects.now,
    storage: flagStorage(request.cookies),
    assign: effects.assigned,
    openTab: () => {},
    origin: request.origin,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    track: (event) => void effects.tracked.push(event),
    setCookie: () => {},
    beacon: () => {},
    loadScript: () => Promise.reject(new Error('no scripts on the server')),
    globalValue: () => undefined,
    qaCapture: new URL(request.url, request.origin).searchParams.has('qa'),
  };
}

/** The calls' port, whose issue log goes quiet once the browser has taken over (`detach`). */
function detachable(api: Api): { api: Api; detach: () => void } {
  let live = true;
  return {
    api: { ...api, logIssue: (entry) => (live ? api.logIssue(entry) : undefined) },
    detach: () => (live = false),
  };
}

/** Resolves with what settled first: the work, or nothing once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, ms)))),
  ]).finally(() => clearTimeout(timer));
}

/** The route's title (the deepest match's handle), as the browser's RouteEffects writes it. */
function titleOf(matches: ReadonlyArray<{ route: { handle?: unknown } }>): string {
  const handle = [...matches].reverse().find((m) => (m.route.handle as { title?: string } | undefined)?.title)
    ?.route.handle as { title: string } | undefined;
  return handle ? `${config.productName} | ${handle.title}` : config.productName;
}

/**
 * Renders the page at `request.url`: a redirect (not signed in, a 222 or 223 answer, a route's redirect) or
 * the page. It answers as soon as the route and the session are known (the document's head can leave then);
 * its body streams once the account's calls have answered or the deadline has passed.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const now = request.now ?? (() => new Date());
  const started = now().getTime();
  const budget = request.homeCompleteMs ?? config.timeouts.homeCompleteMs ?? 0;
  const deadline = () => started + budget;
  const left = () => Math.max(0, deadline() - now().getTime());
  const url = new URL(request.url, request.origin);
  const page = url.pathname === '/' ? '/home' : url.pathname;
  const wanted = `${page}${url.search}`;
  const assigned = observable.box<string | null>(null);
  const tracked: ServerState['analytics'] = [];
  const env = serverEnv(request, {
    now,
    assigned: (to) => runInAction(() => assigned.set(assigned.get() ?? to)),
    tracked,
  });

  const client = withLazyApplicationKey(createClient({ fetch: request.fetch }), {
    keyUrl: config.preauth.applicationKeyUrl,
    header: config.preauth.applicationKeyHeader,
    now: () => env.now().getTime(),
  });
  const { api, detach } = detachable(createApi(client));
  const runtime = request.runtime(url.search);
  // Which rules decided this page: the browser decides again if its own load of the rules differs.
  let rules: string | null = null;
  runtime.then(
    (r) => (rules = r.version),
    () => undefined,
  );
  // The side of a rollout is the managed account's (src/engine/rollout.ts): the browser places it the same way.
  const sideOf = async () => (await runtime).forAccount(store.profile.accountNumber);
  const store: RootStore = new RootStore(
    env,
    api,
    async (facts) => (await sideOf()).decisions(facts),
    client,
    async (facts, decisions) => (await sideOf()).itemDecisions(facts, decisions),
    { calls: new CallCache(true, deadline, () => now().getTime()), waitLeft: left },
  );
  store.setPage(page);

  // The route first: a redirect route (/, /orderHistory) answers before anything is asked.
  const handler = staticHandler();
  const context = await handler.query(new Request(url.href, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    return { kind: 'redirect', location: context.headers.get('Location') ?? '/home' };
  }

  // Every path outside /login is signed in: the guard, then the account, as the browser's start-up runs them.
  // The answer waits for the session and the profile (a redirect can only be known then).
  const signedIn = !page.startsWith('/login');
  let loaded: Promise<unknown> = Promise.resolve();
  if (signedIn) {
    loaded = store.guard(wanted).then(() => store.guardian.complete());
    await within(
      when(() => assigned.get() !== null || profileAnswered(store)),
      left(),
    );
    const to = assigned.get();
    if (to) return { kind: 'redirect', location: to };
    if (store.profile.status === '223' && page !== '/AddAnAccountNumber')
      return { kind: 'redirect', location: '/AddAnAccountNumber' };
  }

  const modules = context.matches.flatMap((m) => {
    const module = (m.route.handle as { module?: string } | undefined)?.module;
    return module ? [module] : [];
  });
  const body = new PassThrough();
  void (async () => {
    if (signedIn) {
      // Complete once the account's calls have answered or the deadline has passed (the guard counts it from
      // the request); only a profile that has not answered by then is given up on here.
      await within(loaded, left());
      // The guard's own timer ends the wait at the same moment: let it decide on what has answered.
      if (!store.homeComplete && store.profile.status === 'ok')
        await within(store.guardian.complete(), DECIDE_GRACE_MS);
      if (store.decisions.current) await within(store.items.evaluateNow(), left());
    }
    const pass = await renderInto(body, store, handler, context, request.assets ?? (() => ''), () => {
      const decided = store.decisions.current;
      if (decided && page === '/home')
        request.onDecided?.({
          account: store.profile.accountNumber,
          sections: decided.sections.map((s) => s.section),
        });
      detach();
      return stateScript(dehydrate(store, wanted, tracked, rules));
    });
    request.onMarkup?.(pass);
  })().catch((error: unknown) => {
    // The page could not be rendered: the browser renders it itself, from the frame it knows (a part that
    // threw is logged there, by its error boundary; anything else is logged here).
    if (!(error instanceof ClientRender))
      store.logIssue(store.page, 'render', error instanceof Error ? error.message : String(error));
    detach();
    body.end(`<div id="root">${shellHtml(config.provider)}</div>`);
    request.onMarkup?.('browser');
  });
  return { kind: 'page', status: context.statusCode, title: titleOf(context.matches), modules, body };
}

/**
 * The route table's static handler, made once per process: it holds no request's state (each query gets its
 * own context), and making it (the routes, their matching tree) was a twentieth of a render's CPU.
 */
let handlerOnce: ReturnType<typeof createStaticHandler> | null = null;
const staticHandler = (): ReturnType<typeof createStaticHandler> =>
  (handlerOnce ??= createStaticHandler(buildRoutes()));

/** The profile has answered (or the session says no): what decides a redirect is known. */
function profileAnswered(store: RootStore): boolean {
  const auth = store.session.auth;
  if (auth === 'unauthenticated' || auth === 'error') return true;
  const status = store.profile.status;
  if (status === 'idle' || status === 'loading') return false;
  // A 222 is followed (assigned) or refused (the account error page) right after its answer.
  return status !== '222' || store.blockedRedirect;
}

/**
 * React's markup of #root, then the state the browser takes over: the state the markup was rendered from,
 * taken as soon as React is done, before a late answer changes the store (`done` also stops the server's issue
 * log: from then on the browser makes what was still under way and records its failures).
 *
 * React's edge build, not its Node one: the Node build keeps each render's request in an AsyncLocalStorage,
 * and on Node 20 the first use of one installs promise hooks that every promise of the process then pays, a
 * tenth of a home's CPU (docs/decisions/046). The edge build reads its request from its own variable while it
 * renders, which is all this render needs (it calls no preload from async code).
 */
async function renderInto(
  body: PassThrough,
  store: RootStore,
  handler: ReturnType<typeof createStaticHandler>,
  context: StaticHandlerContext,
  assets: (modules: readonly string[]) => string,
  done: () => string,
): Promise<MarkupPass> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (shown: Set<string>) => (
    <StrictMode>
      <StoreProvider store={store}>
        <RenderedModules value={shown}>
          {/* hydrate={false}: no inline script; the browser gets the router's state in the data block. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RenderedModules>
      </StoreProvider>
    </StrictMode>
  );
  // The lazy cards' code (their styles are in the head: server/page-render.ts), React's markup, then the state:
  // written as one piece, since each write is a step through the page's streams and its compressor.
  const page = (shown: Set<string>, markup: string | Uint8Array[], tail: string): Buffer =>
    typeof markup === 'string'
      ? Buffer.from(`${assets([...shown])}<div id="root">${markup}</div>${tail}`)
      : Buffer.concat([
          Buffer.from(`${assets([...shown])}<div id="root">`),
          ...markup,
          Buffer.from(`</div>${tail}`),
        ]);

  // The page's data has answered by now, so its render rarely waits on anything: rendered in one synchronous
  // pass into a string, it skips the stream's machinery and its encoding of each piece of markup into bytes,
  // about a third of the render's CPU. What would have waited (a card's code still loading, a page's own call)
  // or failed leaves its boundary to the browser in that pass (`<!--$!` or `<!--$?`), or fails it whole: the
  // page is then rendered again by the stream, which waits for it (docs/decisions/049).
  const shownNow = new Set<string>();
  let whole: string | null = null;
  try {
    whole = renderToString(app(shownNow));
  } catch {
    // A part outside any boundary waited or threw: the stream below meets it again and handles it.
  }
  if (whole !== null && !INCOMPLETE_BOUNDARY.test(whole)) {
    body.end(page(shownNow, whole, done()));
    return 'one_pass';
  }

  const shown = new Set<string>();
  let failed: unknown = null;
  // A shell that fails rejects here: the caller renders the frame and the browser the page.
  const stream = await renderToReadableStream(app(shown), {
    // Nothing is ever sent before the whole page is ready, so no part needs to be revealed later by React's
    // inline scripts (which the CSP refuses): a large part is written in place, not outlined.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed ??= error;
    },
  });
  await stream.allReady;
  // A part that threw would be left for the browser with an inline script: the browser renders the whole page
  // instead, where the part's error boundary shows its failure and logs it.
  if (failed !== null) {
    await stream.cancel();
    throw new ClientRender(failed);
  }
  const tail = done();
  const chunks: Uint8Array[] = [];
  const reader = (stream as ReadableStream<Uint8Array>).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  body.end(page(shown, chunks, tail));
  return 'streamed';
}

/**
 * A Suspense boundary React left for the browser (`<!--$!-->`: aborted or failed) or still pending
 * (`<!--$?-->`). Text and attributes are escaped, so only React writes `<!--`.
 */
const INCOMPLETE_BOUNDARY = /<!--\$[!?]/;

/** A page the server could not render whole: the browser renders it (and logs what failed there). */
class ClientRender extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/**
 * The engine on a rule bundle as /rules/bundle.json serves it (or an analyst's draft), read as the browser
 * reads it (src/engine/load.ts): the copy built into the app stands in for a file that never had a valid
 * version. The server keeps one per version of the live rules.
 */
export async function loadRuntime(fetch: FetchLike, url: string): Promise<AccountRuntime> {
  const rules = await loadRules({
    fetch,
    url,
    bundled: { hashes: __BUNDLED_RULE_HASHES__, load: () => Promise.resolve(bundledRules) },
    // The server reports its own rule problems (/rules/status): nothing more to say here.
    onIssue: () => {},
  });
  return createAccountRuntime(rules.rulesets, rules.rollouts);
}
