/**
 * The built portal: its files from dist/ (precompressed siblings by Accept-Encoding, hashed assets cached for
 * a year, the rest revalidated) and its pages. A page is any GET of a path that is not a file (/home,
 * /billing, /studio ...): it is answered by `renderPage`, the one seam where the page's HTML is made. The
 * default answers the app shell (dist/index.html) and the browser renders; server rendering replaces it.
 *
 * Encapsulated: @fastify/static's reply.sendFile and this not-found handler belong to this scope, and
 * because every other family registers its own routes, what reaches the handler is a file or a page.
 */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notBuiltPage, plainMessagePage } from '../html';
import { html, json, splitUrl } from '../http';

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

/** The default renderer: the app shell, revalidated on every load (ETag), rendered by the browser. */
export const sendAppShell: PageRenderer = (_req, reply) => reply.sendFile('index.html');

export interface PagesOptions {
  /** the built portal (dist/) */
  distDir: string;
  /** serve *.map files (SERVE_SOURCEMAPS=1); refused by default, they publish the source */
  serveSourcemaps?: boolean;
  /** how a page is answered (default sendAppShell) */
  renderPage?: PageRenderer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path that names a file (under /assets/, or a last segment with a dot), never a page. */
const isFilePath = (path: string): boolean =>
  path.startsWith('/assets/') || (path.split('/').pop() ?? '').includes('.');

const pages: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const distDir = resolve(options.distDir);
  const assetsDir = join(distDir, 'assets') + sep;
  const renderPage = options.renderPage ?? sendAppShell;

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
    allowedPath: (path) => options.serveSourcemaps === true || !path.endsWith('.map'),
    setHeaders: (reply, file) => {
      // Vite fingerprints everything under /assets, so it may be cached for good; the rest may change.
      void reply.header('Cache-Control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  const page = (req: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> => {
    const { path } = splitUrl(req.url);
    if (!['GET', 'HEAD'].includes(req.method)) return json(reply, 405, { error: 'Method not allowed' });
    if (!existsSync(join(distDir, 'index.html'))) return html(reply, 503, notBuiltPage(distDir));
    if (isFilePath(path)) return html(reply, 404, plainMessagePage('Not found', `No file ${path}.`));
    return renderPage(req, reply, { path, distDir });
  };
  app.get('/', page);
  app.setNotFoundHandler(page);
};

export default pages;
