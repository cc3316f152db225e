// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { PrepaidInvoiceHistory } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validatePrepaidInvoiceHistory = lazyValidator(() =>
  import('../../generated/validators/prepaid-invoice-history.js').then(
    (m) => m.validatePrepaidInvoiceHistory,
  ),
);

export type { PrepaidInvoiceHistory };

export const getPrepaidInvoiceHistoryPath = '/Orch/dssh/pbs/brim/getPrepaidInvoiceHistory';

/** GET /Orch/dssh/pbs/brim/getPrepaidInvoiceHistory: Prepaid invoices (entries 'NextPayment' are for the caller to drop). */
export function getPrepaidInvoiceHistory(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<PrepaidInvoiceHistory>> {
  return client.request({
    method: 'GET',
    path: getPrepaidInvoiceHistoryPath,
    query: params,
    validate: validatePrepaidInvoiceHistory,
  });
}
