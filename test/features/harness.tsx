/**
 * Component-test harness: a RootStore built from fakes (an Api whose calls answer from the test, an Env
 * with a pinned clock, rules that always decide the same), rendered with a MemoryRouter.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ApiClient, RequestOptions, Result } from '../../src/api/client';
import { DECISIONS } from '../../src/engine/decisions';
import { decideFromMatches } from '../../src/engine/outcomes';
import type { HomeDecisions } from '../../src/engine/types';
import type { Profile } from '../../src/generated/types';
import type { AccountCallKey, AccountCalls } from '../../src/stores/account-data-store';
import type { Api, CallResult } from '../../src/stores/api-port';
import { StoreProvider } from '../../src/stores/context';
import type { Env } from '../../src/stores/env';
import { RootStore } from '../../src/stores/root-store';

export const NOW = new Date('2026-03-10T12:00:00');

export function ok<T>(data: T): CallResult<T> {
  return { ok: true, data };
}

export function failed(message = 'HTTP 500'): CallResult<never> {
  return { ok: false, kind: 'http', status: 500, message };
}

export function fakeEnv(): Env {
  const stored = new Map<string, string>();
  return {
    fetch: () => Promise.reject(new Error('no network in component tests')),
    now: () => new Date(NOW),
    storage: {
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
      removeItem: (k) => void stored.delete(k),
    },
    assign: () => {},
    openTab: () => {},
    origin: 'http://localhost',
    setTimeout: () => 0,
    clearTimeout: () => {},
    track: () => {},
    setCookie: () => {},
    beacon: () => {},
    loadScript: () => Promise.reject(new Error('no scripts in component tests')),
    globalValue: () => undefined,
  };
}

export const baseProfile: Profile = {
  firstName: 'Ana',
  lastName: 'Lopez',
  currentlyManagedAccount: '310111222',
  accountStatus: 'ACTIVE',
  accountLifeCycle: 'Active',
  accountType: 'I',
  accountTypeDescription: 'Residential',
  accountTenure: 24,
  companyIdentifier: '1',
  territory: 'LC',
  wtn: '3035550100',
  autoPay: true,
  paperlessBilling: false,
  currentAmountDue: 84.5,
  billDueDate: '2026-03-20',
  creditCardType: 'VISA',
  creditCardLastFourDigits: '4242',
  emailAddress: 'ana@mail.example',
  billingEmailAddress: 'ana.bills@mail.example',
  profile: { response: { identity: { login: 'ana.lopez', emailAddress: 'ana@mail.example' } } },
  serviceAddress: { addressLine1: '12 Elm St', city: 'Denver', stateCode: 'CO', zip: '80202' },
  billingAddress: { addressLine1: 'PO Box 44', city: 'Denver', stateCode: 'CO', zip: '80201' },
  altTelephoneNumbers: [{ telephoneNumber: '3035550199', altTnExpirationDate: '2026-09-01' }],
};

/**
 * What each home decision is when no rule matches (its declaration's fallback), so a decision declared later
 * starts from its fallback here without a line in this file (docs/decisions/026).
 */
const undecided = Object.fromEntries(
  DECISIONS.filter((d) => d.stage !== 'order').map((d) => [
    d.key,
    decideFromMatches(d.outcome, [], () => {}),
  ]),
) as unknown as HomeDecisions;

/** What the rules decide in every component test: a plain active account, nothing conditional offered. */
export const fixedDecisions: HomeDecisions = {
  ...undecided,
  toggles: {
    outageCredits: true,
    cancel: true,
    threeDayGrace: true,
    techTracker: false,
    adaptCall: true,
    acsCall: false,
    maintenance: false,
    embargoMessage: false,
  },
  constants: {
    archiveAfterDays: 90,
    embargoMaintenanceHours: 6,
    modemRestartMinutes: 5,
    paperBillFee: 1,
    walledGardenGraceDays: 3,
    rescheduleApplyMinutesMin: 10,
    rescheduleApplyMinutes: 15,
    rateChangeStartDate: 20230101,
    speedChartStep: 10,
    connectedDeviceGroups: 3,
    trackingCookieDays: 90,
    emailRetryLimit: 2,
    phoneDigits: 10,
    serviceRestoreHours: 24,
  },
  walledGarden: { state: 'none' },
  prepaidCard: { status: 0 },
  payment: { late: false, lateInPeriod: false },
  orderActions: {
    'change-date': false,
    'edit-appointment-time': false,
    calendar: false,
    'track-shipment': false,
    'appointment-messages': false,
    'tech-location': false,
    'cancel-order': false,
    'chat-to-modify': false,
    'chat-to-reschedule': false,
    'chat-to-cancel': false,
    'own-modem-help': false,
    'return-modem': false,
    'details-unavailable': false,
  },
  billingActions: {
    'payment-plan-prompt': false,
    'set-up-payment-plan': false,
    'view-payment-plan': false,
    'retry-payment': false,
    'pay-bill': false,
    'vacation-restore': false,
    'autopay-reminder': false,
    'autopay-nothing-due': false,
    'no-bills-yet': false,
    'movers-discount': false,
    'cancel-service-link': false,
    'cancel-services-page': false,
    'walled-garden-pay-now': false,
  },
  billingPanel: { state: 'standard' },
  paperless: { call: 'ensemble' },
  rebootCall: { call: 'adapt' },
  wifiUpdateCall: { call: 'adapt' },
  creditOffer: { show: false },
  outage: { alert: 'none' },
  appointmentTiming: { timing: 'none' },
  token: { fresh: true },
  dataLoading: { calls: [] },
  brand: { brand: 'provider' },
  homeView: { view: 'full', params: {} },
  banner: null,
  sections: [],
  navigation: {
    items: ['home', 'billing', 'services', 'support', 'settings'],
    emptyItem: false,
    search: true,
  },
  upgradeOffer: { offer: 'none' },
  upgradePath: { path: 'generic' },
  modemUpgrade: { offer: 'none' },
  wifiPanel: { variant: 'loading' },
  pageAccess: { closed: [] },
};

/** An Orch call answered by a test: the request (path, query, body) in, the result out. */
export type OrchRoute = (req: RequestOptions<unknown>) => Result<unknown> | Promise<Result<unknown>>;

/**
 * A fake Orch client: answers each call by its path from `routes`; a path with no route fails like a 404,
 * so a page calling something the test did not expect shows its failure text. `calls` records every request.
 */
export function fakeOrch(
  routes: Record<string, OrchRoute> = {},
): ApiClient & { calls: RequestOptions<unknown>[] } {
  const calls: RequestOptions<unknown>[] = [];
  return {
    calls,
    request<T>(req: RequestOptions<T>): Promise<Result<T>> {
      calls.push(req);
      const route = routes[req.path];
      if (!route)
        return Promise.resolve({
          ok: false,
          kind: 'http',
          status: 404,
          message: `HTTP 404 from ${req.path}`,
        });
      return Promise.resolve(route(req as RequestOptions<unknown>)) as Promise<Result<T>>;
    },
  };
}

export interface StoreOptions {
  /** The profile the early-init call answers with; null makes the call fail. */
  profile?: Profile | null;
  api?: Partial<Api>;
  orch?: ApiClient;
  decisions?: HomeDecisions;
  /** Per-account call results, applied to store.accountData as the account load would. */
  accountData?: { [K in AccountCallKey]?: CallResult<AccountCalls[K]> };
  /**
   * The calls the data-loading rules plan (decisions.dataLoading.calls); by default the ones given in
   * `accountData`, so any other per-account call counts as skipped.
   */
  dataCalls?: AccountCallKey[];
}

export function fakeApi(profile: Profile | null, overrides: Partial<Api> = {}): Api {
  return {
    isAuth: () => Promise.resolve(ok({ authenticated: true })),
    checkHeader: () => Promise.resolve(ok({ data: 'ana.lopez' })),
    homeEarlyInit: () =>
      Promise.resolve(
        profile
          ? ok({ statusCode: 200, status: 'SUCCESS', accountLifeCycle: 'Active', response: profile })
          : ok({ statusCode: -7, status: 'FAILURE' }),
      ),
    accountList: () =>
      Promise.resolve(
        ok({
          statusCode: 200,
          accountNumbers: [{ accountNumber: profile?.currentlyManagedAccount ?? '310111222', pid: 'P1' }],
          currentlyManagingPId: 'P1',
        }),
      ),
    setCurrentAccount: () => Promise.resolve(ok({ data: 'Success' })),
    signIn: () =>
      Promise.resolve(
        ok({
          authenticated: true,
          userName: 'ana.lopez',
          currentlyManagingAccountId: profile?.currentlyManagedAccount ?? '310111222',
          currentlyManagingPId: 'P1',
        }),
      ),
    logIssue: () => {},
    ...overrides,
  };
}

/** A store whose profile has loaded (or failed to), as the signed-in layout guarantees before a page renders. */
export async function makeStore({
  profile = baseProfile,
  api = {},
  orch = fakeOrch(),
  decisions = fixedDecisions,
  accountData = {},
  dataCalls,
}: StoreOptions = {}): Promise<RootStore> {
  const planned = dataCalls ?? (Object.keys(accountData) as AccountCallKey[]);
  const withPlan: HomeDecisions = { ...decisions, dataLoading: { calls: planned } };
  const store = new RootStore(
    fakeEnv(),
    fakeApi(profile, api),
    () => Promise.resolve({ decisions: withPlan, explain: () => Promise.resolve([]) }),
    orch,
  );
  await Promise.all([store.profile.load(), store.accounts.load(), store.session.loadProfileId()]);
  for (const [key, result] of Object.entries(accountData) as Array<[AccountCallKey, CallResult<unknown>]>) {
    await store.accountData.load(
      key,
      key,
      () => Promise.resolve(result as CallResult<never>),
      store.reporterFor(profile?.currentlyManagedAccount ?? ''),
    );
  }
  // The decisions react to the loaded data; the fake rules answer at once.
  store.start();
  await Promise.resolve();
  return store;
}

/** Renders `element` at `url`, matched by `path` (a child route is nested under its layout when given). */
export function renderAt(
  store: RootStore,
  url: string,
  element: ReactElement,
  { path, layout }: { path?: string; layout?: { path: string; element: ReactElement } } = {},
) {
  const routePath = path ?? url.split('?')[0] ?? '/';
  return render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {layout ? (
            <Route path={layout.path} element={layout.element}>
              <Route path={routePath} element={element} />
            </Route>
          ) : (
            <Route path={routePath} element={element} />
          )}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );
}
