// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CancelOrder } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCancelOrder = lazyValidator(() =>
  import('../../generated/validators/cancel-order.js').then((m) => m.validateCancelOrder),
);

export type { CancelOrder };

export const cancelOrderPath = '/Orch/dssh/bm/cancelOrder';

/** POST /Orch/dssh/bm/cancelOrder: Cancels a pending order; success when data.reasonCode is '200'. */
export function cancelOrder(
  client: ApiClient,
  params: { ban: string; siteOrderNumber: string },
): Promise<Result<CancelOrder>> {
  return client.request({
    method: 'POST',
    path: cancelOrderPath,
    body: params,
    validate: validateCancelOrder,
  });
}

/** Spec: order cancel success is reasonCode '200'. */
export const cancelOrderSucceeded = (data: CancelOrder): boolean => data.data.reasonCode === '200';
