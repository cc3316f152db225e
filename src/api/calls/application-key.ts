// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ApplicationKey } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateApplicationKey = lazyValidator(() =>
  import('../../generated/validators/application-key.js').then((m) => m.validateApplicationKey),
);

export type { ApplicationKey };

/** GET <url>: a time-limited pre-auth application key. The address is configuration (preauth.applicationKeyUrl). */
export function getApplicationKey(client: ApiClient, url: string): Promise<Result<ApplicationKey>> {
  return client.request({ method: 'GET', path: url, validate: validateApplicationKey });
}
