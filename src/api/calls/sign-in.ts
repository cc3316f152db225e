// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { SignIn } from '../../generated/types';
import { validateSignIn } from '../../generated/validators/sign-in.js';
import type { ApiClient, Result } from '../client';

export type { SignIn };

export const getSignInPath = '/Orch/dssh/signIn';

/** GET /Orch/dssh/signIn: Single sign-on response (callSignIn). */
export function getSignIn(client: ApiClient): Promise<Result<SignIn>> {
  return client.request({ method: 'GET', path: getSignInPath, validate: validateSignIn });
}
