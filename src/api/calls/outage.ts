// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { Outage } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateOutage = lazyValidator(() =>
  import('../../generated/validators/outage.js').then((m) => m.validateOutage),
);

export type { Outage };

export const getOutagePath = '/Orch/dssh/rx/getOutageDetails';

export interface OutageParams {
  accountNumber: string;
  identifierType: 'BAN' | 'BAID' | 'BTNCC';
  wtn: string;
  legacyMarket?: string;
  billingSource?: string;
}

/** GET /Orch/dssh/rx/getOutageDetails: outage data (checkOutage). source=digihome is always sent; the spec
 * adds legacyMarket and billingSource only when both are present. */
export function getOutage(client: ApiClient, params: OutageParams): Promise<Result<Outage>> {
  const { legacyMarket, billingSource, ...rest } = params;
  const both = legacyMarket && billingSource ? { legacyMarket, billingSource } : {};
  return client.request({
    method: 'GET',
    path: getOutagePath,
    query: { ...rest, source: 'digihome', ...both },
    validate: validateOutage,
  });
}
