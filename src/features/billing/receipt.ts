import type { PaymentRecord } from '../../generated/types';
import type { RootStore } from '../../stores/root-store';

/**
 * The payment record of the last successful payment made from the home (Pay now), per store: the success
 * box shows its amount, method and confirmation number. The store keeps only the payment id
 * (accountData.paymentId); the record is set before the success flags flip, so the box always finds it.
 */
const receipts = new WeakMap<RootStore, PaymentRecord>();

export function savePaymentReceipt(store: RootStore, record: PaymentRecord | undefined): void {
  if (record) receipts.set(store, record);
  else receipts.delete(store);
}

export function paymentReceipt(store: RootStore): PaymentRecord | undefined {
  return receipts.get(store);
}
