// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { OrderHistory } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateOrderHistory = lazyValidator(() =>
  import('../../generated/validators/order-history.js').then((m) => m.validateOrderHistory),
);

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
