// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { HomeEarlyInit } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateHomeEarlyInit = lazyValidator(() =>
  import('../../generated/validators/home-early-init.js').then((m) => m.validateHomeEarlyInit),
);

export type { HomeEarlyInit };

export const getHomeEarlyInitPath = '/Orch/dssh/homeEarlyInit';

/** GET /Orch/dssh/homeEarlyInit: Profile data (getprofiledata). ok: statusCode 200; failure: statusCode -7 or no accountLifeCycle; status '223': add an account; statusCode 222: redirect to response. */
export function getHomeEarlyInit(client: ApiClient): Promise<Result<HomeEarlyInit>> {
  return client.request({ method: 'GET', path: getHomeEarlyInitPath, validate: validateHomeEarlyInit });
}
