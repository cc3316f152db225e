// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { AuthCodeByEmail } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateAuthCodeByEmail = lazyValidator(() =>
  import('../../generated/validators/auth-code-by-email.js').then((m) => m.validateAuthCodeByEmail),
);

export type { AuthCodeByEmail };

export const authCodeByEmailPath = '/preauth/dssh/Orch/forgotFlow/authCodeByEmail';

/** POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail: Sends the authentication code by email. */
export function authCodeByEmail(
  client: ApiClient,
  params: { accountNumber: string; emailAddress?: string },
): Promise<Result<AuthCodeByEmail>> {
  return client.request({
    method: 'POST',
    path: authCodeByEmailPath,
    body: params,
    validate: validateAuthCodeByEmail,
  });
}
