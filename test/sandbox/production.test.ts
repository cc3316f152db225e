import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, RouteOptions } from 'fastify';
import { createSandboxServer } from '../../sandbox/server';
import { createPortalServer, type PortalServer } from '../../server/app';
import type { ProductionConfig } from '../../server/config';
import { PRODUCTION_CSP_REPORT_URI, contentSecurityPolicy } from '../../server/security';
import { copyRules, makeDist } from './harness';

const dist = makeDist();
const rules = copyRules();
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
let upstream: Server;
let production: PortalServer;
let config: ProductionConfig;
let upstreamUrl: string;

/** Every route the sandbox registers under /sandbox, as the sandbox itself lists them. */
const sandboxRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-security-policy': 'default-src *',
        'set-cookie': 'ORCHSESSION=fresh; Path=/; HttpOnly; Secure',
      });
      res.end(JSON.stringify({ from: 'upstream', url: req.url }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  // An identity provider that cannot be reached: a port that was free a moment ago.
  const gone = createServer();
  await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
  const issuerPort = (gone.address() as AddressInfo).port;
  await new Promise<void>((r) => gone.close(() => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  config = {
    publicUrl: 'https://portal.example',
    cookieSecret: 'a'.repeat(32),
    oidc: {
      issuerUrl: `http://127.0.0.1:${issuerPort}`,
      clientId: 'portal',
      clientSecret: 'secret',
      roleClaim: 'roles',
      authorRole: 'rule-author',
      approverRole: 'rule-approver',
    },
    rulesRemote: { url: '/nonexistent/rules.git', fetchSeconds: 5 },
  };

  const sandbox = createSandboxServer();
  // Added before the plugins load, so it sees every route they register.
  sandbox.app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/sandbox')) return;
    for (const method of [route.method].flat()) sandboxRoutes.push({ method, url: route.url });
  });
  await sandbox.app.ready();
  await sandbox.close();

  production = createPortalServer({
    upstream: upstreamUrl,
    distDir: dist,
    rulesDir: rules,
    onRulesProblem: () => undefined,
    production: config,
  });
  await production.app.ready();
});
afterAll(async () => {
  await production.close();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

/** A concrete address for a route's pattern (/sandbox/jump/:name -> /sandbox/jump/x). */
const concrete = (url: string): string => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'anything');

describe('production mode: nothing of the sandbox answers', () => {
  it('the sandbox registers the routes this test checks', () => {
    const urls = new Set(sandboxRoutes.map((r) => r.url));
    for (const url of [
      '/sandbox/signin',
      '/sandbox/faults',
      '/sandbox/personas',
      '/sandbox/session',
      '/sandbox/outbox',
      '/sandbox/application-key',
      '/sandbox/jump/payBill',
      '/sandbox/csp-report',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it('answers 404 on every route the sandbox registers under /sandbox, and sets no cookie', async () => {
    expect(sandboxRoutes.length).toBeGreaterThan(15);
    for (const { method, url } of sandboxRoutes) {
      // Methods that may carry a body get one (Fastify answers a QUERY without a Content-Type 400 itself).
      const body = ['GET', 'HEAD'].includes(method)
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: '{}' };
      const res = await production.app.inject({
        method: method as InjectOptions['method'],
        url: concrete(url),
        ...body,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
      if (method !== 'HEAD') expect(res.body, `${method} ${url}`).not.toContain('id="root"');
    }
  });

  it('refuses the persona and analyst sign-ins, whatever the query', async () => {
    for (const url of [
      '/sandbox/signin?persona=postpaid',
      '/sandbox/signin?analyst=ana',
      '/sandbox/faults?set=/Orch/dssh/homeEarlyInit:500',
      '/sandbox',
    ]) {
      const res = await production.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
    // Nothing went upstream: production does not proxy /sandbox.
    expect(seen.filter((x) => x.url?.startsWith('/sandbox'))).toEqual([]);
    expect(production.sessions.size).toBe(0);
  });
});

describe('production mode: Orch and pre-auth are the upstream', () => {
  it("proxies /Orch with the customer's cookies, never this server's own session cookie", async () => {
    seen.length = 0;
    const res = await production.app.inject({
      url: '/Orch/isAuth',
      headers: {
        cookie: 'ORCHSESSION=customer; studio_sid=0123456789abcdef0123456789abcdef; studio_oidc=x; pref=1',
      },
    });
    expect(res.json()).toEqual({ from: 'upstream', url: '/Orch/isAuth' });
    expect(seen[0]?.headers.cookie).toBe('ORCHSESSION=customer; pref=1');
    // The upstream is told the address the browser used, in this server's words.
    expect(seen[0]?.headers['x-forwarded-host']).toBe('localhost:80');
    expect(String(res.headers['set-cookie'])).toContain('ORCHSESSION=fresh');
  });

  it('proxies logout and /preauth: no call is answered by the simulation', async () => {
    seen.length = 0;
    for (const url of ['/Orch/logout', '/Orch/dssh/homeEarlyInit', '/preauth/dssh/bm/validateEmailUn?x=1']) {
      const res = await production.app.inject(url);
      expect(res.json(), url).toMatchObject({ from: 'upstream' });
    }
    expect(seen.map((s) => s.url)).toEqual([
      '/Orch/logout',
      '/Orch/dssh/homeEarlyInit',
      '/preauth/dssh/bm/validateEmailUn?x=1',
    ]);
  });

  it("puts production's CSP (reporting to /csp-report) over the upstream's, and takes reports there", async () => {
    const res = await production.app.inject('/Orch/isAuth');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(PRODUCTION_CSP_REPORT_URI));
    const report = await production.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: { 'csp-report': { 'blocked-uri': 'inline' } },
    });
    expect(report.statusCode).toBe(204);
  });

  it("takes real loads' web vitals at /vitals and puts them on /metrics by route (issue 30)", async () => {
    const report = await production.app.inject({
      method: 'POST',
      url: '/vitals',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ page: '/billing', vitals: [{ name: 'INP', value: 96 }] }),
    });
    expect(report.statusCode).toBe(204);
    const junk = await production.app.inject({
      method: 'POST',
      url: '/vitals',
      payload: { page: '/billing', vitals: [{ name: 'INP', value: -3 }] },
    });
    expect(junk.statusCode).toBe(400);
    const text = await production.metrics.text();
    expect(text).toContain('portal_web_vitals_inp_seconds_count{route="/billing"} 1');
    expect(text).toContain('portal_web_vitals_reports_total{result="refused"} 1');
  });

  it('still serves the portal, its rules and its studio', async () => {
    expect((await production.app.inject('/home')).body).toContain('id="root"');
    expect((await production.app.inject('/rules/bundle.json')).statusCode).toBe(200);
    expect((await production.app.inject('/studio/api/session')).statusCode).toBe(403);
  });

  it("signs analysts in through the identity provider, never the sandbox's page", async () => {
    const res = await production.app.inject('/studio/auth/login');
    // Discovery at the configured issuer was tried (it is down here): no way round it to /sandbox/signin.
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('The identity provider failed: it refused the connection.');
    expect(res.headers.location).toBeUndefined();
  });

  it('takes its rules from the remote, and /rules/status says the remote cannot be reached', async () => {
    const status = (await production.app.inject('/rules/status')).json<{
      remote?: Record<string, unknown>;
    }>();
    expect(status.remote).toMatchObject({ remote: '/nonexistent/rules.git', state: 'unreachable' });
  });

  it('hands what it was configured with to the plugins that need it', () => {
    expect(production.app.production).toEqual(config);
    expect(Object.isFrozen(production.app.production)).toBe(true);
  });
});
