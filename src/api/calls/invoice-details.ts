// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { InvoiceDetails } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateInvoiceDetails = lazyValidator(() =>
  import('../../generated/validators/invoice-details.js').then((m) => m.validateInvoiceDetails),
);

export type { InvoiceDetails };

export const getInvoiceDetailsPath = '/Orch/dssh/aos/brim/invoiceDetails';

/** POST /Orch/dssh/aos/brim/invoiceDetails: One bill. */
export function getInvoiceDetails(
  client: ApiClient,
  params: { invoiceNumber: string; billingAccountNumber: string; sourceSystem: string },
): Promise<Result<InvoiceDetails>> {
  return client.request({
    method: 'POST',
    path: getInvoiceDetailsPath,
    body: params,
    validate: validateInvoiceDetails,
  });
}
