// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { CreditOffer } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateCreditOffer = lazyValidator(() =>
  import('../../generated/validators/credit-offer.js').then((m) => m.validateCreditOffer),
);

export type { CreditOffer };

export const getCreditOfferPath = '/Orch/dssh/offers/outOfServiceCredit';

/** GET /Orch/dssh/offers/outOfServiceCredit: Out-of-service credit offer (our path). Available only when status 200, message 'Offer available' and value above 0 (see creditOfferAvailable). */
export function getCreditOffer(
  client: ApiClient,
  params: { accountNumber: string },
): Promise<Result<CreditOffer>> {
  return client.request({
    method: 'GET',
    path: getCreditOfferPath,
    query: params,
    validate: validateCreditOffer,
  });
}

/** Spec: the lookup sets availability only when status is 200, message 'Offer available' and value above 0. */
export function creditOfferAvailable(data: CreditOffer): boolean {
  return data.status === 200 && data.message === 'Offer available' && data.value > 0;
}
