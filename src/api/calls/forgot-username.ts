// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ForgotUsername } from '../../generated/types';
import { validateForgotUsername } from '../../generated/validators/forgot-username.js';
import type { ApiClient, Result } from '../client';

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
