// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { Profile } from '../../generated/types';
import {
  alertNamed,
  baseDecisions,
  baseProfile,
  failed,
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
  type HomeStoreOptions,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const PAYMENT_FAILED =
  'An error occurred when submitting your payment. Your request was not submitted, please try again later.';
const PAY = '/Orch/dssh/pbs/authorizePayment';
const MANAGE_AUTOPAY = '/Orch/dssh/redirectEntry/jumpOutManageAutoPay';

const suspendedPrepaid: Profile = {
  ...baseProfile,
  currentlyManagedAccount: 'PPB10020075',
  accountStatus: 'SUSPENDED',
  nextPaymentAmount: 55,
  creditCardType: 'VISA',
  creditCardLastFourDigits: '7310',
  creditCardExpiryDate: '2028-01-31',
};

type Variant = 'prepaid-card-expired' | 'prepaid-failed-payment';

/** As the rules do: the suspended notice; after a retry success, the success box (standard) above it. */
function rules(variant: Variant = 'prepaid-failed-payment', retry = true) {
  return (f: AccountFacts) => ({
    billingActions: { ...baseDecisions.billingActions, 'retry-payment': retry },
    sections: f.retryPaymentSuccess
      ? sections(['payment-retry-success', 'standard'], ['suspended-alert', variant], 'greeting')
      : sections(['suspended-alert', variant], 'greeting'),
  });
}

const paid = {
  [PAY]: () =>
    ok({
      statusInfo: { status: '0' },
      responseInfo: {
        responseInfo: {
          paymentRecord: {
            paymentId: 'PAY-775501',
            confirmationNumber: 'CNF-775501',
            paymentAmount: 55,
            lastFourDigits: '7310',
            paymentMethod: 'VISA',
          },
        },
      },
    }),
};

function suspendedHome(options: HomeStoreOptions = {}) {
  return makeHomeStore({ profile: suspendedPrepaid, decide: rules(), routes: paid, ...options });
}

describe("suspended prepaid notice 'Your service has been suspended!'", () => {
  it("card expired: offers 'Update payment Method' (external redirect) and no Retry Payment", async () => {
    const { store } = await suspendedHome({ decide: rules('prepaid-card-expired') });
    await renderHome(store);
    const notice = alertNamed('Your service has been suspended!');
    expect(notice).toHaveTextContent('Next payment:$55.00');
    expect(screen.getByRole('link', { name: 'Update payment Method' })).toHaveAttribute(
      'href',
      'https://pay.provider.example/update-payment-method',
    );
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
  });

  it('failed payment: offers Retry Payment, Edit Payment Method and Pay with new Payment Method', async () => {
    const { store } = await suspendedHome();
    await renderHome(store);
    expect(alertNamed('Your service has been suspended!')).toHaveTextContent('Card ending in 7310');
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Payment Method' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with new Payment Method' })).toBeInTheDocument();
  });

  it('Retry Payment shows only when the rules offer it (retry-payment)', async () => {
    const { store } = await suspendedHome({ decide: rules('prepaid-failed-payment', false) });
    await renderHome(store);
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Payment Method' })).toBeInTheDocument();
  });

  it('Edit Payment Method and Pay with new Payment Method go to the manage-autopay jump-out', async () => {
    const user = userEvent.setup();
    const { store, assigned } = await suspendedHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Edit Payment Method' }));
    await user.click(screen.getByRole('button', { name: 'Pay with new Payment Method' }));
    await waitFor(() => expect(assigned).toEqual([MANAGE_AUTOPAY, MANAGE_AUTOPAY]));
  });

  it('retry success: the success box with amount, card digits and confirmation number; the notice stays in a success state; the profile reloads', async () => {
    const user = userEvent.setup();
    const { store, orch, profileLoads } = await suspendedHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Retry Payment' }));
    const box = await screen.findByRole('region', { name: 'Payment successful' });
    expect(orch.calls[0]?.body).toEqual({
      accountNumber: 'PPB10020075',
      paymentAmount: 55,
      emailAddress: baseProfile.emailAddress,
    });
    expect(store.ui.flags.retryPaymentSuccess).toBe(true);
    expect(store.ui.flags.wgPaymentSuccess).toBe(false);
    expect(store.accountData.paymentId).toBe('PAY-775501');
    expect(box).toHaveTextContent('Amount$55.00');
    expect(box).toHaveTextContent('Paid withCard ending in 7310');
    expect(box).toHaveTextContent('Confirmation numberCNF-775501');
    const notice = alertNamed('Your service has been suspended!');
    expect(notice).toHaveTextContent('Your payment was received.');
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it('a declined retry shows the payment toast for 4 s, logs the issue and the buttons come back', async () => {
    const user = userEvent.setup();
    const { store, timers, issues } = await suspendedHome({
      routes: { [PAY]: () => ok({ statusInfo: { status: '1' }, authorizePaymentResponse: { status: 1 } }) },
    });
    await renderHome(store);
    const retry = screen.getByRole('button', { name: 'Retry Payment' });
    await user.click(retry);
    await waitFor(() => expect(toastTexts(store)).toEqual([PAYMENT_FAILED]));
    expect(timers).toEqual([4000]);
    expect(issues.map((i) => i.operation)).toEqual(['authorizePayment']);
    expect(retry).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Edit Payment Method' })).toBeEnabled();
    expect(store.ui.flags.retryPaymentSuccess).toBe(false);
  });

  it('a failed payment call ends the same way', async () => {
    const user = userEvent.setup();
    const { store } = await suspendedHome({ routes: { [PAY]: () => failed() } });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(toastTexts(store)).toEqual([PAYMENT_FAILED]));
    expect(screen.getByRole('button', { name: 'Retry Payment' })).toBeInTheDocument();
  });
});
