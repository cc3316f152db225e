/**
 * The portal's pages, rendered on the server with React 19 (src/entry-server.tsx; docs/decisions/037): the
 * built index.html is the document's frame, React's markup of the page and its state go in its #root, and the
 * page's own chunks are preloaded. The page's calls are answered in process by this very server (the sandbox's
 * Orch, or the upstream proxy in production), with the customer's own cookies and nothing else of theirs.
 *
 * The document is streamed: its head (styles, scripts, preloads) leaves as soon as the route and the session
 * are known, so the browser fetches them while the server waits for the account's calls; then the page. It is
 * compressed on the way (brotli at a speed-minded quality, or gzip), flushed at each part.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { appPage } from './app-page';
import { withRuntimeConfig, type RuntimeConfig } from './runtime-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchLike } from '../src/api/client';
import type { Runtime } from '../src/engine/runtime';

/** What the server-rendering bundle (dist/server/entry-server.js, built from src/entry-server.tsx) exports. */
export type EntryServer = typeof import('../src/entry-server');

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
  /** the time-outs written into every page (sandbox/runtime-config.ts); its homeCompleteMs is the server's wait too */
  runtimeConfig?: RuntimeConfig;
}

const ROOT_START = '<!--ssr-root-->';
const ROOT_END = '<!--/ssr-root-->';

interface Template {
  /** the document up to </head> (exclusive) */
  head: string;
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

/** The built index.html split around its root, re-read when a build replaces it. */
function templateReader(distDir: string, runtime: RuntimeConfig): () => Template | null {
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
      cached = { head: '', bodyStart: '', tail: '', signature, rendered: false };
      return cached;
    }
    cached = {
      head: whole.slice(0, headEnd),
      bodyStart: whole.slice(headEnd, start),
      tail: whole.slice(end + ROOT_END.length),
      signature,
      rendered: true,
    };
    return cached;
  };
}

/** The chunks and styles a page module needs, from the build's manifest (each file once). */
function manifestReader(
  distDir: string,
): (modules: readonly string[], alreadyListed?: readonly string[]) => string {
  const file = join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk> | null = null;
  let signature = '';
  return (modules, alreadyListed = []) => {
    if (!existsSync(file)) return '';
    const st = statSync(file);
    if (`${st.size}:${st.mtimeMs}` !== signature) {
      manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      signature = `${st.size}:${st.mtimeMs}`;
    }
    const chunks = new Set<string>();
    const styles = new Set<string>();
    // What the entry loads is in index.html already.
    const loaded = new Set<string>();
    const walk = (key: string, into: Set<string>, css: Set<string>): void => {
      const chunk = manifest?.[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const dep of chunk.imports ?? []) walk(dep, into, css);
    };
    walk('index.html', loaded, loaded);
    // With the entry's pieces, which index.html preloads too (src/main.tsx, lib/vite-first-load.ts).
    for (const piece of manifest?.['index.html']?.dynamicImports ?? []) walk(piece, loaded, loaded);
    // And what the head lists already (the route's own chunks).
    for (const module of alreadyListed) walk(module, loaded, loaded);
    for (const module of modules) walk(module, chunks, styles);
    const tags: string[] = [];
    for (const css of styles)
      if (!loaded.has(css)) tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
    for (const chunk of chunks)
      if (!loaded.has(chunk))
        tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk)}">`);
    return tags.join('');
  };
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

/** The compression the browser accepts: brotli at a quality cheap enough per request, else gzip, else none. */
function compressor(req: FastifyRequest): { encoding: string; stream: BrotliCompress | Gzip } | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return {
      encoding: 'br',
      stream: createBrotliCompress({
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
        flush: constants.BROTLI_OPERATION_FLUSH,
      }),
    };
  if (/\bgzip\b/.test(accepted))
    return { encoding: 'gzip', stream: createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH }) };
  return null;
}

/** Answers a page request: the server's render, a redirect, or the built index.html for browser-only pages. */
export function createPageRenderer(
  options: PageRendererOptions,
): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const runtimeConfig = options.runtimeConfig ?? {};
  const template = templateReader(options.distDir, runtimeConfig);
  // A page the server does not render: the built page with the runtime block, compressed once per build.
  const sendWhole = appPage(join(options.distDir, 'index.html'), runtimeConfig);
  const homeCompleteMs = options.homeCompleteMs ?? runtimeConfig.timeouts?.homeCompleteMs;
  const preloads = manifestReader(options.distDir);
  const entry =
    options.entry ??
    (() =>
      import(pathToFileURL(join(options.distDir, 'server', 'entry-server.js')).href) as Promise<EntryServer>);
  let live: { bundle: string; runtime: Promise<Runtime> } | null = null;

  const runtimeFor = async (ssr: EntryServer, search: string, fetch: FetchLike): Promise<Runtime> => {
    const url = new URLSearchParams(search).get('rules') === 'draft' ? '/rules/draft/bundle.json' : null;
    // An analyst's draft is theirs alone: read through their own session, never kept.
    if (url) return ssr.loadRuntime(fetch, url);
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

    const ssr = await entry();
    const setCookies: string[] = [];
    const fetch = inProcessFetch(options.app, req, setCookies);
    const origin = `${req.protocol}://${req.host}`;
    let routeModules: readonly string[] = [];
    const result = await ssr.render({
      url: req.url,
      origin,
      fetch,
      cookies: cookiesOf(req),
      runtime: (search) => runtimeFor(ssr, search, fetch),
      ...(homeCompleteMs !== undefined ? { homeCompleteMs } : {}),
      // The lazy cards the page shows: their styles and code, beyond what the head lists for the route.
      assets: (shown) => preloads(shown, routeModules),
    });
    if (result.kind === 'page') routeModules = result.modules;
    for (const cookie of setCookies) void reply.header('Set-Cookie', cookie);
    // A signed-in page is the customer's alone: never stored by the browser's cache or a proxy.
    void reply.header('Cache-Control', 'private, no-store');
    if (result.kind === 'redirect') return reply.redirect(result.location, 302);

    const head = `${page.head.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(result.title)}</title>`)}${preloads(result.modules)}`;
    const out = new PassThrough();
    const zip = compressor(req);
    void reply.code(result.status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    if (zip) void reply.header('Content-Encoding', zip.encoding);
    const document: Readable = zip ? out.pipe(zip.stream) : out;
    out.write(head + page.bodyStart);
    result.body.pipe(out, { end: false });
    result.body.on('end', () => out.end(page.tail));
    result.body.on('error', (error) => out.destroy(error));
    return reply.send(document);
  };
}
