// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CheckHeader } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCheckHeader = lazyValidator(() =>
  import('../../generated/validators/check-header.js').then((m) => m.validateCheckHeader),
);

export type { CheckHeader };

export const getCheckHeaderPath = '/Orch/checkHeader';

/** GET /Orch/checkHeader: Header check (getProfileId): data is the profile ID (login name). */
export function getCheckHeader(client: ApiClient): Promise<Result<CheckHeader>> {
  return client.request({ method: 'GET', path: getCheckHeaderPath, validate: validateCheckHeader });
}
