// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ResetPasswordWithToken } from '../../generated/types';
import { validateResetPasswordWithToken } from '../../generated/validators/reset-password-with-token.js';
import type { ApiClient, Result } from '../client';

export type { ResetPasswordWithToken };

export const resetPasswordWithTokenPath = '/preauth/dssh/Orch/forgotFlow/resetPasswordWithToken';

/** GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken: Checks a reset-link token. */
export function resetPasswordWithToken(
  client: ApiClient,
  params: { token: string },
): Promise<Result<ResetPasswordWithToken>> {
  return client.request({
    method: 'GET',
    path: resetPasswordWithTokenPath,
    query: params,
    validate: validateResetPasswordWithToken,
  });
}
