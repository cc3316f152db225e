import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('prepaid card status (rules/prepaid-card.json)', () => {
  it.each([
    [-1, 1],
    [0, 2],
    [60, 2],
    [61, 0],
  ])(
    'card expiring in %i days -> status %i (1 when expired, 2 when it expires within 60 days)',
    async (daysToCardExpiry, status) => {
      expect((await decide({ isPrepaid: true, daysToCardExpiry })).prepaidCard.status).toBe(status);
    },
  );
  it('postpaid accounts have no card status', async () => {
    expect((await decide({ isPrepaid: false, daysToCardExpiry: -5 })).prepaidCard.status).toBe(0);
  });
  it('no card expiry known: no status', async () => {
    expect((await decide({ isPrepaid: true, daysToCardExpiry: null })).prepaidCard.status).toBe(0);
  });
});
