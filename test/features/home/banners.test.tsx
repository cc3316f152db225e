// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedDecisions } from '../harness';
import { alertNamed, baseProfile, makeHomeStore, renderHome, sections } from './home-harness';

afterEach(cleanup);

describe('account status banners', () => {
  it("shows 'Your account is currently unavailable' with the planned maintenance of upto 6 hours and Learn more", async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ banner: { banner: 'embargo' }, sections: sections('greeting') }),
    });
    await renderHome(store);
    const banner = alertNamed('Your account is currently unavailable');
    expect(banner).toHaveTextContent('This planned maintenance period may take upto 6 hours.');
    expect(screen.getByRole('link', { name: /Learn more/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/support/maintenance',
    );
  });

  it('renders the banner above the home view', async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ banner: { banner: 'maintenance' }, sections: sections('greeting') }),
    });
    await renderHome(store);
    const banner = alertNamed('Scheduled maintenance');
    // The notice's date range is configuration (config/portal.json maintenanceNotice).
    expect(banner).toHaveTextContent(
      'Systems are unavailable from December 5, 2026 at 10:00 PM to December 6, 2026 at 4:00 AM.',
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the account-change notice with the new and the old account numbers', async () => {
    const { store } = await makeHomeStore({
      profile: {
        ...baseProfile,
        currentlyManagedAccount: '501900784',
        conversionInfo: {
          conversionStatus: 'c',
          conversionDate: '2026-02-28',
          convertedBan: '501900784',
          convertedCrisAccount: '3035552223334',
        },
      },
      decide: () => ({ banner: { banner: 'account-change' } }),
    });
    await renderHome(store);
    const banner = alertNamed('Your account number has changed');
    expect(banner).toHaveTextContent('New account number501900784');
    expect(banner).toHaveTextContent('Previous account number3035552223334');
  });

  it('shows the blocked-account message once on the blocked view, and as a banner above any other view', async () => {
    const text =
      'Your account has been blocked from online access. If you believe this is an error, please chat with us.';
    const blockedView = await makeHomeStore({
      decide: () => ({ banner: { banner: 'blocked' }, homeView: { view: 'blocked', params: {} } }),
    });
    await renderHome(blockedView.store);
    expect(screen.getAllByText(text)).toHaveLength(1);
    cleanup();

    const messaging = await makeHomeStore({
      decide: () => ({
        banner: { banner: 'blocked' },
        homeView: { view: 'account-messaging', params: { messageKind: 'bgs' } },
      }),
    });
    await renderHome(messaging.store);
    expect(alertNamed('Online access blocked')).toHaveTextContent(text);
  });

  it('says a closed account is archived about 90 days after the disconnect date', async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ banner: { banner: 'account-closed' }, homeView: { view: 'closed', params: {} } }),
    });
    await renderHome(store);
    expect(screen.getAllByRole('heading', { name: 'This account is Closed' })).toHaveLength(1);
    expect(
      screen.getByText('Closed accounts are archived about 90 days after the disconnect date.'),
    ).toBeInTheDocument();
  });

  it("says an archived account's closed accounts are archived after the rules' archiveAfterDays", async () => {
    const { store } = await makeHomeStore({
      decide: () => ({
        homeView: { view: 'archived', params: {} },
        constants: { ...fixedDecisions.constants, archiveAfterDays: 60 },
      }),
    });
    await renderHome(store);
    expect(screen.getByRole('heading', { name: 'This account has been archived' })).toBeInTheDocument();
    expect(
      screen.getByText(/Closed accounts are archived about 60 days after the disconnect date\./),
    ).toBeInTheDocument();
  });

  it("says service is restored within the rules' serviceRestoreHours on the suspended view", async () => {
    const { store } = await makeHomeStore({
      decide: () => ({
        homeView: { view: 'suspended', params: {} },
        constants: { ...fixedDecisions.constants, serviceRestoreHours: 48 },
      }),
    });
    await renderHome(store);
    expect(screen.getByRole('heading', { name: 'Your service has been suspended!' })).toBeInTheDocument();
    expect(screen.getByText('Service is restored within 48 hours of a payment.')).toBeInTheDocument();
  });

  it('shows no banner when the rules decide none', async () => {
    const { store } = await makeHomeStore({ decide: () => ({ sections: sections('greeting') }) });
    await renderHome(store);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});
