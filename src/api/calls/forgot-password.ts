// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ForgotPassword } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateForgotPassword = lazyValidator(() =>
  import('../../generated/validators/forgot-password.js').then((m) => m.validateForgotPassword),
);

export type { ForgotPassword };

export const getForgottenPasswordPath = '/preauth/dssh/Orch/forgotFlow/getForgottenPassword';

/** GET /preauth/dssh/Orch/forgotFlow/getForgottenPassword: Forgot password step 1; a non-empty errorMessage is ERROR_IN_RESPONSE. */
export function getForgottenPassword(
  client: ApiClient,
  params: { login: string },
): Promise<Result<ForgotPassword>> {
  return client.request({
    method: 'GET',
    path: getForgottenPasswordPath,
    query: params,
    validate: validateForgotPassword,
  });
}
