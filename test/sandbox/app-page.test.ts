import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Harness as SandboxServer } from './harness';
import { copyRules, makeDist, raw, start } from './harness';

/** The time-outs of a test server, as sandbox/main.ts reads them from CALL_TIMEOUT_MS and HOME_COMPLETE_MS. */
const RUNTIME = { timeouts: { callMs: 800, homeCompleteMs: 1500 } };
const BLOCK =
  '<script type="application/json" id="portal-runtime">{"timeouts":{"callMs":800,"homeCompleteMs":1500}}</script>';

const dist = makeDist();
const rules = copyRules();
let sandbox: SandboxServer;
let base: string;

beforeAll(async () => {
  ({ sandbox, base } = await start({ distDir: dist, rulesDir: rules, runtimeConfig: RUNTIME }));
});
afterAll(() => sandbox.close());

describe('the app page carries the time-outs the server was started with', () => {
  it.each(['/', '/index.html', '/home', '/billing/details'])(
    '%s: the built page with the data block',
    async (path) => {
      const res = await raw(base, path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const page = res.body.toString();
      expect(page).toContain('<div id="root"></div>');
      expect(page.match(/id="portal-runtime"/g)).toHaveLength(1);
      expect(page.endsWith(BLOCK)).toBe(true);
    },
  );

  it('compressed as asked (brotli first, as the static files), revalidated with its ETag', async () => {
    const plain = await raw(base, '/home');
    const br = await raw(base, '/home', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    const gzip = await raw(base, '/home', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    for (const res of [plain, br, gzip]) {
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    const again = await raw(base, '/', {
      headers: { 'if-none-match': `W/"x", ${String(plain.headers.etag)}` },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('a new build is read on the next request', async () => {
    const before = await raw(base, '/home');
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>v2</title></head><body></body></html>',
    );
    const after = await raw(base, '/home', { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString()).toBe(
      `<!doctype html><html><head><title>v2</title>${BLOCK}</head><body></body></html>`,
    );
  });

  it('other files are still files, and a missing one is not the page', async () => {
    expect((await raw(base, '/favicon.svg')).body.toString()).toContain('<svg');
    expect((await raw(base, '/missing.js')).status).toBe(404);
  });
});

describe('a server started without time-outs', () => {
  it('sends the page as built', async () => {
    const plain = await start({ distDir: makeDist(), rulesDir: rules });
    try {
      const page = (await raw(plain.base, '/home')).body.toString();
      expect(page).not.toContain('portal-runtime');
      expect(page).toContain('<div id="root"></div>');
    } finally {
      await plain.sandbox.close();
    }
  });
});
