import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { loadPersonas } from '../../server/personas';
import { AnalystSessions } from '../../server/analyst-sessions';
import { analystIdentity } from '../support/portal';
import { readStudioConfig } from '../../server/studio/studio';
import { RulesRepo } from '../../server/studio/studio-repo';
import studioPlugin from '../../server/plugins/studio';
import { RulesCache } from '../../server/rules-cache';
import { copyRules, makeDist } from '../sandbox/harness';
import { appWith } from './harness';

const dir = copyRules();
const rules = new RulesCache(dir, { onProblem: () => undefined });
const store = new AnalystSessions();
const personas = loadPersonas();
let app: FastifyInstance;

const cookie = (id: string): Record<string, string> => ({ cookie: `studio_sid=${id}` });

beforeAll(async () => {
  app = await appWith(
    (root) =>
      void root.register(studioPlugin, {
        config: readStudioConfig(),
        repo: new RulesRepo(dir, join(mkdtempSync(join(tmpdir(), 'studio-')), 'history.git')),
        rules,
        personas,
        today: () => new Date(2025, 2, 10, 12),
        distDir: makeDist(),
      }),
    { store },
  );
});
afterAll(() => app.close());

describe('the studio plugin', () => {
  it("reads the analyst from the server's session, and refuses everyone else", async () => {
    const analyst = store.signInAnalyst(undefined, analystIdentity('ana'));
    const res = await app.inject({ url: '/studio/api/session', headers: cookie(analyst.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ analyst: { id: 'ana' }, csrfToken: analyst.csrf });
    // A customer's cookie is Orch's: no session of this server's.
    expect(
      (await app.inject({ url: '/studio/api/session', headers: { cookie: 'sid=0123' } })).statusCode,
    ).toBe(403);
    expect((await app.inject('/studio/api/session')).statusCode).toBe(403);
  });

  it('serves the draft bundle from the live rules the rules plugin serves', async () => {
    const analyst = store.signInAnalyst(undefined, analystIdentity('ana'));
    const res = await app.inject({ url: '/rules/draft/bundle.json', headers: cookie(analyst.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(rules.bundle()));
    // Compressed once per draft version, private to the analyst's session.
    const br = await app.inject({
      url: '/rules/draft/bundle.json',
      headers: { ...cookie(analyst.id), 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(
      JSON.parse(rules.bundle()),
    );
    const held = await app.inject({
      url: '/rules/draft/bundle.json',
      headers: { ...cookie(analyst.id), 'if-none-match': String(br.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
    const one = await app.inject({ url: '/rules/draft/navigation.json', headers: cookie(analyst.id) });
    expect(one.json()).toEqual(JSON.parse(readFileSync(join(dir, 'navigation.json'), 'utf8')));
  });

  it('signs analysts in and out in its scope: without an identity provider, nobody signs in', async () => {
    const login = await app.inject('/studio/auth/login?redirect=/studio/history');
    expect(login.statusCode).toBe(503);
    expect(login.body).toContain('No identity provider is configured');
    const analyst = store.signInAnalyst(undefined, analystIdentity('ana'));
    const out = await app.inject({
      method: 'POST',
      url: '/studio/auth/logout',
      headers: { ...cookie(analyst.id), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^studio_sid=;.*HttpOnly/);
    expect(store.get(analyst.id)).toBeUndefined();
  });

  it('refuses a write from another origin, and one without the CSRF token', async () => {
    const analyst = store.signInAnalyst(undefined, analystIdentity('ana'));
    const write = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/studio/api/preview',
        headers: { ...cookie(analyst.id), 'content-type': 'application/json', ...headers },
        payload: { persona: 'postpaid', files: {} },
      });
    const foreign = await write({ 'sec-fetch-site': 'cross-site', 'x-csrf-token': analyst.csrf ?? '' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ error: string }>().error).toMatch(/^Cross-site request refused/);
    const tokenless = await write({});
    expect(tokenless.statusCode).toBe(403);
    expect(tokenless.json<{ error: string }>().error).toMatch(/X-CSRF-Token/);
    expect((await write({ 'x-csrf-token': analyst.csrf ?? '' })).statusCode).toBe(200);
  });
});
