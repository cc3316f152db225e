// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { MyServices } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateMyServices = lazyValidator(() =>
  import('../../generated/validators/my-services.js').then((m) => m.validateMyServices),
);

export type { MyServices };

export const getMyServicesPath = '/Orch/dssh/services/myServices';

/** POST /Orch/dssh/services/myServices: Services (getHsiInfo); statusInfo.status FAILURE means failed. */
export function getMyServices(
  client: ApiClient,
  params: { accountNumber: string; blueMarbleIndicator: boolean; username: string },
): Promise<Result<MyServices>> {
  return client.request({
    method: 'POST',
    path: getMyServicesPath,
    body: params,
    validate: validateMyServices,
  });
}
