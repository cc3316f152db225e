// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { QfPurl } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateQfPurl = lazyValidator(() =>
  import('../../generated/validators/qf-purl.js').then((m) => m.validateQfPurl),
);

export type { QfPurl };

export const getQfPurlPath = '/Orch/dssh/ecom/getQfPurl';

/** GET /Orch/dssh/ecom/getQfPurl: Fiber shop personal URL (our path). */
export function getQfPurl(client: ApiClient, params: { accountNumber: string }): Promise<Result<QfPurl>> {
  return client.request({ method: 'GET', path: getQfPurlPath, query: params, validate: validateQfPurl });
}
