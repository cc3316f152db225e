import { makeAutoObservable, observable, reaction, runInAction } from 'mobx';
import type { CallResult, ReportIssue } from './api-port';
import type {
  CheckPaperCharge,
  CreditOffer,
  ModemInfo,
  ModemReplacementOffer,
  MyServices,
  OrderHistory,
  Outage,
  RateIncrease,
  RepairTickets,
  WgStatus,
  WifiInfo,
} from '../generated/types';

/** The per-account calls, by the snapshot key the facts read. */
export interface AccountCalls {
  outage: Outage;
  orderHistory: OrderHistory;
  tickets: RepairTickets;
  wgStatus: WgStatus;
  creditOffer: CreditOffer;
  modemReplacementOffer: ModemReplacementOffer;
  paperCharge: CheckPaperCharge;
  services: MyServices;
  rateIncrease: RateIncrease;
  modemInfo: ModemInfo;
  wifiInfo: WifiInfo;
}
export type AccountCallKey = keyof AccountCalls;

/**
 * Per-account data loaded after the profile. For each call: `undefined` = not called (skipped by the
 * data-loading rules, or not yet), `null` = the call failed (logged and flagged, silent for the customer,
 * as the spec says of most calls), otherwise the validated data.
 */
export class AccountDataStore {
  data: { [K in AccountCallKey]?: AccountCalls[K] | null } = {};
  /** Calls under way, by key (the loading overlay on /services waits for 'services'). */
  pending: Partial<Record<AccountCallKey, boolean>> = {};
  /** The payment id saved after a successful walled-garden payment. */
  paymentId: string | null = null;
  /** Repair tickets rescheduled in this session (their 'Appointment Rescheduled' notice shows). */
  rescheduledTickets: readonly string[] = [];

  constructor() {
    // The answers are replaced, never changed in place: observed by reference, plain data inside. Deep
    // observables of the server's state were the longest task of a hydrating home (issue 30: 230 ms of MobX
    // at a low-tier phone's speed, making every answer's objects and arrays observable).
    makeAutoObservable(this, {
      data: observable.ref,
      pending: observable.ref,
      rescheduledTickets: observable.ref,
    });
  }

  get outage() {
    return this.data.outage;
  }
  get orderHistory() {
    return this.data.orderHistory;
  }
  get tickets() {
    return this.data.tickets;
  }
  get wgStatus() {
    return this.data.wgStatus;
  }
  get creditOffer() {
    return this.data.creditOffer;
  }
  get modemReplacementOffer() {
    return this.data.modemReplacementOffer;
  }
  get services() {
    return this.data.services;
  }
  get modemInfo() {
    return this.data.modemInfo;
  }
  get wifiInfo() {
    return this.data.wifiInfo;
  }

  get loading(): boolean {
    return Object.values(this.pending).some(Boolean);
  }

  reset(): void {
    this.data = {};
    this.pending = {};
    this.paymentId = null;
    this.rescheduledTickets = [];
  }

  /**
   * Applies a change to one repair ticket locally, as the spec does after a reschedule or a cancel (the
   * lookup is not called again; the rules re-decide from the changed ticket).
   */
  patchTicket(ticketNumber: string, patch: Partial<RepairTickets['troubleReports'][number]>): void {
    const tickets = this.data.tickets;
    if (!tickets) return;
    this.data = {
      ...this.data,
      tickets: {
        ...tickets,
        troubleReports: tickets.troubleReports.map((t) =>
          t.nativeTroubleReportIdentifier === ticketNumber ? { ...t, ...patch } : t,
        ),
      },
    };
  }

  /** The wifi name and password saved by the Edit WIFI info dialog (the sandbox keeps them too). */
  patchWifi(name: string, password: string): void {
    const wifi = this.data.wifiInfo;
    if (!wifi) return;
    this.data = {
      ...this.data,
      wifiInfo: {
        ...wifi,
        SSIDName: name,
        WirelessKey: password,
        wifiList: wifi.wifiList.map((w) => ({ ...w, SSIDName: name, WirelessKey: password })),
      },
    };
  }

  /** A connected device renamed (its name or type) through updateDevice. */
  patchDevice(deviceId: string, patch: { deviceName: string; deviceType: string }): void {
    const modem = this.data.modemInfo;
    if (!modem) return;
    this.data = {
      ...this.data,
      modemInfo: {
        ...modem,
        modemInfo: modem.modemInfo.map((m) => ({
          ...m,
          deviceList: m.deviceList?.map((d) => (d.deviceId === deviceId ? { ...d, ...patch } : d)),
        })),
      },
    };
  }

  markRescheduled(ticketNumber: string): void {
    if (!this.rescheduledTickets.includes(ticketNumber))
      this.rescheduledTickets = [...this.rescheduledTickets, ticketNumber];
  }

  /**
   * Runs one call and applies its result; a failure is reported with the spec's operation name (the caller's
   * `report` knows the page and the account the call was made for).
   */
  async load<K extends AccountCallKey>(
    key: K,
    operation: string,
    run: () => Promise<CallResult<AccountCalls[K]>>,
    report: ReportIssue,
  ): Promise<void> {
    this.pending = { ...this.pending, [key]: true };
    const result = await run();
    runInAction(() => {
      this.pending = { ...this.pending, [key]: false };
      if (result.ok) this.data = { ...this.data, [key]: result.data };
      else {
        this.data = { ...this.data, [key]: null };
        report(operation, result.message);
      }
    });
  }

  /**
   * Resolves once the call `key` is no longer under way (at once when it is not). A call that was never
   * started counts as settled.
   */
  settled(key: AccountCallKey): Promise<void> {
    if (!this.pending[key]) return Promise.resolve();
    return new Promise((resolve) => {
      const dispose = reaction(
        () => this.pending[key] === true,
        (busy) => {
          if (!busy) {
            dispose();
            resolve();
          }
        },
      );
    });
  }

  /** The payment id of a successful payment (walled-garden Pay now or Retry Payment). */
  savePaymentId(paymentId: string): void {
    this.paymentId = paymentId;
  }

  /** Spec, walled garden: on payment success the soft and hard flags clear and the payment id is saved. */
  markWalledGardenPaid(paymentId: string): void {
    this.savePaymentId(paymentId);
    const wg = this.data.wgStatus;
    if (wg)
      this.data = {
        ...this.data,
        wgStatus: { ...wg, response: { ...wg.response, isSoftWG: false, wgstatus: 'NONE' } },
      };
  }
}
