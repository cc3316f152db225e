// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as Messages } from '../../src/features/messages/route';
import { Component as Outage } from '../../src/features/outage/route';
import { Component as AddAnAccountNumber } from '../../src/features/add-account/routes/add-an-account-number';
import { checkAccountNumber } from '../../src/features/add-account/account-number';
import { Component as CancelServices } from '../../src/features/cancel/routes/cancel-services';
import { Component as EditMailingAddress } from '../../src/features/addresses/routes/edit-mailing-address';
import { baseProfile, failed, fixedDecisions, makeStore, ok, renderAt } from './harness';

afterEach(cleanup);

const techOrderProfile = {
  ...baseProfile,
  earlyAccessProductOrderResponse: {
    orderStatus: 'IN PROGRESS',
    jobStatus: 'ENROUTE',
    earlyAccessProductOrderResponse: {
      orderStatus: 'IN PROGRESS',
      orderActivityType: 'INSTALL',
      orderNumber: 'N80040001',
      techInstall: 1,
      apptDate: '2026-03-11',
      apptStartTime: '2026-03-11T08:00:00',
      apptEndTime: '2026-03-11T12:00:00',
    },
  },
};

describe('messages', () => {
  it('shows the appointment messages of the pending order for the orderStatus and date params', async () => {
    const store = await makeStore({ profile: techOrderProfile });
    renderAt(store, '/messages?orderStatus=IN%20PROGRESS&date=2026-03-11', <Messages />);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('N80040001')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages about order N80040001' });
    expect(list).toHaveTextContent(
      'Your technician appointment is on March 11, 2026 between 8:00 AM and 12:00 PM.',
    );
    expect(list).toHaveTextContent('Your technician is On the way');
  });

  it('says so when there is no pending order', async () => {
    const store = await makeStore();
    renderAt(store, '/messages', <Messages />);
    expect(
      screen.getByText('You have no pending service order, so there are no appointment messages.'),
    ).toBeVisible();
  });

  it('uses the spec wording for a self-install order', async () => {
    const store = await makeStore({
      profile: {
        ...baseProfile,
        earlyAccessProductOrderResponse: {
          earlyAccessProductOrderResponse: { orderNumber: 'N1', techInstall: 0, orderDueDate: '2026-03-12' },
        },
      },
    });
    renderAt(store, '/messages', <Messages />);
    expect(screen.getByText('You have a pending service order for March 12, 2026.')).toBeInTheDocument();
  });
});

describe('outage notification', () => {
  it('shows the outage and its estimated repair time, and no fake sign-up', async () => {
    const store = await makeStore({
      accountData: {
        outage: ok({
          currentOutage: true,
          outageId: 'OUT-77',
          outageHangover: false,
          rebootModem: false,
          estRepairTime: { dateTime: '2026-03-10T18:30:00' },
        }),
      },
      decisions: { ...fixedDecisions, outage: { alert: 'eta' } },
    });
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByText('OUT-77')).toBeInTheDocument();
    expect(screen.getByText('March 10, 2026 at 6:30 PM')).toBeInTheDocument();
    // No offer or sign-up button: the only button is the chat's.
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Chat with us/) as unknown,
    ]);
    expect(screen.getByRole('link', { name: 'Update your email address' })).toHaveAttribute(
      'href',
      '/settings/notifications?focusEmailid=true',
    );
  });

  it('says the duration is still being determined when the time is unknown', async () => {
    const store = await makeStore({
      accountData: {
        outage: ok({
          currentOutage: true,
          outageHangover: false,
          rebootModem: false,
          estRepairTime: { dateTime: null },
        }),
      },
      decisions: { ...fixedDecisions, outage: { alert: 'eta-unknown' } },
    });
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByText('The duration of this outage is still being determined.')).toBeInTheDocument();
  });

  it('shows inline text when the outage call failed', async () => {
    const store = await makeStore({ accountData: { outage: failed() } });
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByRole('alert')).toHaveTextContent('We are unable to check for outages at this time.');
  });
});

describe('outage notification, more', () => {
  it('uses the softer wording the rules chose for a repair time already past', async () => {
    const store = await makeStore({
      accountData: {
        outage: ok({
          currentOutage: true,
          outageHangover: false,
          rebootModem: false,
          estRepairTime: { dateTime: '2026-03-10T08:00:00' },
        }),
      },
      decisions: { ...fixedDecisions, outage: { alert: 'eta-past' } },
    });
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByText(/We expected to fix this by March 10, 2026 at 8:00 AM/)).toBeInTheDocument();
  });

  it('says outage information is not available when the rules skipped the call', async () => {
    const store = await makeStore();
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByText('Outage information is not available for this account.')).toBeInTheDocument();
  });

  it('shows a loading state while the call is planned but not answered', async () => {
    const store = await makeStore({ dataCalls: ['outage'] });
    renderAt(store, '/outageNotification', <Outage />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking for outages in your area');
  });
});

describe('add an account number', () => {
  it.each(['310111222', '310-111-222-33', '3035551234567', 'ppb10020030'])('accepts %s', (n) => {
    expect(checkAccountNumber(n).ok).toBe(true);
  });
  it.each(['', '1234', '3101112223', 'PPB', '31011122#'])('rejects %j', (n) => {
    expect(checkAccountNumber(n).ok).toBe(false);
  });

  it('validates the number and says plainly that linking happens with the provider', async () => {
    const store = await makeStore();
    const user = userEvent.setup();
    renderAt(store, '/AddAnAccountNumber', <AddAnAccountNumber />);
    expect(screen.getByRole('table', { name: 'Accounts on your profile' })).toHaveTextContent('310111222');
    const field = screen.getByLabelText('Account number');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Enter an account number of 9, 11 or 13 characters/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'PPB10020030');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('status')).toHaveTextContent('Account PPB10020030 is not linked yet.');
  });
});

describe('informational pages', () => {
  it('cancel services offers the chat and decides nothing', async () => {
    const store = await makeStore();
    renderAt(store, '/Cancel-Services', <CancelServices />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel Services' })).toBeInTheDocument();
    const open = vi.spyOn(store.chat, 'open').mockResolvedValue();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with us to cancel' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('edit mailing address shows the address on file', async () => {
    const store = await makeStore();
    renderAt(store, '/EditMailingAddress', <EditMailingAddress />);
    expect(screen.getByRole('region', { name: 'Mailing address' })).toHaveTextContent('PO Box 44');
    expect(screen.getByRole('region', { name: 'Service address' })).toHaveTextContent('12 Elm St');
  });
});
