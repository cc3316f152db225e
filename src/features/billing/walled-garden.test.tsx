// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { Profile } from '../../generated/types';
import { fixedDecisions } from '../../../test/features/harness';
import {
  alertNamed,
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

const prepaid: Profile = {
  ...baseProfile,
  currentlyManagedAccount: 'PPB20030011',
  failedPaymentDate: '2026-03-09',
  nextPaymentAmount: 55,
  creditCardType: 'VISA',
  creditCardLastFourDigits: '4000',
  creditCardExpiryDate: '2028-01-31',
};

/**
 * As the rules do: soft walled garden until the payment succeeds, then the success box (soft-guard); Pay now
 * offered or not (rules/billing-actions.json, 'walled-garden-pay-now': not once the card has expired).
 */
function rules(payNow = true) {
  return (f: AccountFacts) => ({
    billingActions: { ...fixedDecisions.billingActions, 'walled-garden-pay-now': payNow },
    walledGarden: { state: f.wgPaymentSuccess ? ('none' as const) : ('soft' as const) },
    sections: f.retryPaymentSuccess
      ? sections(['payment-retry-success', f.wgPaymentSuccess ? 'soft-guard' : 'standard'], 'greeting')
      : sections('walled-garden-alert', 'greeting'),
  });
}

const paid = {
  '/Orch/dssh/pbs/authorizePayment': () =>
    ok({
      statusInfo: { status: '0' },
      responseInfo: {
        responseInfo: {
          paymentRecord: {
            paymentId: 'PAY-1001',
            confirmationNumber: 'CNF-1001',
            paymentAmount: 55,
            lastFourDigits: '4000',
            paymentMethod: 'VISA',
          },
        },
      },
    }),
};

function wgHome(options: HomeStoreOptions = {}) {
  return makeHomeStore({
    profile: prepaid,
    data: { wgStatus: { status: true, response: { isSoftWG: true, wgstatus: 'SOFT' } } },
    decide: rules(),
    routes: paid,
    ...options,
  });
}

describe("walled garden 'Avoid a service interruption'", () => {
  it('gives the failure date and the suspension 3 days after it, with Pay now and Pay with new card', async () => {
    const { store } = await wgHome();
    await renderHome(store);
    const alert = alertNamed('Avoid a service interruption');
    expect(alert).toHaveTextContent('Your last payment failed on March 9, 2026.');
    expect(alert).toHaveTextContent('suspended 3 days after the failed payment, on March 12, 2026');
    expect(alert).toHaveTextContent('Amount due: $55.00');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with new card' })).toBeInTheDocument();
  });

  it('hides Pay now when the rules do not offer it (the card has expired)', async () => {
    const { store } = await wgHome({ decide: rules(false) });
    await renderHome(store);
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with new card' })).toBeInTheDocument();
  });

  it('Pay with new card goes to the manage-autopay jump-out', async () => {
    const user = userEvent.setup();
    const { store, assigned } = await wgHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Pay with new card' }));
    await waitFor(() => expect(assigned).toEqual(['/Orch/dssh/redirectEntry/jumpOutManageAutoPay']));
  });

  it('on success clears the flags, saves the payment id and shows the payment success box, which takes focus', async () => {
    const user = userEvent.setup();
    const { store, orch, profileLoads } = await wgHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const box = await screen.findByRole('region', { name: 'Payment successful' });
    expect(orch.calls[0]?.body).toEqual({
      accountNumber: 'PPB20030011',
      paymentAmount: 55,
      emailAddress: 'ana@mail.example',
    });
    expect(store.accountData.paymentId).toBe('PAY-1001');
    expect(store.accountData.wgStatus?.response).toEqual({ isSoftWG: false, wgstatus: 'NONE' });
    expect(store.ui.flags.wgPaymentSuccess).toBe(true);
    expect(box).toHaveTextContent('your service will not be interrupted');
    expect(box).toHaveTextContent('Amount$55.00');
    expect(box).toHaveTextContent('Paid withCard ending in 4000');
    expect(box).toHaveTextContent('Confirmation numberCNF-1001');
    expect(box.parentElement).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Avoid a service interruption' })).not.toBeInTheDocument();
    // Retry success turned true: the profile reloads.
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it('on failure shows the payment toast for 4 s and the buttons come back', async () => {
    const user = userEvent.setup();
    const { store, timers, issues } = await wgHome({
      routes: { '/Orch/dssh/pbs/authorizePayment': () => ok({ statusInfo: { status: '1' } }) },
    });
    await renderHome(store);
    const payNow = screen.getByRole('button', { name: 'Pay now' });
    await user.click(payNow);
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'An error occurred when submitting your payment. Your request was not submitted, please try again later.',
      ]),
    );
    expect(timers).toEqual([4000]);
    expect(issues.map((i) => i.operation)).toEqual(['authorizePayment']);
    expect(payNow).not.toHaveAttribute('aria-disabled');
    expect(payNow).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Pay with new card' })).toBeEnabled();
  });

  it('a failed payment call ends the same way', async () => {
    const user = userEvent.setup();
    const { store } = await wgHome({ routes: { '/Orch/dssh/pbs/authorizePayment': () => failed() } });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(toastTexts(store)).toHaveLength(1));
    expect(alertNamed('Avoid a service interruption')).toBeInTheDocument();
  });
});
