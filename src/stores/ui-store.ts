import { makeAutoObservable } from 'mobx';
import type { Env } from './env';
import type { ToastView } from '../ui/ToastRegion';

/** Toast lifetimes of the spec: 3 s general, 4 s payment/plan/appointment errors, 30 s credit accepted. */
export interface ToastRequest {
  text: string;
  tone: ToastView['tone'];
  durationMs: number;
}

export interface SessionFlags {
  retryPaymentSuccess: boolean;
  wgPaymentSuccess: boolean;
  pendingOrderAlertClosed: boolean;
  cancelOrderDisabled: boolean;
  orderCancelled: boolean;
  prepaidCardAlertClosed: boolean;
  modemReplacementAnswered: boolean;
  creditOfferAnswered: boolean;
  altNumberDeclined: boolean;
}

const NO_FLAGS: SessionFlags = {
  retryPaymentSuccess: false,
  wgPaymentSuccess: false,
  pendingOrderAlertClosed: false,
  cancelOrderDisabled: false,
  orderCancelled: false,
  prepaidCardAlertClosed: false,
  modemReplacementAnswered: false,
  creditOfferAnswered: false,
  altNumberDeclined: false,
};

/** UI state that is not domain data: toasts, the mobile menu, the order-history toggle. */
export class UiStore {
  toasts: ToastView[] = [];
  mobileMenuOpen = false;
  orderHistoryOpen = false;
  /** Session flags the rules read (see src/facts UiState): set by flows, cleared on account switch. */
  flags: SessionFlags = { ...NO_FLAGS };
  /** Rate-increase alerts closed in this session, by product id (each alert has its own close button). */
  closedRateAlerts: readonly string[] = [];
  private nextId = 1;

  constructor(private readonly env: Env) {
    makeAutoObservable<UiStore, 'env'>(this, { env: false });
  }

  showToast({ text, tone, durationMs }: ToastRequest): void {
    const id = this.nextId++;
    this.toasts.push({ id, text, tone });
    this.env.setTimeout(() => this.dismissToast(id), durationMs);
  }

  dismissToast(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  setMobileMenu(open: boolean): void {
    this.mobileMenuOpen = open;
  }

  setOrderHistoryOpen(open: boolean): void {
    this.orderHistoryOpen = open;
  }

  setFlag(name: keyof SessionFlags, value: boolean): void {
    this.flags = { ...this.flags, [name]: value };
  }

  resetFlags(): void {
    this.flags = { ...NO_FLAGS };
    this.closedRateAlerts = [];
  }

  closeRateAlert(productId: string): void {
    if (!this.closedRateAlerts.includes(productId))
      this.closedRateAlerts = [...this.closedRateAlerts, productId];
  }
}
