// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { Profile } from '../../generated/types';
import {
  alertNamed,
  baseProfile,
  makeHomeStore,
  renderHome,
  sections,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const prepaid: Profile = {
  ...baseProfile,
  currentlyManagedAccount: 'PPB10020082',
  creditCardType: 'VISA',
  creditCardLastFourDigits: '4242',
  creditCardExpiryDate: '2026-04-09',
  nextPaymentAmount: 55,
};

function cardHome(status: 1 | 2, profile: Profile = prepaid) {
  return makeHomeStore({
    profile,
    decide: (f: AccountFacts) => ({
      prepaidCard: { status },
      sections: f.prepaidCardAlertClosed ? sections('greeting') : sections('prepaid-card-alert', 'greeting'),
    }),
  });
}

describe('prepaid card status', () => {
  it("status 2 shows 'Payment method almost expired' with Update Payment Method", async () => {
    const { store } = await cardHome(2);
    await renderHome(store);
    const alert = alertNamed('Payment method almost expired');
    expect(alert).toHaveTextContent('Card ending in 4242 expires on April 9, 2026.');
    expect(screen.getByRole('link', { name: 'Update Payment Method' })).toHaveAttribute(
      'href',
      'https://pay.provider.example/update-payment-method',
    );
  });

  it("status 1 shows 'Payment method expired'", async () => {
    const { store } = await cardHome(1, { ...prepaid, creditCardExpiryDate: '2026-02-18' });
    await renderHome(store);
    expect(alertNamed('Payment method expired')).toHaveTextContent(
      'Card ending in 4242 expired on February 18, 2026.',
    );
  });

  it('close hides the alert for the session and moves focus to the home heading', async () => {
    const user = userEvent.setup();
    const { store } = await cardHome(2);
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Close Payment method almost expired' }));
    expect(store.ui.flags.prepaidCardAlertClosed).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Payment method almost expired' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });
});

describe('payment retry success box', () => {
  function retryHome(profile: Profile) {
    return makeHomeStore({
      profile,
      decide: (f: AccountFacts) => ({
        sections: f.retryPaymentSuccess
          ? sections(['payment-retry-success', f.wgPaymentSuccess ? 'soft-guard' : 'standard'], 'greeting')
          : sections('greeting'),
      }),
    });
  }

  it('shows the amount, the last four card digits and the confirmation number (standard variant)', async () => {
    const { store, profileLoads } = await retryHome(prepaid);
    runInAction(() => {
      store.accountData.paymentId = 'PAY-775501';
    });
    await renderHome(store);
    store.ui.setFlag('retryPaymentSuccess', true);
    const box = await screen.findByRole('region', { name: 'Payment successful' });
    expect(box).toHaveTextContent('Service is restored within 24 hours of a payment.');
    expect(box).toHaveTextContent('Amount$55.00');
    expect(box).toHaveTextContent('Paid withCard ending in 4242');
    expect(box).toHaveTextContent('Confirmation numberPAY-775501');
    // 'When retry success becomes true, the profile, HSI info and order history reload.'
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it('names a PayPal account instead of card digits, and has the soft-guard wording with that flag', async () => {
    const { store } = await retryHome({ ...prepaid, creditCardType: 'PAYPAL' });
    await renderHome(store);
    store.ui.setFlag('wgPaymentSuccess', true);
    store.ui.setFlag('retryPaymentSuccess', true);
    const box = await screen.findByRole('region', { name: 'Payment successful' });
    expect(box).toHaveTextContent('Paid withPayPal account');
    expect(box).toHaveTextContent('your service will not be interrupted');
  });

  it('reloads once per success, not again when the home is shown again', async () => {
    const { store, profileLoads } = await retryHome(prepaid);
    store.ui.setFlag('retryPaymentSuccess', true);
    const first = await renderHome(store);
    await waitFor(() => expect(profileLoads()).toBe(2));
    first.unmount();
    await renderHome(store);
    await screen.findByRole('region', { name: 'Payment successful' });
    expect(profileLoads()).toBe(2);
  });
});
