// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { OrderHistory } from '../../generated/types';
import { validateOrderHistory } from '../../generated/validators/order-history.js';
import type { ApiClient, Result } from '../client';

export type { OrderHistory };

export const getOrderHistoryPath = '/Orch/dssh/orderHistory';

/** GET /Orch/dssh/orderHistory: Order history (getOrderHistoryDetails); orderTrackerResponse 'FAILURERESP' when the lookup failed. */
export function getOrderHistory(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<OrderHistory>> {
  return client.request({
    method: 'GET',
    path: getOrderHistoryPath,
    query: params,
    validate: validateOrderHistory,
  });
}
