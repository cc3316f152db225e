// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { WifiInfo } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateWifiInfo = lazyValidator(() =>
  import('../../generated/validators/wifi-info.js').then((m) => m.validateWifiInfo),
);

export type { WifiInfo };

export const getWifiInfoPath = '/Orch/dssh/adapt/getWifiInfo';

/** GET /Orch/dssh/adapt/getWifiInfo: Wifi network details. */
export function getWifiInfo(
  client: ApiClient,
  params: { wtn: string; sourceSystem: string; token: string },
): Promise<Result<WifiInfo>> {
  return client.request({ method: 'GET', path: getWifiInfoPath, query: params, validate: validateWifiInfo });
}
