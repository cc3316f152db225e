import { makeObservable, observable, runInAction, when } from 'mobx';
import { checkRedirect, type RedirectCheck } from '../api/redirect';
import { encodeParam } from '../api/url';
import { config } from '../config';
import type { HomeDecisions } from '../engine';
import type { AccountLoader } from './account-loader';
import type { AccountsStore } from './accounts-store';
import type { Env } from './env';
import type { IssueReporter } from './issue-reporter';
import type { ProfileStore } from './profile-store';
import type { AuthState, SessionStore } from './session-store';

export interface SessionGuardDeps {
  env: Pick<Env, 'assign' | 'origin' | 'setTimeout' | 'clearTimeout'>;
  session: SessionStore;
  profile: ProfileStore;
  accounts: AccountsStore;
  loader: Pick<AccountLoader, 'load'>;
  issues: Pick<IssueReporter, 'page' | 'log'>;
  /** Decides on everything that has answered (the home shows with these decisions). */
  decideNow: () => Promise<HomeDecisions | null>;
  /**
   * How long the home may still wait for the account's calls, in ms (default homeCompleteMs from when the
   * profile answered; the server's render counts it from the request instead).
   */
  waitLeft?: () => number;
}

/**
 * The sign-in guard for every path outside /login, and the account's first load behind it: the session check
 * (isAuth) with the profile, the account list and the login name asked for beside it, the 222 and 223
 * answers, then the account's calls, the home complete once they have answered (or homeCompleteMs has
 * passed). The browser runs it at start-up and on each navigation; the server runs it for the first view.
 */
export class SessionGuard {
  /** A 222 answer pointed off the allowlist: the shell shows the account error page instead. */
  blockedRedirect = false;
  /** The first account load has answered (or stopped waiting, see RootStore.isLoadingFor). */
  homeComplete = false;
  private run: { wanted: string; promise: Promise<void> } | null = null;
  private accountLoad: Promise<void> | null = null;

  constructor(private readonly deps: SessionGuardDeps) {
    makeObservable<SessionGuard, 'run' | 'accountLoad'>(this, {
      blockedRedirect: observable,
      homeComplete: observable,
      run: false,
      accountLoad: false,
    });
  }

  /**
   * Asks the server whether the browser is signed in; an unauthenticated browser goes to the provider sign-in
   * with the wanted page as its post-login redirect.
   */
  guard(wanted: string): Promise<void> {
    // Start-up asks before the route's module has loaded and the layout asks again for the same address once
    // it has: one check serves both. A navigation elsewhere (a new address) checks the session again.
    // A fragment is no new address: the same page checks once.
    const address = wanted.split('#')[0] ?? wanted;
    if (this.run?.wanted !== address) this.run = { wanted: address, promise: this.check(wanted) };
    return this.run.promise;
  }

  /**
   * Resolves when the home is complete: the account's calls have answered or homeCompleteMs has passed (or the
   * load stopped: signed out, a 222, a failed profile). The server's render of a page waits for this.
   */
  complete(): Promise<void> {
    return when(() => this.homeComplete);
  }

  /**
   * The page was rendered by the server for `wanted`, whose session, profile and calls it checked and made:
   * the browser's guard for the same address asks nothing again.
   */
  restore(wanted: string, state: { homeComplete: boolean; blockedRedirect: boolean }): void {
    // The server gave up waiting before the account's first load was done: the browser's guard runs it whole.
    if (state.homeComplete) {
      this.run = { wanted: wanted.split('#')[0] ?? wanted, promise: Promise.resolve() };
      this.accountLoad = Promise.resolve();
    }
    runInAction(() => {
      this.homeComplete = state.homeComplete;
      this.blockedRedirect = state.blockedRedirect;
    });
  }

  private async check(wanted: string): Promise<void> {
    const auth = this.deps.session.checkAuth();
    // The profile is asked for beside isAuth, not after it: one round trip less before the home shows.
    this.accountLoad ??= this.loadAccount(auth);
    const state = await auth;
    if (state === 'unauthenticated') {
      const { signInUrl, redirectParam } = config.signIn;
      this.deps.env.assign(`${signInUrl}?${redirectParam}=${encodeParam(wanted)}`);
    }
  }

  private async loadAccount(auth: Promise<AuthState>): Promise<void> {
    try {
      await this.loadAccountOnce(auth);
    } finally {
      runInAction(() => (this.homeComplete = true));
    }
  }

  private async loadAccountOnce(auth: Promise<AuthState>): Promise<void> {
    const { session, profile, accounts } = this.deps;
    // Asked before the session is known: a 401 from a browser that is not signed in is not a failure to
    // record (the guard sends it to sign in), so these first calls stay quiet about it.
    const quiet = { quietIfSignedOut: true };
    const [state, signedOut] = await Promise.all([
      auth,
      Promise.all([session.loadProfileId(quiet), profile.load(quiet), accounts.load(quiet)]).then((answers) =>
        answers.some((a) => a === 'signed-out'),
      ),
    ]);
    if (state !== 'authenticated') {
      // Not signed in, or the check failed: a later navigation's guard loads the account again.
      this.accountLoad = null;
      return;
    }
    // Signed in, yet a call found no session (it raced a sign-in or the session ended between the calls):
    // ask again, this time recording what fails.
    if (signedOut) await Promise.all([session.loadProfileId(), profile.load(), accounts.load()]);
    if (profile.status === '222') return this.follow222();
    if (profile.status !== 'ok') return;
    // The home shows once the account's calls have answered (or homeCompleteMs has passed), so its sections
    // arrive together instead of pushing what is already on screen down one by one.
    const data = this.deps.loader.load();
    let timer: unknown;
    await Promise.race([
      data,
      new Promise<void>(
        (resolve) =>
          (timer = this.deps.env.setTimeout(
            resolve,
            this.deps.waitLeft?.() ?? config.timeouts.homeCompleteMs ?? 0,
          )),
      ),
    ]);
    this.deps.env.clearTimeout(timer);
    // Decided on everything that has answered (the brand banner may depend on the orders, say).
    await this.deps.decideNow();
    runInAction(() => (this.homeComplete = true));
    await data;
  }

  /**
   * A 222 must send the browser elsewhere: the portal itself would ask for the profile again, get 222 again
   * and reload forever, so its own origin is refused like any address off the allowlist.
   */
  private follow222(): void {
    const { env, profile, issues } = this.deps;
    const check = checkRedirect(profile.redirectUrl ?? '', {
      origin: env.origin,
      allowlist: config.redirectAllowlist,
      allowSameOrigin: false,
    });
    const target = check.ok ? check.url : null;
    if (target) return env.assign(target);
    runInAction(() => {
      // Shown once (the account error page) and logged once: this load runs once per page load.
      this.blockedRedirect = true;
      issues.log(
        issues.page,
        'redirect222',
        `222 redirect refused, ${redirectRefusal(check)}: ${(profile.redirectUrl ?? '').slice(0, 200)}`,
      );
    });
  }
}

/** Why a 222 target was refused, in the issue log's words. */
function redirectRefusal(check: RedirectCheck): string {
  if (check.ok) return 'followed';
  return check.reason === 'origin'
    ? 'not another allowlisted site (the portal itself or off the allowlist)'
    : check.reason;
}
