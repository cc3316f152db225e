// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { IsAuth } from '../../generated/types';
import { validateIsAuth } from '../../generated/validators/is-auth.js';
import type { ApiClient, Result } from '../client';

export type { IsAuth };

export const getIsAuthPath = '/Orch/isAuth';

/** GET /Orch/isAuth: Session check: authenticated true when signed in. */
export function getIsAuth(client: ApiClient): Promise<Result<IsAuth>> {
  return client.request({ method: 'GET', path: getIsAuthPath, validate: validateIsAuth });
}
