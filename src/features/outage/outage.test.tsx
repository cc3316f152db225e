// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutageAlert } from '../../engine';
import type { ModemInfo, Outage } from '../../generated/types';
import {
  alertNamed,
  baseDecisions,
  failed,
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
  type HomeStoreOptions,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const modem: ModemInfo = { isConnected: true, serialNumber: 'GW4000X123456', modemInfo: [] };
const outage = (dateTime: string | null): Outage => ({
  currentOutage: true,
  outageHangover: false,
  rebootModem: false,
  estRepairTime: { dateTime },
});

function outageHome(alert: OutageAlert, options: HomeStoreOptions = {}) {
  return makeHomeStore({
    data: { outage: outage('2026-03-11T10:00:00'), modemInfo: modem },
    decide: () => ({ outage: { alert }, sections: sections('outage-alert', 'greeting', 'network-status') }),
    ...options,
  });
}

describe('outage alert', () => {
  it('shows the resolution time when the repair time is known, linking to /outageNotification', async () => {
    const { store } = await outageHome('eta');
    await renderHome(store);
    const alert = alertNamed('Service outage in your area');
    expect(alert).toHaveTextContent('Estimated resolution time: March 11, 2026 at 10:00 AM');
    expect(screen.getByRole('link', { name: 'Get notified when service is restored' })).toHaveAttribute(
      'href',
      '/outageNotification',
    );
    expect(screen.getByText('We are working on an outage in your area.')).toBeInTheDocument();
  });

  it('uses softer wording when the repair time is already past', async () => {
    const { store } = await outageHome('eta-past');
    await renderHome(store);
    expect(alertNamed('Service outage in your area')).toHaveTextContent(
      'It is taking longer than we estimated',
    );
    expect(screen.getByRole('link', { name: 'Get notified when service is restored' })).toBeInTheDocument();
  });

  it('says the duration is still being determined when the repair time is unknown', async () => {
    const { store } = await outageHome('eta-unknown');
    await renderHome(store);
    expect(alertNamed('Service outage in your area')).toHaveTextContent(
      'The time needed for the repair is still being determined.',
    );
  });

  it('offers the instructions link for a hangover without a connected modem', async () => {
    const { store } = await outageHome('hangover-instructions');
    await renderHome(store);
    const alert = alertNamed('Still having trouble with your service?');
    expect(alert).toHaveTextContent('restarting your modem may help');
    expect(screen.getByRole('link', { name: /How to restart your modem/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/support/internet/restart-modem',
    );
    expect(screen.queryByRole('button', { name: 'Restart modem' })).not.toBeInTheDocument();
  });
});

describe('modem restart (hangover with the modem connected)', () => {
  const adapt = {
    '/Orch/dh/adapt/token': () => ok({ accessToken: 'T1', expiresIn: 1200 }),
    '/Orch/dssh/adapt/deviceReboot': () => ok('Reboot initiated'),
  };

  it('says the restart time of rules/constants.json (modemRestartMinutes), not a number of its own', async () => {
    const user = userEvent.setup();
    const { store } = await outageHome('hangover-restart', {
      routes: adapt,
      decide: () => ({
        outage: { alert: 'hangover-restart' },
        sections: sections('outage-alert', 'greeting', 'network-status'),
        constants: { ...baseDecisions.constants, modemRestartMinutes: 3 },
      }),
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Restart modem' }));
    expect(await screen.findByRole('dialog', { name: 'Restart your modem' })).toHaveTextContent(
      'The restart takes up to three minutes.',
    );
  });

  it("confirms in a dialog that the restart takes up to five minutes, then toasts 'Modem reboot complete'", async () => {
    const user = userEvent.setup();
    const { store, orch, timers } = await outageHome('hangover-restart', { routes: adapt });
    await renderHome(store);
    const restart = screen.getByRole('button', { name: 'Restart modem' });
    await user.click(restart);
    const dialog = await screen.findByRole('dialog', { name: 'Restart your modem' });
    expect(dialog).toHaveTextContent('The restart takes up to five minutes.');
    await user.click(screen.getByRole('button', { name: 'Restart now' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Modem reboot complete']));
    expect(timers).toEqual([3000]);
    const call = orch.calls.find((c) => c.path === '/Orch/dssh/adapt/deviceReboot');
    expect(call?.query).toMatchObject({ serialNumber: 'GW4000X123456', wtn: '3035550100', token: 'T1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(restart).toHaveFocus();
  });

  it("toasts 'We were unable to reboot your modem' (3 s) when the reply contains 'Error', and logs it", async () => {
    const user = userEvent.setup();
    const { store, issues, timers } = await outageHome('hangover-restart', {
      routes: { ...adapt, '/Orch/dssh/adapt/deviceReboot': () => ok('Error: modem offline') },
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Restart modem' }));
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['We were unable to reboot your modem']));
    expect(timers).toEqual([3000]);
    expect(issues.map((i) => i.operation)).toEqual(['deviceReboot']);
  });

  it('uses the acs reboot call when rules/reboot-call.json decides it', async () => {
    const user = userEvent.setup();
    const { store, orch } = await outageHome('hangover-restart', {
      routes: { '/Orch/dssh/acs/deviceReboot': () => ok('Reboot initiated') },
      decide: () => ({
        outage: { alert: 'hangover-restart' },
        rebootCall: { call: 'acs' },
        sections: sections('outage-alert'),
      }),
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Restart modem' }));
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Modem reboot complete']));
    expect(orch.calls.find((c) => c.path === '/Orch/dssh/acs/deviceReboot')?.body).toEqual({
      wtn: '3035550100',
    });
  });

  it('a failed reboot call also ends in the failure toast', async () => {
    const user = userEvent.setup();
    const { store } = await outageHome('hangover-restart', {
      routes: { ...adapt, '/Orch/dssh/adapt/deviceReboot': () => failed() },
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Restart modem' }));
    await user.click(await screen.findByRole('button', { name: 'Restart now' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['We were unable to reboot your modem']));
  });

  it('Cancel closes the dialog without a call', async () => {
    const user = userEvent.setup();
    const { store, orch } = await outageHome('hangover-restart', { routes: adapt });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Restart modem' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });
});
