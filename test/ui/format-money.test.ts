import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SHOWN_AMOUNT, dollars, moneyText } from '../../src/ui/format';

/** What the portal printed amounts with before (and what a reader of en-US expects). */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe("amounts print as Intl's en-US dollars print them, without Intl", () => {
  it('any amount the portal shows, to the cent and between cents', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_SHOWN_AMOUNT, maxExcluded: true, noNaN: true }), (x) => {
        expect(dollars(x)).toBe(intl.format(x));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SHOWN_AMOUNT * 100 - 1 }), (cents) => {
        expect(dollars(cents / 100)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 20_000 },
    );
    // Tenths of a cent: half of them are half cents or more, where the rounding shows.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SHOWN_AMOUNT * 1000 - 1 }), (mills) => {
        expect(dollars(mills / 1000)).toBe(intl.format(mills / 1000));
      }),
      { numRuns: 20_000 },
    );
  });

  it('at the half cents, the group boundaries and the ends of the range', () => {
    const edges = [0, 1e-7, 4e-7, 0.004, 0.005, 0.015, 0.125, 1.005, 2.675, 9.995, 999.995, 999.999, 1000];
    for (const x of [
      ...edges,
      999_999.995,
      1e6,
      12_345_678.9,
      MAX_SHOWN_AMOUNT - 0.01,
      MAX_SHOWN_AMOUNT - 1e-4,
    ])
      expect([x, dollars(x)]).toEqual([x, intl.format(x)]);
    expect(moneyText(1_000_000_000)).toBe('$1,000,000,000.00');
    expect(moneyText(-5)).toBe('$5.00 credit');
    expect(moneyText(0.004)).toBe('less than $0.01');
  });
});
