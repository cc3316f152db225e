// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RetrieveAccountNumber } from '../../generated/types';
import { validateRetrieveAccountNumber } from '../../generated/validators/retrieve-account-number.js';
import type { ApiClient, Result } from '../client';

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
