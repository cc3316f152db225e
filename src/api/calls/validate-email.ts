// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ValidateEmail } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateValidateEmail = lazyValidator(() =>
  import('../../generated/validators/validate-email.js').then((m) => m.validateValidateEmail),
);

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
