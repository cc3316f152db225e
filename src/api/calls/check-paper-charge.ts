// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CheckPaperCharge } from '../../generated/types';
import { validateCheckPaperCharge } from '../../generated/validators/check-paper-charge.js';
import type { ApiClient, Result } from '../client';

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
