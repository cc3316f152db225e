// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { TechTracker } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateTechTracker = lazyValidator(() =>
  import('../../generated/validators/tech-tracker.js').then((m) => m.validateTechTracker),
);

export type { TechTracker };

export const getOrderTechTrackerPath = '/Orch/dssh/techTracker';

/** POST /Orch/dssh/techTracker: Technician tracker of an order (our path; the spec's POST {token}); date is YYYY-MM-DD. */
export function getOrderTechTracker(
  client: ApiClient,
  params: { accountNumber: string; orderStatus: string; date: string },
): Promise<Result<TechTracker>> {
  return client.request({
    method: 'POST',
    path: getOrderTechTrackerPath,
    body: params,
    validate: validateTechTracker,
  });
}

export const getRepairTechTrackerPath = '/Orch/dssh/rx/techTrackerForRepair';

/** POST /Orch/dssh/rx/techTrackerForRepair: Technician tracker of a repair ticket (clickTechTrackerForRepair; our path). */
export function getRepairTechTracker(
  client: ApiClient,
  params: { accountNumber: string; ticketNumber: string },
): Promise<Result<TechTracker>> {
  return client.request({
    method: 'POST',
    path: getRepairTechTrackerPath,
    body: params,
    validate: validateTechTracker,
  });
}
