import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pagesPlugin, { type PageRenderer, type PageRequest } from '../../server/plugins/pages';
import { ENTRY, makeDist } from '../sandbox/harness';
import { appWith } from './harness';

const dist = makeDist();
let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith((root) => void root.register(pagesPlugin, { distDir: dist }));
});
afterAll(() => app.close());

describe('the pages plugin: files', () => {
  it('serves a hashed asset for a year and its brotli sibling to a browser that takes it', async () => {
    const res = await app.inject({ url: ENTRY, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('revalidates a file outside /assets', async () => {
    const res = await app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing file, never the app shell', async () => {
    for (const url of ['/assets/gone-123.js', '/robots.txt']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`No file ${url}.`);
    }
  });

  it('refuses source maps and dot folders', async () => {
    expect((await app.inject(`${ENTRY}.map`)).statusCode).toBe(404);
    expect((await app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

describe('the pages plugin: pages', () => {
  it.each(['/', '/home', '/billing/history', '/studio'])(
    'answers %s with the app shell, revalidated',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('refuses other methods on a page', async () => {
    const res = await app.inject({ method: 'POST', url: '/home' });
    expect(res.statusCode).toBe(405);
  });

  it('says the portal is not built when dist/ has no index.html', async () => {
    const empty = await appWith(
      (root) => void root.register(pagesPlugin, { distDir: mkdtempSync(join(tmpdir(), 'empty-')) }),
    );
    try {
      const res = await empty.inject('/home');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await empty.close();
    }
  });
});

describe('the page seam (renderPage)', () => {
  it('answers every page, / included, and no file', async () => {
    const seen: PageRequest[] = [];
    const renderPage: PageRenderer = (req, reply, page) => {
      seen.push(page);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><p>rendered ${page.path} for ${req.method}</p>`);
    };
    const rendered = await appWith((root) => void root.register(pagesPlugin, { distDir: dist, renderPage }));
    try {
      const home = await rendered.inject('/home?x=1');
      expect(home.body).toBe('<!doctype html><p>rendered /home for GET</p>');
      expect(home.headers['content-security-policy']).toBeDefined();
      expect((await rendered.inject('/')).body).toContain('rendered / for GET');
      expect((await rendered.inject(ENTRY)).body).not.toContain('rendered');
      expect(seen).toEqual([
        { path: '/home', distDir: dist },
        { path: '/', distDir: dist },
      ]);
    } finally {
      await rendered.close();
    }
  });
});
