import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { createActor, fromPromise, type Actor } from 'xstate';
import { accountSwitchMachine } from '../../machines/account-switch.machine';
import type { ToastMessage } from '../../machines/messages';
import { config } from '../config';
import { safeRedirectTarget } from '../api/redirect';
import type { Api } from './api-port';
import type { Env } from './env';
import { UiStore } from './ui-store';
import { QaStore } from './qa-store';
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
import { getOrderHistory } from '../api/calls/order-history';
import { getOutage } from '../api/calls/outage';
import { getRateIncrease } from '../api/calls/rate-increase';
import { getRepairTickets } from '../api/calls/repair-tickets';
import { getWgStatus } from '../api/calls/wg-status';
import type { AccountCallKey } from './account-data-store';

/** Browser storage flags the spec allows (and nothing else is stored). */
export const STORAGE_FLAGS = { altnumshow: 'altnumshow', emailvalidshow: 'emailvalidshow' } as const;

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
  readonly accountSwitch: Actor<typeof accountSwitchMachine>;
  readonly qa: QaStore;
  /** A 222 answer pointed off the allowlist: the shell shows the account error page instead. */
  blockedRedirect = false;
  /** The current OAuth (adapt) token and when it was obtained (the token rule judges its freshness). */
  token: { accessToken: string; obtainedAt: string; expiresIn: number } | null = null;
  altnumshowDismissed: boolean;
  emailvalidshowDismissed: boolean;
  private accountLoad: Promise<void> | null = null;
  private navigateFn: (to: string) => void = (to) => this.env.assign(to);

  constructor(
    readonly env: Env,
    readonly api: Api,
    decide: Decide<AccountFacts>,
    /** The Orch client, for pages that make read-only calls through src/api/calls. */
    readonly orch: ApiClient,
    /** The per-item rules (orders and repair tickets); without it items offer nothing. */
    decideItem?: DecideItem,
  ) {
    this.ui = new UiStore(env);
    this.session = new SessionStore(api);
    this.profile = new ProfileStore(api, env);
    this.accounts = new AccountsStore(api);
    this.accountData = new AccountDataStore(api);
    this.qa = new QaStore(env.qaCapture === true);
    this.altnumshowDismissed = env.storage.getItem(STORAGE_FLAGS.altnumshow) !== null;
    this.emailvalidshowDismissed = env.storage.getItem(STORAGE_FLAGS.emailvalidshow) !== null;
    this.decisions = new DecisionStore<AccountFacts>(
      () => deriveFacts(snapshotOf(this), { today: env.now() }),
      decide,
      (message) => this.logIssue('home', 'decide', message),
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
    this.accountSwitch = createActor(
      accountSwitchMachine.provide({
        actors: {
          setCurrentAccount: fromResult(async ({ loginName, pid }) => {
            const r = await api.setCurrentAccount(loginName, pid);
            if (!r.ok) throw new Error(r.message);
            return r.data.data;
          }),
          reloadSession: fromResult(async () => {
            await Promise.all([this.session.loadProfileId(), this.profile.load(), this.accounts.load()]);
            if (this.profile.status !== 'ok') throw new Error(`profile ${this.profile.status} after switch`);
            return { prepaidSuspended: this.isPrepaidSuspended };
          }),
          loadAccountData: fromResult(async () => {
            await this.loadAccountData();
          }),
        },
        actions: {
          clearCaches: () => this.clearCaches(),
          navigateHome: () => this.navigateFn('/home'),
          navigateAddAccount: () => this.navigateFn('/AddAnAccountNumber'),
          showToast: (_, toast: ToastMessage) => this.ui.showToast(toast),
        },
      }),
      {
        input: { loginName: null },
        inspect: this.qa.inspectFor('account-switch', accountSwitchMachine, { loginName: null }),
      },
    );
    makeAutoObservable<RootStore, 'accountLoad' | 'navigateFn'>(this, {
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
      accountSwitch: false,
      qa: false,
      accountLoad: false,
      navigateFn: false,
    });
  }

  /** The router hands in its navigate function so machine effects navigate inside the app. */
  setNavigate(fn: (to: string) => void): void {
    this.navigateFn = fn;
  }

  start(): void {
    this.accountSwitch.start();
    this.decisions.start();
    this.items.start();
    // Shell spec, Payment retry: 'When retry success becomes true, the profile, HSI info and order history
    // reload.' A reaction here, not in a page: the flag turns true wherever the retry runs.
    reaction(
      () => this.ui.flags.retryPaymentSuccess,
      (success) => {
        if (success) void this.reloadProfile().then(() => this.loadAccountData());
      },
    );
  }

  get isPrepaidSuspended(): boolean {
    return isPrepaidSuspended(this.profile.data);
  }

  /**
   * The sign-in guard for every path outside /login: ask the server; an unauthenticated browser goes to
   * the provider sign-in with the wanted page as its post-login redirect.
   */
  async guard(wanted: string): Promise<void> {
    const state = await this.session.checkAuth();
    if (state === 'unauthenticated') {
      const { signInUrl, redirectParam } = config.signIn;
      this.env.assign(`${signInUrl}?${redirectParam}=${encodeURIComponent(wanted)}`);
      return;
    }
    if (state === 'authenticated') this.accountLoad ??= this.loadAccount();
  }

  private async loadAccount(): Promise<void> {
    await Promise.all([this.session.loadProfileId(), this.profile.load(), this.accounts.load()]);
    if (this.profile.status === '222') {
      // A 222 must send the browser elsewhere: the portal itself would ask for the profile again, get 222
      // again and reload forever, so its own origin is refused like any address off the allowlist.
      const target = safeRedirectTarget(this.profile.redirectUrl ?? '', {
        origin: this.env.origin,
        allowlist: config.redirectAllowlist,
        allowSameOrigin: false,
      });
      if (target) this.env.assign(target);
      else
        runInAction(() => {
          this.blockedRedirect = true;
          this.logIssue(
            'shell',
            'redirect222',
            `redirect off the allowlist refused: ${this.profile.redirectUrl ?? ''}`,
          );
        });
      return;
    }
    if (this.profile.status === 'ok') await this.loadAccountData();
  }

  /**
   * Account-level data after the profile. Which calls run is decided by rules/data-loading.json (the spec's
   * skips: services not for DISCONNECTED/INACTIVE/FINAL/ARCHIVED, rate change for Blue Marble only, the
   * walled-garden check for prepaid accounts, the paper-charge check for paper-billed 9-character accounts...).
   */
  async loadAccountData(): Promise<void> {
    const p = this.profile.data;
    if (!p) return;
    const decided = await this.decisions.evaluateNow();
    const plan = new Set<string>(dataCallsOf(decided));
    const c = this.orch;
    const d = this.accountData;
    const accountNumber = p.currentlyManagedAccount;
    const jobs: Array<Promise<void>> = [];
    const want = (key: AccountCallKey) => plan.has(key);
    if (want('outage'))
      jobs.push(
        d.load('outage', 'checkOutage', () =>
          getOutage(c, {
            accountNumber,
            identifierType: outageIdentifierTypeOf(accountNumber),
            wtn: p.wtn ?? '',
            ...(p.legacyMarket ? { legacyMarket: p.legacyMarket } : {}),
            ...(p.billingSource ? { billingSource: p.billingSource } : {}),
          }),
        ),
      );
    if (want('orderHistory'))
      jobs.push(
        d.load('orderHistory', 'getOrderHistoryDetails', () => getOrderHistory(c, { accountNumber })),
      );
    if (want('tickets'))
      jobs.push(
        d.load('tickets', 'getTicketinfobyBTN', () =>
          getRepairTickets(c, { sourceAppId: 'DIGIHOME', accountNumber }),
        ),
      );
    if (want('services'))
      jobs.push(
        d.load('services', 'getHsiInfo', () =>
          getMyServices(c, {
            accountNumber,
            blueMarbleIndicator: p.c2e === true,
            username: this.session.profileId ?? '',
          }),
        ),
      );
    if (want('rateIncrease'))
      jobs.push(d.load('rateIncrease', 'check4RateChange', () => getRateIncrease(c, { accountNumber })));
    if (want('wgStatus'))
      jobs.push(d.load('wgStatus', 'getWGStatus', () => getWgStatus(c, { baid: accountNumber })));
    if (want('creditOffer'))
      jobs.push(
        d.load('creditOffer', 'getOutOfServiceCreditOffer', () => getCreditOffer(c, { accountNumber })),
      );
    if (want('modemReplacementOffer'))
      jobs.push(
        d.load('modemReplacementOffer', 'getModemReplacementOffer', () =>
          getModemReplacementOffer(c, { accountNumber }),
        ),
      );
    if (want('paperCharge'))
      jobs.push(
        d.load('paperCharge', 'checkPaperCharge', () => getCheckPaperCharge(c, { ban: accountNumber })),
      );
    if (want('modemInfo')) jobs.push(this.loadModemInfo());
    await Promise.all(jobs);
  }

  /** Modem info needs the OAuth (adapt) token; a failed token is a failed modem-info call. */
  private async loadModemInfo(): Promise<void> {
    const p = this.profile.data;
    if (!p) return;
    await this.accountData.load('modemInfo', 'getModemInfo', async () => {
      const token = await this.adaptToken();
      if (!token.ok) return token;
      return getModemInfo(this.orch, {
        wtn: p.wtn ?? '',
        sourceSystem: p.billingSource ?? 'DIGIHOME',
        token: token.data,
      });
    });
  }

  /**
   * The OAuth (adapt) token for the modem, wifi and device calls: reused while rules/token.json says it is
   * fresh (spec: valid when at least 120 of its 1200 seconds remain), fetched anew otherwise.
   */
  async adaptToken(): Promise<Result<string>> {
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
    this.ui.setOrderHistoryOpen(false);
    this.ui.resetFlags();
  }

  /** Loading overlay: on /services it waits for the services data; elsewhere for the profile. */
  isLoadingFor(pathname: string): boolean {
    if (pathname.startsWith('/services'))
      return this.accountData.pending.services === true || this.profile.status === 'loading';
    return this.profile.status === 'idle' || this.profile.status === 'loading';
  }

  signOut(): void {
    // Spec: Sign Out removes the stored flag for the alternate-number alert.
    this.env.storage.removeItem(STORAGE_FLAGS.altnumshow);
    this.env.assign(config.signIn.logoutUrl);
  }

  dismissEmailValidAlert(): void {
    this.env.storage.setItem(STORAGE_FLAGS.emailvalidshow, 'false');
    this.emailvalidshowDismissed = true;
  }

  dismissAltNumberAlert(): void {
    this.env.storage.setItem(STORAGE_FLAGS.altnumshow, 'false');
    this.altnumshowDismissed = true;
  }

  logIssue(page: string, operation: string, message: string): void {
    const p = this.profile.data;
    this.api.logIssue({
      page,
      operation,
      message,
      level: 'error',
      ...(p ? { accountNumber: p.currentlyManagedAccount } : {}),
      ...(p?.emailAddress ? { emailAddress: p.emailAddress } : {}),
    });
  }
}

/** fromPromise with the actor's input unwrapped. */
function fromResult<I, O>(fn: (input: I) => Promise<O>) {
  return fromPromise<O, I>(({ input }) => fn(input));
}

/** The calls rules/data-loading.json decided for this account. */
function dataCallsOf(decided: HomeDecisions | null): string[] {
  return decided?.dataLoading.calls ?? [];
}
