// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ResetPasswordWithToken } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateResetPasswordWithToken = lazyValidator(() =>
  import('../../generated/validators/reset-password-with-token.js').then(
    (m) => m.validateResetPasswordWithToken,
  ),
);

export type { ResetPasswordWithToken };

export const resetPasswordWithTokenPath = '/preauth/dssh/Orch/forgotFlow/resetPasswordWithToken';

/**
 * GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken: Checks a reset-link token. Shell spec §4: 'Token fetch
 * is refused if the token is empty': an empty (or blank) token fails here, with no call.
 */
export function resetPasswordWithToken(
  client: ApiClient,
  params: { token: string },
): Promise<Result<ResetPasswordWithToken>> {
  if (params.token.trim() === '')
    return Promise.resolve({
      ok: false,
      kind: 'request',
      message: 'Token fetch refused: the token is empty',
    });
  return client.request({
    method: 'GET',
    path: resetPasswordWithTokenPath,
    query: params,
    validate: validateResetPasswordWithToken,
  });
}
