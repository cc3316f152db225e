// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RepairTickets } from '../../generated/types';
import { validateRepairTickets } from '../../generated/validators/repair-tickets.js';
import type { ApiClient, Result } from '../client';

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
