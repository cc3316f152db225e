/**
 * Home component-test harness: a RootStore from the shared fakes, whose rules are a function of the facts
 * written by the test (so a flag a flow sets hides or shows a section as the real rules would), with the
 * account's data set directly, every issue-log record and toast timer captured, and /home rendered.
 */
import { screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { expect } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../src/api/client';
import { homeSections } from '../../../src/app/home-sections';
import type { HomeDecisions, SectionDecision, SectionId } from '../../../src/engine';
import type { AccountFacts } from '../../../src/facts';
import { HomePage } from '../../../src/features/home/HomePage';
import type { Profile } from '../../../src/generated/types';
import type { AccountCalls } from '../../../src/stores/account-data-store';
import type { Api, IssueEntry } from '../../../src/stores/api-port';
import type { Env } from '../../../src/stores/env';
import { RootStore } from '../../../src/stores/root-store';
import { codeOnItsWay } from '../../../src/ui/lazy-section';
import {
  baseProfile,
  fakeApi,
  fakeEnv,
  fakeOrch,
  fixedDecisions,
  renderAt,
  type OrchRoute,
} from '../harness';

export { baseProfile, failed, ok, NOW } from '../harness';

/** The decisions every home test starts from: the full home with nothing conditional. */
export const baseDecisions: HomeDecisions = {
  ...fixedDecisions,
  dataLoading: { calls: [] },
  brand: { brand: 'provider' },
};

/** Sections in the order given (orders 10, 20, ...), with an optional variant. */
export function sections(...ids: Array<SectionId | [SectionId, string]>): SectionDecision[] {
  return ids.map((id, i) => {
    const [section, variant] = Array.isArray(id) ? id : [id, undefined];
    return { section, order: (i + 1) * 10, params: variant ? { variant } : {} };
  });
}

export type Decide = (facts: AccountFacts) => Partial<HomeDecisions>;

export interface HomeStoreOptions {
  profile?: Profile;
  /** Orch routes by path (the flows' calls). */
  routes?: Record<string, OrchRoute>;
  /** The rules: decisions from the facts, merged over baseDecisions. */
  decide?: Decide;
  data?: Partial<AccountCalls>;
  api?: Partial<Api>;
  env?: Partial<Env>;
}

export interface HomeStore {
  store: RootStore;
  orch: ApiClient & { calls: RequestOptions<unknown>[] };
  issues: IssueEntry[];
  /** Every timer the toasts set (ms), in order. */
  timers: number[];
  assigned: string[];
  /** How many times the profile was loaded. */
  profileLoads: () => number;
}

export async function makeHomeStore({
  profile = baseProfile,
  routes = {},
  decide = () => ({}),
  data = {},
  api = {},
  env = {},
}: HomeStoreOptions = {}): Promise<HomeStore> {
  const issues: IssueEntry[] = [];
  const timers: number[] = [];
  const assigned: string[] = [];
  let loads = 0;
  const base = fakeApi(profile);
  const orch = fakeOrch(routes);
  const store = new RootStore(
    {
      ...fakeEnv(),
      setTimeout: (_fn, ms) => {
        timers.push(ms);
        return 0;
      },
      assign: (url) => void assigned.push(url),
      ...env,
    },
    {
      ...base,
      homeEarlyInit: () => {
        loads += 1;
        return base.homeEarlyInit();
      },
      logIssue: (entry) => void issues.push(entry),
      ...api,
    },
    (facts) =>
      Promise.resolve({
        decisions: { ...baseDecisions, ...decide(facts) },
        explain: () => Promise.resolve([]),
      }),
    orch,
  );
  await Promise.all([store.profile.load(), store.accounts.load(), store.session.loadProfileId()]);
  runInAction(() => {
    store.accountData.data = { ...data };
  });
  store.start();
  await store.decisions.evaluateNow();
  return { store, orch, issues, timers, assigned, profileLoads: () => loads };
}

/** Renders /home (with the app's section registry) and waits for the home view to be decided. */
export async function renderHome(store: RootStore) {
  // Cards that load when shown (src/ui/lazy-section.tsx) are loaded first, so they render with the home.
  await Promise.all(Object.values(homeSections).flatMap((card) => codeOnItsWay(card) ?? []));
  const view = renderAt(store, '/home', <HomePage sections={homeSections} />);
  await waitFor(() => expect(store.decisions.current).not.toBeNull());
  return view;
}

/** The toast texts shown so far. */
export function toastTexts(store: RootStore): string[] {
  return store.ui.toasts.map((t) => t.text);
}

/** An alert found by its heading (every alert is a region named by its heading). */
export function alertNamed(name: string | RegExp) {
  return screen.getByRole('region', { name });
}
