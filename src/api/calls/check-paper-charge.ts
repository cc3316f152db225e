// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CheckPaperCharge } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCheckPaperCharge = lazyValidator(() =>
  import('../../generated/validators/check-paper-charge.js').then((m) => m.validateCheckPaperCharge),
);

export type { CheckPaperCharge };

export const getCheckPaperChargePath = '/Orch/dss/api/checkPaperCharge';

/** GET /Orch/dss/api/checkPaperCharge: Whether the paper bill fee applies. */
export function getCheckPaperCharge(
  client: ApiClient,
  params: { ban: string },
): Promise<Result<CheckPaperCharge>> {
  return client.request({
    method: 'GET',
    path: getCheckPaperChargePath,
    query: params,
    validate: validateCheckPaperCharge,
  });
}
