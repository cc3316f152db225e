// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ForgotUsername } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateForgotUsername = lazyValidator(() =>
  import('../../generated/validators/forgot-username.js').then((m) => m.validateForgotUsername),
);

export type { ForgotUsername };

export const getForgottenUserNamePath = '/preauth/dssh/Orch/forgotFlow/getForgottenUserName2';

/** GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2: Forgot username: emails the username. */
export function getForgottenUserName(
  client: ApiClient,
  params: { email: string },
): Promise<Result<ForgotUsername>> {
  return client.request({
    method: 'GET',
    path: getForgottenUserNamePath,
    query: params,
    validate: validateForgotUsername,
  });
}
