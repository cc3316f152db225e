/**
 * Analysts sign in through OpenID Connect (issue 23 item 2): against a real OpenID provider (oidc-provider)
 * started on loopback, the portal runs the authorization code flow with PKCE, names the analyst from the ID
 * token and takes the roles from its `roles` claim; a refused login, a login whose state or PKCE does not
 * match, an expired session and an analyst without the approver role are all refused, and self-approval is
 * refused by subject, not by display name.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOf, rolesOf, type OidcSettings } from '../../server/analyst-auth';
import { DEFAULT_SESSION_LIMITS } from '../../sandbox/session';
import type { Harness as SandboxServer } from './harness';
import { CookieBrowser } from '../support/cookie-browser';
import { startTestProvider, TEST_CLIENT, type TestProvider } from '../support/oidc-provider';
import { copyRules, makeDist, start } from './harness';

let provider: TestProvider;
let sandbox: SandboxServer;
let base: string;
let rulesDir: string;
/** The portal's session clock: moved forward to expire a session. */
let clock = Date.now();

beforeAll(async () => {
  provider = await startTestProvider();
  rulesDir = copyRules();
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir,
    studio: { gitDir: join(mkdtempSync(join(tmpdir(), 'oidc-git-')), 'rules.git') },
    now: () => clock,
    oidc: {
      issuer: provider.issuer,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      cookieSecret: 'a cookie secret for the tests, long enough',
    },
  }));
  await provider.register([`${base}/studio/auth/callback`]);
});
afterAll(async () => {
  await sandbox?.close();
  await provider?.close();
});

const atProvider = (u: URL): boolean => u.origin === provider.issuer;
const isCallback = (u: URL): boolean => u.origin === base && u.pathname === '/studio/auth/callback';

/** Starts a login in `b` and stops on the provider's sign-in form; its interaction address and the request. */
async function startLogin(b: CookieBrowser): Promise<{ interaction: string; authorize: URL }> {
  const first = await b.follow(`${base}/studio/auth/login`, {}, atProvider);
  expect(first.stoppedAt, 'the portal sends the browser to the provider').toBeDefined();
  const authorize = new URL(first.stoppedAt!);
  const form = await b.follow(authorize.href);
  expect(form.res.status).toBe(200);
  expect(await form.res.text()).toContain('Test identity provider');
  return { interaction: form.url, authorize };
}

/** Signs in at the provider as `login` and stops before the portal's callback: its address. */
async function codeFor(b: CookieBrowser, login: string): Promise<{ callback: string; authorize: URL }> {
  const { interaction, authorize } = await startLogin(b);
  const done = await b.follow(`${interaction}/login`, { form: { login } }, isCallback);
  expect(done.stoppedAt, 'the provider sends the browser back with a code').toBeDefined();
  return { callback: done.stoppedAt!, authorize };
}

/** A full login as `login`: the portal's last answer. */
async function signIn(b: CookieBrowser, login: string): Promise<Response> {
  const { callback } = await codeFor(b, login);
  return (await b.follow(callback)).res;
}

async function session(b: CookieBrowser): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await b.request(`${base}/studio/api/session`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The card warning's threshold `days` in the rule file and its cases. */
function cardWarningChange(
  files: Record<string, string>,
  from: number,
  days: number,
): Record<string, string> {
  const rules = files['prepaid-card.json']!.replace(new RegExp(`("value": )${from}\\b`), `$1${days}`);
  const cases = files['cases/prepaid-card.cases.json']!.replace(
    new RegExp(`"daysToCardExpiry": ${from}\\b`, 'g'),
    `"daysToCardExpiry": ${days}`,
  );
  return { 'prepaid-card.json': rules, 'cases/prepaid-card.cases.json': cases };
}

async function write(b: CookieBrowser, path: string, body: unknown): Promise<Response> {
  const { body: s } = await session(b);
  return b.request(`${base}${path}`, { json: body, headers: { 'x-csrf-token': String(s.csrfToken) } });
}

describe('analysts sign in through OpenID Connect', () => {
  it('signs in through the provider with PKCE: name from the ID token, roles from its claim, a strict cookie', async () => {
    const b = new CookieBrowser();
    const { callback, authorize } = await codeFor(b, 'u-ana');
    // Authorization code with PKCE (S256), state and nonce.
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/studio/auth/callback`);
    // The login cookie carries no readable secret: it is encrypted.
    const tx = b.jar.get(new URL(base).host)?.get('studio_oidc')?.value ?? '';
    expect(tx.split('.')).toHaveLength(5);
    expect(tx).not.toContain(authorize.searchParams.get('state'));

    const res = await b.request(callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${base}/studio`);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('studio_sid='))!;
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Strict/);
    expect(sid).toMatch(/Max-Age=\d+/);
    expect(sid).not.toMatch(/Secure/); // plain HTTP here; behind TLS it is Secure (server.test.ts)
    expect(res.headers.getSetCookie().some((c) => /^studio_oidc=;/.test(c))).toBe(true);

    const s = await session(b);
    expect(s.status).toBe(200);
    expect(s.body.analyst).toEqual({ id: 'u-ana', name: 'Ana Alvarez' });
    expect(s.body.roles).toEqual({ author: true, approver: false });
  });

  it('marks the login and session cookies Secure behind TLS', async () => {
    const b = new CookieBrowser();
    const res = await b.request(`${base}/studio/auth/login`, { headers: { 'x-forwarded-proto': 'https' } });
    // TRUST_PROXY is off in this server: the header is not believed, so nothing claims TLS.
    expect(res.headers.getSetCookie().join()).not.toMatch(/Secure/);
    const { sandbox: behindTls, base: tlsBase } = await start({
      distDir: makeDist(),
      rulesDir,
      studio: { gitDir: join(mkdtempSync(join(tmpdir(), 'oidc-git-')), 'rules.git') },
      trustProxy: true,
      oidc: { issuer: provider.issuer, clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret },
    });
    try {
      const r = await fetch(`${tlsBase}/studio/auth/login`, {
        redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(r.status).toBe(302);
      expect(r.headers.getSetCookie().find((c) => c.startsWith('studio_oidc='))).toMatch(
        /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
      );
      expect(r.headers.getSetCookie().find((c) => c.startsWith('studio_oidc='))).toMatch(/Secure/);
    } finally {
      await behindTls.close();
    }
  });

  it('refuses the login the provider denies, and signs nobody in', async () => {
    const b = new CookieBrowser();
    const { interaction } = await startLogin(b);
    const denied = await b.follow(`${interaction}/abort`, { form: {} });
    expect(denied.url).toMatch(/\/studio\/auth\/callback\?.*error=access_denied/);
    expect(denied.res.status).toBe(403);
    expect(await denied.res.text()).toContain('The identity provider refused the sign-in');
    expect((await session(b)).status).toBe(403);
  });

  it('refuses a callback whose state is not the one this browser started, or that no browser started', async () => {
    const victim = new CookieBrowser();
    const attacker = new CookieBrowser();
    // The attacker signs in at the provider and hands the victim the callback with the attacker's code.
    const { callback } = await codeFor(attacker, 'u-ben');
    await startLogin(victim);
    const res = await victim.request(callback);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/Sign-in refused.*unexpected &quot;state&quot;/s);
    expect((await session(victim)).status).toBe(403);
    // A browser that started no login: refused before the provider is asked.
    const stranger = new CookieBrowser();
    const none = await stranger.request(callback);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('This sign-in was not started in this browser');
  });

  it('refuses a code redeemed with another login’s PKCE verifier (the provider says no)', async () => {
    const b = new CookieBrowser();
    const first = await codeFor(b, 'u-ben');
    // A second login in the same browser replaces the login cookie: its state, nonce and verifier.
    const second = await b.follow(`${base}/studio/auth/login`, {}, atProvider);
    const swapped = new URL(first.callback);
    swapped.searchParams.set('state', new URL(second.stoppedAt!).searchParams.get('state')!);
    const res = await b.request(swapped.href);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/could not be completed.*invalid_grant.*Nothing was signed in/s);
    expect((await session(b)).status).toBe(403);
  });

  it('refuses an account with neither studio role', async () => {
    const b = new CookieBrowser();
    const res = await signIn(b, 'u-viewer');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(
      'Vic Viewer is signed in at the identity provider but has neither the rule-author nor the rule-approver role',
    );
    expect((await session(b)).status).toBe(403);
  });

  it('ends an analyst session after its idle time, and on sign-out', async () => {
    const b = new CookieBrowser();
    await signIn(b, 'u-ben');
    expect((await session(b)).status).toBe(200);
    clock += DEFAULT_SESSION_LIMITS.idleMs + 60_000;
    try {
      expect((await session(b)).status).toBe(403);
    } finally {
      clock = Date.now();
    }
    const c = new CookieBrowser();
    await signIn(c, 'u-ben');
    const out = await c.request(`${base}/studio/auth/logout`, { form: {} });
    expect(out.status).toBe(200);
    expect((await session(c)).status).toBe(403);
  });

  // Each save and approval runs rules:check and every rule case (about 2 s alone; more on a busy machine).
  it(
    'an author without the approver role cannot approve; another person of the same name approves',
    { timeout: 60_000 },
    async () => {
      const ana = new CookieBrowser();
      await signIn(ana, 'u-ana');
      const live = (await (await ana.request(`${base}/studio/api/rules`)).json()) as {
        commit: string;
        files: Record<string, string>;
      };
      const saved = await write(ana, '/studio/api/changes', {
        reason: 'Warn 45 days before the card expires',
        base: live.commit,
        files: cardWarningChange(live.files, 60, 45),
      });
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      const pending = (await (await ana.request(`${base}/studio/api/changes`)).json()) as {
        pending: { id: string; authorId: string; author: { name: string } }[];
      };
      expect(pending.pending.find((c) => c.id === id)).toMatchObject({
        authorId: 'u-ana',
        author: { name: 'Ana Alvarez' },
      });

      // Ana has no approver role: refused by the API (the page's refusal is test/e2e/studio-oidc.spec.ts).
      const own = await write(ana, `/studio/api/changes/${id}/approve`, {});
      expect(own.status).toBe(403);
      expect(((await own.json()) as { error: string }).error).toBe(
        'Your account may not approve changes: it has no approver role',
      );

      // Another person with the same display name, and the approver role, may approve: identity is the subject.
      const namesake = new CookieBrowser();
      await signIn(namesake, 'u-ana2');
      expect((await session(namesake)).body.analyst).toEqual({ id: 'u-ana2', name: 'Ana Alvarez' });
      const approved = await write(namesake, `/studio/api/changes/${id}/approve`, {});
      expect(approved.status).toBe(200);
      expect(readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8')).toMatch(/"value": 45\b/);
      const history = (await (await ana.request(`${base}/studio/api/history`)).json()) as {
        history: { reason: string; authorId: string; approvedBy?: string }[];
      };
      expect(history.history[0]).toMatchObject({
        reason: 'Warn 45 days before the card expires',
        authorId: 'u-ana',
        approvedBy: 'Ana Alvarez <ana.other@idp.example>',
      });
    },
  );

  it('refuses self-approval by subject, even from a new session', { timeout: 60_000 }, async () => {
    // Ben, author and approver, cannot approve his own change, not even from a new session.
    const ben = new CookieBrowser();
    await signIn(ben, 'u-ben');
    const now = (await (await ben.request(`${base}/studio/api/rules`)).json()) as {
      commit: string;
      files: Record<string, string>;
    };
    const bens = await write(ben, '/studio/api/changes', {
      reason: 'Warn 50 days before the card expires',
      base: now.commit,
      files: cardWarningChange(now.files, 45, 50),
    });
    expect(bens.status).toBe(201);
    const benId = ((await bens.json()) as { id: string }).id;
    const again = new CookieBrowser();
    await signIn(again, 'u-ben');
    for (const who of [ben, again]) {
      const self = await write(who, `/studio/api/changes/${benId}/approve`, {});
      expect(self.status).toBe(403);
      expect(((await self.json()) as { error: string }).error).toBe(
        'A second analyst must approve this change: its author cannot',
      );
    }
    // Still pending: nobody approved it.
    const pending = (await (await ben.request(`${base}/studio/api/changes`)).json()) as {
      pending: { id: string; authorId: string }[];
    };
    expect(pending.pending).toEqual([expect.objectContaining({ id: benId, authorId: 'u-ben' })]);
  });
});

describe('the identity an ID token gives', () => {
  const settings: OidcSettings = { issuer: 'https://idp.example', clientId: 'c', clientSecret: 's' };

  it('reads roles from a list, a string, or a dotted claim, with configured role names', () => {
    expect(rolesOf({ roles: ['rule-author'] }, settings)).toEqual({ author: true, approver: false });
    expect(rolesOf({ roles: 'rule-approver, rule-author' }, settings)).toEqual({
      author: true,
      approver: true,
    });
    expect(
      rolesOf(
        { realm_access: { roles: ['editors', 'reviewers'] } },
        { ...settings, roleClaim: 'realm_access.roles', authorRole: 'editors', approverRole: 'reviewers' },
      ),
    ).toEqual({ author: true, approver: true });
    expect(rolesOf({ roles: [42, { x: 1 }] }, settings)).toEqual({ author: false, approver: false });
  });

  it('names the analyst from the token, cleans what goes into a commit, refuses a token without a subject', () => {
    expect(identityOf({ sub: 'abc', given_name: 'Kim', family_name: 'Ko' }, settings)).toEqual({
      id: 'abc',
      name: 'Kim Ko',
      email: 'abc@idp.example',
      roles: { author: false, approver: false },
    });
    expect(identityOf({ sub: 'x|1', name: 'Evil <root>\nName', email: 'a@b' }, settings)).toMatchObject({
      name: 'Evil  root  Name',
      email: 'a@b',
    });
    expect(identityOf({ sub: 'x y' }, settings)).toBeNull();
    expect(identityOf({}, settings)).toBeNull();
  });
});
