// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistory, RepairTickets } from '../../src/generated/types';
import { Component as Support } from '../../src/features/support/routes/support';
import { HISTORY_TEXTS } from '../../src/ui/OrderTicketHistory';
import { Component as ContactUs } from '../../src/features/support/routes/contact-us';
import { Component as Shop } from '../../src/features/shop/route';
import { baseProfile, failed, makeStore, ok, renderAt } from './harness';

afterEach(cleanup);

const history: OrderHistory = {
  statusInfo: { status: 'SUCCESS' },
  orderTrackerResponse: {
    inflightOrders: [
      { orderNumber: 'N-OPEN', orderStatus: 'IN PROGRESS', apptmtDate: '2026-03-12', techInstall: 'false' },
    ],
    completedOrders: [
      {
        orderNumber: 'N-DONE',
        orderStatus: 'COMPLETED',
        orderCompletedDate: '2026-01-02',
        apptmtDate: '2026-01-02',
      },
      { orderNumber: 'N-GONE', orderStatus: 'INACTIVE', apptmtDate: '2025-12-01' },
    ],
    cancelledOrders: [],
  },
};

const tickets: RepairTickets = {
  troubleReports: [
    {
      nativeTroubleReportIdentifier: 'T-1',
      troubleReportStatus: 'OPN',
      commitmentDateTime: '2026-03-11T10:00:00',
      completionDateTime: '2026-03-11T12:00:00',
      appointmentInfo: { clickStatusValue: 'ENROUTE' },
    },
    {
      nativeTroubleReportIdentifier: 'T-2',
      troubleReportStatus: 'CAN',
      completionDateTime: '2026-03-01T12:00:00',
    },
  ],
};

describe('support', () => {
  it('lists the merged history: open items first by ascending appointment date, then the rest by descending date; INACTIVE hidden', async () => {
    const store = await makeStore({ accountData: { orderHistory: ok(history), tickets: ok(tickets) } });
    renderAt(store, '/support', <Support />);
    const captions = screen.getAllByRole('table').map((t) => t.querySelector('caption')?.textContent);
    expect(captions).toEqual(['Repair ticket T-1', 'Order N-OPEN', 'Repair ticket T-2', 'Order N-DONE']);
    expect(screen.getByRole('table', { name: 'Repair ticket T-2' })).toHaveTextContent('CANCELED ON');
    expect(screen.getByRole('table', { name: 'Order N-OPEN' })).toHaveTextContent('EXPECTED COMPLETION');
    expect(screen.getByRole('table', { name: 'Order N-OPEN' })).toHaveTextContent('Self-Install');
    expect(screen.getByRole('table', { name: 'Repair ticket T-1' })).toHaveTextContent(
      'Your technician is On the way',
    );
  });

  it("shows the spec's error when the orders lookup failed and the tickets did not succeed", async () => {
    const store = await makeStore({
      accountData: {
        orderHistory: ok({ statusInfo: { status: 'FAILURE' }, orderTrackerResponse: 'FAILURERESP' }),
        tickets: failed(),
      },
    });
    renderAt(store, '/support', <Support />);
    expect(screen.getByRole('alert')).toHaveTextContent(HISTORY_TEXTS.error);
  });

  it("names the account's order when only the orders lookup failed, and never leaves 'your order .'", async () => {
    const lookupFailed = {
      orderHistory: ok<OrderHistory>({
        statusInfo: { status: 'FAILURE' },
        orderTrackerResponse: 'FAILURERESP',
      }),
      tickets: ok(tickets),
    };
    const named = await makeStore({
      profile: { ...baseProfile, orderNumber: 'N-LOST' },
      accountData: lookupFailed,
    });
    renderAt(named, '/support', <Support />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We're sorry, we are unable to retrieve details about your order N-LOST. Please try again later.",
    );
    expect(screen.getByRole('table', { name: 'Repair ticket T-1' })).toBeInTheDocument();
    cleanup();

    const unnamed = await makeStore({ accountData: lookupFailed });
    renderAt(unnamed, '/support', <Support />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We're sorry, we are unable to retrieve details about your order. Please try again later.",
    );
  });

  it("shows the spec's empty text when there is nothing to list", async () => {
    const store = await makeStore({
      accountData: {
        orderHistory: ok({
          statusInfo: { status: 'SUCCESS' },
          orderTrackerResponse: { inflightOrders: [], completedOrders: [], cancelledOrders: [] },
        }),
        tickets: ok({ troubleReports: [] }),
      },
    });
    renderAt(store, '/support', <Support />);
    expect(screen.getByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
  });

  it('shows a loading state while the history calls are out', async () => {
    const store = await makeStore({ dataCalls: ['orderHistory', 'tickets'] });
    renderAt(store, '/support', <Support />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders and tickets');
  });

  it('contact us names the account details to have ready', async () => {
    const store = await makeStore();
    renderAt(store, '/contactus', <ContactUs />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('310111222')).toBeInTheDocument();
    const open = vi.spyOn(store.chat, 'open').mockResolvedValue();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with us' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('shop', () => {
  it('shows the services on the account and the fastest speed at the address, and no offer buttons', async () => {
    const store = await makeStore({
      accountData: {
        services: ok({
          statusInfo: { status: 'SUCCESS' },
          servicesAndOffersResponse: {
            internet: {
              isOwned: 'true',
              downloadSpeed: '100 Mbps',
              maxSpeedHSIAvailable: '940 Mbps',
              maxSpeedHSITechTypeAvailable: 'FIBER',
            },
            phone: { isOwned: 'false' },
          },
        }),
      },
    });
    renderAt(store, '/shop', <Shop />);
    expect(screen.getByText('100 Mbps')).toBeInTheDocument();
    expect(screen.getByText('940 Mbps (FIBER)')).toBeInTheDocument();
    // No offer or sign-up button: the only button is the chat's.
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Chat with us/) as unknown,
    ]);
  });
});
