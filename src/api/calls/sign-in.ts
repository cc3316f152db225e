// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { SignIn } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateSignIn = lazyValidator(() =>
  import('../../generated/validators/sign-in.js').then((m) => m.validateSignIn),
);

export type { SignIn };

export const getSignInPath = '/Orch/dssh/signIn';

/** GET /Orch/dssh/signIn: Single sign-on response (callSignIn). */
export function getSignIn(client: ApiClient): Promise<Result<SignIn>> {
  return client.request({ method: 'GET', path: getSignInPath, validate: validateSignIn });
}
