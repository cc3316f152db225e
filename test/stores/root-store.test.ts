import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_CORPUS } from '../support/redirect-corpus';
import portal from '../../config/portal.json';
import type { IssueEntry } from '../../src/stores/api-port';
import { RootStore } from '../../src/stores/root-store';
import { baseProfile, failed, fakeApi, fakeEnv, fakeOrch, fixedDecisions, ok } from '../features/harness';
import type { Api } from '../../src/stores/api-port';
import type { Env } from '../../src/stores/env';
import type { ApiClient, Result } from '../../src/api/client';
import { getOutagePath } from '../../src/api/calls/outage';
import { getMyServicesPath } from '../../src/api/calls/my-services';
import { getOrderHistoryPath } from '../../src/api/calls/order-history';

type Logged = IssueEntry & { accountNumber?: string; emailAddress?: string };

function storeWith({
  api = {},
  env = {},
  orch = fakeOrch(),
}: { api?: Partial<Api>; env?: Partial<Env>; orch?: ApiClient } = {}) {
  const issues: Logged[] = [];
  const assigned: string[] = [];
  const store = new RootStore(
    { ...fakeEnv(), assign: (url) => void assigned.push(url), ...env },
    { ...fakeApi(baseProfile), logIssue: (entry) => void issues.push(entry), ...api },
    () =>
      Promise.resolve({
        decisions: { ...fixedDecisions, dataLoading: { calls: ['outage'] } },
        explain: () => Promise.resolve([]),
      }),
    orch,
  );
  return { store, issues, assigned };
}

const redirect222 = (url: string): Partial<Api> => ({
  homeEarlyInit: () => Promise.resolve(ok({ statusCode: 222, status: 'SUCCESS', response: url })),
});

describe('the 222 answer (shell spec: status code 222 sends the browser to the URL in that response)', () => {
  it('follows an allowlisted provider page', async () => {
    const { store, assigned, issues } = storeWith({ api: redirect222('https://www.provider.example/x') });
    await store.guard('/home');
    await vi.waitFor(() => expect(assigned).toEqual(['https://www.provider.example/x']));
    expect(issues).toEqual([]);
  });

  it.each(['/home', 'http://localhost/', 'http://localhost/home?again=1', '/'])(
    'refuses a 222 pointing at the portal itself (%s): no reload, the account error page, logged once',
    async (url) => {
      const { store, assigned, issues } = storeWith({ api: redirect222(url) });
      await store.guard('/home');
      await vi.waitFor(() => expect(store.blockedRedirect).toBe(true));
      // Every later navigation checks the session again, but the account loads once: no second record.
      await store.guard('/billing');
      await store.guard('/home');
      expect(assigned).toEqual([]);
      expect(issues.filter((i) => i.operation === 'redirect222')).toHaveLength(1);
      expect(issues[0]).toMatchObject({ page: 'home', operation: 'redirect222', level: 'error' });
    },
  );

  it.each(REDIRECT_CORPUS)('never leaves the origin or the allowlist for a 222 to %j', async (url) => {
    const { store, assigned, issues } = storeWith({ api: redirect222(url) });
    await store.guard('/home');
    await vi.waitFor(() => expect(assigned.length + issues.length).toBeGreaterThan(0));
    for (const target of assigned) expect(portal.redirectAllowlist).toContain(new URL(target).origin);
    if (assigned.length === 0) {
      expect(store.blockedRedirect).toBe(true);
      expect(issues.map((i) => i.operation)).toEqual(['redirect222']);
    }
  });
});

describe('the issue log names the real page and the account', () => {
  it('a failed data call is logged with the page it was made on and the account number', async () => {
    const { store, issues } = storeWith();
    store.setPage('/paymentHistory');
    await store.guard('/paymentHistory');
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('checkOutage'));
    expect(issues.find((i) => i.operation === 'checkOutage')).toMatchObject({
      page: 'paymentHistory',
      accountNumber: baseProfile.currentlyManagedAccount,
      emailAddress: baseProfile.emailAddress,
    });
  });

  it('keeps the page where the call was made, even when the answer arrives on another page', async () => {
    let answer: (r: Result<unknown>) => void = () => {};
    const orch = fakeOrch({
      [getOutagePath]: () => new Promise<Result<unknown>>((resolve) => (answer = resolve)),
    });
    const { store, issues } = storeWith({ orch });
    store.setPage('/settings/accountInfo');
    await store.guard('/settings/accountInfo');
    await vi.waitFor(() => expect(orch.calls.map((c) => c.path)).toContain(getOutagePath));
    store.setPage('/billing');
    answer(failed(`HTTP 500 from ${getOutagePath}`));
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('checkOutage'));
    expect(issues.find((i) => i.operation === 'checkOutage')?.page).toBe('settings/accountInfo');
  });

  it('a profile failure names the account the account list says is current', async () => {
    const { store, issues } = storeWith({
      api: {
        homeEarlyInit: () =>
          Promise.resolve(ok({ statusCode: 500, status: 'FAILURE', accountLifeCycle: 'Active' })),
      },
    });
    store.setPage('/billing');
    await store.guard('/billing');
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('getprofiledata'));
    expect(store.profile.status).toBe('failure');
    expect(issues.find((i) => i.operation === 'getprofiledata')).toMatchObject({
      page: 'billing',
      accountNumber: baseProfile.currentlyManagedAccount,
      message: 'profile failure: statusCode 500, status FAILURE',
    });
  });

  it('shell calls are logged under the page they were made on', async () => {
    const { store, issues } = storeWith({
      api: { checkHeader: () => Promise.resolve(failed('HTTP 500 from /Orch/checkHeader')) },
    });
    store.setPage('/services/phone');
    await store.guard('/services/phone');
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('checkHeader'));
    expect(issues.find((i) => i.operation === 'checkHeader')?.page).toBe('services/phone');
  });

  it('an account-switch failure is logged with its reason and the account it was switching to', async () => {
    const { store, issues } = storeWith({
      api: {
        accountList: () =>
          Promise.resolve(
            ok({
              statusCode: 200,
              accountNumbers: [
                { accountNumber: '310111222', pid: 'P1' },
                { accountNumber: 'PPB10020030', pid: 'P2' },
              ],
              currentlyManagingPId: 'P1',
            }),
          ),
        setCurrentAccount: () => Promise.resolve(failed('HTTP 500 from /Orch/dssh/setCurrentAccount')),
      },
    });
    store.start();
    store.setPage('/billing');
    await store.guard('/billing');
    store.switchAccount({ type: 'ACCOUNT.SELECT', pid: 'P2', loginName: 'ana.lopez' });
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('switchAccount'));
    expect(issues.find((i) => i.operation === 'switchAccount')).toMatchObject({
      page: 'billing',
      accountNumber: 'PPB10020030',
      message:
        'switch to account PPB10020030 failed: setCurrentAccount: HTTP 500 from /Orch/dssh/setCurrentAccount',
    });
  });

  it("switching accounts reloads sign-in (callSignIn), profile id and profile data on 'Success'", async () => {
    const calls: string[] = [];
    const base = fakeApi(baseProfile);
    const { store, issues } = storeWith({
      api: {
        signIn: () => {
          calls.push('signIn');
          return Promise.resolve(failed('HTTP 500 from /Orch/dssh/signIn'));
        },
        checkHeader: () => {
          calls.push('checkHeader');
          return base.checkHeader();
        },
        homeEarlyInit: () => {
          calls.push('homeEarlyInit');
          return base.homeEarlyInit();
        },
      },
    });
    store.start();
    await store.guard('/home');
    calls.length = 0;
    store.switchAccount({ type: 'ACCOUNT.SELECT', pid: 'P1', loginName: 'ana.lopez' });
    expect(store.switching).toBe(true);
    await vi.waitFor(() => expect(store.switching).toBe(false));
    expect(calls.sort()).toEqual(['checkHeader', 'homeEarlyInit', 'signIn']);
    // A failed sign-in call is recorded; the switch completes on the reloaded profile.
    expect(issues.find((i) => i.operation === 'callSignIn')).toMatchObject({
      message: 'HTTP 500 from /Orch/dssh/signIn',
    });
    expect(issues.map((i) => i.operation)).not.toContain('switchAccount');
  });

  it('When retry success becomes true, the profile, HSI info and order history reload, even where the loading rules skip them', async () => {
    const orch = fakeOrch();
    let profileLoads = 0;
    const base = fakeApi(baseProfile);
    const { store } = storeWith({
      orch,
      api: {
        homeEarlyInit: () => {
          profileLoads++;
          return base.homeEarlyInit();
        },
      },
    });
    store.start();
    await store.guard('/home');
    await vi.waitFor(() => expect(orch.calls.map((c) => c.path)).toEqual([getOutagePath]));
    store.ui.setFlag('retryPaymentSuccess', true);
    await vi.waitFor(() =>
      expect(
        orch.calls
          .map((c) => c.path)
          .slice(1)
          .sort(),
      ).toEqual([getOutagePath, getMyServicesPath, getOrderHistoryPath].sort()),
    );
    expect(profileLoads).toBe(2);
  });

  it('a value a page cannot show is logged once per page and value', () => {
    const { store, issues } = storeWith();
    store.setPage('/billing');
    store.logUnshowable('amount', '1e+308');
    store.logUnshowable('amount', '1e+308');
    store.setPage('/paymentHistory');
    store.logUnshowable('amount', '1e+308');
    expect(issues.map((i) => [i.page, i.operation, i.message])).toEqual([
      ['billing', 'display', 'amount cannot be shown: 1e+308'],
      ['paymentHistory', 'display', 'amount cannot be shown: 1e+308'],
    ]);
  });
});

describe("stored flags: one person's choice never hides an alert from the next person", () => {
  it('a dismissal holds for the account that made it, after a reload too', async () => {
    const env = fakeEnv();
    const first = storeWith({ env });
    await first.store.guard('/home');
    await vi.waitFor(() => expect(first.store.profile.status).toBe('ok'));
    first.store.dismissEmailValidAlert();
    first.store.dismissAltNumberAlert();
    expect(first.store.emailvalidshowDismissed).toBe(true);
    expect(first.store.altnumshowDismissed).toBe(true);

    const reloaded = storeWith({ env });
    await reloaded.store.guard('/home');
    await vi.waitFor(() => expect(reloaded.store.profile.status).toBe('ok'));
    expect(reloaded.store.emailvalidshowDismissed).toBe(true);
    expect(reloaded.store.altnumshowDismissed).toBe(true);
  });

  it('the next person in the same browser (another account) still sees both alerts', async () => {
    const env = fakeEnv();
    const first = storeWith({ env });
    await first.store.guard('/home');
    await vi.waitFor(() => expect(first.store.profile.status).toBe('ok'));
    first.store.dismissEmailValidAlert();
    first.store.dismissAltNumberAlert();

    const other = { ...baseProfile, currentlyManagedAccount: '310999888', emailAddress: 'bo@mail.example' };
    const next = storeWith({ env, api: fakeApi(other) });
    await next.store.guard('/home');
    await vi.waitFor(() => expect(next.store.profile.status).toBe('ok'));
    expect(next.store.emailvalidshowDismissed).toBe(false);
    expect(next.store.altnumshowDismissed).toBe(false);
  });

  it('a new email address on the same account asks again', async () => {
    const env = fakeEnv();
    const first = storeWith({ env });
    await first.store.guard('/home');
    await vi.waitFor(() => expect(first.store.profile.status).toBe('ok'));
    first.store.dismissEmailValidAlert();
    const changed = storeWith({ env, api: fakeApi({ ...baseProfile, emailAddress: 'new@mail.example' }) });
    await changed.store.guard('/home');
    await vi.waitFor(() => expect(changed.store.profile.status).toBe('ok'));
    expect(changed.store.emailvalidshowDismissed).toBe(false);
  });

  it('Sign Out removes both flags, and storage holds nothing but the spec flags, with no account number in clear', async () => {
    const stored = new Map<string, string>();
    const env = {
      storage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
        removeItem: (k: string) => void stored.delete(k),
      },
    };
    const { store, assigned } = storeWith({ env });
    await store.guard('/home');
    await vi.waitFor(() => expect(store.profile.status).toBe('ok'));
    store.dismissEmailValidAlert();
    store.dismissAltNumberAlert();
    expect([...stored.keys()].sort()).toEqual(['altnumshow', 'emailvalidshow']);
    for (const value of stored.values()) {
      expect(value).toMatch(/^false:[0-9a-f]{8}$/);
      expect(value).not.toContain(baseProfile.currentlyManagedAccount);
    }
    store.signOut();
    expect([...stored.keys()]).toEqual([]);
    expect(store.emailvalidshowDismissed).toBe(false);
    expect(assigned).toEqual([portal.signIn.logoutUrl]);
  });

  it("the old unscoped value ('false') hides nothing", async () => {
    const env = fakeEnv();
    env.storage.setItem('emailvalidshow', 'false');
    const { store } = storeWith({ env });
    await store.guard('/home');
    await vi.waitFor(() => expect(store.profile.status).toBe('ok'));
    expect(store.emailvalidshowDismissed).toBe(false);
  });
});

describe('a short chain: the profile is asked for beside isAuth', () => {
  const signedOut = (): Result<never> => ({
    ok: false,
    kind: 'unauthenticated',
    status: 401,
    message: 'Not signed in (401)',
  });

  it('asks for the profile, the account list and the login name before isAuth has answered', async () => {
    const asked: string[] = [];
    let answerAuth: (r: Result<{ authenticated: boolean }>) => void = () => {};
    const api = fakeApi(baseProfile);
    const { store } = storeWith({
      api: {
        isAuth: () => {
          asked.push('isAuth');
          return new Promise((resolve) => (answerAuth = resolve));
        },
        homeEarlyInit: () => (asked.push('homeEarlyInit'), api.homeEarlyInit()),
        accountList: () => (asked.push('accountList'), api.accountList()),
        checkHeader: () => (asked.push('checkHeader'), api.checkHeader()),
      },
    });
    const guarded = store.guard('/home');
    expect(asked.sort()).toEqual(['accountList', 'checkHeader', 'homeEarlyInit', 'isAuth']);
    answerAuth(ok({ authenticated: true }));
    await guarded;
    await vi.waitFor(() => expect(store.profile.status).toBe('ok'));
  });

  it('one isAuth for the start-up guard and the layout guard of the same address', async () => {
    let checks = 0;
    const { store } = storeWith({
      api: { isAuth: () => (checks++, Promise.resolve(ok({ authenticated: true }))) },
    });
    await Promise.all([store.guard('/home'), store.guard('/home')]);
    expect(checks).toBe(1);
    await store.guard('/billing');
    expect(checks).toBe(2);
  });

  it('a browser that is not signed in goes to sign in, and its 401 answers are not recorded as failures', async () => {
    const tracked: unknown[] = [];
    const { store, issues, assigned } = storeWith({
      api: {
        isAuth: () => Promise.resolve(ok({ authenticated: false })),
        homeEarlyInit: () => Promise.resolve(signedOut()),
        accountList: () => Promise.resolve(signedOut()),
        checkHeader: () => Promise.resolve(signedOut()),
      },
      env: { track: (e) => void tracked.push(e) },
    });
    await store.guard('/home');
    await vi.waitFor(() => expect(assigned).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(issues).toEqual([]);
    expect(tracked).toEqual([]);
    expect(store.profile.status).toBe('idle');
  });

  it('signed in, but the first profile answer found no session: asked again, and a second failure is recorded', async () => {
    let profileCalls = 0;
    const { store, issues } = storeWith({
      api: { homeEarlyInit: () => (profileCalls++, Promise.resolve(signedOut())) },
    });
    await store.guard('/home');
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('getprofiledata'));
    expect(profileCalls).toBe(2);
    expect(store.profile.status).toBe('failure');
  });
});

describe("the server's state read, not made observable (issue 30: deep observables were a long task)", () => {
  it('keeps the profile, the account list and the answers plain, and still reacts when one is replaced', async () => {
    const { isObservable, reaction } = await import('mobx');
    const { store } = storeWith();
    const { hydrate } = await import('../../src/stores/hydration');
    const services = { products: [{ type: 'internet', name: 'Fiber 300' }] };
    hydrate(store, {
      v: 1,
      wanted: '/home',
      session: { auth: 'authenticated', profileId: 'alex' },
      profile: { status: 'ok', data: baseProfile.response as never, redirectUrl: null },
      accounts: {
        status: 'ok',
        list: {
          statusCode: 200,
          currentlyManagingPId: 'p1',
          accountNumbers: [{ pid: 'p1', accountNumber: '1' }],
        },
      } as never,
      accountData: { data: { services } as never, pending: [] },
      token: null,
      decisions: { current: null, facts: null, failed: false },
      items: [],
      guard: { homeComplete: true, blockedRedirect: false },
      flags: {} as never,
      calls: {},
      analytics: [],
      rules: null,
    });
    expect(isObservable(store.profile.data)).toBe(false);
    expect(isObservable(store.accounts.list)).toBe(false);
    expect(isObservable(store.accountData.data)).toBe(false);
    expect(isObservable(store.accountData.services)).toBe(false);
    expect(store.accountData.services).toBe(services);
    const seen: unknown[] = [];
    reaction(
      () => store.accountData.services,
      (s) => seen.push(s),
    );
    // Replaced whole (an account switch resets the answers): observers of the reference still hear of it.
    store.accountData.reset();
    expect(seen).toEqual([undefined]);
  });
});
