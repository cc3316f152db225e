// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { JumpOutToken } from '../../generated/types';
import { validateJumpOutToken } from '../../generated/validators/jump-out-token.js';
import type { ApiClient, Result } from '../client';

export type { JumpOutToken };

export const createJumpOutTokenPath = '/Orch/dssh/ecom/createJumpOutToken';

/** POST /Orch/dssh/ecom/createJumpOutToken: Jump-out token (data.token). The second provider's shop uses one attribute, profileId. */
export function createJumpOutToken(
  client: ApiClient,
  params: { attribList: readonly { name: string; value: string }[] },
): Promise<Result<JumpOutToken>> {
  return client.request({
    method: 'POST',
    path: createJumpOutTokenPath,
    body: { list: { attribList: params.attribList } },
    validate: validateJumpOutToken,
  });
}
