// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CancelPayment } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCancelPayment = lazyValidator(() =>
  import('../../generated/validators/cancel-payment.js').then((m) => m.validateCancelPayment),
);

export type { CancelPayment };

export const cancelPaymentPath = '/Orch/dssh/postpaid/cancelPayment';

/** POST /Orch/dssh/postpaid/cancelPayment: Cancels a scheduled payment; status 'success' on success. */
export function cancelPayment(
  client: ApiClient,
  params: { accountNumber: string; paymentId: string; userId: string; sourceSystem: string },
): Promise<Result<CancelPayment>> {
  return client.request({
    method: 'POST',
    path: cancelPaymentPath,
    body: params,
    validate: validateCancelPayment,
  });
}
