import { runInAction } from 'mobx';
import type { AccountFacts } from '../facts';
import type { HomeDecisions, ItemDecisions } from '../engine';
import type { AccountList, Profile } from '../generated/types';
import type { AccountCallKey, AccountCalls } from './account-data-store';
import type { SettledCalls } from './call-cache';
import type { ProfileStatus } from './profile-store';
import type { RootStore } from './root-store';
import type { AuthState } from './session-store';
import type { StoredFlagValues } from './stored-flags';
import type { AdaptToken } from './token-service';

/** The id of the JSON data block that carries the server's state into the page (never an executable script). */
export const SERVER_STATE_ID = 'server-state';

/**
 * What the server's render of a signed-in page knew, handed to the browser so that its first render is the
 * server's (React hydrates the markup instead of replacing it) and nothing is asked twice: the session, the
 * profile, the account list, the account's calls (those still under way when the server stopped waiting are
 * listed, and the browser makes them), the decisions and their facts, the page's own calls.
 */
export interface ServerState {
  v: 1;
  /** The address (path, query, hash) the page was rendered for: the browser's guard for it asks nothing. */
  wanted: string;
  session: { auth: AuthState; profileId: string | null };
  profile: { status: ProfileStatus; data: Profile | null; redirectUrl: string | null };
  accounts: { status: 'idle' | 'loading' | 'ok' | 'failure'; list: AccountList | null };
  accountData: {
    data: { [K in AccountCallKey]?: AccountCalls[K] | null };
    pending: AccountCallKey[];
  };
  token: AdaptToken | null;
  /** `factsAt`: the instant the facts were derived at (ISO), which the browser's first look derives its own at. */
  decisions: {
    current: HomeDecisions | null;
    facts: AccountFacts | null;
    failed: boolean;
    factsAt?: string | null;
  };
  items: Array<[string, ItemDecisions]>;
  guard: { homeComplete: boolean; blockedRedirect: boolean };
  flags: StoredFlagValues;
  calls: SettledCalls;
  /** Analytics events the server's render raised (a profile failure...): the browser pushes them. */
  analytics: Array<{ event: string; [key: string]: unknown }>;
  /** The fingerprint of the rules the server decided with (Runtime.version), null if it decided nothing. */
  rules: string | null;
}

/**
 * The server decided the page's home on every call's answer (none pending, none given up on): what decides it
 * again is something the customer does, not a late answer (src/stores/arriving-code.ts, cardsShownFirst).
 */
export function decidedOnEveryAnswer(served: ServerState): boolean {
  return (
    served.decisions.current !== null && served.guard.homeComplete && served.accountData.pending.length === 0
  );
}

/** The store's state after a server render, for the page. */
export function dehydrate(
  store: RootStore,
  wanted: string,
  analytics: ServerState['analytics'],
  rules: string | null = null,
): ServerState {
  const pending = Object.entries(store.accountData.pending)
    .filter(([, busy]) => busy)
    .map(([key]) => key as AccountCallKey);
  return {
    v: 1,
    wanted,
    session: { auth: store.session.auth, profileId: store.session.profileId },
    profile: {
      status: store.profile.status,
      data: store.profile.data,
      redirectUrl: store.profile.redirectUrl,
    },
    accounts: { status: store.accounts.status, list: store.accounts.list },
    accountData: { data: store.accountData.data, pending },
    token: store.tokens.token,
    decisions: {
      current: store.decisions.current,
      facts: store.decisions.facts,
      failed: store.decisions.failed,
      factsAt: store.decisions.factsAt?.toISOString() ?? null,
    },
    items: store.items.dehydrate(),
    guard: { homeComplete: store.homeComplete, blockedRedirect: store.blockedRedirect },
    flags: store.flags.values,
    calls: store.calls.dehydrate(),
    analytics,
    rules,
  };
}

/** A server state read from the page, or null when it is not one (a page the server did not render). */
export function readServerState(json: string | null | undefined): ServerState | null {
  if (!json) return null;
  try {
    const state = JSON.parse(json) as Partial<ServerState> | null;
    return state && state.v === 1 && typeof state.wanted === 'string' ? (state as ServerState) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the server's state into a new browser store, before its first render. Nothing is asked and nothing is
 * decided here: `resume` starts what the server left under way once the page is hydrated.
 */
export function hydrate(store: RootStore, state: ServerState): void {
  runInAction(() => {
    store.session.auth = state.session.auth;
    store.session.profileId = state.session.profileId;
    store.profile.status = state.profile.status;
    store.profile.data = state.profile.data;
    store.profile.redirectUrl = state.profile.redirectUrl;
    store.accounts.status = state.accounts.status;
    store.accounts.list = state.accounts.list;
    store.accountData.data = state.accountData.data;
    store.accountData.pending = Object.fromEntries(state.accountData.pending.map((key) => [key, true]));
  });
  store.tokens.restore(state.token);
  // The wifi calls run once per account: made by the server, not again (unless still under way there).
  const wifi: AccountCallKey[] = ['modemInfo', 'wifiInfo'];
  if (
    wifi.some((key) => key in state.accountData.data) &&
    !wifi.some((key) => state.accountData.pending.includes(key))
  )
    store.loader.wifiDone();
  store.flags.restore(state.flags);
  store.decisions.hydrate(state.decisions);
  store.items.hydrate(state.items);
  store.guardian.restore(state.wanted, state.guard);
  store.calls.hydrate(state.calls);
}

/**
 * After hydration: the analytics events of the server's render are pushed, this browser's stored flags are
 * read (a dismissal the server's copy did not know of hides its alert), and the account's calls the server
 * could not wait for are made here.
 */
export function resume(store: RootStore, state: ServerState): Promise<void> {
  for (const event of state.analytics) store.env.track(event);
  store.flags.sync();
  if (state.accountData.pending.length === 0) return Promise.resolve();
  // Still marked under way (so the page shows them loading, as the server rendered it): made again here. The
  // wifi calls wait for the services answer: when that was still under way, they were never asked.
  const only = new Set<string>(state.accountData.pending);
  if (only.has('services')) for (const key of ['adaptToken', 'modemInfo', 'wifiInfo']) only.add(key);
  return store.loader.load({ only });
}
