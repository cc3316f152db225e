// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { BillDates } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateBillDates = lazyValidator(() =>
  import('../../generated/validators/bill-dates.js').then((m) => m.validateBillDates),
);

export type { BillDates };

export const getBillDatesPath = '/Orch/dssh/postpaid/getBillDates';

/** GET /Orch/dssh/postpaid/getBillDates: Bill dates; errorNo 0 is success. */
export function getBillDates(client: ApiClient, params: { acctNo: string }): Promise<Result<BillDates>> {
  return client.request({
    method: 'GET',
    path: getBillDatesPath,
    query: params,
    validate: validateBillDates,
  });
}

/** Spec §7: errorNo 0 is success; any other number is a failure the server reported. */
export const billDatesSucceeded = (data: BillDates): boolean => data.errorNo === 0;
