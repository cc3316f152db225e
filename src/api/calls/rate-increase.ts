// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RateIncrease } from '../../generated/types';
import { validateRateIncrease } from '../../generated/validators/rate-increase.js';
import type { ApiClient, Result } from '../client';

export type { RateIncrease };

export const getRateIncreasePath = '/Orch/dssh/bm/getRateIncreaseData';

/** GET /Orch/dssh/bm/getRateIncreaseData: Rate-change alerts (Blue Marble accounts only). */
export function getRateIncrease(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<RateIncrease>> {
  return client.request({
    method: 'GET',
    path: getRateIncreasePath,
    query: params,
    validate: validateRateIncrease,
  });
}
