// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CheckEmail } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCheckEmail = lazyValidator(() =>
  import('../../generated/validators/check-email.js').then((m) => m.validateCheckEmail),
);

export type { CheckEmail };

export const checkEmailForForgottenPasswordPath =
  '/preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword';

/** POST /preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword: Checks the email of a login (forgot password). */
export function checkEmailForForgottenPassword(
  client: ApiClient,
  params: { login: string; emailAddress: string },
): Promise<Result<CheckEmail>> {
  return client.request({
    method: 'POST',
    path: checkEmailForForgottenPasswordPath,
    body: params,
    validate: validateCheckEmail,
  });
}
