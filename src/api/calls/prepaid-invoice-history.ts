// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { PrepaidInvoiceHistory } from '../../generated/types';
import { validatePrepaidInvoiceHistory } from '../../generated/validators/prepaid-invoice-history.js';
import type { ApiClient, Result } from '../client';

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
