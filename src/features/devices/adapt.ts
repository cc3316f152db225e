import { getModemInfo } from '../../api/calls/modem-info';
import { getWifiInfo } from '../../api/calls/wifi-info';
import type { RootStore } from '../../stores/root-store';
import type { ModemInfo, Profile, WifiInfo } from '../../generated/types';
import type { CallResult } from '../../stores/api-port';

/** The query every adapt call takes: the line, the billing system, and the OAuth token. */
async function adaptQuery(
  store: RootStore,
  p: Profile,
): Promise<CallResult<{ wtn: string; sourceSystem: string; token: string }>> {
  const token = await store.adaptToken();
  if (!token.ok) return token;
  return {
    ok: true,
    data: { wtn: p.wtn ?? '', sourceSystem: p.billingSource ?? 'DIGIHOME', token: token.data },
  };
}

/** GET adapt/modemInfo, after the OAuth token (spec: the devices calls use an OAuth token). */
export async function loadModemInfo(store: RootStore, p: Profile): Promise<CallResult<ModemInfo>> {
  const q = await adaptQuery(store, p);
  return q.ok ? getModemInfo(store.orch, q.data) : q;
}

/** GET adapt/getWifiInfo, after the OAuth token. */
export async function loadWifiInfo(store: RootStore, p: Profile): Promise<CallResult<WifiInfo>> {
  const q = await adaptQuery(store, p);
  return q.ok ? getWifiInfo(store.orch, q.data) : q;
}

/**
 * What the modem answer lets the page show (home spec 2.9): own or third-party modem users see no wifi or
 * device details; an offline modem has none to give; otherwise the details.
 */
export type ModemView = 'own-modem' | 'offline' | 'online';

export function modemView(m: ModemInfo): ModemView {
  const first = m.modemInfo[0];
  if (first?.byom || first?.thirdPartyModem) return 'own-modem';
  return m.isConnected ? 'online' : 'offline';
}

/** Home spec 2.9 texts, verbatim. */
export const DEVICE_TEXTS = {
  ownModem: 'This information is not available as you have elected to provide your own modem.',
  offline: 'WiFi Network and Connected Devices are not available. Please ensure your modem is online.',
} as const;
