// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { PaperlessUpdate } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validatePaperlessUpdate = lazyValidator(() =>
  import('../../generated/validators/paperless-update.js').then((m) => m.validatePaperlessUpdate),
);

export type { PaperlessUpdate };

export const updatePaperlessCrisPath = '/Orch/dss/api/crisUpdatePaperless';

/** POST /Orch/dss/api/crisUpdatePaperless: Paperless on/off for 13-character (CRIS) accounts; success: data.serviceResponse.statusCode 1 or data.code '200'. */
export function updatePaperlessCris(
  client: ApiClient,
  params: { accountNumber: string; paperlessBillingInd: boolean; updatedEmailAddress: string },
): Promise<Result<PaperlessUpdate>> {
  return client.request({
    method: 'POST',
    path: updatePaperlessCrisPath,
    body: params,
    validate: validatePaperlessUpdate,
  });
}

export const updatePaperlessEnsPath = '/Orch/dss/api/ensupdatepaperless';

/** POST /Orch/dss/api/ensupdatepaperless: Paperless on/off for other accounts; success: data.code '200'. memo null and sourceSystem DIGIHOME are added. */
export function updatePaperlessEns(
  client: ApiClient,
  params: { ban: string; paperlessBilling: 'Y' | 'N'; email: string; smsNumber?: string },
): Promise<Result<PaperlessUpdate>> {
  return client.request({
    method: 'POST',
    path: updatePaperlessEnsPath,
    body: { ...params, memo: null, sourceSystem: 'DIGIHOME' },
    validate: validatePaperlessUpdate,
  });
}

/**
 * Spec: CRIS success is data.serviceResponse.statusCode 1 or data.code '200'; other accounts (ensupdatepaperless)
 * data.code '200' only.
 */
export function paperlessUpdateSucceeded(data: PaperlessUpdate, call: 'cris' | 'ensemble' = 'cris'): boolean {
  if (call === 'ensemble') return data.data.code === '200';
  return data.data.serviceResponse?.statusCode === 1 || data.data.code === '200';
}
