// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RetrieveAuthCode } from '../../generated/types';
import { validateRetrieveAuthCode } from '../../generated/validators/retrieve-auth-code.js';
import type { ApiClient, Result } from '../client';

export type { RetrieveAuthCode };

export const retrieveAuthCodePath = '/preauth/dssh/Orch/forgotFlow/retrieveAuthCode';

/** GET /preauth/dssh/Orch/forgotFlow/retrieveAuthCode: Where the authentication code can be sent. */
export function retrieveAuthCode(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<RetrieveAuthCode>> {
  return client.request({
    method: 'GET',
    path: retrieveAuthCodePath,
    query: params,
    validate: validateRetrieveAuthCode,
  });
}
