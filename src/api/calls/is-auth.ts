// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { IsAuth } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateIsAuth = lazyValidator(() =>
  import('../../generated/validators/is-auth.js').then((m) => m.validateIsAuth),
);

export type { IsAuth };

export const getIsAuthPath = '/Orch/isAuth';

/** GET /Orch/isAuth: Session check: authenticated true when signed in. */
export function getIsAuth(client: ApiClient): Promise<Result<IsAuth>> {
  return client.request({ method: 'GET', path: getIsAuthPath, validate: validateIsAuth });
}
