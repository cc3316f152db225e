import { makeObservable, computed, reaction } from 'mobx';
import type { SectionAction } from '../engine/rollout-effect';
import { reportHomeShown, reportSectionAction } from './section-actions';
import type { AccountSwitchEvent } from '../../machines/account-switch.machine';
import { config } from '../config';
import type { ApiClient, Result } from '../api/client';
import { describeError } from '../api/issue-log';
import type { MyServices, Profile } from '../generated/types';
import { deriveFacts } from '../facts/derive';
import type { AccountFacts } from '../facts/vocabulary';
import type { AccountSwitchEffects } from './account-switch';
import { AccountDataStore, type AccountCallKey } from './account-data-store';
import { AccountLoader } from './account-loader';
import { AccountsStore } from './accounts-store';
import type { Api } from './api-port';
import { arrivingCode } from './arriving-code';
import { CallCache } from './call-cache';
import { lazyChat, type ChatFunction } from './chat-function';
import { DecisionStore, type Decide } from './decision-store';
import type { Env } from './env';
import { IssueReporter } from './issue-reporter';
import { ItemDecisionStore, itemFactsOf, type DecideItem } from './item-decisions';
import { ProfileStore } from './profile-store';
import { QaStore } from './qa-store';
import { SessionGuard } from './session-guard';
import { SessionStore } from './session-store';
import { snapshotOf } from './snapshot';
import { StoredFlags } from './stored-flags';
import { SwitchQueue } from './switch-queue';
import { TokenService, type AdaptToken } from './token-service';
import { UiStore } from './ui-store';

export { STORAGE_FLAGS } from './storage-flags';

/**
 * Builds the domain stores (session, profile, accounts, account data, decisions), the UI and QA stores and the
 * small services between them (issue reporter, token, stored flags, account loader, session guard, account
 * switch queue), receiving the transport (api, orch) and the outside world (env). What the pages read and
 * call is here as a short facade; the work is in the parts. One per browser tab, one per server render.
 */
export class RootStore {
  readonly ui: UiStore;
  readonly session: SessionStore;
  readonly profile: ProfileStore;
  readonly accounts: AccountsStore;
  readonly accountData: AccountDataStore;
  readonly decisions: DecisionStore<AccountFacts>;
  /** Per order and repair ticket: what it offers (rules/history-actions.json, rules/appointment-messages.json). */
  readonly items: ItemDecisionStore;
  readonly qa: QaStore;
  /** The one global chat function (`chat.open`), behind every 'Chat with us'. */
  readonly chat: ChatFunction;
  readonly issues: IssueReporter;
  readonly tokens: TokenService;
  readonly flags: StoredFlags;
  readonly loader: AccountLoader;
  readonly guardian: SessionGuard;
  readonly switcher: SwitchQueue;
  /** The page calls (useCall): made during the render on the server, handed over in the browser. */
  readonly calls: CallCache;
  private navigateFn: (to: string) => void = (to) => this.env.assign(to);

  constructor(
    readonly env: Env,
    readonly api: Api,
    decide: Decide<AccountFacts>,
    /** The Orch client, for pages that make read-only calls through src/api/calls. */
    readonly orch: ApiClient,
    /** The per-item rules (orders and repair tickets); without it items offer nothing. */
    decideItem?: DecideItem,
    /**
     * A server render passes its own page-call cache (the calls are made during the render) and how long it
     * may still wait for the account's calls.
     */
    server?: { calls: CallCache; waitLeft: () => number },
  ) {
    this.calls = server?.calls ?? new CallCache(false);
    this.ui = new UiStore(env);
    this.accountData = new AccountDataStore();
    this.qa = new QaStore(env.qaCapture === true, env);
    // The profile and the account list report through the issue reporter, which reads them: built first.
    let issues: IssueReporter | undefined;
    const report = (operation: string, message: string) => issues?.report(operation, message);
    this.session = new SessionStore(api, report);
    this.profile = new ProfileStore(api, env, (operation, message) =>
      issues?.reportProfileIssue(operation, message),
    );
    this.accounts = new AccountsStore(api, report);
    this.issues = issues = new IssueReporter(env, api, this.profile, this.accounts);
    this.flags = new StoredFlags(env.storage, this.profile);
    this.chat = lazyChat(
      () =>
        import('./chat').then(
          ({ ChatStore }) =>
            new ChatStore(env, config.chat, {
              page: () => this.page,
              path: () => this.path,
              toast: (toast) => this.ui.showToast(toast),
              logIssue: (operation, message) => this.logIssue(this.page, operation, message),
            }),
        ),
      (toast, message) => {
        this.ui.showToast(toast);
        this.logIssue(this.page, 'openChat', message);
      },
    );
    this.decisions = new DecisionStore<AccountFacts>(
      (today) => deriveFacts(snapshotOf(this), { today }),
      decide,
      (error) => this.issues.report('decide', describeError(error)),
      () => env.now(),
      env.yieldToMain,
      // The server's decisions (or the last made here) stay while the engine's code cannot be fetched.
      { accountOf: () => this.profile.accountNumber, setTimeout: (fn, ms) => env.setTimeout(fn, ms) },
    );
    this.items = new ItemDecisionStore(
      () => ({
        items: itemFactsOf(
          {
            orderHistory: this.accountData.data.orderHistory,
            tickets: this.accountData.data.tickets,
            profile: this.profile.data ?? undefined,
          },
          env.now(),
        ),
        decisions: this.decisions.current,
      }),
      decideItem,
      (message) => this.logIssue('home', 'decideItem', message),
    );
    const decided = () => this.decisions.evaluateNow();
    this.tokens = new TokenService(orch, env, decided);
    this.loader = new AccountLoader({
      orch,
      profile: this.profile,
      session: this.session,
      accountData: this.accountData,
      token: this.tokens,
      issues: this.issues,
      decided,
    });
    this.guardian = new SessionGuard({
      env,
      session: this.session,
      profile: this.profile,
      accounts: this.accounts,
      loader: this.loader,
      issues: this.issues,
      decideNow: decided,
      ...(server ? { waitLeft: server.waitLeft } : {}),
    });
    this.switcher = new SwitchQueue(this.switchEffects(), this.qa, (message) =>
      this.logIssue(this.page, 'switchAccount', message),
    );
    makeObservable(this, {
      trackingInputs: computed,
      decisionsReady: computed,
    });
  }

  /** What an account switch does in the app (machines/account-switch.machine.ts names these effects). */
  private switchEffects(): AccountSwitchEffects {
    return {
      setCurrentAccount: async ({ loginName, pid }) => {
        const r = await this.api.setCurrentAccount(loginName, pid);
        if (!r.ok) throw new Error(`setCurrentAccount: ${r.message}`);
        return r.data.data;
      },
      reloadSession: async () => {
        // Spec, Switching accounts 4: 'sign-in, profile id and profile data reload'.
        await Promise.all([
          this.session.callSignIn(),
          this.session.loadProfileId(),
          this.profile.load(),
          this.accounts.load(),
        ]);
        if (this.profile.status !== 'ok') throw new Error(`profile ${this.profile.status} after switch`);
      },
      loadAccountData: () => this.loadAccountData(),
      clearCaches: () => {
        this.accountData.reset();
        this.tokens.clear();
        this.loader.reset();
        this.ui.setOrderHistoryOpen(false);
        this.ui.resetFlags();
      },
      navigateHome: () => this.navigateFn('/home'),
      navigateAddAccount: () => this.navigateFn('/AddAnAccountNumber'),
      showToast: (toast) => this.ui.showToast(toast),
      logSwitchFailure: ({ pid, reason }) =>
        this.logIssue(
          this.page,
          'switchAccount',
          `switch to account ${this.accounts.accountNumberOf(pid) ?? pid ?? 'unknown'} failed: ${reason}`,
          this.accounts.accountNumberOf(pid) ?? undefined,
        ),
    };
  }

  /** The page the customer is on, named after its route: every issue-log record names it. */
  get page(): string {
    return this.issues.page;
  }

  /** The address's path (no query: it may hold a token), for analytics events' page_path. */
  get path(): string {
    return this.issues.path;
  }

  /** The shell names the page on each navigation (the issue log's page of what fails there). */
  setPage(pathname: string): void {
    this.issues.setPage(pathname);
    // The server's home was left before the browser showed it (another view, a tap before its sections were
    // there): the next home shown is the browser's own, and counted.
    if (pathname !== '/home' && pathname !== '/') this.homeCountedByServer = false;
  }

  /** The router hands in its navigate function so machine effects navigate inside the app. */
  setNavigate(fn: (to: string) => void): void {
    this.navigateFn = fn;
  }

  /** An account switch is under way. */
  get switching(): boolean {
    return this.switcher.switching;
  }

  /** Sends an event to the account switch (the selector's choices). */
  switchAccount(event: AccountSwitchEvent): void {
    this.switcher.send(event);
  }

  start(): void {
    this.decisions.start();
    this.items.start();
    this.startReactions();
  }

  /**
   * start() with `pause` (a yield to the main thread) between its steps: each derives the facts it reads, and
   * together they were one long task of a hydrating page at a low-tier phone's speed (issue 30).
   */
  async startInSteps(pause: () => Promise<void>): Promise<void> {
    this.decisions.start();
    await pause();
    this.items.start();
    await pause();
    this.startReactions();
  }

  private startReactions(): void {
    // The tracking cookie follows the account data: written once known, again when it changes (a switch).
    // Its code loads then, not with the page (src/facts/tracking.ts); imports resolve in the order asked.
    reaction(
      () => this.trackingInputs,
      (inputs) => {
        if (!inputs) return;
        void import('../facts/tracking').then(
          ({ trackingCookie }) =>
            this.env.setCookie(
              trackingCookie(config.tracking.cookieName, inputs.days, inputs.profile, inputs.services),
            ),
          (e: unknown) =>
            this.logIssue(this.page, 'trackingCookie', e instanceof Error ? e.message : String(e)),
        );
      },
      { fireImmediately: true },
    );
    // Shell spec, Payment retry: 'When retry success becomes true, the profile, HSI info and order history
    // reload.' A reaction here, not in a page: the flag turns true wherever the retry runs. The retry is offered
    // to suspended prepaid accounts, whose account data the loading rules skip: these two reload all the same.
    reaction(
      () => this.ui.flags.retryPaymentSuccess,
      (success) => {
        if (success)
          void this.reloadProfile().then(() => this.loadAccountData({ also: ['services', 'orderHistory'] }));
      },
    );
  }

  /**
   * What the tracking cookie is written from (shell spec §3 fields; §9 'Tracking cookie lives 90 days and is
   * secure'): nothing until the profile is loaded, the rules have given its lifetime and the services call (when
   * made) has answered. Written SameSite=Strict like the session; never a name, email or account number
   * (src/facts/tracking.ts).
   */
  get trackingInputs(): { profile: Profile | null; services: MyServices | undefined; days: number } | null {
    if (this.profile.status !== 'ok' || this.accountData.pending.services) return null;
    const days = this.decisions.current?.constants.trackingCookieDays;
    if (typeof days !== 'number' || days <= 0) return null;
    return { profile: this.profile.data, services: this.accountData.data.services ?? undefined, days };
  }

  /** The sign-in guard for every path outside /login (src/stores/session-guard.ts). */
  guard(wanted: string): Promise<void> {
    return this.guardian.guard(wanted);
  }

  /** A 222 answer pointed off the allowlist: the shell shows the account error page instead. */
  get blockedRedirect(): boolean {
    return this.guardian.blockedRedirect;
  }

  /** The first account load has answered (or stopped waiting, see isLoadingFor). */
  get homeComplete(): boolean {
    return this.guardian.homeComplete;
  }

  /** Account-level data after the profile, as rules/data-loading.json plans it (src/stores/account-loader.ts). */
  loadAccountData(options: { also?: readonly AccountCallKey[] } = {}): Promise<void> {
    return this.loader.load(options);
  }

  /** The current OAuth (adapt) token and when it was obtained (the token rule judges its freshness). */
  get token(): AdaptToken | null {
    return this.tokens.token;
  }

  /** The OAuth (adapt) token for the modem, wifi and device calls (src/stores/token-service.ts). */
  adaptToken(): Promise<Result<string>> {
    return this.tokens.get();
  }

  /** Reloads the profile (credit accepted, payment retry success): the rules re-decide from the new data. */
  async reloadProfile(): Promise<void> {
    await this.profile.load({ background: true });
  }

  /**
   * The decisions have been made on the answered profile (or could not be made at all): what they decide
   * (the navigation, the brand banner, the home's view) shows with the page, not after it.
   */
  get decisionsReady(): boolean {
    const facts = this.decisions.facts;
    return this.decisions.failed || (facts !== null && facts.profileStatus !== 'pending');
  }

  /**
   * Whether the rules close the signed-in page at `pathname` for this account (rules/page-access.json; shell
   * spec §5 'Pages are gated by an allowPagesAccess flag and the cancel-eligibility flag canBeCancelled'): null
   * while the decisions do not yet reflect the loaded profile, so a closed page never flashes open.
   */
  pageClosed(pathname: string): boolean | null {
    const page = pathname.split('/')[1] ?? '';
    if (this.profile.status !== 'ok' || this.decisions.failed) return false;
    const decided = this.decisions.current;
    if (!decided || this.decisions.facts?.profileStatus !== 'ok') return null;
    return (decided.pageAccess.closed as readonly string[]).includes(page);
  }

  /**
   * Loading overlay: on /services it waits for the services data; elsewhere for the profile and the
   * decisions made on it; on /home also for the account's calls (bounded by homeCompleteMs) and for the code
   * of the cards the rules decided (src/stores/arriving-code.ts).
   */
  isLoadingFor(pathname: string): boolean {
    if (pathname.startsWith('/services'))
      return this.accountData.pending.services === true || this.profile.status === 'loading';
    if (this.profile.status === 'idle' || this.profile.status === 'loading') return true;
    if (!this.decisionsReady) return true;
    if (pathname !== '/home') return false;
    return !this.homeComplete || this.decisions.sections.some(({ section }) => arrivingCode.has(section));
  }

  /**
   * Spec: Sign Out removes the stored flag for the alternate-number alert. It removes emailvalidshow too: the
   * next person in this browser must see their own alerts (decision 012; both flags are also scoped to the
   * account that dismissed them, for a browser closed without signing out).
   */
  signOut(): void {
    this.flags.removeAll();
    this.env.assign(config.signIn.logoutUrl);
  }

  /** The no-contact-number alert was dismissed by this account in this browser (altnumshow). */
  get altnumshowDismissed(): boolean {
    return this.flags.altnumshowDismissed;
  }

  /** 'Do we have your correct email address?' was dismissed for this account and email (emailvalidshow). */
  get emailvalidshowDismissed(): boolean {
    return this.flags.emailvalidshowDismissed;
  }

  dismissEmailValidAlert(): void {
    this.flags.dismiss('emailvalidshow');
  }

  dismissAltNumberAlert(): void {
    this.flags.dismiss('altnumshow');
  }

  /** The account number a failure concerns when the caller names none. */
  get currentAccountNumber(): string | undefined {
    return this.issues.currentAccountNumber;
  }

  /** Records a failure in the UI issue log (src/stores/issue-reporter.ts). */
  logIssue(page: string, operation: string, message: string, accountNumber?: string): void {
    this.issues.log(page, operation, message, accountNumber);
  }

  /** The home the server rendered and counted, until the browser first shows it (then it is the browser's). */
  private homeCountedByServer = false;

  /** The page came rendered by the server as a home with its decisions: the server counted that home. */
  servedHome(): void {
    this.homeCountedByServer = true;
  }

  /**
   * The full home is shown for the managed account (its mount, an account switch): reported for a rollout's
   * live effect, except the server's own render being hydrated, which the server counted.
   */
  homeShown(sections: readonly string[]): void {
    if (this.homeCountedByServer) {
      this.homeCountedByServer = false;
      return;
    }
    reportHomeShown(this.env, this.profile.accountNumber, sections);
  }

  /** A tap on a home section's action or an alert's close, reported for a rollout's live effect. */
  sectionActed(section: string, action: SectionAction): void {
    reportSectionAction(this.env, this.profile.accountNumber, section, action);
  }

  /** A value of an answer that a page could not show: logged once per page and value. */
  logUnshowable(kind: string, value: string): void {
    this.issues.logUnshowable(kind, value);
  }

  /** A reporter bound to the page and account of the moment a call starts (the answer may come later). */
  reporterFor(accountNumber: string) {
    return this.issues.reporterFor(accountNumber);
  }
}
