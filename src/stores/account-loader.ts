import type { ApiClient, Result } from '../api/client';
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
import { getWifiInfo } from '../api/calls/wifi-info';
import type { HomeDecisions } from '../engine';
import { outageIdentifierTypeOf } from '../facts/derive';
import type { AccountCallKey, AccountCalls, AccountDataStore } from './account-data-store';
import type { IssueReporter } from './issue-reporter';
import type { ProfileStore } from './profile-store';
import type { SessionStore } from './session-store';
import type { TokenService } from './token-service';

export interface AccountLoaderDeps {
  orch: ApiClient;
  profile: Pick<ProfileStore, 'data'>;
  session: Pick<SessionStore, 'profileId'>;
  accountData: AccountDataStore;
  token: Pick<TokenService, 'get'>;
  issues: Pick<IssueReporter, 'reporterFor'>;
  /** The decisions on the current facts (which calls rules/data-loading.json plans). */
  decided: () => Promise<HomeDecisions | null>;
}

/**
 * The account-level calls after the profile. Which calls run is decided by rules/data-loading.json (the spec's
 * skips: services not for DISCONNECTED/INACTIVE/FINAL/ARCHIVED, rate change for Blue Marble only, the
 * walled-garden check for prepaid accounts, the paper-charge check for paper-billed 9-character accounts...).
 */
export class AccountLoader {
  /** The wifi calls of this account have started (they run once per account, see loadWifiData). */
  private wifiLoad: Promise<void> | null = null;

  constructor(private readonly deps: AccountLoaderDeps) {}

  /** The wifi calls of this account were made by the server's render of the page. */
  wifiDone(): void {
    this.wifiLoad ??= Promise.resolve();
  }

  /** An account switch: the next account's wifi calls run again. */
  reset(): void {
    this.wifiLoad = null;
  }

  /**
   * Loads the calls the rules plan for this account. `also` names calls made whatever the rules plan (the
   * spec's reloads after a payment retry); `only` limits the load to these calls (those the server's render of
   * the page could not wait for, src/stores/hydration.ts).
   */
  async load({
    also = [],
    only,
  }: { also?: readonly AccountCallKey[]; only?: ReadonlySet<string> } = {}): Promise<void> {
    const { profile, orch: c, accountData: d } = this.deps;
    const p = profile.data;
    if (!p) return;
    const plan = new Set<string>([...dataCallsOf(await this.deps.decided()), ...also]);
    const accountNumber = p.currentlyManagedAccount;
    const report = this.deps.issues.reporterFor(accountNumber);
    const jobs: Array<Promise<void>> = [];
    const want = (key: string) => plan.has(key) && (!only || only.has(key));
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
        username: this.deps.session.profileId ?? '',
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
    if (want('adaptToken')) jobs.push(this.deps.token.get().then(() => undefined));
    // The wifi calls wait for the services answer: they run only when it says HSI is owned.
    jobs.push(d.settled('services').then(() => this.loadWifi(only)));
    await Promise.all(jobs);
  }

  /**
   * Home spec §4: 'After home load, when HSI is owned, the connected devices and wifi info calls run once with
   * an OAuth token (refreshed if expired).' Once the services call has answered, the rules decide again
   * (rules/data-loading.json plans modemInfo and wifiInfo only when hsiOwned is true, with the adapt toggle
   * on); the calls then run once per account, sharing one token. A failed token is a failed call.
   */
  loadWifi(only?: ReadonlySet<string>): Promise<void> {
    this.wifiLoad ??= this.runWifiCalls(only);
    return this.wifiLoad;
  }

  private async runWifiCalls(only?: ReadonlySet<string>): Promise<void> {
    const { profile, accountData, orch } = this.deps;
    const p = profile.data;
    if (!p) return;
    const plan = new Set<string>(dataCallsOf(await this.deps.decided()));
    const report = this.deps.issues.reporterFor(p.currentlyManagedAccount);
    const query = { wtn: p.wtn ?? '', sourceSystem: p.billingSource ?? 'DIGIHOME' };
    const withToken =
      <T>(run: (token: string) => Promise<Result<T>>) =>
      async (): Promise<Result<T>> => {
        const token = await this.deps.token.get();
        return token.ok ? run(token.data) : token;
      };
    const want = (key: string) => plan.has(key) && (!only || only.has(key));
    const jobs: Promise<void>[] = [];
    if (want('modemInfo'))
      jobs.push(
        accountData.load(
          'modemInfo',
          'getModemInfo',
          withToken((token) => getModemInfo(orch, { ...query, token })),
          report,
        ),
      );
    if (want('wifiInfo'))
      jobs.push(
        accountData.load(
          'wifiInfo',
          'getWifiInfo',
          withToken((token) => getWifiInfo(orch, { ...query, token })),
          report,
        ),
      );
    await Promise.all(jobs);
  }
}

/** The calls rules/data-loading.json decided for this account. */
export function dataCallsOf(decided: HomeDecisions | null): string[] {
  return decided?.dataLoading.calls ?? [];
}
