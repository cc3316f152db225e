// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ApplicationKey } from '../../generated/types';
import { validateApplicationKey } from '../../generated/validators/application-key.js';
import type { ApiClient, Result } from '../client';

export type { ApplicationKey };

/** GET <url>: a time-limited pre-auth application key. The address is configuration (preauth.applicationKeyUrl). */
export function getApplicationKey(client: ApiClient, url: string): Promise<Result<ApplicationKey>> {
  return client.request({ method: 'GET', path: url, validate: validateApplicationKey });
}
