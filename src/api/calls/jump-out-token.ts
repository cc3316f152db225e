// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { JumpOutToken } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateJumpOutToken = lazyValidator(() =>
  import('../../generated/validators/jump-out-token.js').then((m) => m.validateJumpOutToken),
);

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
