// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { AdaptToken } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateAdaptToken = lazyValidator(() =>
  import('../../generated/validators/adapt-token.js').then((m) => m.validateAdaptToken),
);

export type { AdaptToken };

export const getAdaptTokenPath = '/Orch/dh/adapt/token';

/** GET /Orch/dh/adapt/token: OAuth token for the adapt calls (1200 s life; refresh when under 120 s remain). */
export function getAdaptToken(client: ApiClient): Promise<Result<AdaptToken>> {
  return client.request({ method: 'GET', path: getAdaptTokenPath, validate: validateAdaptToken });
}
