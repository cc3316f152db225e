// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { OfferAnswer } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateOfferAnswer = lazyValidator(() =>
  import('../../generated/validators/offer-answer.js').then((m) => m.validateOfferAnswer),
);

export type { OfferAnswer };

export const answerOfferPath = '/Orch/dssh/offers/setAccptRejectMdmRplcmt';

/** POST /Orch/dssh/offers/setAccptRejectMdmRplcmt: Records an offer answer (setAccptRejectMdmRplcmt); response.status 'OK' when recorded. */
export function answerOffer(
  client: ApiClient,
  params: {
    accountNumber: string;
    offerName: 'OutOfServiceCredit' | 'ModemReplacement';
    answer: 'accepted' | 'declined';
  },
): Promise<Result<OfferAnswer>> {
  return client.request({
    method: 'POST',
    path: answerOfferPath,
    body: params,
    validate: validateOfferAnswer,
  });
}

/** The answer was recorded (response.status OK, any case). */
export const offerAnswerRecorded = (data: OfferAnswer): boolean =>
  data.response.status.toUpperCase() === 'OK';
