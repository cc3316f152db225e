// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { WifiInfo } from '../../generated/types';
import { validateWifiInfo } from '../../generated/validators/wifi-info.js';
import type { ApiClient, Result } from '../client';

export type { WifiInfo };

export const getWifiInfoPath = '/Orch/dssh/adapt/getWifiInfo';

/** GET /Orch/dssh/adapt/getWifiInfo: Wifi network details. */
export function getWifiInfo(
  client: ApiClient,
  params: { wtn: string; sourceSystem: string; token: string },
): Promise<Result<WifiInfo>> {
  return client.request({ method: 'GET', path: getWifiInfoPath, query: params, validate: validateWifiInfo });
}
