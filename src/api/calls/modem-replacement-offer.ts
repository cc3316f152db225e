// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ModemReplacementOffer } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateModemReplacementOffer = lazyValidator(() =>
  import('../../generated/validators/modem-replacement-offer.js').then(
    (m) => m.validateModemReplacementOffer,
  ),
);

export type { ModemReplacementOffer };

export const getModemReplacementOfferPath = '/Orch/dssh/offers/modemReplacement';

/** GET /Orch/dssh/offers/modemReplacement: Modem replacement offer and the address to confirm (our path). */
export function getModemReplacementOffer(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<ModemReplacementOffer>> {
  return client.request({
    method: 'GET',
    path: getModemReplacementOfferPath,
    query: params,
    validate: validateModemReplacementOffer,
  });
}
