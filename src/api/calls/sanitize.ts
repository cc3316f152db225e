// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { Sanitize } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateSanitize = lazyValidator(() =>
  import('../../generated/validators/sanitize.js').then((m) => m.validateSanitize),
);

export type { Sanitize };

export const sanitizePath = '/Orch/dssh/ui/sanitize';
export const preauthSanitizePath = '/preauth/dssh/ui/sanitize';

export interface SanitizePayload {
  accountNumber: string;
  emailAddress: string;
  page: string;
  operation: string;
  message: string;
  level: string;
}

/** POST /Orch/dssh/ui/sanitize (signed in) or /preauth/dssh/ui/sanitize: the UI issue log. Use
 * src/api/issue-log.ts, which strips and cuts the record first. */
export function postSanitize(
  client: ApiClient,
  payload: SanitizePayload,
  authenticated: boolean,
): Promise<Result<Sanitize>> {
  return client.request({
    method: 'POST',
    path: authenticated ? sanitizePath : preauthSanitizePath,
    body: payload,
    validate: validateSanitize,
    // A failure is often followed by a navigation (a jump out to a shop): the record must still arrive.
    keepalive: true,
  });
}
