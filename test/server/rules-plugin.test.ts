import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { RulesRepo } from '../../server/studio/studio-repo';
import pagesPlugin from '../../server/plugins/pages';
import rulesPlugin from '../../server/plugins/rules';
import { RULE_FILES, RulesCache } from '../../server/rules-cache';
import { copyRules, makeDist } from '../sandbox/harness';
import { appWith } from './harness';

const dir = copyRules();
writeFileSync(join(dir, 'notes.json'), '{"note":"not a decision"}');
const rules = new RulesCache(dir, { onProblem: () => undefined });
let app: FastifyInstance;

beforeAll(async () => {
  // Beside the pages family: a rule path that is not a rule file must not fall through to the app shell.
  app = await appWith((root) => {
    void root.register(pagesPlugin, { distDir: makeDist() });
    void root.register(rulesPlugin, { rules });
  });
});
afterAll(() => app.close());

describe('the rules plugin', () => {
  it('serves every decision file in one bundle, revalidated', async () => {
    const res = await app.inject('/rules/bundle.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Object.keys(res.json<{ files: object }>().files).sort()).toEqual([...RULE_FILES].sort());
  });

  it('answers 304 to a browser holding the current version (weak ETag)', async () => {
    const first = await app.inject('/rules/navigation.json');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await app.inject({ url: '/rules/navigation.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the bundle as brotli, gzip or plain as the browser takes it, one ETag for all three', async () => {
    const plain = await app.inject({ url: '/rules/bundle.json', headers: { 'accept-encoding': 'identity' } });
    const br = await app.inject({
      url: '/rules/bundle.json',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    const gz = await app.inject({ url: '/rules/bundle.json', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body).toBe(rules.bundle());
    for (const res of [plain, br, gz]) {
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    const held = await app.inject({
      url: '/rules/bundle.json',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  });

  it('compresses the new version when a rule file changes, with a new ETag', async () => {
    const before = await app.inject({ url: '/rules/bundle.json', headers: { 'accept-encoding': 'br' } });
    const file = join(dir, 'navigation.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(text) as object), description: 'changed' }));
    try {
      const after = await app.inject({
        url: '/rules/bundle.json',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(brotliDecompressSync(after.rawPayload).toString('utf8')).toBe(rules.bundle());
    } finally {
      writeFileSync(file, text);
    }
  });

  it('serves one decision file as its valid version, and the status of each', async () => {
    const res = await app.inject('/rules/navigation.json');
    expect(res.json()).toEqual(JSON.parse(readFileSync(join(dir, 'navigation.json'), 'utf8')));
    const status = await app.inject('/rules/status');
    expect(status.json()).toMatchObject({ dir, files: { 'navigation.json': { status: 'valid' } } });
  });

  it("lists the folder's files and serves its other JSON files as they are", async () => {
    const index = (await app.inject('/rules/index.json')).json<{ files: string[] }>();
    expect(index.files).toContain('notes.json');
    expect(index.files).toContain('navigation.json');
    expect((await app.inject('/rules/notes.json')).json()).toEqual({ note: 'not a decision' });
  });

  it('answers JSON 404 for anything else under /rules, never the app shell', async () => {
    for (const url of [
      '/rules/nothing.json',
      '/rules/cases/given.json',
      '/rules/..%2Fpackage.json',
      '/rules/x',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json<{ error: string }>().error, url).toMatch(/^No rule file /);
    }
  });

  it('refuses writes', async () => {
    for (const url of ['/rules/bundle.json', '/rules/navigation.json', '/rules/a/b']) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(405);
    }
  });
});

describe('the rules plugin on a rules remote', () => {
  it('takes the remote before it is ready, and /rules/status says which commit is live', async () => {
    const remote = join(mkdtempSync(join(tmpdir(), 'rules-remote-')), 'rules.git');
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
    const folder = copyRules();
    const repo = new RulesRepo(folder, join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git'), {
      remote,
    });
    const onRemote = await appWith((root) => {
      void root.register(rulesPlugin, {
        rules: new RulesCache(folder, { onProblem: () => undefined }),
        repo,
        fetchSeconds: 60,
      });
    });
    try {
      // An empty remote is seeded by the first server, before its first answer.
      const head = execFileSync('git', [`--git-dir=${remote}`, 'rev-parse', 'main'], {
        encoding: 'utf8',
      }).trim();
      const status = (await onRemote.inject('/rules/status')).json<{ remote: Record<string, unknown> }>();
      expect(status.remote).toMatchObject({ remote, state: 'connected', commit: head });
    } finally {
      await onRemote.close();
    }
  });
});

describe('the rules plugin with a studio repository and no remote', () => {
  it("gives the repository the server's log, where a save that failed after it was saved is told", async () => {
    let given: unknown = null;
    // Only the log is read of a repository without a remote.
    const repo = {
      remote: undefined,
      set log(log: unknown) {
        given = log;
      },
    } as unknown as RulesRepo;
    const bare = await appWith((root) => void root.register(rulesPlugin, { rules, repo }));
    try {
      expect(given).not.toBeNull();
      expect(typeof (given as { warn?: unknown }).warn).toBe('function');
    } finally {
      await bare.close();
    }
  });
});
