/**
 * The portal's pages, rendered on the server with React 19 (src/entry-server.tsx; docs/decisions/037): the
 * built index.html is the document's frame, React's markup of the page and its state go in its #root, and the
 * page's own chunks are preloaded. The page's calls are answered in process by this very server, whose
 * upstream proxy takes them to Orch (the sandbox's stand-in, or the provider's) as it does the browser's, with
 * the customer's own cookies and nothing else of theirs.
 *
 * The document is streamed: its head (styles, scripts, preloads) leaves as soon as the route and the session
 * are known, so the browser fetches them while the server waits for the account's calls; then the page. It is
 * compressed on the way (brotli at a speed-minded quality, or gzip), flushed at each part.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { appPage } from './app-page';
import { inlineLinkedStyles, styleInliner, type InlineStyle } from './inline-styles';
import { withRuntimeConfig, type RuntimeConfig } from './runtime-config';
import { withStyleHashes } from './security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchLike } from '../src/api/client';
import type { AccountRuntime } from '../src/engine/rollout-runtime';
import type { Placement } from '../src/engine/rollout';
import type { MarkupPass } from '../src/entry-server';

/** What the server-rendering bundle (dist/server/entry-server.js, built from src/entry-server.tsx) exports. */
export type EntryServer = typeof import('../src/entry-server');
export type { MarkupPass };

export interface PageRendererOptions {
  /** the built app: index.html, .vite/manifest.json and server/entry-server.js */
  distDir: string;
  /** this server, whose routes answer the page's calls in process */
  app: FastifyInstance;
  /** the live rules' bundle as /rules/bundle.json serves it (the same string while no file changed) */
  rulesBundle: () => string;
  /** how the rendering module is loaded (default: the build's dist/server/entry-server.js) */
  entry?: () => Promise<EntryServer>;
  /** how long the server waits for the account's calls (default: the portal's homeCompleteMs) */
  homeCompleteMs?: number;
  /** the pages whose first view stays the browser's (the rule studio: an analyst's tool, not a customer page) */
  browserOnly?: (path: string) => boolean;
  /** the time-outs written into every page (runtime-config.ts); its homeCompleteMs is the server's wait too */
  runtimeConfig?: RuntimeConfig;
  /**
   * The page's calls to Orch (/Orch, /preauth) go through this client (server/upstream.ts): straight to the
   * upstream on the proxy's terms. Without it they are answered by this server in process (the proxy).
   */
  upstream?: (req: FastifyRequest, setCookies: string[]) => FetchLike;
  /** told each render's page (its route: /home), result and time until its head left */
  onRendered?: (page: string, result: 'page' | 'redirect', seconds: number) => void;
  /** told how each rendered page's markup was made (one pass, the stream, or left to the browser) */
  onMarkup?: (page: string, pass: MarkupPass) => void;
  /** A home rendered with the live rules: where its account stands in each rollout, and what it showed. */
  onHomeShown?: (placements: Placement[], sections: string[], account: string | null) => void;
}

const ROOT_START = '<!--ssr-root-->';
const ROOT_END = '<!--/ssr-root-->';

interface Template {
  /** the document up to </head> (exclusive), its stylesheets inlined (server/inline-styles.ts) */
  head: string;
  /** the CSP hashes of the head's inlined stylesheets */
  styleHashes: string[];
  /** from </head> to the root's place */
  bodyStart: string;
  /** after the root */
  tail: string;
  signature: string;
  /** the template has the root's markers: the server renders into it */
  rendered: boolean;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Holds the first paint until the page's markup is parsed whole: until the state block that follows #root is
 * in the document (`rel=expect`; a browser without it paints as before). Targeting #root itself let Chromium
 * paint once the parser had yielded inside it, the header alone (docs/decisions/039).
 */
const renderWhole = (stateId: string): string =>
  `<link rel="expect" href="#${escapeHtml(stateId)}" blocking="render">`;

/** The built index.html split around its root, re-read when a build replaces it. */
function templateReader(
  distDir: string,
  runtime: RuntimeConfig,
  inline: (file: string) => InlineStyle | null,
): () => Template | null {
  const file = join(distDir, 'index.html');
  let cached: Template | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const st = statSync(file);
    const signature = `${st.size}:${st.mtimeMs}`;
    if (cached?.signature === signature) return cached;
    const whole = withRuntimeConfig(readFileSync(file, 'utf8'), runtime);
    const start = whole.indexOf(ROOT_START);
    const end = whole.indexOf(ROOT_END);
    const headEnd = whole.indexOf('</head>');
    // A page without the markers (not the portal's build) is served as it is: its first view is the browser's.
    if (start < 0 || end < start || headEnd < 0 || headEnd > start) {
      cached = { head: '', styleHashes: [], bodyStart: '', tail: '', signature, rendered: false };
      return cached;
    }
    const head = inlineLinkedStyles(whole.slice(0, headEnd), inline);
    cached = {
      head: head.html,
      styleHashes: head.hashes,
      bodyStart: whole.slice(headEnd, start),
      tail: whole.slice(end + ROOT_END.length),
      signature,
      rendered: true,
    };
    return cached;
  };
}

/** What a page lists of the build: its route's chunks and styles, and the lazy cards' it rendered. */
interface PageAssets {
  /** The tags of the head: the route's chunks and styles, and the styles of its lazy cards (inlined). */
  head: string;
  /** the CSP hashes of the head's inlined stylesheets */
  styleHashes: string[];
  /** The `<link>` tags before the markup: the code of the lazy cards it shows (their styles are the head's). */
  shown(modules: readonly string[]): string;
}

/**
 * The chunks and styles of a page, from the build's manifest (each file once, none the entry has already).
 *
 * The styles of every lazy card the route can load go in the head with the route's: a stylesheet in the body
 * pauses the parser until it has loaded (the page first painted empty, then laid out whole in one long task
 * after that paint), and these are small (docs/decisions/039). The cards' code is listed only for the
 * cards the render showed.
 */
function manifestReader(
  distDir: string,
  inline: (file: string) => InlineStyle | null,
): (route: readonly string[], cards: readonly string[]) => PageAssets {
  const file = join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk> | null = null;
  let signature = '';
  const read = (): Record<string, ManifestChunk> | null => {
    if (!existsSync(file)) return null;
    const st = statSync(file);
    if (`${st.size}:${st.mtimeMs}` !== signature) {
      manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      signature = `${st.size}:${st.mtimeMs}`;
    }
    return manifest;
  };
  /** Each chunk a module needs (its static imports), and their styles. */
  const walk = (
    chunks: Record<string, ManifestChunk>,
    key: string,
    into: Set<string>,
    css: Set<string>,
  ): void => {
    const chunk = chunks[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const dep of chunk.imports ?? []) walk(chunks, dep, into, css);
  };
  /** What the entry loads (index.html and the pieces it preloads: src/main.tsx, lib/vite-first-load.ts). */
  const entryFiles = (chunks: Record<string, ManifestChunk>): Set<string> => {
    const loaded = new Set<string>();
    walk(chunks, 'index.html', loaded, loaded);
    for (const piece of chunks['index.html']?.dynamicImports ?? []) walk(chunks, piece, loaded, loaded);
    return loaded;
  };
  /** The styles of the lazy cards the route's code loads. */
  const cardStyles = (
    chunks: Record<string, ManifestChunk>,
    route: readonly string[],
    cards: readonly string[],
  ): Set<string> => {
    const lazy = new Set(cards);
    const reached = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string): void => {
      const chunk = chunks[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const dynamic of chunk.dynamicImports ?? []) if (lazy.has(dynamic)) reached.add(dynamic);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const module of route) visit(module);
    const css = new Set<string>();
    for (const card of reached) walk(chunks, card, new Set(), css);
    return css;
  };
  /** The tags of `styles` and `code`: the styles inlined where `hashes` is given (it gets their CSP hashes). */
  const tags = (
    styles: Iterable<string>,
    code: Iterable<string>,
    loaded: Set<string>,
    hashes?: string[],
  ): string => {
    const out: string[] = [];
    for (const css of styles) {
      if (loaded.has(css)) continue;
      const style = hashes ? inline(css) : null;
      if (style) hashes?.push(style.hash);
      out.push(style ? style.tags : `<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
    }
    for (const chunk of code)
      if (!loaded.has(chunk))
        out.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(chunk)}">`);
    return out.join('');
  };
  // A page's assets follow from the build and the page's modules alone: worked out once per route and cards,
  // and for each set of cards shown (bounded; a new build starts afresh).
  const LIMIT = 256;
  let memo = new Map<string, PageAssets>();
  let memoOf: Record<string, ManifestChunk> | null = null;
  return (route, cards) => {
    const chunks = read();
    if (!chunks) return { head: '', styleHashes: [], shown: () => '' };
    if (memoOf !== chunks) {
      memo = new Map();
      memoOf = chunks;
    }
    return remembered(memo, `${route.join(' ')}|${cards.join(' ')}`, () => pageAssets(chunks, route, cards));
  };
  /** `map`'s value for `key`, made by `make` the first time; at most LIMIT are kept. */
  function remembered<V>(map: Map<string, V>, key: string, make: () => V): V {
    let value = map.get(key);
    if (value === undefined) {
      value = make();
      if (map.size < LIMIT) map.set(key, value);
    }
    return value;
  }
  function pageAssets(
    chunks: Record<string, ManifestChunk>,
    route: readonly string[],
    cards: readonly string[],
  ): PageAssets {
    // What the document lists once its head is sent: the entry's, the route's and the cards' styles.
    const loaded = entryFiles(chunks);
    const code = new Set<string>();
    const styles = new Set<string>();
    for (const module of route) walk(chunks, module, code, styles);
    for (const css of cardStyles(chunks, route, cards)) styles.add(css);
    const styleHashes: string[] = [];
    const head = tags(styles, code, loaded, styleHashes);
    for (const file of [...code, ...styles]) loaded.add(file);
    const shown = new Map<string, string>();
    return {
      head,
      styleHashes,
      shown: (modules) =>
        remembered(shown, modules.join(' '), () => {
          const shownCode = new Set<string>();
          const shownStyles = new Set<string>();
          for (const module of modules) walk(chunks, module, shownCode, shownStyles);
          // A shown card the route cannot reach (none today) still brings its styles, before its markup.
          return tags(shownStyles, shownCode, loaded);
        }),
    };
  }
}

/** The request's cookies, parsed by @fastify/cookie. */
const cookiesOf = (req: FastifyRequest): Record<string, string | undefined> =>
  (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};

/**
 * fetch, answered by this server in process with the customer's cookie header and nothing else of the
 * request's; the Set-Cookie headers of the answers are passed on to the page's response, as the browser would
 * have received them.
 */
function inProcessFetch(app: FastifyInstance, req: FastifyRequest, setCookies: string[]): FetchLike {
  return async (input, init) => {
    const url = new URL(input, 'http://portal.invalid');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    headers['user-agent'] = 'portal-server-render';
    const signal = init.signal;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: req.ip,
    });
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      ),
    );
    const res = await Promise.race([answer, aborted]);
    const cookies = res.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [String(cookies)]));
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && name !== 'set-cookie')
        out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}

/** A page's label for the metrics: its first segment (/home, /billing ...), so the labels stay few. */
const pageLabel = (path: string): string => `/${(path.split('/')[1] ?? '').slice(0, 40)}`;

/** The compression the browser accepts: brotli at a quality cheap enough per request, else gzip, else none. */
function compressor(req: FastifyRequest): { encoding: string; stream: BrotliCompress | Gzip } | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return {
      encoding: 'br',
      // Quality 3: for a 23 KB home, about 0.5 ms of CPU and 7.1 KB, against quality 4's 0.7 to 0.9 ms and
      // 6.8 KB and quality 5's 0.9 to 1.1 ms and 6.4 KB (docs/decisions/046). A window for a page of tens of
      // KB, not brotli's default 4 MB: less to set up for each request.
      stream: createBrotliCompress({
        params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18 },
      }),
    };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip({ level: 6 }) };
  return null;
}

/**
 * Loads the rendering module once (dist/server/entry-server.js, or `load`) and tells it the configuration
 * this server writes into its pages; a failed load is tried again on the next call.
 */
export function entryLoader(
  distDir: string,
  runtimeConfig: RuntimeConfig,
  load: () => Promise<EntryServer> = () =>
    import(pathToFileURL(join(distDir, 'server', 'entry-server.js')).href) as Promise<EntryServer>,
): () => Promise<EntryServer> {
  let loaded: Promise<EntryServer> | undefined;
  return () =>
    (loaded ??= load().then(
      (ssr) => {
        if (typeof ssr.applyRuntimeConfig === 'function') ssr.applyRuntimeConfig(runtimeConfig);
        return ssr;
      },
      (e: unknown) => {
        loaded = undefined;
        throw e;
      },
    ));
}

/** Answers a page request: the server's render, a redirect, or the built index.html for browser-only pages. */
export function createPageRenderer(
  options: PageRendererOptions,
): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const runtimeConfig = options.runtimeConfig ?? {};
  const inline = styleInliner(options.distDir);
  const template = templateReader(options.distDir, runtimeConfig, inline);
  // A page the server does not render: the built page with the runtime block, compressed once per build.
  const sendWhole = appPage(join(options.distDir, 'index.html'), runtimeConfig);
  const homeCompleteMs = options.homeCompleteMs ?? runtimeConfig.timeouts?.homeCompleteMs;
  const assets = manifestReader(options.distDir, inline);
  const entry = options.entry ?? entryLoader(options.distDir, runtimeConfig);
  let live: { bundle: string; runtime: Promise<AccountRuntime> } | null = null;

  /** The live rules' runtime, made again only when the bundle changed. */
  const liveRuntime = async (ssr: EntryServer): Promise<AccountRuntime> => {
    const bundle = options.rulesBundle();
    if (live?.bundle !== bundle) {
      const runtime = ssr.loadRuntime(
        () =>
          Promise.resolve(
            new Response(bundle, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
          ),
        '/rules/bundle.json',
      );
      live = { bundle, runtime };
    }
    return live.runtime;
  };

  return async (req, reply) => {
    const page = template();
    if (!page) return reply.code(503).type('text/html; charset=utf-8').send('The portal is not built.');
    const path = new URL(req.url, 'http://portal.invalid').pathname;
    if (!page.rendered || options.browserOnly?.(path)) return sendWhole(req, reply);

    const started = performance.now();
    const ssr = await entry();
    const setCookies: string[] = [];
    const local = inProcessFetch(options.app, req, setCookies);
    const upstream = options.upstream?.(req, setCookies);
    // Calls to Orch go to the upstream directly; the server's own addresses (an analyst's draft rules) in process.
    const fetch: FetchLike = upstream
      ? (input, init) => (/^\/(Orch|preauth)\//.test(input) ? upstream(input, init) : local(input, init))
      : local;
    const origin = `${req.protocol}://${req.host}`;
    let pageAssets: PageAssets | null = null;
    // The live rules as this page got them: what it showed is counted against the same version.
    let liveOnce: Promise<AccountRuntime> | undefined;
    const liveRules = (): Promise<AccountRuntime> => (liveOnce ??= liveRuntime(ssr));
    const result = await ssr.render({
      url: req.url,
      origin,
      fetch,
      cookies: cookiesOf(req),
      runtime: (search) =>
        // An analyst's draft is theirs alone: read through their own session, never kept.
        new URLSearchParams(search).get('rules') === 'draft'
          ? ssr.loadRuntime(fetch, '/rules/draft/bundle.json')
          : liveRules(),
      // Counted only for the live rules: an analyst's draft preview is no customer's home.
      onDecided: ({ account, sections }) => {
        if (!options.onHomeShown || new URLSearchParams(new URL(req.url, 'http://x').search).has('rules'))
          return;
        void liveRules().then(
          (runtime) => options.onHomeShown?.(runtime.placements(account), sections, account ?? null),
          () => undefined,
        );
      },
      ...(homeCompleteMs !== undefined ? { homeCompleteMs } : {}),
      ...(options.onMarkup
        ? { onMarkup: (pass: MarkupPass) => options.onMarkup?.(pageLabel(path), pass) }
        : {}),
      // The lazy cards the page shows: their styles and code, beyond what the head lists for the route.
      assets: (shown) => pageAssets?.shown(shown) ?? '',
    });
    if (result.kind === 'page') pageAssets = assets(result.modules, ssr.lazyCardModules());
    for (const cookie of setCookies) void reply.header('Set-Cookie', cookie);
    // A signed-in page is the customer's alone: never stored by the browser's cache or a proxy.
    void reply.header('Cache-Control', 'private, no-store');
    options.onRendered?.(pageLabel(path), result.kind, (performance.now() - started) / 1000);
    if (result.kind === 'redirect') return reply.redirect(result.location, 302);

    // The page is painted once it is whole: a first paint while the head waits for the body would be an
    // empty frame, and the page's layout then a long task after it (docs/decisions/039).
    const head = `${page.head.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(result.title)}</title>`)}${renderWhole(ssr.SERVER_STATE_ID)}${pageAssets?.head ?? ''}`;
    // The inlined stylesheets, and only they, are allowed in by the page's CSP.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      void reply.header(
        'Content-Security-Policy',
        withStyleHashes(csp, [...page.styleHashes, ...(pageAssets?.styleHashes ?? [])]),
      );
    const zip = compressor(req);
    void reply.code(result.status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    if (zip) void reply.header('Content-Encoding', zip.encoding);
    const document: Duplex = zip ? zip.stream : new PassThrough();
    document.write(head + page.bodyStart);
    // The head leaves at once (the browser fetches the styles and code it names meanwhile); the body, which
    // React writes in a burst of small chunks, is compressed as a whole, not flushed chunk by chunk (a flush
    // per chunk cost more CPU than the rest of the compression, for a larger page).
    zip?.stream.flush();
    result.body.pipe(document, { end: false });
    result.body.on('end', () => document.end(page.tail));
    result.body.on('error', (error) => document.destroy(error));
    return reply.send(document);
  };
}
