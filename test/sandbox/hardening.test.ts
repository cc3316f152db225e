import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Harness as SandboxServer } from './harness';
import { CONTENT_SECURITY_POLICY } from '../../server/security';
import {
  Browser,
  ENTRY,
  ENTRY_SOURCE,
  KEY_HEADER,
  copyRules,
  makeDist,
  raw,
  start,
  type RawResponse,
} from './harness';

const dist = makeDist();
const rules = copyRules();
let sandbox: SandboxServer;
let base: string;

beforeAll(async () => {
  ({ sandbox, base } = await start({ distDir: dist, rulesDir: rules, rateLimits: { cspReport: 1_000 } }));
});
afterAll(() => sandbox.close());

type Headers = Record<string, string | string[] | undefined>;

function expectSecurityHeaders(h: Headers, what: string): void {
  expect(h['content-security-policy'], what).toBe(CONTENT_SECURITY_POLICY);
  const permissions = String(h['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, what).toContain(`${feature}=()`);
  }
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('same-origin');
  expect(h['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of answer: static, app shell, API, sandbox pages, errors, 404s, 304s', async () => {
    const signedIn = new Browser(base);
    await signedIn.signIn('postpaid');
    const kinds: [string, Promise<RawResponse>, number][] = [
      ['static asset', raw(base, ENTRY), 200],
      ['static asset, brotli', raw(base, ENTRY, { headers: { 'accept-encoding': 'br' } }), 200],
      ['app shell', raw(base, '/billing'), 200],
      ['favicon', raw(base, '/favicon.svg'), 200],
      ['API JSON', raw(base, '/Orch/isAuth'), 200],
      ['API 401', raw(base, '/Orch/dssh/homeEarlyInit'), 401],
      ['API signed in', raw(base, '/Orch/dssh/homeEarlyInit', { headers: { cookie: signedIn.cookie } }), 200],
      [
        'API redirect',
        raw(base, '/Orch/dssh/redirectEntry/jumpOutMovers', { headers: { cookie: signedIn.cookie } }),
        302,
      ],
      ['API 404', raw(base, '/Orch/nope', { headers: { cookie: signedIn.cookie } }), 404],
      [
        'pre-auth',
        raw(base, '/preauth/dssh/Orch/forgotFlow/getForgottenPassword?login=x', {
          headers: { [KEY_HEADER]: sandbox.applicationKeys.issue().key },
        }),
        200,
      ],
      [
        'pre-auth without its key',
        raw(base, '/preauth/dssh/Orch/forgotFlow/getForgottenPassword?login=x'),
        401,
      ],
      ['sign-in page', raw(base, '/sandbox/signin'), 200],
      ['sandbox css', raw(base, '/sandbox/sandbox.css'), 200],
      ['sandbox 404 page', raw(base, '/sandbox/nope'), 404],
      ['missing asset', raw(base, '/assets/missing.js'), 404],
      ['method not allowed', raw(base, '/home', { method: 'DELETE' }), 405],
      ['rules bundle', raw(base, '/rules/bundle.json'), 200],
      ['rules 404', raw(base, '/rules/nope/deeper'), 404],
      [
        'bad JSON body',
        raw(base, '/sandbox/faults', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
        400,
      ],
      ['body too large', raw(base, '/sandbox/csp-report', { method: 'POST', body: 'x'.repeat(20_000) }), 413],
      ['undecodable URL', raw(base, '/Orch/%E0%A4%A'), 400],
      ['request line too large', raw(base, `/home?q=${'a'.repeat(20_000)}`), 431],
      ['cross-site refusal', raw(base, '/Orch/logout', { headers: { 'sec-fetch-site': 'cross-site' } }), 403],
    ];
    for (const [what, pending, status] of kinds) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res.headers, what);
    }
    const first = await raw(base, '/');
    const notModified = await raw(base, '/', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified.headers, '304');
  });

  it('add HSTS and a Secure cookie over HTTPS as told by a trusted proxy, and ignore the header otherwise', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const untrusted = await raw(base, '/sandbox/signin?persona=postpaid', { headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    expect(String(untrusted.headers['set-cookie'])).not.toContain('Secure');

    const behindProxy = await start({ distDir: dist, rulesDir: rules, trustProxy: true });
    try {
      const res = await raw(behindProxy.base, '/sandbox/signin?persona=postpaid', { headers: https });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['set-cookie'])).toContain('Secure');
      expect(res.headers.location).toMatch(/^https:\/\//);
    } finally {
      await behindProxy.sandbox.close();
    }

    const alwaysSecure = await start({ distDir: dist, rulesDir: rules, secureCookies: true });
    try {
      const res = await raw(alwaysSecure.base, '/sandbox/signin?persona=postpaid');
      expect(String(res.headers['set-cookie'])).toContain('Secure');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await alwaysSecure.sandbox.close();
    }
  });
});

describe('a bad cookie is ignored, never a 500', () => {
  const BAD = [
    'other_app_pref=100%',
    'other_app_pref=100%; theme=%E0%A4%A',
    'sid=%',
    'sid=%zz; other=%%%',
    '=%%%; ;;; x',
    'sid="unterminated',
    `sid=${'f'.repeat(32)}`,
    `big=${'%'.repeat(4000)}`,
  ];
  const routes: [string, number][] = [
    ['/Orch/isAuth', 200],
    ['/Orch/dssh/homeEarlyInit', 401],
    ['/Orch/logout', 302],
    ['/preauth/dssh/Orch/forgotFlow/getForgottenPassword?login=alex.postpaid', 200],
    ['/sandbox/session', 200],
    ['/sandbox/faults', 200],
    ['/sandbox/signin', 200],
    ['/sandbox/signin?persona=postpaid', 302],
    ['/rules/bundle.json', 200],
    ['/rules/home-view.json', 200],
    ['/home', 200],
    [ENTRY, 200],
  ];
  it.each(BAD)('cookie %j: every route family answers as without it', async (cookie) => {
    const key = sandbox.applicationKeys.issue().key;
    for (const [path, status] of routes) {
      const res = await raw(base, path, { headers: { cookie, [KEY_HEADER]: key } });
      expect(res.status, path).toBe(status);
    }
  });

  it('a signed-in session still works beside a bad cookie', async () => {
    const b = new Browser(base);
    await b.signIn('postpaid');
    const res = await raw(base, '/Orch/dssh/homeEarlyInit', {
      headers: { cookie: `other_app_pref=100%; ${b.cookie}; theme=%E0%A4%A` },
    });
    expect(res.status).toBe(200);
  });
});

describe('cross-site requests', () => {
  const FOREIGN: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'http://evil.example' }],
    [
      'a foreign Origin that claims same-origin',
      { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
  ];

  it.each(FOREIGN)(
    '%s: sign-in, logout, declineAltTn, faults and clearing CSP reports are refused with 403',
    async (_, foreign) => {
      const b = new Browser(base);
      await b.signIn('no-contact-number');
      const session = sandbox.sessions.get(b.sid);
      if (!session) throw new Error('no session');

      const signIn = await b.get('/sandbox/signin?persona=postpaid', { headers: foreign });
      expect(signIn.status).toBe(403);
      expect(signIn.headers.get('content-type')).toContain('text/html');
      expect(signIn.headers.get('set-cookie')).toBeNull();

      const logout = await b.get('/Orch/logout', { headers: foreign });
      expect(logout.status).toBe(403);
      expect(await logout.json()).toMatchObject({ error: expect.stringContaining('Cross-site') as unknown });

      expect(
        (await b.get('/Orch/dssh/profile/declineAltTn?accountNumber=1', { headers: foreign })).status,
      ).toBe(403);
      expect(session.ownAccounts.size).toBe(0);

      expect(
        (await b.get('/sandbox/faults?set=/Orch/dssh/homeEarlyInit:500', { headers: foreign })).status,
      ).toBe(403);
      expect(
        (await b.post('/sandbox/faults', { call: '/Orch/dssh/homeEarlyInit', mode: '500' }, foreign)).status,
      ).toBe(403);
      expect(session.faults.size).toBe(0);

      expect((await b.post('/Orch/dssh/setCurrentAccount', { pid: 'x' }, foreign)).status).toBe(403);
      expect((await b.get('/sandbox/csp-reports', { method: 'DELETE', headers: foreign })).status).toBe(403);

      // Nothing happened: still signed in as the same persona, on the same session.
      expect(await b.json('/sandbox/session')).toMatchObject({
        signedIn: true,
        persona: 'no-contact-number',
      });
    },
  );

  it('the same calls from the portal itself (same-origin, or no such headers at all) go through', async () => {
    const own = { 'sec-fetch-site': 'same-origin', origin: base };
    const b = new Browser(base);
    expect(
      (await b.get('/sandbox/signin?persona=no-contact-number', { headers: { 'sec-fetch-site': 'none' } }))
        .status,
    ).toBe(302);
    const session = sandbox.sessions.get(b.sid);
    expect((await b.get('/Orch/dssh/profile/declineAltTn?accountNumber=1', { headers: own })).status).toBe(
      200,
    );
    expect(await b.json('/Orch/dssh/homeEarlyInit')).toMatchObject({
      response: { altTnDeclined: true },
    });
    expect(
      (await b.get('/sandbox/faults?set=/Orch/dssh/rx/getOutageDetails:500', { headers: own })).status,
    ).toBe(200);
    expect(
      (await b.post('/sandbox/faults', { call: '/Orch/dssh/homeEarlyInit', mode: '500' }, own)).status,
    ).toBe(200);
    expect((await b.get('/sandbox/csp-reports', { method: 'DELETE', headers: own })).status).toBe(204);
    const logout = await b.get('/Orch/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(logout.status).toBe(302);
    expect(sandbox.sessions.get(session?.id)).toBeUndefined();
  });
});

describe('sessions over HTTP', () => {
  it('are created only by sign-in: reading pages, the session or the fault list creates none', async () => {
    const before = sandbox.sessions.stats();
    for (const path of ['/sandbox/faults', '/sandbox/session', '/Orch/isAuth', '/home', '/sandbox/signin']) {
      const res = await raw(base, path);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
    expect(sandbox.sessions.stats()).toEqual(before);
  });

  it('faults armed before sign-in ride on a pre-auth session that sign-in adopts, with a new id', async () => {
    const b = new Browser(base);
    await b.get('/sandbox/faults?set=/Orch/dssh/homeEarlyInit:500');
    const preauthId = b.sid;
    expect(preauthId).toMatch(/^[0-9a-f]{32}$/);
    expect(await b.json('/sandbox/session')).toMatchObject({ signedIn: false });
    const res = await b.signIn('postpaid');
    expect(res.status).toBe(302);
    expect(b.sid).not.toBe(preauthId);
    expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(500);
  });

  it('issue records sent before sign-in are kept and shown after it', async () => {
    const b = await new Browser(base).withKey();
    await b.post('/preauth/dssh/ui/sanitize', {
      page: 'start',
      operation: 'rules',
      message: 'refused',
      level: 'warn',
    });
    await b.signIn('postpaid');
    const { issues } = await b.json<{ issues: { message: string }[] }>('/sandbox/session');
    expect(issues.map((i) => i.message)).toEqual(['refused']);
  });

  it('expire when idle and after their lifetime, by the injected clock', async () => {
    let now = 5_000_000;
    const timed = await start({
      distDir: dist,
      rulesDir: rules,
      now: () => now,
      sessions: { idleMs: 60_000, absoluteMs: 150_000 },
    });
    try {
      const b = new Browser(timed.base);
      await b.signIn('postpaid');
      expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(200);
      now += 59_000;
      expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(200);
      now += 59_000;
      expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(200);
      now += 40_000; // 158 s since sign-in, 40 s idle: past the absolute lifetime
      expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(401);

      const idle = new Browser(timed.base);
      await idle.signIn('postpaid');
      now += 60_001;
      expect(await idle.json('/Orch/isAuth')).toEqual({ authenticated: false });
    } finally {
      await timed.sandbox.close();
    }
  });

  it('rotate the session id at every sign-in', async () => {
    const b = new Browser(base);
    await b.signIn('postpaid');
    const first = b.sid;
    await b.signIn('prepaid');
    expect(b.sid).not.toBe(first);
    expect(sandbox.sessions.get(first)).toBeUndefined();
  });

  it('limit sign-ins per client and answer 429, while the sign-in page itself stays free', async () => {
    const limited = await start({ distDir: dist, rulesDir: rules, rateLimits: { signIn: 3 } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await raw(limited.base, '/sandbox/signin?persona=postpaid')).status).toBe(302);
      const refused = await raw(limited.base, '/sandbox/signin?persona=postpaid');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expectSecurityHeaders(refused.headers, '429');
      expect((await raw(limited.base, '/sandbox/signin')).status).toBe(200);
    } finally {
      await limited.sandbox.close();
    }
  });
});

describe('static files', () => {
  it.each([
    ['br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => gunzipSync(b)],
    ['gzip, deflate, br', 'br', (b: Buffer) => brotliDecompressSync(b)],
    ['identity', undefined, (b: Buffer) => b],
    ['', undefined, (b: Buffer) => b],
  ])(
    'Accept-Encoding %j gets the %s file built ahead, with Vary: Accept-Encoding',
    async (accept, encoding, decode) => {
      const res = await raw(base, ENTRY, { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(decode(res.body).toString()).toBe(ENTRY_SOURCE);
    },
  );

  it('caches hashed assets for a year and revalidates index.html and client routes', async () => {
    const asset = await raw(base, ENTRY);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/billing', '/home/deeper']) {
      const res = await raw(base, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.etag, path).toBeTruthy();
      expect(res.body.toString(), path).toContain('<div id="root">');
    }
  });

  it('does not serve source maps, dot folders or files outside dist/', async () => {
    expect((await raw(base, `${ENTRY}.map`)).status).toBe(404);
    expect((await raw(base, '/.vite/manifest.json')).status).toBe(404);
    expect((await raw(base, '/../package.json')).status).not.toBe(200);
    expect((await raw(base, '/%2e%2e/package.json')).status).not.toBe(200);
  });

  it('serves source maps when SERVE_SOURCEMAPS asks for them', async () => {
    const withMaps = await start({ distDir: dist, rulesDir: rules, serveSourcemaps: true });
    try {
      const res = await raw(withMaps.base, `${ENTRY}.map`);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('secret-source.ts');
    } finally {
      await withMaps.sandbox.close();
    }
  });
});

describe('JSON answers', () => {
  it('are compressed when large and asked for (gzip preferred, brotli for a client that only takes it), left alone when small', async () => {
    const large = await raw(base, '/sandbox/personas', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(String(large.headers.vary).toLowerCase()).toContain('accept-encoding');
    const personas = JSON.parse(gunzipSync(large.body).toString()) as unknown[];
    expect(personas.length).toBe(sandbox.personas.length);
    const br = await raw(base, '/rules/bundle.json', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toHaveProperty('files');
    const small = await raw(base, '/Orch/isAuth', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const notAsked = await raw(base, '/sandbox/personas');
    expect(notAsked.headers['content-encoding']).toBeUndefined();
  });
});

describe('listening', () => {
  it('listens on 127.0.0.1 by default and says so', () => {
    expect((sandbox.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('a Host the sandbox does not own (DNS rebinding)', () => {
  it('is answered 421 with the reason, on pages, calls and sign-in alike', async () => {
    for (const path of ['/home', '/sandbox/signin?persona=postpaid', '/Orch/isAuth', '/rules/bundle.json']) {
      const r = await raw(base, path, { headers: { host: `rebind.evil.example:${new URL(base).port}` } });
      expect(r.status, path).toBe(421);
      expect(r.body.toString(), path).toContain(
        "Host 'rebind.evil.example' is not one this sandbox answers to",
      );
      expect(r.headers['set-cookie'], path).toBeUndefined();
      expectSecurityHeaders(r.headers, path);
    }
  });

  it('the loopback names are answered, with or without a port', async () => {
    for (const host of ['127.0.0.1', 'localhost', `localhost:${new URL(base).port}`, '[::1]:80']) {
      expect((await raw(base, '/home', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('ALLOWED_HOSTS adds names, and * answers any', async () => {
    const named = await start({
      distDir: dist,
      rulesDir: rules,
      allowedHosts: ['127.0.0.1', 'portal.example'],
    });
    const any = await start({ distDir: dist, rulesDir: rules, allowedHosts: ['*'] });
    try {
      expect((await raw(named.base, '/home', { headers: { host: 'portal.example' } })).status).toBe(200);
      expect((await raw(named.base, '/home', { headers: { host: 'other.example' } })).status).toBe(421);
      expect((await raw(any.base, '/home', { headers: { host: 'other.example' } })).status).toBe(200);
    } finally {
      await named.sandbox.close();
      await any.sandbox.close();
    }
  });
});
