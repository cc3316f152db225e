import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPortalServer, type PortalServer } from '../../server/app';
import { makeDist } from '../sandbox/harness';
import { LogLines, WARN } from '../support/log-lines';

/**
 * A redirect Orch answers through the proxy is followed only where every other redirect may go: the portal
 * itself or the redirect allowlist (config/portal.json), judged on the URL the browser would follow. Any other
 * is answered 502 without Orch's Location, and logged at warn.
 */

const allowlist = (JSON.parse(readFileSync('config/portal.json', 'utf8')) as { redirectAllowlist: string[] })
  .redirectAllowlist;
const onList = `${allowlist[0] ?? ''}/support?from=portal`;

/** Orch's redirects by call: where each one's Location points. */
const LOCATIONS: Record<string, string> = {
  '/Orch/off': 'https://evil.example/phish?token=secret',
  '/Orch/protocol-relative': '//evil.example/phish',
  '/Orch/scheme': 'javascript:alert(1)',
  '/Orch/credentials': `${allowlist[0] ?? ''}@evil.example/`,
  '/Orch/on-list': onList,
  '/Orch/absolute-path': '/Orch/dssh/home?x=1',
  '/Orch/a/relative': 'next?y=2',
  '/Orch/same-origin': 'http://portal.example/billing',
};

let orch: Server;
let portal: PortalServer;
const log = new LogLines();

beforeAll(async () => {
  orch = createServer((req, res) => {
    const location = LOCATIONS[(req.url ?? '').split('?')[0] ?? ''];
    if (location === undefined) return void res.writeHead(404).end();
    res.writeHead(302, {
      location,
      'content-type': 'text/html',
      'set-cookie': 'ORCHSESSION=abc; Path=/',
    });
    res.end('<a href="elsewhere">Moved</a>');
  });
  await new Promise<void>((ok) => orch.listen(0, '127.0.0.1', ok));
  portal = createPortalServer({
    upstream: `http://127.0.0.1:${(orch.address() as AddressInfo).port}`,
    distDir: makeDist(),
    allowedHosts: ['portal.example'],
    logger: { level: 'info', stream: log },
    onRulesProblem: () => undefined,
  });
});
afterAll(async () => {
  await portal.close(0);
  await new Promise((ok) => (orch.closeAllConnections(), orch.close(ok)));
});

const get = (url: string) => portal.app.inject({ url, headers: { host: 'portal.example' } });

describe("the Orch proxy and Orch's redirects", () => {
  it.each(['/Orch/off', '/Orch/protocol-relative', '/Orch/scheme', '/Orch/credentials'])(
    'answers 502 without the Location for a redirect off the allowlist (%s)',
    async (call) => {
      const warned = log.records(WARN).length;
      const res = await get(call);
      expect(res.statusCode).toBe(502);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        error: expect.stringMatching(/^Orch redirected to an address off the allowlist \(\w+\)$/) as string,
      });
      const warns = log.records(WARN).slice(warned);
      expect(warns).toHaveLength(1);
      expect(warns[0]).toMatchObject({
        call,
        status: 302,
        msg: expect.stringMatching(/^Orch redirected off the allowlist/) as string,
      });
      // The target's origin only: its query may hold a token.
      expect(JSON.stringify(warns[0])).not.toContain('secret');
    },
  );

  it('counts a refused redirect as an error of the call', async () => {
    await get('/Orch/off');
    expect(await portal.metrics.text()).toMatch(
      /^portal_upstream_requests_total\{call="\/Orch\/off",outcome="error"\} \d+$/m,
    );
  });

  it.each([
    ['/Orch/on-list', onList],
    ['/Orch/absolute-path', 'http://portal.example/Orch/dssh/home?x=1'],
    ['/Orch/a/relative?q=1', 'http://portal.example/Orch/a/next?y=2'],
    ['/Orch/same-origin', 'http://portal.example/billing'],
  ])(
    'passes a redirect on the allowlist or on the portal (%s) as the absolute URL checked',
    async (call, to) => {
      const res = await get(call);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(to);
      // What the browser follows from there is the URL that was checked.
      expect(new URL(String(res.headers.location), `http://portal.example${call}`).href).toBe(to);
      expect(res.headers['set-cookie']).toBe('ORCHSESSION=abc; Path=/');
      expect(res.body).toBe('<a href="elsewhere">Moved</a>');
    },
  );
});

describe("the Orch proxy with a deployment's own sign-in address", () => {
  it('lets Orch redirect to the origin SIGN_IN_URL names, which joins the allowlist as it does for the pages', async () => {
    const signIn = 'https://signin.deployment.example/login';
    const upstream = createServer((_req, res) => {
      res.writeHead(302, { location: `${signIn}?from=orch` }).end();
    });
    await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
    const deployed = createPortalServer({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      distDir: makeDist(),
      allowedHosts: ['portal.example'],
      runtimeConfig: { addresses: { signInUrl: signIn } },
      onRulesProblem: () => undefined,
    });
    try {
      const res = await deployed.app.inject({ url: '/Orch/logout', headers: { host: 'portal.example' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${signIn}?from=orch`);
    } finally {
      await deployed.close(0);
      await new Promise((ok) => (upstream.closeAllConnections(), upstream.close(ok)));
    }
  });
});
