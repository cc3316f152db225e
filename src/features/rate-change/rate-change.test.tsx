// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHomeStore, renderHome, sections } from '../../../test/features/home/home-harness';
import { productLabel } from './texts';

afterEach(cleanup);

describe('rate-increase alerts (home spec 2.10, 3)', () => {
  it('one alert per product with the current and next tier rate and the date; recentPast reads in the past; each closes on its own', async () => {
    const user = userEvent.setup();
    const { store } = await makeHomeStore({
      data: {
        rateIncrease: {
          statusInfo: { status: 'SUCCESS' },
          rateChangeNotification: [
            {
              productId: 'V1',
              productType: 'voice-hp',
              currentTierRate: 30,
              nextTierRate: 32.5,
              nextTierEffectiveDate: '2026-04-04',
              recentPast: false,
            },
            {
              productId: 'I1',
              productType: 'internet',
              currentTierRate: 55,
              nextTierRate: 60,
              nextTierEffectiveDate: '2026-03-01',
              recentPast: true,
            },
          ],
        },
      },
      decide: () => ({ sections: sections('rate-increase-alert', 'greeting') }),
    });
    await renderHome(store);
    const phone = screen.getByRole('region', { name: 'Your phone rate is changing' });
    expect(phone).toHaveTextContent(
      'Beginning April 4, 2026, your monthly phone rate will change from $30.00 to $32.50.',
    );
    const internet = screen.getByRole('region', { name: 'Your internet rate has changed' });
    expect(internet).toHaveTextContent(
      'As of March 1, 2026, your monthly internet rate changed from $55.00 to $60.00.',
    );
    await user.click(screen.getByRole('button', { name: 'Close the phone rate alert' }));
    expect(screen.queryByRole('region', { name: 'Your phone rate is changing' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your internet rate has changed' })).toBeInTheDocument();
  });

  it('voice-hp is shown as phone', () => {
    expect(productLabel('voice-hp')).toBe('phone');
    expect(productLabel('internet')).toBe('internet');
    expect(productLabel('tv')).toBe('TV');
  });
});
