// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RetrieveAccountNumber } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateRetrieveAccountNumber = lazyValidator(() =>
  import('../../generated/validators/retrieve-account-number.js').then(
    (m) => m.validateRetrieveAccountNumber,
  ),
);

export type { RetrieveAccountNumber };

export const retrieveAccountNumberPath = '/preauth/dssh/Orch/forgotFlow/retrieveAccountNumber';

/** GET /preauth/dssh/Orch/forgotFlow/retrieveAccountNumber: Emails the account number. */
export function retrieveAccountNumber(
  client: ApiClient,
  params: { email: string },
): Promise<Result<RetrieveAccountNumber>> {
  return client.request({
    method: 'GET',
    path: retrieveAccountNumberPath,
    query: params,
    validate: validateRetrieveAccountNumber,
  });
}
