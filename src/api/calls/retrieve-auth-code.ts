// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RetrieveAuthCode } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateRetrieveAuthCode = lazyValidator(() =>
  import('../../generated/validators/retrieve-auth-code.js').then((m) => m.validateRetrieveAuthCode),
);

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
