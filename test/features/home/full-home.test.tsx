// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe("what customers did with the home's sections, reported for a rollout's live effect", () => {
  it("a tap on a section's action is 'tapped', its alert's close 'dismissed', a click on text nothing", async () => {
    const beacons: Array<{ url: string; body: unknown }> = [];
    const { store } = await makeHomeStore({
      env: { beacon: (url, body) => void beacons.push({ url, body: JSON.parse(body) as unknown }) },
      decide: () => ({ sections: sections('prepaid-card-alert', 'greeting'), prepaidCard: { status: 2 } }),
    });
    // The server rendered and counted this home: hydrating it reports nothing.
    store.servedHome();
    await renderHome(store);
    const alert = alertNamed('Payment method almost expired');
    const link = within(alert).getByRole('link', { name: 'Update Payment Method' });
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(within(alert).getByText(/Update your payment method/));
    expect(beacons).toEqual([]);
    await userEvent.click(link);
    await userEvent.click(within(alert).getByRole('button', { name: 'Close Payment method almost expired' }));
    expect(beacons).toEqual([
      {
        url: '/effect',
        body: { accountNumber: '310111222', section: 'prepaid-card-alert', action: 'tapped' },
      },
      {
        url: '/effect',
        body: { accountNumber: '310111222', section: 'prepaid-card-alert', action: 'dismissed' },
      },
    ]);
  });

  it('a home the browser shows itself (not the server’s render it hydrates) is reported once, with its sections', async () => {
    const beacons: unknown[] = [];
    const { store } = await makeHomeStore({
      env: { beacon: (_url, body) => void beacons.push(JSON.parse(body) as unknown) },
      decide: () => ({ sections: sections('greeting', 'quick-links') }),
    });
    const { unmount } = await renderHome(store);
    await waitFor(() =>
      expect(beacons).toEqual([{ accountNumber: '310111222', home: ['greeting', 'quick-links'] }]),
    );
    unmount();
    // Back on the home after a navigation: a home shown again.
    await renderHome(store);
    await waitFor(() => expect(beacons).toHaveLength(2));
  });

  it('a home the server rendered but the customer left before the browser showed it: the next one counts', async () => {
    const beacons: unknown[] = [];
    const { store } = await makeHomeStore({
      env: { beacon: (_url, body) => void beacons.push(JSON.parse(body) as unknown) },
      decide: () => ({ sections: sections('greeting', 'quick-links') }),
    });
    store.servedHome();
    store.setPage('/home');
    // Another page before the full home was mounted (the server's page showed another view of the home).
    store.setPage('/billing');
    store.setPage('/home');
    await renderHome(store);
    await waitFor(() =>
      expect(beacons).toEqual([{ accountNumber: '310111222', home: ['greeting', 'quick-links'] }]),
    );
  });
});
