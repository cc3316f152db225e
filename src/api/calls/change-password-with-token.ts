// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ChangePasswordWithToken } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateChangePasswordWithToken = lazyValidator(() =>
  import('../../generated/validators/change-password-with-token.js').then(
    (m) => m.validateChangePasswordWithToken,
  ),
);

export type { ChangePasswordWithToken };

export const changePasswordWithTokenPath = '/preauth/dssh/orch/ecom/changePasswordWithToken';

/** POST /preauth/dssh/orch/ecom/changePasswordWithToken: Changes the password; needs response 'Success'. */
export function changePasswordWithToken(
  client: ApiClient,
  params: { token: string; password: string },
): Promise<Result<ChangePasswordWithToken>> {
  return client.request({
    method: 'POST',
    path: changePasswordWithTokenPath,
    body: params,
    validate: validateChangePasswordWithToken,
  });
}

/** Spec: the change needs the response 'Success'. */
export const passwordChanged = (data: ChangePasswordWithToken): boolean => data.response === 'Success';
