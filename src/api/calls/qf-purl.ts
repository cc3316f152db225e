// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { QfPurl } from '../../generated/types';
import { validateQfPurl } from '../../generated/validators/qf-purl.js';
import type { ApiClient, Result } from '../client';

export type { QfPurl };

export const getQfPurlPath = '/Orch/dssh/ecom/getQfPurl';

/** GET /Orch/dssh/ecom/getQfPurl: Fiber shop personal URL (our path). */
export function getQfPurl(client: ApiClient, params: { accountNumber: string }): Promise<Result<QfPurl>> {
  return client.request({ method: 'GET', path: getQfPurlPath, query: params, validate: validateQfPurl });
}
