// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { InvoiceHistory } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateInvoiceHistory = lazyValidator(() =>
  import('../../generated/validators/invoice-history.js').then((m) => m.validateInvoiceHistory),
);

export type { InvoiceHistory };

export const getInvoiceHistoryPath = '/Orch/dssh/aos/getInvoiceHistory';

/** POST /Orch/dssh/aos/getInvoiceHistory: Postpaid invoices; searchCriteria BAID and invoiceSearchCriteria ALL are added. */
export function getInvoiceHistory(
  client: ApiClient,
  params: { searchCriteriaValue: string },
): Promise<Result<InvoiceHistory>> {
  return client.request({
    method: 'POST',
    path: getInvoiceHistoryPath,
    body: {
      searchCriteria: 'BAID',
      searchCriteriaValue: params.searchCriteriaValue,
      invoiceSearchCriteria: 'ALL',
    },
    validate: validateInvoiceHistory,
  });
}

/** The invoice history worked when its status is SUCCESS. */
export const invoiceHistorySucceeded = (data: InvoiceHistory): boolean =>
  data.status.toUpperCase() === 'SUCCESS';
