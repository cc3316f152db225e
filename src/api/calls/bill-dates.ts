// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { BillDates } from '../../generated/types';
import { validateBillDates } from '../../generated/validators/bill-dates.js';
import type { ApiClient, Result } from '../client';

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
