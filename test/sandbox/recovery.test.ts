import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEmail } from '../../sandbox/outbox';
import { loadPersonas } from '../../server/personas';
import type { Harness as SandboxServer } from './harness';
import { Browser, KEY_HEADER, copyRules, makeDist, start } from './harness';

const personas = loadPersonas([], () => undefined);
let now = 10_000_000;
let sandbox: SandboxServer;
let base: string;

beforeAll(async () => {
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir: copyRules(),
    personas,
    now: () => now,
    timeoutHoldMs: 200,
    sessions: { outboxPerSession: 3 },
  }));
});
afterAll(() => sandbox.close());

/** Every pre-auth call of the spec's §7 list, with a request that succeeds. */
const CALLS: Array<{ method: 'GET' | 'POST'; path: string; query?: string; body?: unknown }> = [
  { method: 'POST', path: '/preauth/dssh/ui/sanitize', body: { message: 'x' } },
  { method: 'POST', path: '/preauth/dssh/redirectEntry/sso/performSSO', body: { token: 'postpaid' } },
  {
    method: 'GET',
    path: '/preauth/dssh/Orch/forgotFlow/getForgottenUserName2',
    query: 'email=alex.postpaid@mail.example',
  },
  { method: 'GET', path: '/preauth/dssh/Orch/forgotFlow/getForgottenPassword', query: 'login=alex.postpaid' },
  {
    method: 'GET',
    path: '/preauth/dssh/Orch/forgotFlow/retrieveAccountNumber',
    query: 'email=alex.postpaid@mail.example',
  },
  { method: 'GET', path: '/preauth/dssh/Orch/forgotFlow/retrieveAuthCode', query: 'accountNumber=310245781' },
  { method: 'GET', path: '/preauth/dssh/Orch/forgotFlow/resetPasswordWithToken', query: 'token=x' },
  {
    method: 'POST',
    path: '/preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword',
    body: { login: 'alex.postpaid', emailAddress: 'alex.postpaid@mail.example' },
  },
  {
    method: 'POST',
    path: '/preauth/dssh/Orch/forgotFlow/authCodeByEmail',
    body: { accountNumber: '310245781' },
  },
  { method: 'POST', path: '/preauth/dssh/Orch/ACOD/createProfile2', body: { profile: { firstName: 'x' } } },
  {
    method: 'POST',
    path: '/preauth/dssh/orch/ecom/changePasswordWithToken',
    body: { token: 'x', password: 'Secret123' },
  },
  { method: 'GET', path: '/preauth/dssh/bm/validateEmailUn', query: 'emailAddress=new@mail.example' },
];

const send = (b: Browser, c: (typeof CALLS)[number], headers: Record<string, string> = {}) =>
  c.method === 'GET'
    ? b.get(`${c.path}?${c.query ?? ''}`, { headers })
    : b.post(c.path, c.body ?? {}, headers);

describe('the pre-auth application key', () => {
  it('is issued by the key endpoint, time-limited and unguessable', async () => {
    const res = await fetch(`${base}/sandbox/application-key`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { key: string; expiresIn: number };
    expect(body.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.expiresIn).toBe(900);
  });

  it.each(CALLS.map((c) => [c.path, c] as const))('%s: 401 without a key, 200 with one', async (_p, c) => {
    const b = new Browser(base);
    const refused = await send(b, c);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'Application key missing: fetch a new one from the application key endpoint',
    });
    expect(b.cookie).toBe('');
    expect((await send(await b.withKey(), c)).status).toBe(200);
  });

  it('an unknown or expired key is refused with 401 too', async () => {
    const b = await new Browser(base).withKey();
    const call = CALLS[3]!;
    expect((await send(b, call, { [KEY_HEADER]: 'made-up' })).status).toBe(401);
    now += sandbox.applicationKeys.limits.lifetimeMs;
    const expired = await send(b, call);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: expect.stringContaining('expired') as unknown });
    expect((await send(await b.withKey(), call)).status).toBe(200);
  });

  it('keys are bounded: past the cap the oldest is forgotten', () => {
    const { applicationKeys: keys } = sandbox;
    const first = keys.issue().key;
    for (let i = 0; i < keys.limits.max; i++) keys.issue();
    expect(keys.size).toBe(keys.limits.max);
    expect(keys.check(first)).toBe('unknown');
  });
});

describe('each pre-auth call under the fault switch', () => {
  it.each(CALLS.map((c) => [c.path, c] as const))('%s: 500, malformed and a time-out', async (_p, c) => {
    const b = await new Browser(base).withKey();
    for (const [mode, status] of [
      ['500', 500],
      ['malformed', 200],
      ['timeout', 504],
    ] as const) {
      await b.get(`/sandbox/faults?set=${c.path}:${mode}`);
      const res = await send(b, c);
      expect(res.status, mode).toBe(status);
      if (mode === 'malformed') expect(await res.json()).toEqual({ unexpected: true });
    }
  });
});

interface Outbox {
  emails: OutboxEmail[];
}

describe('the outbox', () => {
  it("keeps a visitor's emails on a pre-auth session, shows them, and sign-in keeps them", async () => {
    const b = await new Browser(base).withKey();
    expect(await b.json<Outbox>('/sandbox/outbox.json')).toEqual({ emails: [] });
    await b.get('/preauth/dssh/Orch/forgotFlow/getForgottenUserName2?email=alex.postpaid@mail.example');
    expect(b.sid).toMatch(/^[0-9a-f]{32}$/);
    const { emails } = await b.json<Outbox>('/sandbox/outbox.json');
    expect(emails.map((e) => [e.kind, e.to])).toEqual([['username', 'alex.postpaid@mail.example']]);

    const page = await b.get('/sandbox/outbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h2 id="email-');
    expect(html).toContain('The username of your profile is alex.postpaid.');

    await b.signIn('postpaid');
    expect((await b.json<Outbox>('/sandbox/outbox.json')).emails).toHaveLength(1);
    // Another browser sees none of it.
    expect(await new Browser(base).json<Outbox>('/sandbox/outbox.json')).toEqual({ emails: [] });
  });

  it('is bounded: the oldest email is dropped', async () => {
    const b = await new Browser(base).withKey();
    for (let i = 0; i < 5; i++)
      await b.get('/preauth/dssh/Orch/forgotFlow/retrieveAccountNumber?email=alex.postpaid@mail.example');
    expect((await b.json<Outbox>('/sandbox/outbox.json')).emails).toHaveLength(3);
  });

  it('escapes what a visitor typed', async () => {
    const b = await new Browser(base).withKey();
    const reply = await b.post('/preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword', {
      login: 'alex.postpaid',
      emailAddress: 'alex.postpaid@mail.example',
    });
    expect(await reply.json()).toMatchObject({ status: 'SUCCESS' });
    const html = await (await b.get('/sandbox/outbox')).text();
    expect(html).toMatch(
      /<a href="\/login\/forgotPasswordStep3\?token=[A-Za-z0-9_-]+">Reset your password<\/a>/,
    );
    expect(html).not.toContain('<script');
  });
});

describe('single sign-on for cancel service', () => {
  it('signs the browser in to the account the token names', async () => {
    const multi = personas.find((p) => p.id === 'multi-account');
    const second = multi?.accounts[1];
    const b = await new Browser(base).withKey();
    const res = await b.post('/preauth/dssh/redirectEntry/sso/performSSO', {
      token: `multi-account:${second?.accountNumber ?? ''}`,
    });
    expect(await res.json()).toMatchObject({
      authenticated: true,
      currentlyManagingAccountId: second?.accountNumber,
      userName: multi?.login,
    });
    expect(await b.json('/Orch/isAuth')).toEqual({ authenticated: true });
    const profile = await b.json<{ response: { currentlyManagedAccount: string } }>(
      '/Orch/dssh/homeEarlyInit',
    );
    expect(profile.response.currentlyManagedAccount).toBe(second?.accountNumber);
  });

  it('an unknown token signs nobody in and says why', async () => {
    const b = await new Browser(base).withKey();
    const res = await b.post('/preauth/dssh/redirectEntry/sso/performSSO', { token: 'nobody' });
    expect(await res.json()).toEqual({ authenticated: false, errorMessage: 'Invalid or expired token' });
    expect(await b.json('/Orch/isAuth')).toEqual({ authenticated: false });
  });
});
