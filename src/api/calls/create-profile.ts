// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CreateProfile } from '../../generated/types';
import { validateCreateProfile } from '../../generated/validators/create-profile.js';
import type { ApiClient, Result } from '../client';

export type { CreateProfile };

export const createProfilePath = '/preauth/dssh/Orch/ACOD/createProfile2';

/** POST /preauth/dssh/Orch/ACOD/createProfile2: Creates an online profile (the caller refuses an empty payload first). */
export function createProfile(
  client: ApiClient,
  params: { profile: Readonly<Record<string, unknown>> },
): Promise<Result<CreateProfile>> {
  return client.request({
    method: 'POST',
    path: createProfilePath,
    body: params,
    validate: validateCreateProfile,
  });
}
