// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ValidateEmailUn } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateValidateEmailUn = lazyValidator(() =>
  import('../../generated/validators/validate-email-un.js').then((m) => m.validateValidateEmailUn),
);

export type { ValidateEmailUn };

export const validateEmailUnPath = '/preauth/dssh/bm/validateEmailUn';

/** GET /preauth/dssh/bm/validateEmailUn: Whether the email can be used as a username. */
export function validateEmailUn(
  client: ApiClient,
  params: { emailAddress: string },
): Promise<Result<ValidateEmailUn>> {
  return client.request({
    method: 'GET',
    path: validateEmailUnPath,
    query: params,
    validate: validateValidateEmailUn,
  });
}
