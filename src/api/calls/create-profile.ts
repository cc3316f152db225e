// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CreateProfile } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCreateProfile = lazyValidator(() =>
  import('../../generated/validators/create-profile.js').then((m) => m.validateCreateProfile),
);

export type { CreateProfile };

export const createProfilePath = '/preauth/dssh/Orch/ACOD/createProfile2';

/**
 * POST /preauth/dssh/Orch/ACOD/createProfile2: Creates an online profile. Shell spec §4: 'Create-profile is refused
 * if the profile payload is empty': a payload with no field fails here, with no call.
 */
export function createProfile(
  client: ApiClient,
  params: { profile: Readonly<Record<string, unknown>> },
): Promise<Result<CreateProfile>> {
  if (Object.keys(params.profile).length === 0)
    return Promise.resolve({
      ok: false,
      kind: 'request',
      message: 'Create-profile refused: the payload is empty',
    });
  return client.request({
    method: 'POST',
    path: createProfilePath,
    body: params,
    validate: validateCreateProfile,
  });
}
