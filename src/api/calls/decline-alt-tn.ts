// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { DeclineAltTn } from '../../generated/types';
import { validateDeclineAltTn } from '../../generated/validators/decline-alt-tn.js';
import type { ApiClient, Result } from '../client';

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
