// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { WgStatus } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateWgStatus = lazyValidator(() =>
  import('../../generated/validators/wg-status.js').then((m) => m.validateWgStatus),
);

export type { WgStatus };

export const getWgStatusPath = '/Orch/dssh/aos/ppp/getWGStatus';

/** GET /Orch/dssh/aos/ppp/getWGStatus: Walled-garden (payment guard) status. */
export function getWgStatus(client: ApiClient, params: { baid: string }): Promise<Result<WgStatus>> {
  return client.request({ method: 'GET', path: getWgStatusPath, query: params, validate: validateWgStatus });
}
