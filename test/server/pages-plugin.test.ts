import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import type { EntryServer } from '../../server/page-render';
import type { RenderResult } from '../../src/entry-server';
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

  it("never serves the server's or the sandbox's code beside the assets, nor the page's template", async () => {
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(join(dist, 'server', 'main.js'), 'server code');
    mkdirSync(join(dist, 'sandbox'), { recursive: true });
    writeFileSync(join(dist, 'sandbox', 'main.js'), 'sandbox code');
    writeFileSync(join(dist, 'index.html.br'), 'compressed template');
    for (const url of ['/server/main.js', '/sandbox/main.js', '/index.html.br', '/index.html.gz']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/server code|sandbox code|compressed template/);
    }
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

describe("the pages plugin: the server's render", () => {
  /** A build whose page has the root's markers, so the server renders into it. */
  function markedDist(): string {
    const d = makeDist();
    writeFileSync(
      join(d, 'index.html'),
      '<!doctype html><html><head><title>My Account</title></head>' +
        '<body><!--ssr-root--><div id="root"></div><!--/ssr-root--></body></html>',
    );
    return d;
  }

  it('renders a page through the entry, its calls answered in process by the whole server, the studio never', async () => {
    const renders: string[] = [];
    // A stand-in of src/entry-server: it makes one call, as a page's start-up does, then redirects.
    const entry = {
      loadRuntime: () => Promise.reject(new Error('not asked')),
      lazyCardModules: () => [],
      SERVER_STATE_ID: 'server-state',
      render: async (request: {
        url: string;
        fetch: (url: string, init: RequestInit) => Promise<Response>;
      }) => {
        renders.push(request.url);
        const answer = await request.fetch('/Orch/ping', { method: 'GET' });
        return { kind: 'redirect', location: `/landed?answer=${await answer.text()}` };
      },
    } as unknown as EntryServer;
    const rendered = await appWith((root) => {
      // Another family's route: the render's in-process call reaches it, with the customer's cookie alone.
      root.get('/Orch/ping', (req, reply) =>
        reply.header('Set-Cookie', 'ORCHSESSION=fresh; Path=/').send(`${req.headers.cookie ?? 'none'}`),
      );
      void root.register(pagesPlugin, {
        distDir: markedDist(),
        runtimeConfig: { timeouts: { callMs: 1234 } },
        render: { rulesBundle: () => '{"files":{}}', entry: () => Promise.resolve(entry) },
      });
    });
    try {
      const home = await rendered.inject({
        url: '/home',
        headers: { cookie: 'ORCH=abc', authorization: 'x' },
      });
      expect(home.statusCode).toBe(302);
      expect(home.headers.location).toBe('/landed?answer=ORCH=abc');
      expect(home.headers['set-cookie']).toBe('ORCHSESSION=fresh; Path=/');
      expect(home.headers['cache-control']).toBe('private, no-store');
      // The rule studio and the page's own file are the browser's to render: the built page, runtime included.
      for (const url of ['/studio', '/studio/history', '/index.html']) {
        const res = await rendered.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).toContain('"callMs":1234');
      }
      expect(renders).toEqual(['/home']);
    } finally {
      await rendered.close();
    }
  });
  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends the page's head at once, compressed (${encoding}), and its body once React wrote it`, async () => {
      const body = new PassThrough();
      const entry = {
        loadRuntime: () => Promise.reject(new Error('not asked')),
        lazyCardModules: () => [],
        SERVER_STATE_ID: 'server-state',
        render: () =>
          Promise.resolve({ kind: 'page', status: 200, title: 'Home', modules: [], body } as RenderResult),
      } as unknown as EntryServer;
      const rendered = await appWith(
        (root) =>
          void root.register(pagesPlugin, {
            distDir: markedDist(),
            render: { rulesBundle: () => '{"files":{}}', entry: () => Promise.resolve(entry) },
          }),
      );
      try {
        const base = await rendered.listen({ port: 0, host: '127.0.0.1' });
        const res = await fetch(`${base}/home`, { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        // React has written nothing yet: the head arrives whole, decodable, without the body.
        let text = '';
        while (!text.includes('<body>')) text += (await reader.read()).value ?? '';
        expect(text).toContain('<title>Home</title>');
        expect(text).not.toContain('the home');
        // React's markup, written in small chunks, then the end.
        for (let i = 0; i < 40; i++) body.write(`<p>the home, part ${i}</p>`);
        body.end();
        for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
        expect(text).toContain('<p>the home, part 0</p>');
        expect(text).toContain('<p>the home, part 39</p>');
        expect(text.trimEnd().endsWith('</html>')).toBe(true);
      } finally {
        await rendered.close();
      }
    });
  }
});
