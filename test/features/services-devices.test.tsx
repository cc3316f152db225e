// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAdaptTokenPath } from '../../src/api/calls/adapt-token';
import { getHistoricalSpeedsPath } from '../../src/api/calls/historical-speeds';
import type { ModemInfo, MyServices } from '../../src/generated/types';
import { Component as ServicesLayout } from '../../src/features/services/routes/layout';
import { Component as Internet } from '../../src/features/services/routes/internet';
import { Component as Phone } from '../../src/features/services/routes/phone';
import { Component as AddOns } from '../../src/features/services/routes/add-ons';
import { Component as ConnectedDevices } from '../../src/features/devices/routes/connected-devices';
import { Component as DeviceDetails } from '../../src/features/devices/routes/device-details';
import { Component as ModemDetails } from '../../src/features/devices/routes/modem-details';
import { Component as BroadbandFacts } from '../../src/features/devices/routes/broadband-facts';
import type { HomeDecisions } from '../../src/engine';
import type { CallResult } from '../../src/stores/api-port';
import {
  baseProfile,
  failed,
  fakeOrch,
  fixedDecisions,
  makeStore,
  ok,
  renderAt,
  type OrchRoute,
  type StoreOptions,
} from './harness';

afterEach(cleanup);

const token: OrchRoute = () => ok({ accessToken: 'AT-1', expiresIn: 1200 });

const blueMarble: MyServices = {
  statusInfo: { status: 'SUCCESS' },
  dioProductEligibility: {
    hasHsi: true,
    ownedHsiSpeedInKbps: 1000000,
    availableHsiSpeedInKbps: 940000,
    modemClass: 'C4000',
    ownedHsiBroadbandLabelId: 'F0123',
    hasPhone: true,
    valueAddedServices: ['CYBER_SHIELD'],
    specialConsiderations: ['CONNECTED_VOICE'],
  },
};

const ensemble: MyServices = {
  statusInfo: { status: 'SUCCESS' },
  servicesAndOffersResponse: {
    internet: { isOwned: 'true', downloadSpeed: '100 Mbps', maxSpeedHSIAvailable: '940 Mbps' },
    phone: { isOwned: 'false' },
    addOnPersonalTechPro: { isOwned: 'true' },
  },
};

const modem = (over: Partial<ModemInfo> = {}, first: ModemInfo['modemInfo'][number] = {}): ModemInfo => ({
  isConnected: true,
  modelName: 'C4000XG',
  manufacturer: 'Greenwave',
  serialNumber: 'GW-1',
  modemInfo: [
    {
      byom: false,
      thirdPartyModem: false,
      deviceList: [
        {
          deviceId: 'dev-1',
          deviceName: 'Living room TV',
          deviceType: 'TV',
          connectionType: '5GHz',
          isActive: true,
        },
        { deviceId: 'dev-2', deviceName: 'Old laptop', ipAddress: '192.168.0.9', isActive: false },
      ],
      ...first,
    },
  ],
  ...over,
});

const services = { path: '/services', element: <ServicesLayout /> };

describe('services', () => {
  it('shows the internet plan of a Blue Marble account with 1 Gig and the 7-day speeds', async () => {
    const orch = fakeOrch({
      [getAdaptTokenPath]: token,
      [getHistoricalSpeedsPath]: () =>
        ok({
          statusInfo: { status: 'SUCCESS' },
          sevenDaysHistoricalSpeed: [
            { analysisDay: '2026-03-08', downloadSpeed: '0', uploadSpeed: '0' },
            { analysisDay: '2026-03-09', downloadSpeed: '910', uploadSpeed: '880' },
          ],
        }),
    });
    const store = await makeStore({
      profile: { ...baseProfile, c2e: true },
      orch,
      accountData: { services: ok(blueMarble) },
    });
    renderAt(store, '/services', <Internet />, { path: '', layout: services });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Services']);
    expect(await screen.findByText('1 Gig')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Measured speeds, past 7 days (Mbps)' });
    expect(within(table).getAllByText('NA')).toHaveLength(2);
    expect(screen.getByText('*NA - Not available at this time.')).toBeInTheDocument();
    expect(orch.calls.find((c) => c.path === getHistoricalSpeedsPath)?.query).toMatchObject({
      token: 'AT-1',
    });
  });

  it('shows the historical-data text when the speed history fails', async () => {
    const orch = fakeOrch({ [getAdaptTokenPath]: () => failed() });
    const store = await makeStore({ orch, accountData: { services: ok(ensemble) } });
    renderAt(store, '/services', <Internet />, { path: '', layout: services });
    expect(await screen.findByText('100 Mbps')).toBeInTheDocument();
    expect(
      await screen.findByText('We are unable to retrieve your historical data at this time.'),
    ).toBeInTheDocument();
  });

  it('says so inline when the services call answers FAILURE', async () => {
    const store = await makeStore({ accountData: { services: ok({ statusInfo: { status: 'FAILURE' } }) } });
    renderAt(store, '/services/phone', <Phone />, { path: 'phone', layout: services });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We are unable to show your services right now.',
    );
  });

  it('says service details are not available when the rules skipped the services call', async () => {
    const store = await makeStore();
    renderAt(store, '/services/add-ons', <AddOns />, { path: 'add-ons', layout: services });
    expect(screen.getByText('Service details are not available for this account.')).toBeInTheDocument();
  });

  it('lists the phone plan notes and the add-ons', async () => {
    const store = await makeStore({
      profile: { ...baseProfile, c2e: true },
      accountData: { services: ok(blueMarble) },
    });
    renderAt(store, '/services/phone', <Phone />, { path: 'phone', layout: services });
    expect(await screen.findByText('Connected Voice')).toBeInTheDocument();
    cleanup();
    renderAt(store, '/services/add-ons', <AddOns />, { path: 'add-ons', layout: services });
    expect(await screen.findByRole('list', { name: 'Add-ons on your account' })).toHaveTextContent(
      'Cyber Shield',
    );
  });
});

describe('devices', () => {
  // The modem pages read the account's modem and wifi data (loaded once after the home when HSI is owned)
  // and show what rules/wifi-panel.json decided from it.
  const withModem = (
    variant: HomeDecisions['wifiPanel']['variant'],
    modemInfo: CallResult<ModemInfo> = ok(modem()),
    wifiInfo?: CallResult<unknown>,
  ) =>
    makeStore({
      decisions: { ...fixedDecisions, wifiPanel: { variant } },
      accountData: { modemInfo, ...(wifiInfo ? { wifiInfo } : {}) } as StoreOptions['accountData'],
    });

  it('lists the connected devices in their three groups, each with Rename', async () => {
    const store = await withModem('normal');
    renderAt(store, '/connectedDevices', <ConnectedDevices />);
    const fast = await screen.findByRole('region', { name: 'WiFi 5 GHz (1)' });
    expect(within(fast).getByText('Living room TV')).toBeInTheDocument();
    expect(within(fast).getByRole('button', { name: 'Rename Living room TV' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'WiFi 2.4 GHz (0)' })).toHaveTextContent(
      'No devices in this group.',
    );
    expect(screen.getByRole('region', { name: 'Wired and other (1)' })).toHaveTextContent('Old laptop');
  });

  it('shows the own-modem text and no devices for a bring-your-own modem', async () => {
    const store = await withModem('own-modem', ok(modem({}, { byom: true })));
    renderAt(store, '/connectedDevices', <ConnectedDevices />);
    expect(
      await screen.findByText(
        'This information is not available as you have elected to provide your own modem.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
  });

  it('shows the offline text when the modem is offline', async () => {
    const store = await withModem('offline', ok(modem({ isConnected: false })));
    renderAt(store, '/connectedDevices', <ConnectedDevices />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'WiFi Network and Connected Devices are not available. Please ensure your modem is online.',
    );
  });

  it('shows inline text when the modem call failed', async () => {
    const store = await withModem('unavailable', failed());
    renderAt(store, '/connectedDevices', <ConnectedDevices />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We are unable to reach your modem's information",
    );
  });

  it('shows one device', async () => {
    const store = await withModem('normal');
    renderAt(store, '/deviceDetails?deviceId=dev-2', <DeviceDetails />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Old laptop' })).toBeInTheDocument();
    expect(screen.getByText('192.168.0.9')).toBeInTheDocument();
  });

  it('shows the modem and its WiFi bands without the password', async () => {
    const store = await withModem(
      'normal',
      ok(modem()),
      ok({
        SSIDName: 'LopezHome',
        WirelessKey: 'secret-key-1',
        totalActiveDevices: 1,
        wifiList: [{ ssid: '5', SSIDName: 'LopezHome', band: '5GHz', encryptionType: 'WPA2-Personal' }],
      }),
    );
    renderAt(store, '/ModemDetails', <ModemDetails />);
    expect(await screen.findByText('GW-1')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'WiFi bands' })).toHaveTextContent('5GHz');
    expect(screen.queryByText('secret-key-1')).not.toBeInTheDocument();
  });

  it('shows the broadband facts of the plan', async () => {
    const store = await makeStore({
      profile: { ...baseProfile, c2e: true },
      accountData: { services: ok(blueMarble) },
    });
    renderAt(store, '/broadbandFacts', <BroadbandFacts />);
    expect(await screen.findByText('F0123')).toBeInTheDocument();
    expect(screen.getByText('1 Gig')).toBeInTheDocument();
  });
});
