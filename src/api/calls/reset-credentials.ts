// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ResetCredentials } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateResetCredentials = lazyValidator(() =>
  import('../../generated/validators/reset-credentials.js').then((m) => m.validateResetCredentials),
);

export type { ResetCredentials };

export const resetCredentialsPath = '/Orch/dssh/adapt/resetCredentials';

/** POST /Orch/dssh/adapt/resetCredentials: Wifi name/password change (adapt); status '0' means failure, message is shown. */
export function resetCredentials(
  client: ApiClient,
  params: {
    wtn: string;
    ssid: string;
    sourceSystem: string;
    secureToken: string;
    securityProvider: string;
    operationParams: { WirelessKey: string; SSIDName: string };
  },
): Promise<Result<ResetCredentials>> {
  return client.request({
    method: 'POST',
    path: resetCredentialsPath,
    body: params,
    validate: validateResetCredentials,
  });
}

/** Spec: for the adapt call, status '0' means failure. */
export const resetCredentialsSucceeded = (data: ResetCredentials): boolean => data.status !== '0';
