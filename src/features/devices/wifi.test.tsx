// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeDecisions } from '../../engine';
import type { ModemInfo, WifiInfo } from '../../generated/types';
import {
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const modem: ModemInfo = {
  isConnected: true,
  securityProvider: 'ADAPT',
  modemInfo: [{ byom: false, thirdPartyModem: false, deviceList: [] }],
};
const wifi: WifiInfo = {
  SSIDName: 'LopezHome',
  WirelessKey: 'secret-key-1',
  totalActiveDevices: 4,
  wifiList: [{ ssid: '1', SSIDName: 'LopezHome' }],
};

function wifiHome(
  variant: HomeDecisions['wifiPanel']['variant'],
  reset = { status: '1', message: 'ok' },
  call: HomeDecisions['wifiUpdateCall']['call'] = 'adapt',
) {
  return makeHomeStore({
    data: { modemInfo: modem, wifiInfo: wifi },
    routes: {
      '/Orch/dh/adapt/token': () => ok({ accessToken: 'AT-1', expiresIn: 1200 }),
      '/Orch/dssh/adapt/resetCredentials': () => ok(reset),
      '/Orch/dssh/acs/updateCredentials': () => ok({ status: '0', message: 'ok' }),
    },
    decide: () => ({
      sections: sections('greeting', 'wifi-devices'),
      wifiPanel: { variant },
      wifiUpdateCall: { call },
    }),
  });
}

const panel = () => screen.getByRole('region', { name: 'WiFi' });

describe('WiFi panel (home spec 2.9)', () => {
  it.each([
    ['own-modem', 'This information is not available as you have elected to provide your own modem.'],
    ['third-party', 'This information is not available as you have elected to provide your own modem.'],
    ['offline', 'WiFi Network and Connected Devices are not available. Please ensure your modem is online.'],
  ] as const)('%s: no wifi details, only %s', async (variant, text) => {
    const { store } = await wifiHome(variant);
    await renderHome(store);
    expect(panel()).toHaveTextContent(text);
    expect(within(panel()).queryByText('LopezHome')).not.toBeInTheDocument();
  });

  it('normal: the network name, the active devices and the fixed 3 groups', async () => {
    const { store } = await wifiHome('normal');
    await renderHome(store);
    const network = within(panel()).getByRole('region', { name: 'WIFI NETWORK' });
    expect(network).toHaveTextContent('LopezHome');
    const devices = within(panel()).getByRole('region', { name: 'CONNECTED DEVICES' });
    expect(devices).toHaveTextContent('Active devices4');
    expect(devices).toHaveTextContent('Groups3');
  });

  it("Edit WIFI info saves with resetCredentials (wtn, ssid, token, security provider) and shows 'WiFi info updated' and the new name", async () => {
    const user = userEvent.setup();
    const { store, orch } = await wifiHome('normal');
    await renderHome(store);
    await user.click(within(panel()).getByRole('button', { name: 'Edit WIFI info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WIFI info' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('WiFi name'));
    await user.type(within(dialog).getByLabelText('WiFi name'), 'Lopez 5G');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(toastTexts(store)).toEqual(['WiFi info updated']));
    const call = orch.calls.find((c) => c.path === '/Orch/dssh/adapt/resetCredentials');
    expect(call?.body).toMatchObject({
      ssid: '1',
      secureToken: 'AT-1',
      securityProvider: 'ADAPT',
      operationParams: { SSIDName: 'Lopez 5G', WirelessKey: 'secret-key-1' },
    });
    expect(within(panel()).getByRole('region', { name: 'WIFI NETWORK' })).toHaveTextContent('Lopez 5G');
  });

  it('Edit WIFI info saves with acs updateCredentials when rules/wifi-update-call.json decides it', async () => {
    const user = userEvent.setup();
    const { store, orch } = await wifiHome('normal', undefined, 'acs');
    await renderHome(store);
    await user.click(within(panel()).getByRole('button', { name: 'Edit WIFI info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WIFI info' });
    await user.type(within(dialog).getByLabelText('WiFi name'), '-acs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['WiFi info updated']));
    expect(orch.calls.map((c) => c.path)).toContain('/Orch/dssh/acs/updateCredentials');
    expect(orch.calls.map((c) => c.path)).not.toContain('/Orch/dssh/adapt/resetCredentials');
  });

  it("status '0' from resetCredentials is a failure: its message shows, the values revert, the dialog stays open", async () => {
    const user = userEvent.setup();
    const { store, issues } = await wifiHome('normal', { status: '0', message: 'Name in use' });
    await renderHome(store);
    await user.click(within(panel()).getByRole('button', { name: 'Edit WIFI info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WIFI info' });
    await user.type(within(dialog).getByLabelText('WiFi name'), 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Name in use');
    expect(within(dialog).getByLabelText('WiFi name')).toHaveValue('LopezHome');
    expect(issues.map((i) => i.operation)).toContain('resetCredentials');
    expect(toastTexts(store)).toEqual([]);
  });
});
