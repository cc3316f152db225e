// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { ModemReplacementOffer } from '../../generated/types';
import { validateModemReplacementOffer } from '../../generated/validators/modem-replacement-offer.js';
import type { ApiClient, Result } from '../client';

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
