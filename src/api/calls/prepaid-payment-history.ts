// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { PrepaidPaymentHistory } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validatePrepaidPaymentHistory = lazyValidator(() =>
  import('../../generated/validators/prepaid-payment-history.js').then(
    (m) => m.validatePrepaidPaymentHistory,
  ),
);

export type { PrepaidPaymentHistory };

export const getPrepaidPaymentHistoryPath = '/Orch/dssh/pbs/prepaid/paymentHistory';

/** GET /Orch/dssh/pbs/prepaid/paymentHistory: Prepaid payments. */
export function getPrepaidPaymentHistory(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<PrepaidPaymentHistory>> {
  return client.request({
    method: 'GET',
    path: getPrepaidPaymentHistoryPath,
    query: params,
    validate: validatePrepaidPaymentHistory,
  });
}

/** The prepaid payment history worked when its status is SUCCESS. */
export const prepaidPaymentHistorySucceeded = (data: PrepaidPaymentHistory): boolean =>
  data.status.toUpperCase() === 'SUCCESS';
