// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RateIncrease } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateRateIncrease = lazyValidator(() =>
  import('../../generated/validators/rate-increase.js').then((m) => m.validateRateIncrease),
);

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
