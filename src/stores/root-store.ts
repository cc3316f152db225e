import { makeAutoObservable, reaction, runInAction, when } from 'mobx';
import type { AccountSwitchEvent } from '../../machines/account-switch.machine';
import { MESSAGES } from '../../machines/messages';
import type { AccountSwitchActor, AccountSwitchEffects } from './account-switch';
import { config } from '../config';
import { checkRedirect, type RedirectCheck } from '../api/redirect';
import { encodeParam } from '../api/url';
import type { Api, ReportIssue } from './api-port';
import { describeError, issuePageOf } from '../api/issue-log';
import {
  STORAGE_FLAGS,
  dismissedValue,
  isDismissedFor,
  type FlagScope,
  type StorageFlag,
} from './storage-flags';
import type { Env } from './env';
import type { AuthState } from './session-store';
import { UiStore } from './ui-store';
import { lazyChat, type ChatFunction } from './chat-function';
import { QaStore, type EarlyStep } from './qa-store';
import { SessionStore } from './session-store';
import { ProfileStore } from './profile-store';
import { AccountsStore } from './accounts-store';
import { AccountDataStore } from './account-data-store';
import { DecisionStore, type Decide } from './decision-store';
import type { HomeDecisions } from '../engine';
import { snapshotOf } from './snapshot';
import { ItemDecisionStore, itemFactsOf, type DecideItem } from './item-decisions';
import { deriveFacts, isPrepaidSuspended, outageIdentifierTypeOf, type AccountFacts } from '../facts';
import type { ApiClient, Result } from '../api/client';
import { getAdaptToken } from '../api/calls/adapt-token';
import { getCheckPaperCharge } from '../api/calls/check-paper-charge';
import { getCreditOffer } from '../api/calls/credit-offer';
import { getModemInfo } from '../api/calls/modem-info';
import { getModemReplacementOffer } from '../api/calls/modem-replacement-offer';
import { getMyServices } from '../api/calls/my-services';
import type { MyServices, Profile } from '../generated/types';
import { getOrderHistory } from '../api/calls/order-history';
import { getOutage } from '../api/calls/outage';
import { getRateIncrease } from '../api/calls/rate-increase';
import { getRepairTickets } from '../api/calls/repair-tickets';
import { getWgStatus } from '../api/calls/wg-status';
import { getWifiInfo } from '../api/calls/wifi-info';
import type { AccountCallKey, AccountCalls } from './account-data-store';
import { arrivingCode } from './arriving-code';
import { trackIssueError } from './analytics';

export { STORAGE_FLAGS } from './storage-flags';

/**
 * Builds the domain stores and the UI store, receives the transport (api) and the outside world (env),
 * and provides the app-level flow machines with their effects.
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
  /** An account switch is under way (machines/account-switch.machine.ts is not at rest). */
  switching = false;
  readonly qa: QaStore;
  /** The one global chat function (`chat.open`), behind every 'Chat with us'. */
  readonly chat: ChatFunction;
  /** A 222 answer pointed off the allowlist: the shell shows the account error page instead. */
  blockedRedirect = false;
  /** The first account load has answered (or stopped waiting, see isLoadingFor). */
  homeComplete = false;
  /** The current OAuth (adapt) token and when it was obtained (the token rule judges its freshness). */
  token: { accessToken: string; obtainedAt: string; expiresIn: number } | null = null;
  /**
   * The page the customer is on, named after its route ('home', 'billing', 'settings/accountInfo'): every
   * issue-log record names the page where the failing call was made. The shell sets it on each navigation.
   */
  page = 'home';
  /** The address's path (no query: it may hold a token), for analytics events' page_path. */
  path = '/home';
  /** Values already reported as impossible to show, by page (each is logged once). */
  private readonly unshowable = new Set<string>();
  /** The stored values of the spec's two browser flags (see storage-flags.ts: scoped to the account). */
  private storedFlags: Record<StorageFlag, string | null>;
  private accountLoad: Promise<void> | null = null;
  /** The wifi calls of this account have started (they run once per account, see loadWifiData). */
  private wifiLoad: Promise<void> | null = null;
  /** A token request under way: the modem and wifi calls start together and share it. */
  private tokenRequest: Promise<Result<string>> | null = null;
  private guardRun: { wanted: string; promise: Promise<void> } | null = null;
  private navigateFn: (to: string) => void = (to) => this.env.assign(to);
  /** The account switch's actor, created on the first switch (switchAccount); its effects are these. */
  private switchActor: AccountSwitchActor | null = null;
  private switchLoading = false;
  private readonly switchQueue: AccountSwitchEvent[] = [];
  private readonly switchEarly: EarlyStep[] = [];
  private readonly switchEffects: AccountSwitchEffects;
  private readonly qaSince: number | undefined;

  constructor(
    readonly env: Env,
    readonly api: Api,
    decide: Decide<AccountFacts>,
    /** The Orch client, for pages that make read-only calls through src/api/calls. */
    readonly orch: ApiClient,
    /** The per-item rules (orders and repair tickets); without it items offer nothing. */
    decideItem?: DecideItem,
  ) {
    const report: ReportIssue = (operation, message) => this.logIssue(this.page, operation, message);
    this.ui = new UiStore(env);
    this.session = new SessionStore(api, report);
    this.profile = new ProfileStore(api, env, (operation, message) =>
      this.reportProfileIssue(operation, message),
    );
    this.accounts = new AccountsStore(api, report);
    this.accountData = new AccountDataStore();
    this.qa = new QaStore(env.qaCapture === true, env);
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
    this.storedFlags = {
      altnumshow: env.storage.getItem(STORAGE_FLAGS.altnumshow),
      emailvalidshow: env.storage.getItem(STORAGE_FLAGS.emailvalidshow),
    };
    this.decisions = new DecisionStore<AccountFacts>(
      () => deriveFacts(snapshotOf(this), { today: env.now() }),
      decide,
      (error) => report('decide', describeError(error)),
      env.yieldToMain,
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
    this.qaSince = this.qa.now();
    this.switchEffects = {
      setCurrentAccount: async ({ loginName, pid }) => {
        const r = await api.setCurrentAccount(loginName, pid);
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
        return { prepaidSuspended: this.isPrepaidSuspended };
      },
      loadAccountData: async () => {
        await this.loadAccountData();
      },
      clearCaches: () => this.clearCaches(),
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
    makeAutoObservable<
      RootStore,
      | 'accountLoad'
      | 'guardRun'
      | 'navigateFn'
      | 'storedFlags'
      | 'unshowable'
      | 'wifiLoad'
      | 'tokenRequest'
      | 'switchActor'
      | 'switchLoading'
      | 'switchQueue'
      | 'switchEarly'
      | 'switchEffects'
      | 'qaSince'
    >(this, {
      env: false,
      api: false,
      orch: false,
      ui: false,
      session: false,
      profile: false,
      accounts: false,
      accountData: false,
      decisions: false,
      items: false,
      switchActor: false,
      switchLoading: false,
      switchQueue: false,
      switchEarly: false,
      switchEffects: false,
      qaSince: false,
      qa: false,
      chat: false,
      accountLoad: false,
      guardRun: false,
      wifiLoad: false,
      tokenRequest: false,
      navigateFn: false,
      unshowable: false,
      page: false,
      storedFlags: true,
    });
  }

  /** The shell names the page on each navigation (the issue log's page of what fails there). */
  setPage(pathname: string): void {
    this.page = issuePageOf(pathname);
    this.path = pathname;
  }

  /** The router hands in its navigate function so machine effects navigate inside the app. */
  setNavigate(fn: (to: string) => void): void {
    this.navigateFn = fn;
  }

  /**
   * Sends an event to the account switch (the selector's choices). Its machine and xstate load on the first
   * switch (src/stores/account-switch.ts), so they are no part of the first page's load; events sent while
   * it loads are handed over in order.
   */
  switchAccount(event: AccountSwitchEvent): void {
    if (this.switchActor) {
      this.switchActor.send(event);
      return;
    }
    const early = this.qa.earlyStep(this.qaSince);
    if (early) this.switchEarly.push(early);
    this.switchQueue.push(event);
    this.switching = true;
    if (this.switchLoading) return;
    this.switchLoading = true;
    import('./account-switch')
      .then(({ startAccountSwitch }) => {
        const actor = startAccountSwitch(
          this.switchEffects,
          { loginName: null },
          this.qa,
          this.switchEarly.splice(0),
        );
        actor.subscribe((snapshot) => runInAction(() => (this.switching = !snapshot.matches('idle'))));
        this.switchActor = actor;
        for (const queued of this.switchQueue.splice(0)) actor.send(queued);
        runInAction(() => (this.switching = !actor.getSnapshot().matches('idle')));
      })
      .catch((error: unknown) => {
        // The switch's code could not be fetched: the switch fails as a failed switch does (toast, log).
        this.switchLoading = false;
        this.switchQueue.length = 0;
        this.switchEarly.length = 0;
        runInAction(() => (this.switching = false));
        this.ui.showToast(MESSAGES.accountSwitchFailed);
        this.logIssue(this.page, 'switchAccount', `account switch could not load: ${describeError(error)}`);
      });
  }

  start(): void {
    this.decisions.start();
    this.items.start();
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

  get isPrepaidSuspended(): boolean {
    return isPrepaidSuspended(this.profile.data);
  }

  /**
   * The sign-in guard for every path outside /login: ask the server; an unauthenticated browser goes to
   * the provider sign-in with the wanted page as its post-login redirect.
   */
  async guard(wanted: string): Promise<void> {
    // Start-up asks before the route's module has loaded and the layout asks again for the same address once
    // it has: one check serves both. A navigation elsewhere (a new address) checks the session again.
    if (this.guardRun?.wanted !== wanted) this.guardRun = { wanted, promise: this.runGuard(wanted) };
    return this.guardRun.promise;
  }

  private async runGuard(wanted: string): Promise<void> {
    const auth = this.session.checkAuth();
    // The profile is asked for beside isAuth, not after it: one round trip less before the home shows.
    this.accountLoad ??= this.loadAccount(auth);
    const state = await auth;
    if (state === 'unauthenticated') {
      const { signInUrl, redirectParam } = config.signIn;
      this.env.assign(`${signInUrl}?${redirectParam}=${encodeParam(wanted)}`);
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
    // Asked before the session is known: a 401 from a browser that is not signed in is not a failure to
    // record (the guard sends it to sign in), so these first calls stay quiet about it.
    const quiet = { quietIfSignedOut: true };
    const [state, signedOut] = await Promise.all([
      auth,
      Promise.all([
        this.session.loadProfileId(quiet),
        this.profile.load(quiet),
        this.accounts.load(quiet),
      ]).then((answers) => answers.some((a) => a === 'signed-out')),
    ]);
    if (state !== 'authenticated') {
      // Not signed in, or the check failed: a later navigation's guard loads the account again.
      this.accountLoad = null;
      return;
    }
    // Signed in, yet a call found no session (it raced a sign-in or the session ended between the calls):
    // ask again, this time recording what fails.
    if (signedOut)
      await Promise.all([this.session.loadProfileId(), this.profile.load(), this.accounts.load()]);
    if (this.profile.status === '222') {
      // A 222 must send the browser elsewhere: the portal itself would ask for the profile again, get 222
      // again and reload forever, so its own origin is refused like any address off the allowlist.
      const check = checkRedirect(this.profile.redirectUrl ?? '', {
        origin: this.env.origin,
        allowlist: config.redirectAllowlist,
        allowSameOrigin: false,
      });
      const target = check.ok ? check.url : null;
      if (target) this.env.assign(target);
      else
        runInAction(() => {
          // Shown once (the account error page) and logged once: this load runs once per page load.
          this.blockedRedirect = true;
          this.logIssue(
            this.page,
            'redirect222',
            `222 redirect refused, ${redirectRefusal(check)}: ${(this.profile.redirectUrl ?? '').slice(0, 200)}`,
          );
        });
      return;
    }
    if (this.profile.status !== 'ok') return;
    // The home shows once the account's calls have answered (or homeCompleteMs has passed), so its sections
    // arrive together instead of pushing what is already on screen down one by one.
    const data = this.loadAccountData();
    let timer: unknown;
    await Promise.race([
      data,
      new Promise<void>(
        (resolve) => (timer = this.env.setTimeout(resolve, config.timeouts.homeCompleteMs ?? 0)),
      ),
    ]);
    this.env.clearTimeout(timer);
    // Decided on everything that has answered (the brand banner may depend on the orders, say).
    await this.decisions.evaluateNow();
    runInAction(() => (this.homeComplete = true));
    await data;
  }

  /**
   * Account-level data after the profile. Which calls run is decided by rules/data-loading.json (the spec's
   * skips: services not for DISCONNECTED/INACTIVE/FINAL/ARCHIVED, rate change for Blue Marble only, the
   * walled-garden check for prepaid accounts, the paper-charge check for paper-billed 9-character accounts...).
   * `also` names calls made whatever the rules plan (the spec's reloads after a payment retry).
   */
  async loadAccountData({ also = [] }: { also?: readonly AccountCallKey[] } = {}): Promise<void> {
    const p = this.profile.data;
    if (!p) return;
    const decided = await this.decisions.evaluateNow();
    const plan = new Set<string>([...dataCallsOf(decided), ...also]);
    const c = this.orch;
    const d = this.accountData;
    const accountNumber = p.currentlyManagedAccount;
    const report = this.reporterFor(accountNumber);
    const jobs: Array<Promise<void>> = [];
    const want = (key: AccountCallKey) => plan.has(key);
    const load = <K extends AccountCallKey>(
      key: K,
      operation: string,
      run: () => Promise<Result<AccountCalls[K]>>,
    ): void => {
      if (want(key)) jobs.push(d.load(key, operation, run, report));
    };
    load('outage', 'checkOutage', () =>
      getOutage(c, {
        accountNumber,
        identifierType: outageIdentifierTypeOf(accountNumber),
        wtn: p.wtn ?? '',
        ...(p.legacyMarket ? { legacyMarket: p.legacyMarket } : {}),
        ...(p.billingSource ? { billingSource: p.billingSource } : {}),
      }),
    );
    load('orderHistory', 'getOrderHistoryDetails', () => getOrderHistory(c, { accountNumber }));
    load('tickets', 'getTicketinfobyBTN', () =>
      getRepairTickets(c, { sourceAppId: 'DIGIHOME', accountNumber }),
    );
    load('services', 'getHsiInfo', () =>
      getMyServices(c, {
        accountNumber,
        blueMarbleIndicator: p.c2e === true,
        username: this.session.profileId ?? '',
      }),
    );
    load('rateIncrease', 'check4RateChange', () => getRateIncrease(c, { accountNumber }));
    load('wgStatus', 'getWGStatus', () => getWgStatus(c, { baid: accountNumber }));
    load('creditOffer', 'getOutOfServiceCreditOffer', () => getCreditOffer(c, { accountNumber }));
    load('modemReplacementOffer', 'getModemReplacementOffer', () =>
      getModemReplacementOffer(c, { accountNumber }),
    );
    load('paperCharge', 'checkPaperCharge', () => getCheckPaperCharge(c, { ban: accountNumber }));
    // The token those calls need is asked for now, beside the others, when the rules say they may run
    // (rules/data-loading.json, adaptToken): it is there when the services answer comes. A failed token
    // here is not recorded; the modem and wifi calls ask again and record theirs.
    if (plan.has('adaptToken')) jobs.push(this.adaptToken().then(() => undefined));
    // The wifi calls wait for the services answer: they run only when it says HSI is owned.
    jobs.push(d.settled('services').then(() => this.loadWifiData()));
    await Promise.all(jobs);
  }

  /**
   * Home spec §4: 'After home load, when HSI is owned, the connected devices and wifi info calls run once with
   * an OAuth token (refreshed if expired).' Once the services call has answered, the rules decide again
   * (rules/data-loading.json plans modemInfo and wifiInfo only when hsiOwned is true, with the adapt toggle
   * on); the calls then run once per account, sharing one token. A failed token is a failed call.
   */
  loadWifiData(): Promise<void> {
    this.wifiLoad ??= this.runWifiCalls();
    return this.wifiLoad;
  }

  private async runWifiCalls(): Promise<void> {
    const p = this.profile.data;
    if (!p) return;
    const plan = new Set<string>(dataCallsOf(await this.decisions.evaluateNow()));
    const report = this.reporterFor(p.currentlyManagedAccount);
    const query = { wtn: p.wtn ?? '', sourceSystem: p.billingSource ?? 'DIGIHOME' };
    const withToken =
      <T>(run: (token: string) => Promise<Result<T>>) =>
      async (): Promise<Result<T>> => {
        const token = await this.adaptToken();
        return token.ok ? run(token.data) : token;
      };
    const jobs: Promise<void>[] = [];
    if (plan.has('modemInfo'))
      jobs.push(
        this.accountData.load(
          'modemInfo',
          'getModemInfo',
          withToken((token) => getModemInfo(this.orch, { ...query, token })),
          report,
        ),
      );
    if (plan.has('wifiInfo'))
      jobs.push(
        this.accountData.load(
          'wifiInfo',
          'getWifiInfo',
          withToken((token) => getWifiInfo(this.orch, { ...query, token })),
          report,
        ),
      );
    await Promise.all(jobs);
  }

  /**
   * The OAuth (adapt) token for the modem, wifi and device calls: reused while rules/token.json says it is
   * fresh (spec: valid when at least 120 of its 1200 seconds remain), fetched anew otherwise.
   */
  async adaptToken(): Promise<Result<string>> {
    this.tokenRequest ??= this.freshToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async freshToken(): Promise<Result<string>> {
    if (this.token) {
      const decided = await this.decisions.evaluateNow();
      if (decided?.token.fresh && this.token) return { ok: true, data: this.token.accessToken };
    }
    const answer = await getAdaptToken(this.orch);
    if (!answer.ok) return answer;
    runInAction(() => {
      this.token = {
        accessToken: answer.data.accessToken,
        obtainedAt: this.env.now().toISOString(),
        expiresIn: answer.data.expiresIn,
      };
    });
    return { ok: true, data: answer.data.accessToken };
  }

  /** Reloads the profile (credit accepted, payment retry success): the rules re-decide from the new data. */
  async reloadProfile(): Promise<void> {
    await this.profile.load({ background: true });
  }

  private clearCaches(): void {
    this.accountData.reset();
    this.token = null;
    this.wifiLoad = null;
    this.ui.setOrderHistoryOpen(false);
    this.ui.resetFlags();
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
    for (const flag of Object.values(STORAGE_FLAGS)) this.env.storage.removeItem(flag);
    this.storedFlags = { altnumshow: null, emailvalidshow: null };
    this.env.assign(config.signIn.logoutUrl);
  }

  /** The account (and email) a dismissal is bound to; none before the profile is known. */
  private get flagScope(): FlagScope | null {
    const p = this.profile.data;
    return p ? { accountNumber: p.currentlyManagedAccount, emailAddress: p.emailAddress } : null;
  }

  /** The no-contact-number alert was dismissed by this account in this browser (altnumshow). */
  get altnumshowDismissed(): boolean {
    return isDismissedFor('altnumshow', this.storedFlags.altnumshow, this.flagScope);
  }

  /** 'Do we have your correct email address?' was dismissed for this account and email (emailvalidshow). */
  get emailvalidshowDismissed(): boolean {
    return isDismissedFor('emailvalidshow', this.storedFlags.emailvalidshow, this.flagScope);
  }

  private dismiss(flag: StorageFlag): void {
    const scope = this.flagScope;
    if (!scope) return;
    const value = dismissedValue(flag, scope);
    this.env.storage.setItem(STORAGE_FLAGS[flag], value);
    this.storedFlags = { ...this.storedFlags, [flag]: value };
  }

  dismissEmailValidAlert(): void {
    this.dismiss('emailvalidshow');
  }

  dismissAltNumberAlert(): void {
    this.dismiss('altnumshow');
  }

  /**
   * The account number a failure concerns when the caller names none: the profile's, or, while the profile is
   * unknown or failed, the account the account list says is current.
   */
  get currentAccountNumber(): string | undefined {
    return this.profile.data?.currentlyManagedAccount ?? this.accounts.accountNumberOf() ?? undefined;
  }

  /**
   * Records a failure in the UI issue log: the page where it happened and the account number it concerns (the
   * current one unless the caller names another, e.g. the account a switch was going to).
   */
  logIssue(page: string, operation: string, message: string, accountNumber?: string): void {
    trackIssueError(this.env, page, operation);
    const p = this.profile.data;
    const account = accountNumber ?? this.currentAccountNumber;
    this.api.logIssue({
      page,
      operation,
      message,
      level: 'error',
      ...(account ? { accountNumber: account } : {}),
      ...(p?.emailAddress && p.currentlyManagedAccount === account ? { emailAddress: p.emailAddress } : {}),
    });
  }

  /**
   * A value of an answer that a page could not show (an amount of 1e308, a date of year 10000, an invoice
   * number that cannot be put in a link): the page shows it as not available, and the issue log gets it once
   * per page and value, however often the page renders it.
   */
  logUnshowable(kind: string, value: string): void {
    const key = `${this.page}\n${kind}\n${value}`;
    if (this.unshowable.has(key)) return;
    this.unshowable.add(key);
    this.logIssue(this.page, 'display', `${kind} cannot be shown: ${value}`);
  }

  /** A reporter bound to the page and account of the moment a call starts (the answer may come later). */
  reporterFor(accountNumber: string): ReportIssue {
    const page = this.page;
    return (operation, message) => this.logIssue(page, operation, message, accountNumber);
  }

  /**
   * A profile failure names the account the account list says is current. That list loads beside the
   * profile, so the record waits for it to settle (never longer: a list that fails or never loads leaves the
   * account number empty).
   */
  private reportProfileIssue(operation: string, message: string): void {
    const page = this.page;
    const log = () => this.logIssue(page, operation, message);
    if (this.accounts.status !== 'loading') return log();
    void when(() => this.accounts.status !== 'loading').then(log, log);
  }
}

/** fromPromise with the actor's input unwrapped. */
/** The calls rules/data-loading.json decided for this account. */
function dataCallsOf(decided: HomeDecisions | null): string[] {
  return decided?.dataLoading.calls ?? [];
}

/** Why a 222 target was refused, in the issue log's words. */
function redirectRefusal(check: RedirectCheck): string {
  if (check.ok) return 'followed';
  return check.reason === 'origin'
    ? 'not another allowlisted site (the portal itself or off the allowlist)'
    : check.reason;
}
