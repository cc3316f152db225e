// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { WgStatus } from '../../generated/types';
import { validateWgStatus } from '../../generated/validators/wg-status.js';
import type { ApiClient, Result } from '../client';

export type { WgStatus };

export const getWgStatusPath = '/Orch/dssh/aos/ppp/getWGStatus';

/** GET /Orch/dssh/aos/ppp/getWGStatus: Walled-garden (payment guard) status. */
export function getWgStatus(client: ApiClient, params: { baid: string }): Promise<Result<WgStatus>> {
  return client.request({ method: 'GET', path: getWgStatusPath, query: params, validate: validateWgStatus });
}
