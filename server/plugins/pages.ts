/**
 * The built portal: its files from dist/ (precompressed siblings by Accept-Encoding, hashed assets cached for
 * a year, the rest revalidated) and its pages. A page is any GET of a path that is not a file (/home,
 * /billing, /studio ..., and `/`, `/index.html`): it is answered by `renderPage`, the one seam where the
 * page's HTML is made. With `render` settings that is React's server render (sandbox/page-render.ts,
 * docs/decisions/037): the page, its data and its state in the first response, the page's calls answered in
 * process by this very server; the rule studio and `/index.html` stay the browser's to render. Without, the
 * built page is sent as it is (with the runtime configuration, sandbox/app-page.ts).
 *
 * Encapsulated: @fastify/static's reply.sendFile and this not-found handler belong to this scope, and
 * because every other family registers its own routes, what reaches the handler is a file or a page.
 */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appPage } from '../app-page';
import { createPageRenderer, type EntryServer, type MarkupPass } from '../page-render';
import type { RuntimeConfig } from '../runtime-config';
import type { Placement } from '../../src/engine/rollout';
import { notBuiltPage, plainMessagePage } from '../html';
import { html, json, splitUrl } from '../http';
import type { FetchLike } from '../../src/api/client';

/** What a page renderer is told about the request it answers. */
export interface PageRequest {
  /** the page's path (/home), query not included */
  path: string;
  /** the built portal's folder */
  distDir: string;
}

/**
 * Answers a request for one of the portal's pages. It owns the whole answer (status, headers, body); the
 * security headers are already on the reply.
 */
export type PageRenderer = (
  req: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
) => FastifyReply | Promise<FastifyReply>;

/** What the server's render needs besides the build. */
export interface RenderSettings {
  /** the live rules' bundle as /rules/bundle.json serves it (the same string while no file changed) */
  rulesBundle: () => string;
  /** how the rendering module is loaded (default: the build's dist/server/entry-server.js) */
  entry?: () => Promise<EntryServer>;
  /** how long a render waits for the account's calls (default: the runtime's or the portal's homeCompleteMs) */
  homeCompleteMs?: number;
  /** the page's calls to Orch, straight to the upstream (server/upstream.ts); default: in process */
  upstream?: (req: FastifyRequest, setCookies: string[]) => FetchLike;
  /** told each render's page, result and time until its head left (the metrics' render histogram) */
  onRendered?: (page: string, result: 'page' | 'redirect', seconds: number) => void;
  /** told how each rendered page's markup was made (the metrics' count of renders by pass) */
  onMarkup?: (page: string, pass: MarkupPass) => void;
  /** A home rendered with the live rules: its account's place in each rollout and its sections. */
  onHomeShown?: (placements: Placement[], sections: string[], account: string | null) => void;
}

export interface PagesOptions {
  /** the built portal (dist/) */
  distDir: string;
  /** serve *.map files (SERVE_SOURCEMAPS=1); refused by default, they publish the source */
  serveSourcemaps?: boolean;
  /** the time-outs written into every page (CALL_TIMEOUT_MS ..., sandbox/runtime-config.ts) */
  runtimeConfig?: RuntimeConfig;
  /** render pages on the server with these; without, the built page is sent for the browser to render */
  render?: RenderSettings;
  /** how a page is answered, replacing both (tests of the seam) */
  renderPage?: PageRenderer;
}

/** The pages whose first view is the browser's: the rule studio (an analyst's tool) and the page's own file. */
const browserOnly = (path: string): boolean =>
  path === '/studio' || path.startsWith('/studio/') || path === '/index.html';

/** The page renderer these options ask for. */
function rendererOf(
  app: Parameters<FastifyPluginAsync>[0],
  options: PagesOptions,
  distDir: string,
): PageRenderer {
  if (options.renderPage) return options.renderPage;
  const runtimeConfig = options.runtimeConfig ?? {};
  if (!options.render) {
    const send = appPage(join(distDir, 'index.html'), runtimeConfig);
    return (req, reply) => send(req, reply);
  }
  const { rulesBundle, entry, homeCompleteMs, onRendered, onMarkup, onHomeShown, upstream } = options.render;
  // The page's calls are answered by this server, every route family included (inject is the whole server's).
  const render = createPageRenderer({
    distDir,
    app,
    rulesBundle,
    ...(entry ? { entry } : {}),
    ...(homeCompleteMs !== undefined ? { homeCompleteMs } : {}),
    ...(onRendered ? { onRendered } : {}),
    ...(onMarkup ? { onMarkup } : {}),
    ...(onHomeShown ? { onHomeShown } : {}),
    ...(upstream ? { upstream } : {}),
    runtimeConfig,
    browserOnly,
  });
  return (req, reply) => render(req, reply);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path that names a file (under /assets/, or a last segment with a dot), never a page. */
const isFilePath = (path: string): boolean =>
  path.startsWith('/assets/') || (path.split('/').pop() ?? '').includes('.');

/**
 * What the browser may fetch from dist/: the built assets and the files at its top (favicon.png, favicon.svg), never the
 * page's template (index.html and its compressed copies: every page goes to the renderer) nor the server's and
 * the sandbox's own code beside them (dist/server, dist/sandbox: `/server/main.js` was served). A page's path is
 * not looked for on disk at all.
 */
const isServedFile = (path: string): boolean =>
  path.startsWith('/assets/') || (/^\/[^/]+\.[^/]+$/.test(path) && !path.startsWith('/index.html'));

const pages: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const distDir = resolve(options.distDir);
  const assetsDir = join(distDir, 'assets') + sep;
  const renderPage = rendererOf(app, options, distDir);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // '/' is a page like any other: it goes to the renderer, not to dist/index.html as a file.
    index: false,
    preCompressed: true,
    // Cache-Control is set per file below; ETag and Last-Modified let the browser revalidate the rest.
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'ignore',
    // The page itself is never a file: `/index.html` goes to the renderer like every page.
    allowedPath: (path) => isServedFile(path) && (options.serveSourcemaps === true || !path.endsWith('.map')),
    setHeaders: (reply, file) => {
      // Vite fingerprints everything under /assets, so it may be cached for good; the rest may change.
      void reply.header('Cache-Control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  const page = (req: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const { path } = splitUrl(req.url);
    if (!['GET', 'HEAD'].includes(req.method)) return json(reply, 405, { error: 'Method not allowed' });
    if (!existsSync(join(distDir, 'index.html'))) return html(reply, 503, notBuiltPage(distDir));
    if (path !== '/index.html' && isFilePath(path)) {
      return html(reply, 404, plainMessagePage('Not found', `No file ${path}.`));
    }
    return renderPage(req, reply, { path, distDir });
  };
  app.get('/', page);
  app.setNotFoundHandler(page);
};

export default pages;
