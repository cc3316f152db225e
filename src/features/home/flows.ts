/**
 * The home page's flow machines (machines/*.machine.ts) with their effects provided from the stores. A
 * machine names its calls and effects; here each call becomes a promise over src/api that resolves with
 * what the machine reads and rejects on failure (after logging the failure in the UI issue log, as the
 * spec asks for failed calls), so the machine takes its failure path and shows the spec's message.
 */
import { fromPromise } from 'xstate';
import { creditOfferMachine, type OfferAnswerResponse } from '../../../machines/credit-offer.machine';
import {
  declineAltNumberMachine,
  type DeclineAltTnOutput,
} from '../../../machines/decline-alt-number.machine';
import type { ToastMessage } from '../../../machines/messages';
import {
  modemReplacementMachine,
  type ReplacementAnswerInput,
  type ReplacementAnswerResponse,
} from '../../../machines/modem-replacement.machine';
import { modemRestartMachine } from '../../../machines/modem-restart.machine';
import { retryPaymentMachine, type RetryPaymentOutput } from '../../../machines/retry-payment.machine';
import {
  walledGardenPayMachine,
  type AuthorizePaymentOutput,
} from '../../../machines/walled-garden-pay.machine';
import { authorizePayment, paymentIdOf, paymentSucceeded } from '../../api/calls/authorize-payment';
import { declineAltTn, declineAltTnSucceeded } from '../../api/calls/decline-alt-tn';
import { rebootDevice, rebootDeviceAdapt, rebootSucceeded } from '../../api/calls/device-reboot';
import { answerOffer } from '../../api/calls/offer-answer';
import type { Result } from '../../api/client';
import { jumpOut } from '../../config';
import type { RootStore } from '../../stores/root-store';
import { savePaymentReceipt } from './receipt';

/** The issue-log page name of every home flow. */
const PAGE = 'home';

/** Unwraps a call's Result: a failure is logged under `operation` and rejects the machine's actor. */
async function unwrap<T>(store: RootStore, operation: string, call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) {
    store.logIssue(PAGE, operation, result.message);
    throw new Error(result.message);
  }
  return result.data;
}

/** An answer that arrived but says no: logged like a failed call, then the machine's failure path. */
function refuse(store: RootStore, operation: string, message: string): never {
  store.logIssue(PAGE, operation, message);
  throw new Error(message);
}

const toast = (store: RootStore) => (_: unknown, t: ToastMessage) => store.ui.showToast(t);

function accountNumberOf(store: RootStore): string {
  return store.profile.data?.currentlyManagedAccount ?? '';
}

/**
 * Modem restart of the hangover alert. The reboot call is the acs one when the acsCall toggle is on,
 * otherwise the adapt one (toggle adaptCall; it needs the modem's serial number and an OAuth token); with
 * both toggles off, the shell spec's one call (acs). A reply containing 'Error' is a failure (spec §7).
 */
export function provideModemRestart(store: RootStore) {
  const operation = 'deviceReboot';
  return modemRestartMachine.provide({
    actors: {
      deviceReboot: fromPromise<void>(async () => {
        const p = store.profile.data;
        const wtn = p?.wtn ?? '';
        const toggles = store.decisions.current?.toggles;
        const serialNumber = store.accountData.modemInfo?.serialNumber;
        let reply: string;
        if (!toggles?.acsCall && toggles?.adaptCall) {
          if (!serialNumber) refuse(store, operation, 'no modem serial number for the adapt reboot');
          // The store's OAuth token, reused while rules/token.json says it is fresh.
          const token = await unwrap(store, 'getOAuthToken', store.adaptToken());
          reply = await unwrap(
            store,
            operation,
            rebootDeviceAdapt(store.orch, {
              serialNumber,
              wtn,
              sourceSystem: p?.billingSource ?? 'DIGIHOME',
              token,
            }),
          );
        } else {
          reply = await unwrap(store, operation, rebootDevice(store.orch, { wtn }));
        }
        if (!rebootSucceeded(reply)) refuse(store, operation, `reboot reply: ${reply.slice(0, 100)}`);
      }),
    },
    actions: { showToast: toast(store) },
  });
}

/**
 * Walled-garden Pay now. Success clears the soft and hard flags and saves the payment id (the store does
 * both in markWalledGardenPaid) and sets the payment-success flags: the soft-guard one (wgPaymentSuccess)
 * and the payment-success one the rules read for the success box (retryPaymentSuccess), whose turning true
 * also reloads the profile, internet and order history (usePaymentSuccessReload).
 */
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

/**
 * Out-of-service credit offer. The answer is recorded with setAccptRejectMdmRplcmt for the offer
 * OutOfServiceCredit; the machine reads the reply's `response`.
 */
export function provideCreditOffer(store: RootStore) {
  const operation = 'setAccptRejectMdmRplcmt';
  return creditOfferMachine.provide({
    actors: {
      answerOffer: fromPromise<OfferAnswerResponse, { answer: 'accepted' | 'declined' }>(
        async ({ input }) => {
          const data = await unwrap(
            store,
            operation,
            answerOffer(store.orch, {
              accountNumber: accountNumberOf(store),
              offerName: 'OutOfServiceCredit',
              answer: input.answer,
            }),
          );
          if (data.response.status.toUpperCase() !== 'OK')
            store.logIssue(PAGE, operation, `credit ${input.answer}: ${data.response.message}`);
          return data.response;
        },
      ),
    },
    actions: {
      // Runs once the acceptance is recorded: the offer is answered (the rules hide it), then the reload.
      reloadProfile: () => {
        store.ui.setFlag('creditOfferAnswered', true);
        void store.reloadProfile();
      },
      showToast: toast(store),
    },
  });
}

/** Modem replacement offer: the answer is recorded with setAccptRejectMdmRplcmt for ModemReplacement. */
export function provideModemReplacement(store: RootStore) {
  const operation = 'setAccptRejectMdmRplcmt';
  return modemReplacementMachine.provide({
    actors: {
      answerOffer: fromPromise<ReplacementAnswerResponse, ReplacementAnswerInput>(async ({ input }) => {
        const data = await unwrap(
          store,
          operation,
          answerOffer(store.orch, {
            accountNumber: accountNumberOf(store),
            offerName: 'ModemReplacement',
            answer: input.answer,
          }),
        );
        if (data.response.status.toUpperCase() !== 'OK')
          store.logIssue(PAGE, operation, `modem replacement ${input.answer}: ${data.response.message}`);
        return data.response;
      }),
    },
    actions: { showToast: toast(store) },
  });
}

/** Decline on the 'no contact number' alert (GET declineAltTn). */
export function provideDeclineAltNumber(store: RootStore) {
  const operation = 'declineAltTn';
  return declineAltNumberMachine.provide({
    actors: {
      declineAltTn: fromPromise<DeclineAltTnOutput>(async () => {
        const data = await unwrap(
          store,
          operation,
          declineAltTn(store.orch, { accountNumber: accountNumberOf(store) }),
        );
        if (!declineAltTnSucceeded(data))
          store.logIssue(PAGE, operation, `statusMessage ${data.statusMessage}`);
        return data;
      }),
    },
    actions: { showToast: toast(store) },
  });
}
