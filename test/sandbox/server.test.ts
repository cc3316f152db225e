import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REDIRECT_CORPUS } from '../support/redirect-corpus';
import { createPortalServer } from '../../server/app';
import { startPortal, type RunningPortal } from '../support/portal';

const today = new Date(2025, 2, 10, 12);
const dist = mkdtempSync(join(tmpdir(), 'dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
const rules = mkdtempSync(join(tmpdir(), 'rules-'));
cpSync('rules', rules, { recursive: true });

let sandbox: RunningPortal;
let base: string;

beforeAll(async () => {
  // The portal, with the sandbox as its upstream: every request below walks production's path.
  sandbox = await startPortal({
    distDir: dist,
    rulesDir: rules,
    today: () => today,
    sandbox: { timeoutHoldMs: 300, today: () => today },
  });
  base = sandbox.base;
});
afterAll(() => sandbox.close());

/** A tiny cookie-keeping browser. */
class Browser {
  cookie = '';
  async get(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(base + path, {
      redirect: 'manual',
      ...init,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return res;
  }
  post(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
    return this.get(path, {
      ...init,
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  }
  async json<T = Record<string, unknown>>(path: string): Promise<T> {
    return (await (await this.get(path)).json()) as T;
  }
  async signIn(persona: string, extra = ''): Promise<Response> {
    return this.get(`/sandbox/signin?persona=${persona}${extra}`);
  }
}

describe('sign-in stand-in', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie with an expiry and goes to the wanted page', async () => {
    const b = new Browser();
    const res = await b.signIn('postpaid', '&redirect=/billing');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '', base).href).toBe(`${base}/billing`);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sid=[0-9a-f]{32};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain('Secure');
    expect(await b.json('/Orch/isAuth')).toEqual({ authenticated: true });
  });

  it.each(REDIRECT_CORPUS)('never sends the browser off the portal for redirect=%j', async (target) => {
    const res = await new Browser().signIn('postpaid', `&redirect=${encodeURIComponent(target)}`);
    expect(res.status).toBe(302);
    // Judged on the URL the browser follows: the Location resolved against the sign-in page.
    const followed = new URL(res.headers.get('location') ?? '', `${base}/sandbox/signin`);
    expect(followed.origin).toBe(base);
    expect(followed.pathname.startsWith('//')).toBe(false);
  });

  it('shows an accessible, script-free page listing every persona with its description', async () => {
    const res = await new Browser().get('/sandbox/signin?redirect=/billing');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('<main>');
    expect(html).toMatch(/<h1>/);
    expect(html).not.toMatch(/<script|style=/i);
    for (const p of sandbox.sandbox.personas) {
      expect(html).toContain(`/sandbox/signin?persona=${p.id}&amp;redirect=%2Fbilling`);
    }
  });

  it('sets faults given at sign-in', async () => {
    const b = new Browser();
    await b.signIn('postpaid', '&fault=/Orch/dssh/homeEarlyInit:500');
    expect((await b.get('/Orch/dssh/homeEarlyInit')).status).toBe(500);
  });
});

describe('Orch calls', () => {
  it('answers 401 without a session, and isAuth 200 {authenticated:false}', async () => {
    const b = new Browser();
    const res = await b.get('/Orch/dssh/homeEarlyInit');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    const auth = await b.get('/Orch/isAuth');
    expect(auth.status).toBe(200);
    expect(await auth.json()).toEqual({ authenticated: false });
  });

  it('setCurrentAccount switches the profile of that session', async () => {
    const b = new Browser();
    await b.signIn('multi-account');
    const before = await b.json<{ response: { currentlyManagedAccount: string } }>(
      '/Orch/dssh/homeEarlyInit',
    );
    expect(before.response.currentlyManagedAccount).toBe('501600451');
    const res = await b.post('/Orch/dssh/setCurrentAccount', { loginName: 'mia.multi', pid: 'P3002' });
    expect(await res.json()).toEqual({ data: 'Success' });
    const after = await b.json<{ response: { currentlyManagedAccount: string } }>('/Orch/dssh/homeEarlyInit');
    expect(after.response.currentlyManagedAccount).toBe('PPB10030099');
    const list = await b.json<{ currentlyManagingPId: string }>('/Orch/dssh/getProfileFromRequest');
    expect(list.currentlyManagingPId).toBe('P3002');
    const unknown = await b.post('/Orch/dssh/setCurrentAccount', { loginName: 'mia.multi', pid: 'nope' });
    expect(await unknown.json()).toEqual({ data: 'Failure' });
  });

  it('turning paperless on stays on for that session only', async () => {
    const a = new Browser();
    const other = new Browser();
    await a.signIn('blue-marble');
    await other.signIn('blue-marble');
    const res = await a.post('/Orch/dss/api/ensupdatepaperless', {
      ban: '501700562',
      paperlessBilling: 'Y',
      email: 'bo@mail.example',
      memo: null,
      sourceSystem: 'DIGIHOME',
    });
    expect(await res.json()).toEqual({ data: { code: '200' } });
    const mine = await a.json<{ response: { paperlessBilling: boolean } }>('/Orch/dssh/homeEarlyInit');
    const theirs = await other.json<{ response: { paperlessBilling: boolean } }>('/Orch/dssh/homeEarlyInit');
    expect(mine.response.paperlessBilling).toBe(true);
    expect(theirs.response.paperlessBilling).toBe(false);
  });

  it('serves dates relative to the sandbox clock: the pending appointment is tomorrow', async () => {
    const b = new Browser();
    await b.signIn('early-life-tech-install');
    const body = await b.json<{
      response: {
        earlyAccessProductOrderResponse: { earlyAccessProductOrderResponse: { apptDate: string } };
      };
    }>('/Orch/dssh/homeEarlyInit');
    expect(body.response.earlyAccessProductOrderResponse.earlyAccessProductOrderResponse.apptDate).toBe(
      '2025-03-11',
    );
  });

  it('answers the modem reboot with text', async () => {
    const b = new Browser();
    await b.signIn('outage-hangover');
    const res = await b.post('/Orch/dssh/acs/deviceReboot', { wtn: '3035550100' });
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).not.toContain('Error');
  });
});

describe('jump-outs and their stand-in sites', () => {
  it('sends jump-outs to a sandbox stand-in page', async () => {
    const b = new Browser();
    await b.signIn('postpaid');
    const res = await b.get('/Orch/dssh/redirectEntry/jumpOutManageAutoPay');
    expect(res.status).toBe(302);
    // The absolute URL the redirect checker returned.
    expect(res.headers.get('location')).toBe(`${base}/sandbox/jump/manageAutoPay`);
    const page = await b.get('/sandbox/jump/manageAutoPay');
    expect(await page.text()).toContain('In a real deployment this goes to');
  });

  it('the stand-in payment site shows the payment token it received, pays it, and the balance of that session is paid', async () => {
    const b = new Browser();
    await b.signIn('late-payment');
    const attribList = [
      { name: 'biller', value: 'ENSEMBLE' },
      { name: 'accountNumber', value: '310555656' },
      { name: 'adjustedAmount', value: '120.50' },
      { name: 'firstName', value: '<Lou>' },
    ];
    const { data } = (await (
      await b.post('/Orch/dssh/ecom/createJumpOutToken', { list: { attribList } })
    ).json()) as { data: { token: string } };
    const jump = await b.get('/Orch/dssh/redirectEntry/jumpOutPayBill?accountNumber=310555656');
    expect(jump.headers.get('location')).toBe(`${base}/sandbox/jump/payBill?token=${data.token}`);
    const site = await (await b.get(`/sandbox/jump/payBill?token=${data.token}`)).text();
    expect(site).toContain('<code>adjustedAmount</code></th><td>120.50</td>');
    // What the token carried is shown as text, never as markup.
    expect(site).toContain('&lt;Lou&gt;');
    expect(site).toContain('Pay $120.50');

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // Another site cannot make the payment.
    const crossSite = await b.get('/sandbox/jump/payBill', {
      method: 'POST',
      body: `token=${data.token}`,
      headers: { ...form, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const paid = await b.get('/sandbox/jump/payBill', {
      method: 'POST',
      body: `token=${data.token}`,
      headers: { ...form, origin: base },
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('$120.50 was paid on account 310555656');
    const profile = await b.json<{ response: { currentAmountDue: number } }>('/Orch/dssh/homeEarlyInit');
    expect(profile.response.currentAmountDue).toBe(0);
    // A token this session never received is not a payment.
    const other = new Browser();
    await other.signIn('late-payment');
    const refused = await other.get('/sandbox/jump/payBill', {
      method: 'POST',
      body: `token=${data.token}`,
      headers: form,
    });
    expect(refused.status).toBe(404);
  });

  it('the stand-in payment-plan site shows its token and sets up an arrangement for the session', async () => {
    const b = new Browser();
    await b.signIn('late-payment');
    const { token } = (await (
      await b.post('/Orch/dssh/pbs/paymentPlanToken', { accountNumber: '310555656' })
    ).json()) as { token: string };
    const site = await b.get(`/sandbox/jump/paymentPlan?token=${token}`);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain(`Token ${token}`);
    expect((await b.get('/sandbox/jump/paymentPlan?token=PP-forged')).status).toBe(404);
    const set = await b.get('/sandbox/jump/paymentPlan', {
      method: 'POST',
      body: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await set.text()).toContain('Account 310555656 now has a payment arrangement.');
    const profile = await b.json<{ response: { hasPaymentArrangement: boolean } }>(
      '/Orch/dssh/homeEarlyInit',
    );
    expect(profile.response.hasPaymentArrangement).toBe(true);
  });
});

describe('logout', () => {
  it('logout ends the session and goes to the sign-in page', async () => {
    const b = new Browser();
    await b.signIn('postpaid');
    const sid = b.cookie;
    const res = await b.get('/Orch/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${base}/sandbox/signin`);
    const again = await fetch(`${base}/Orch/dssh/homeEarlyInit`, { headers: { cookie: sid } });
    expect(again.status).toBe(401);
  });
});

describe('pre-auth calls', () => {
  const key = (): Record<string, string> => ({
    'x-application-key': sandbox.sandbox.applicationKeys.issue().key,
  });

  it('forgot password with an unknown login gives a non-empty errorMessage', async () => {
    const b = new Browser();
    const headers = key();
    const bad = (await (
      await b.get('/preauth/dssh/Orch/forgotFlow/getForgottenPassword?login=nobody', { headers })
    ).json()) as { errorMessage: string };
    expect(bad.errorMessage).not.toBe('');
    const good = (await (
      await b.get('/preauth/dssh/Orch/forgotFlow/getForgottenPassword?login=alex.postpaid', { headers })
    ).json()) as { errorMessage: string; maskedEmail: string };
    expect(good.errorMessage).toBe('');
    expect(good.maskedEmail).toBe('a***@mail.example');
  });

  it('change password with a token nobody issued answers Failure', async () => {
    const res = await fetch(`${base}/preauth/dssh/orch/ecom/changePasswordWithToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key() },
      body: JSON.stringify({ token: 't', password: 'Secret123' }),
    });
    expect(await res.json()).toEqual({ response: 'Failure' });
  });
});

describe('fault switch', () => {
  it('500, malformed and off apply to the one session that set them', async () => {
    const a = new Browser();
    const other = new Browser();
    await a.signIn('postpaid');
    await other.signIn('postpaid');
    const set = await a.post('/sandbox/faults', { call: '/Orch/dssh/homeEarlyInit', mode: '500' });
    expect(await set.json()).toEqual({ faults: { '/Orch/dssh/homeEarlyInit': '500' } });
    const failed = await a.get('/Orch/dssh/homeEarlyInit');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: 'Injected fault' });
    expect((await other.get('/Orch/dssh/homeEarlyInit')).status).toBe(200);

    await a.get('/sandbox/faults?set=/Orch/dssh/homeEarlyInit:malformed');
    const malformed = await a.get('/Orch/dssh/homeEarlyInit');
    expect(malformed.status).toBe(200);
    expect(await malformed.json()).toEqual({ unexpected: true });

    await a.get('/sandbox/faults?set=/Orch/dssh/homeEarlyInit:off');
    expect(await a.json('/sandbox/faults')).toEqual({ faults: {} });
    expect((await a.get('/Orch/dssh/homeEarlyInit')).status).toBe(200);
  });

  it('timeout holds the answer, and a client that gives up does not crash the sandbox', async () => {
    const b = new Browser();
    await b.signIn('postpaid', '&fault=/Orch/dssh/rx/getOutageDetails:timeout');
    const started = Date.now();
    const held = await b.get('/Orch/dssh/rx/getOutageDetails');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(held.status).toBe(504);
    await expect(
      b.get('/Orch/dssh/rx/getOutageDetails', { signal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 400));
    expect((await b.get('/Orch/isAuth')).status).toBe(200);
  });

  it('rejects a fault that is not an Orch or pre-auth call', async () => {
    const res = await new Browser().post('/sandbox/faults', { call: '/rules/x.json', mode: '500' });
    expect(res.status).toBe(400);
  });
});

describe('static app, rules and CSP reports', () => {
  it('serves the app shell for client routes, real files with their type, 404 for missing assets', async () => {
    const b = new Browser();
    const home = await b.get('/billing');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await home.text()).toContain('<div id="root">');
    const js = await b.get('/assets/app-123.js');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect((await b.get('/assets/missing.js')).status).toBe(404);
    expect((await b.get('/../package.json')).status).not.toBe(200);
  });

  it('says clearly when dist/ is missing', async () => {
    const bare = createPortalServer({
      upstream: 'http://127.0.0.1:9',
      distDir: join(dist, 'nope'),
      rulesDir: rules,
    });
    const url = await bare.listen(0);
    const res = await fetch(`${url}/home`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
    await bare.close();
  });

  it('serves an edited rule file on the next request, keeps the last valid one over an invalid edit, and lists them', async () => {
    const b = new Browser();
    const { files } = await b.json<{ files: string[] }>('/rules/index.json');
    expect(files).toEqual(
      readdirSync('rules')
        .filter((f) => f.endsWith('.json'))
        .sort(),
    );
    const file = join(rules, 'home-view.json');
    const original = JSON.parse(readFileSync(file, 'utf8')) as { description: string };
    expect(await b.json('/rules/home-view.json')).toEqual(original);
    const edited = { ...original, description: 'edited by an analyst' };
    writeFileSync(file, JSON.stringify(edited));
    const res = await b.get('/rules/home-view.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(edited);
    writeFileSync(file, '{"version":2}');
    expect(await b.json('/rules/home-view.json')).toEqual(edited);
    writeFileSync(file, JSON.stringify(original, null, 2));
    expect((await b.get('/rules/missing.json')).status).toBe(404);
  });

  it('records CSP violation reports', async () => {
    const b = new Browser();
    await b.get('/sandbox/csp-reports', { method: 'DELETE' });
    expect(await b.json('/sandbox/csp-reports')).toEqual({ reports: [] });
    await fetch(`${base}/sandbox/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src' } }),
    });
    const { reports } = await b.json<{ reports: unknown[] }>('/sandbox/csp-reports');
    expect(reports).toHaveLength(1);
  });
});
