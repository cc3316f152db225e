// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { SetCurrentAccount } from '../../generated/types';
import { validateSetCurrentAccount } from '../../generated/validators/set-current-account.js';
import type { ApiClient, Result } from '../client';

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
