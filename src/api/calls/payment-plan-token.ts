// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { PaymentPlanToken } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validatePaymentPlanToken = lazyValidator(() =>
  import('../../generated/validators/payment-plan-token.js').then((m) => m.validatePaymentPlanToken),
);

export type { PaymentPlanToken };

export const getPaymentPlanTokenPath = '/Orch/dssh/pbs/paymentPlanToken';

/** POST /Orch/dssh/pbs/paymentPlanToken: Token for the payment-plan site; statusCode 1 plus token on success (our path). */
export function getPaymentPlanToken(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<PaymentPlanToken>> {
  return client.request({
    method: 'POST',
    path: getPaymentPlanTokenPath,
    body: params,
    validate: validatePaymentPlanToken,
  });
}
