// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { UpdateCredentials } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateUpdateCredentials = lazyValidator(() =>
  import('../../generated/validators/update-credentials.js').then((m) => m.validateUpdateCredentials),
);

export type { UpdateCredentials };

export const updateCredentialsPath = '/Orch/dssh/acs/updateCredentials';

/** POST /Orch/dssh/acs/updateCredentials: Wifi name/password change (acs); status '0' means success, message is shown. */
export function updateCredentials(
  client: ApiClient,
  params: {
    wtn: string;
    uniqueId: string;
    ssidParams: { ssid: string; ssidName: string; wirelessKey: string; encryptionType: 'WPA2-Personal' }[];
  },
): Promise<Result<UpdateCredentials>> {
  return client.request({
    method: 'POST',
    path: updateCredentialsPath,
    body: params,
    validate: validateUpdateCredentials,
  });
}

/** Spec: for the acs call, status '0' means success. */
export const updateCredentialsSucceeded = (data: UpdateCredentials): boolean => data.status === '0';
