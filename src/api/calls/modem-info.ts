// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ModemInfo } from '../../generated/types';
import { validateModemInfo } from '../../generated/validators/modem-info.js';
import type { ApiClient, Result } from '../client';

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
