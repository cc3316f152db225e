// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RepairTickets } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateRepairTickets = lazyValidator(() =>
  import('../../generated/validators/repair-tickets.js').then((m) => m.validateRepairTickets),
);

export type { RepairTickets };

export const getRepairTicketsPath = '/Orch/dssh/rx/getRepairTicketDetails';

/** GET /Orch/dssh/rx/getRepairTicketDetails: Repair tickets by billing number (getTicketinfobyBTN). */
export function getRepairTickets(
  client: ApiClient,
  params: { sourceAppId: string; accountNumber: string },
): Promise<Result<RepairTickets>> {
  return client.request({
    method: 'GET',
    path: getRepairTicketsPath,
    query: params,
    validate: validateRepairTickets,
  });
}
