// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { UpdateCredentials } from '../../generated/types';
import { validateUpdateCredentials } from '../../generated/validators/update-credentials.js';
import type { ApiClient, Result } from '../client';

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
