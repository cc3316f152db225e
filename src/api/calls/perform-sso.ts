// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { SignIn } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateSignIn = lazyValidator(() =>
  import('../../generated/validators/sign-in.js').then((m) => m.validateSignIn),
);

export const performSsoPath = '/preauth/dssh/redirectEntry/sso/performSSO';

/** POST /preauth/dssh/redirectEntry/sso/performSSO: Single sign-on (cancel service from the app). Non-200 is a failure ('performSSO service status code is not OK'). */
export function performSso(client: ApiClient, params: { token: string }): Promise<Result<SignIn>> {
  return client.request({ method: 'POST', path: performSsoPath, body: params, validate: validateSignIn });
}
