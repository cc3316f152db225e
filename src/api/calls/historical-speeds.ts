// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { HistoricalSpeeds } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateHistoricalSpeeds = lazyValidator(() =>
  import('../../generated/validators/historical-speeds.js').then((m) => m.validateHistoricalSpeeds),
);

export type { HistoricalSpeeds };

export const getHistoricalSpeedsPath = '/Orch/dssh/adapt/historicalSpeeds';

/** GET /Orch/dssh/adapt/historicalSpeeds: Speeds of the past 7 days (our path). */
export function getHistoricalSpeeds(
  client: ApiClient,
  params: { wtn: string; sourceSystem: string; token: string },
): Promise<Result<HistoricalSpeeds>> {
  return client.request({
    method: 'GET',
    path: getHistoricalSpeedsPath,
    query: params,
    validate: validateHistoricalSpeeds,
  });
}

/** The speed history worked when statusInfo.status is SUCCESS. */
export const historicalSpeedsSucceeded = (data: HistoricalSpeeds): boolean =>
  data.statusInfo.status.toUpperCase() === 'SUCCESS';
