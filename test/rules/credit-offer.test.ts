import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

const offer = {
  creditOfferResponseStatus: 200,
  creditOfferMessage: 'Offer available',
  creditOfferStatus: 'eligible',
  creditOfferValue: 1,
};

describe('out-of-service credit offer (rules/credit-offer.json)', () => {
  it('shown when the status is eligible and the value is at least 1.00', async () => {
    expect((await decide(offer)).creditOffer.show).toBe(true);
  });
  it.each([
    ['the value is below 1.00', { creditOfferValue: 0.99 }],
    ['the status is ineligible', { creditOfferStatus: 'ineligible' }],
    ['the offer was accepted', { creditOfferStatus: 'accepted' }],
    ["the lookup message is not 'Offer available'", { creditOfferMessage: 'No offer' }],
    ['the lookup status is not 200', { creditOfferResponseStatus: 500 }],
    ['the customer answered it in this session', { creditOfferAnswered: true }],
  ] as const)('not shown when %s', async (_, change) => {
    expect((await decide({ ...offer, ...change })).creditOffer.show).toBe(false);
  });
});
