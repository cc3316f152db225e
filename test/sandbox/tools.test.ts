import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadPersonas } from '../../server/personas';
import { SessionStore } from '../../sandbox/session';
import toolsPlugin from '../../sandbox/tools';
import { sandboxAppWith as appWith, cookieOf } from './plugin-harness';

const personas = loadPersonas();
const store = new SessionStore();
let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith(
    (root) =>
      void root.register(toolsPlugin, {
        personas,
        analysts: [{ id: 'ana', name: 'Ana Analyst' }],
        signIn: { path: '/sandbox/signin', redirectParam: 'redirect' },
        today: () => new Date(2025, 2, 10, 12),
      }),
    { store },
  );
});
afterAll(() => app.close());

const sidOf = (res: { headers: Record<string, unknown> }): string =>
  cookieOf(res.headers['set-cookie'] as string).replace(/^sid=/, '');

describe('the sandbox tools: sign-in stand-in', () => {
  it('lists every persona and analyst on a page', async () => {
    const res = await app.inject('/sandbox/signin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const p of personas) expect(res.body).toContain(`persona=${p.id}`);
    expect(res.body).toContain('Ana Analyst');
  });

  it('signs in as a persona with its faults and goes to the checked page', async () => {
    const res = await app.inject(
      '/sandbox/signin?persona=postpaid&redirect=/billing&fault=/Orch/dssh/homeEarlyInit:500',
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost/billing');
    const session = store.get(sidOf(res));
    expect(session?.persona?.id).toBe('postpaid');
    expect(Object.fromEntries(session?.faults ?? [])).toEqual({ '/Orch/dssh/homeEarlyInit': '500' });
    const offSite = await app.inject('/sandbox/signin?persona=postpaid&redirect=https://evil.example/');
    expect(offSite.headers.location).toBe('http://localhost/home');
  });

  it("sends an analyst to the portal's studio sign-in (OpenID Connect) with the analyst as the hint", async () => {
    const res = await app.inject('/sandbox/signin?analyst=ana&redirect=/studio/history');
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin + to.pathname).toBe('http://localhost/studio/auth/login');
    expect(Object.fromEntries(to.searchParams)).toEqual({ login_hint: 'ana', redirect: '/studio/history' });
    // No session of the sandbox's: an analyst's session is the portal's.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await app.inject('/sandbox/signin?analyst=nobody')).statusCode).toBe(404);
  });

  it('answers its refusals as pages', async () => {
    const unknown = await app.inject('/sandbox/signin?persona=nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No persona &#39;nobody&#39;.');
    const badFault = await app.inject('/sandbox/signin?persona=postpaid&fault=/etc/passwd:500');
    expect(badFault.statusCode).toBe(400);
    expect(badFault.headers['content-type']).toMatch(/^text\/html/);
    const foreign = await app.inject({
      url: '/sandbox/signin?persona=postpaid',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['content-type']).toMatch(/^text\/html/);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });

  it('limits sign-ins per client with a 429 page, never the page itself', async () => {
    const limited = await appWith(
      (root) =>
        void root.register(toolsPlugin, {
          personas,
          analysts: [],
          signIn: { path: '/sandbox/signin', redirectParam: 'redirect' },
          today: () => new Date(),
        }),
      { rateLimits: { signIn: 1 } },
    );
    try {
      expect((await limited.inject('/sandbox/signin?persona=postpaid')).statusCode).toBe(302);
      const refused = await limited.inject('/sandbox/signin?persona=postpaid');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await limited.inject('/sandbox/signin')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the sandbox tools: faults, reports, personas, session', () => {
  it('arms faults before sign-in on a pre-auth session, and lists them', async () => {
    const armed = await app.inject('/sandbox/faults?set=/Orch/dssh/homeEarlyInit:timeout');
    expect(armed.json()).toEqual({ faults: { '/Orch/dssh/homeEarlyInit': 'timeout' } });
    const cookie = cookieOf(armed.headers['set-cookie']);
    const posted = await app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { call: '/Orch/dssh/homeEarlyInit', mode: 'off' },
    });
    expect(posted.json()).toEqual({ faults: {} });
    expect((await app.inject('/sandbox/faults?set=/Orch/x:explode')).statusCode).toBe(400);
    const listed = await app.inject('/sandbox/faults');
    expect(listed.json()).toEqual({ faults: {} });
    expect(listed.headers['set-cookie']).toBeUndefined();
  });

  it('keeps CSP reports, cut to their fields, and clears them', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/sandbox/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: { 'csp-report': { 'blocked-uri': 'inline', 'violated-directive': 'script-src', junk: 'x' } },
    });
    expect(sent.statusCode).toBe(204);
    expect((await app.inject('/sandbox/csp-reports')).json()).toEqual({
      reports: [{ 'csp-report': { 'blocked-uri': 'inline', 'violated-directive': 'script-src' } }],
    });
    expect((await app.inject({ method: 'DELETE', url: '/sandbox/csp-reports' })).statusCode).toBe(204);
    expect((await app.inject('/sandbox/csp-reports')).json()).toEqual({ reports: [] });
  });

  it("lists the personas and shows what a session holds, with the sandbox's clock", async () => {
    const list = (await app.inject('/sandbox/personas')).json<{ id: string }[]>();
    expect(list.map((p) => p.id)).toEqual(personas.map((p) => p.id));
    const signedIn = await app.inject('/sandbox/signin?persona=postpaid');
    const res = await app.inject({
      url: '/sandbox/session',
      headers: { cookie: cookieOf(signedIn.headers['set-cookie']) },
    });
    expect(res.json()).toMatchObject({
      signedIn: true,
      persona: 'postpaid',
      today: '2025-03-10',
      issues: [],
    });
  });
});

describe('the sandbox tools: stand-in sites and the rest of /sandbox', () => {
  it('shows a jump-out stand-in page with the parameters it was given', async () => {
    const res = await app.inject('/sandbox/jump/movers?discount=ACP');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<code>discount</code>: ACP');
  });

  it('says no payment token was received on the payment site without one', async () => {
    const res = await app.inject('/sandbox/jump/payBill?accountNumber=310245781');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No payment jump-out token');
    const post = await app.inject({
      method: 'POST',
      url: '/sandbox/jump/payBill',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=JT-nothing',
    });
    expect(post.statusCode).toBe(404);
  });

  it('serves its stylesheet and the chat stand-in widget', async () => {
    expect((await app.inject('/sandbox/sandbox.css')).headers['content-type']).toMatch(/^text\/css/);
    expect((await app.inject('/sandbox/chat-widget.js')).headers['content-type']).toMatch(
      /^text\/javascript/,
    );
  });

  it('answers 404 for anything else under /sandbox', async () => {
    for (const url of ['/sandbox/nothing', '/sandbox/jump/<script>', '/sandbox/signin/x']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});
