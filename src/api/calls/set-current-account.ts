// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { SetCurrentAccount } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateSetCurrentAccount = lazyValidator(() =>
  import('../../generated/validators/set-current-account.js').then((m) => m.validateSetCurrentAccount),
);

export type { SetCurrentAccount };

export const setCurrentAccountPath = '/Orch/dssh/setCurrentAccount';

/** POST /Orch/dssh/setCurrentAccount: Switches the current account; data 'Success' on success. */
export function setCurrentAccount(
  client: ApiClient,
  params: { loginName: string; pid: string },
): Promise<Result<SetCurrentAccount>> {
  return client.request({
    method: 'POST',
    path: setCurrentAccountPath,
    body: params,
    validate: validateSetCurrentAccount,
  });
}

export const switchSucceeded = (data: SetCurrentAccount): boolean => data.data === 'Success';
