import { describe, expect, it } from 'vitest';
import { deriveOrderFacts } from '../../src/facts/order';

const today = new Date(2026, 2, 10, 12, 0);

describe('deriveOrderFacts', () => {
  it('upper-cases the status and the activity type, which defaults to UNKNOWN', () => {
    expect(deriveOrderFacts({ orderNumber: 'N1', orderStatus: 'In Progress' }, { today })).toEqual({
      orderStatus: 'IN PROGRESS',
      orderActivity: 'UNKNOWN',
      hoursSinceOrderClosed: null,
    });
  });
  it('measures hours since the completion or cancel date', () => {
    expect(
      deriveOrderFacts(
        { orderNumber: 'N1', orderStatus: 'COMPLETED', orderCompletedDate: '2026-03-08T12:00:00' },
        { today },
      ).hoursSinceOrderClosed,
    ).toBe(48);
    expect(
      deriveOrderFacts(
        { orderNumber: 'N1', orderStatus: 'CANCELLED', orderCancelDate: '2026-03-10T06:00:00' },
        { today },
      ).hoursSinceOrderClosed,
    ).toBe(6);
  });
});
