// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { AccountList } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateAccountList = lazyValidator(() =>
  import('../../generated/validators/account-list.js').then((m) => m.validateAccountList),
);

export type { AccountList };

export const getAccountListPath = '/Orch/dssh/getProfileFromRequest';

/** GET /Orch/dssh/getProfileFromRequest: Account list ('posts'); statusCode 0 with no accounts means Account Unavailable. */
export function getAccountList(client: ApiClient): Promise<Result<AccountList>> {
  return client.request({ method: 'GET', path: getAccountListPath, validate: validateAccountList });
}
