// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { AdaptToken } from '../../generated/types';
import { validateAdaptToken } from '../../generated/validators/adapt-token.js';
import type { ApiClient, Result } from '../client';

export type { AdaptToken };

export const getAdaptTokenPath = '/Orch/dh/adapt/token';

/** GET /Orch/dh/adapt/token: OAuth token for the adapt calls (1200 s life; refresh when under 120 s remain). */
export function getAdaptToken(client: ApiClient): Promise<Result<AdaptToken>> {
  return client.request({ method: 'GET', path: getAdaptTokenPath, validate: validateAdaptToken });
}
