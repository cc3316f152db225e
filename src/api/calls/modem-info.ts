// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ModemInfo } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateModemInfo = lazyValidator(() =>
  import('../../generated/validators/modem-info.js').then((m) => m.validateModemInfo),
);

export type { ModemInfo };

export const getModemInfoPath = '/Orch/dssh/adapt/modemInfo';

/** GET /Orch/dssh/adapt/modemInfo: Modem info, connection status (isConnected) and connected devices (modemInfo[0].deviceList). */
export function getModemInfo(
  client: ApiClient,
  params: { wtn: string; sourceSystem: string; token: string },
): Promise<Result<ModemInfo>> {
  return client.request({
    method: 'GET',
    path: getModemInfoPath,
    query: params,
    validate: validateModemInfo,
  });
}
