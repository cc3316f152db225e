// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { DeclineAltTn } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateDeclineAltTn = lazyValidator(() =>
  import('../../generated/validators/decline-alt-tn.js').then((m) => m.validateDeclineAltTn),
);

export type { DeclineAltTn };

export const declineAltTnPath = '/Orch/dssh/profile/declineAltTn';

/** GET /Orch/dssh/profile/declineAltTn: Declines the alternate number; success when statusMessage is SUCCESS. */
export function declineAltTn(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<DeclineAltTn>> {
  return client.request({
    method: 'GET',
    path: declineAltTnPath,
    query: params,
    validate: validateDeclineAltTn,
  });
}

export const declineAltTnSucceeded = (data: DeclineAltTn): boolean => data.statusMessage === 'SUCCESS';
