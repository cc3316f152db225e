/** The billing cards' payment flow machines with their effects provided from the stores. */
import { fromPromise } from 'xstate';
import { retryPaymentMachine, type RetryPaymentOutput } from '../../../machines/retry-payment.machine';
import {
  walledGardenPayMachine,
  type AuthorizePaymentOutput,
} from '../../../machines/walled-garden-pay.machine';
import { authorizePayment, paymentIdOf, paymentSucceeded } from '../../api/calls/authorize-payment';
import { jumpOut } from '../../config';
import { accountNumberOf, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';
import { savePaymentReceipt } from './receipt';

/**
 * authorizePayment with the account number, the amount and the email (both payment flows): a reply that is
 * not a success rejects, so the machine takes its failure path; a success keeps the payment record for the
 * success box and gives the machine the payment id.
 */
async function payAndKeepReceipt(store: RootStore, paymentAmount: number, refusal: string) {
  const operation = 'authorizePayment';
  const data = await unwrap(
    store,
    operation,
    authorizePayment(store.orch, {
      accountNumber: accountNumberOf(store),
      paymentAmount,
      emailAddress: store.profile.data?.emailAddress ?? '',
    }),
  );
  if (!paymentSucceeded(data)) refuse(store, operation, refusal);
  savePaymentReceipt(
    store,
    data.responseInfo?.responseInfo?.paymentRecord ?? data.authorizePaymentResponse?.paymentRecord,
  );
  return { paymentId: paymentIdOf(data) ?? '' };
}

/**
 * Walled-garden Pay now. Success clears the soft and hard flags and saves the payment id (the store does
 * both in markWalledGardenPaid) and sets the payment-success flags: the soft-guard one (wgPaymentSuccess)
 * and the payment-success one the rules read for the success box (retryPaymentSuccess), whose turning true
 * also reloads the profile, internet and order history (usePaymentSuccessReload).
 */
export function provideWalledGardenPay(store: RootStore) {
  return walledGardenPayMachine.provide({
    actors: {
      authorizePayment: fromPromise<AuthorizePaymentOutput>(() => {
        const p = store.profile.data;
        return payAndKeepReceipt(
          store,
          p?.nextPaymentAmount ?? p?.currentAmountDue ?? 0,
          'payment not authorized',
        );
      }),
    },
    actions: {
      // Done together with savePaymentId by the store (markWalledGardenPaid).
      clearWalledGardenFlags: () => {},
      savePaymentId: (_, { paymentId }: { paymentId: string }) =>
        store.accountData.markWalledGardenPaid(paymentId),
      setPaymentSuccess: () => {
        store.ui.setFlag('wgPaymentSuccess', true);
        store.ui.setFlag('retryPaymentSuccess', true);
      },
      openManageAutoPay: () => store.env.assign(jumpOut('manageAutoPay')),
      showToast: toast(store),
    },
  });
}

/**
 * Retry Payment of the suspended prepaid notice: authorizePayment with the account number, the next payment
 * amount and the email. Success stores the payment record (for the success box) and the new payment id, and
 * sets the retry-payment success flag, whose turning true reloads the profile, internet and order history
 * (usePaymentSuccessReload in HomePage) and makes the rules show the success box. `navigateHome` is the
 * router's navigation to /home.
 */
export function provideRetryPayment(store: RootStore, navigateHome: () => void) {
  return retryPaymentMachine.provide({
    actors: {
      authorizePayment: fromPromise<RetryPaymentOutput>(() =>
        payAndKeepReceipt(store, store.profile.data?.nextPaymentAmount ?? 0, 'retry payment not authorized'),
      ),
    },
    actions: {
      setRetrySuccess: () => store.ui.setFlag('retryPaymentSuccess', true),
      savePaymentId: (_, { paymentId }: { paymentId: string }) => store.accountData.savePaymentId(paymentId),
      navigateHome,
      // config/portal.json has no jump-out of its own for editing the payment method or paying with a new
      // one: both go to the manage-autopay page, where the payment method is managed.
      openEditPaymentMethod: () => store.env.assign(jumpOut('manageAutoPay')),
      openNewPaymentMethod: () => store.env.assign(jumpOut('manageAutoPay')),
      showToast: toast(store),
    },
  });
}

// The billing panel's call modules (and their response validators) load with the first click that needs them.
