// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ValidateEmail } from '../../generated/types';
import { validateValidateEmail } from '../../generated/validators/validate-email.js';
import type { ApiClient, Result } from '../client';

export type { ValidateEmail };

export const validateEmailPath = '/Orch/dssh/bm/validateEmail';

/** GET /Orch/dssh/bm/validateEmail: Provider validation of an email address: SUCCESS or ERROR. */
export function validateEmail(
  client: ApiClient,
  params: { emailAddress: string },
): Promise<Result<ValidateEmail>> {
  return client.request({
    method: 'GET',
    path: validateEmailPath,
    query: params,
    validate: validateValidateEmail,
  });
}
