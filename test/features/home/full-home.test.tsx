// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { alertNamed, makeHomeStore, renderHome, sections } from './home-harness';

afterEach(cleanup);

describe('the full home', () => {
  it('renders its sections in the order the rules resolve', async () => {
    const { store } = await makeHomeStore({
      data: {
        services: { statusInfo: { status: 'SUCCESS' } },
      },
      decide: () => ({
        sections: sections(
          'first-bill-alert',
          'no-services',
          'greeting',
          'network-status',
          'internet-wifi',
          'order-history-link',
          'quick-links',
          'early-life-billing',
          'support',
          'rewards',
        ),
      }),
    });
    await renderHome(store);
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual([
      'Your first bill',
      'No services',
      'Hi, Ana!',
      'Network status',
      'Internet',
      'Quick links',
      'Set up your billing',
      'Paperless billing',
      'Support',
      'Rewards',
    ]);
    expect(alertNamed('No services')).toHaveTextContent(
      'You currently do not have any products associated to your account.',
    );
  });

  it('a reordered rule file reorders the home', async () => {
    const { store } = await makeHomeStore({ decide: () => ({ sections: sections('support', 'greeting') }) });
    await renderHome(store);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Support', 'Hi, Ana!']);
  });
});
