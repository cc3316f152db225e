import { makeAutoObservable, runInAction } from 'mobx';
import type { Api, CallResult } from './api-port';
import type { CreditOffer, OrderHistory, Outage, RepairTickets, WgStatus } from '../generated/types';

/**
 * Per-account data loaded after the profile: outage, order history, repair tickets, walled-garden status,
 * credit offer. `undefined` = not loaded (or skipped), `null` = the call failed (logged, flagged, silent).
 */
export class AccountDataStore {
  outage: Outage | null | undefined = undefined;
  orderHistory: OrderHistory | null | undefined = undefined;
  tickets: RepairTickets | null | undefined = undefined;
  wgStatus: WgStatus | null | undefined = undefined;
  creditOffer: CreditOffer | null | undefined = undefined;
  loading = false;

  constructor(private readonly api: Api) {
    makeAutoObservable<AccountDataStore, 'api'>(this, { api: false });
  }

  reset(): void {
    this.outage = undefined;
    this.orderHistory = undefined;
    this.tickets = undefined;
    this.wgStatus = undefined;
    this.creditOffer = undefined;
  }

  /** Applies one call's result: data, or null plus an issue-log record (spec: most failures are silent). */
  apply<K extends 'outage' | 'orderHistory' | 'tickets' | 'wgStatus' | 'creditOffer'>(
    key: K,
    operation: string,
    result: CallResult<NonNullable<AccountDataStore[K]>>,
  ): void {
    const self: AccountDataStore = this;
    runInAction(() => {
      if (result.ok) self[key] = result.data as AccountDataStore[K];
      else {
        self[key] = null as AccountDataStore[K];
        this.api.logIssue({ page: 'home', operation, message: result.message, level: 'error' });
      }
    });
  }
}
