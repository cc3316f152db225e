import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dateText,
  formatDate,
  formatDateTime,
  formatMoney,
  moneyText,
  NOT_AVAILABLE,
  onUnshowableValue,
  speedFromKbps,
  timeText,
  type UnshowableValue,
} from '../../src/ui/format';
import { dayText } from '../../src/ui/display';
import { shownDueDate } from '../../src/features/billing/billing-data';
import { encodeParam, isWellFormed, linkWithQuery, toWellFormed } from '../../src/api/url';

/** Any UTF-16 code unit, lone surrogates included (fast-check's own units leave those out). */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const anyJson = fc.oneof(fc.double(), fc.integer(), codeUnits, fc.boolean(), fc.constant(null), fc.date());

let reported: UnshowableValue[] = [];
const stop = onUnshowableValue((v) => reported.push(v));
afterEach(() => {
  reported = [];
});

describe('amounts (home spec §5: amounts shown with 2 decimals), in en-US dollars', () => {
  it.each([
    [75, '$75.00'],
    [120.5, '$120.50'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [1_000_000_000, '$1,000,000,000.00'],
    [1234.567, '$1,234.57'],
    [0.005, '$0.01'],
  ])('%s reads %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('a negative balance is a credit: -5 reads "$5.00 credit", never "$-5.00"', () => {
    expect(formatMoney(-5)).toBe('$5.00 credit');
    expect(formatMoney(-1234.5)).toBe('$1,234.50 credit');
  });

  it('a non-zero amount under half a cent reads "less than $0.01", not "$0.00"', () => {
    expect(formatMoney(0.001)).toBe('less than $0.01');
    expect(formatMoney(-0.001)).toBe('less than $0.01 credit');
  });

  it.each([1e308, -1e308, Number.MAX_VALUE, 1e21, 1e12, Number.NaN, Number.POSITIVE_INFINITY])(
    'an absurd amount (%s) is shown as not available and reported, never printed',
    (amount) => {
      expect(formatMoney(amount)).toBe(NOT_AVAILABLE);
      expect(reported).toEqual([{ kind: 'amount', value: JSON.stringify(amount) }]);
    },
  );

  it('the largest amount shown still reads with separators', () => {
    expect(formatMoney(999_999_999_999.99)).toBe('$999,999,999,999.99');
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const text = formatMoney(value);
        expect(text === NOT_AVAILABLE || /^(less than )?\$[\d,]+\.\d\d( credit)?$/.test(text)).toBe(true);
        expect(text).not.toMatch(/e\+|-\$|\$-|NaN|Infinity/);
      }),
    );
    expect(moneyText('12')).toBeNull();
  });
});

describe('dates', () => {
  it('show month name, day and year', () => {
    expect(formatDate('2026-03-10')).toBe('March 10, 2026');
    expect(formatDate('03/10/2026')).toBe('March 10, 2026');
    expect(formatDateTime('2026-03-10T14:30:00')).toBe('March 10, 2026 at 2:30 PM');
    expect(timeText('2026-03-10T08:00:00')).toBe('8:00 AM');
  });

  it.each([
    ['year 10000', '10000-01-01'],
    ['year 0', '0000-01-01'],
    ['the edge of the date range', '+275760-09-13'],
    ['the edge of the date range, as an instant', '+275760-09-13T00:00:00.000Z'],
    ['before the range', '-271821-04-19'],
    ['February 30', '2026-02-30'],
    ['not a date', 'not a date'],
    ['a lone surrogate', '2026-01-\ud800'],
    ['20k characters', '2'.repeat(20_000)],
  ])('%s is shown as not available and reported (never "January 1, 10000")', (_what, value) => {
    expect(formatDate(value)).toBe(NOT_AVAILABLE);
    expect(formatDateTime(value)).toBe(NOT_AVAILABLE);
    expect(dateText(value)).toBeNull();
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((r) => r.kind === 'date' && r.value.length <= 80)).toBe(true);
  });

  it('the year 9999 (a common "never expires") still shows', () => {
    expect(formatDate('9999-12-31')).toBe('December 31, 9999');
  });

  it('a calendar day past the end of the date range is not available, not a RangeError', () => {
    expect(dayText(new Date(Number.NaN))).toBe(NOT_AVAILABLE);
    expect(dayText(new Date(8.64e15))).toBe(NOT_AVAILABLE);
  });

  it("the due date shown is the bill due date plus one day, and a due date at the edge of the range doesn't throw", () => {
    expect(shownDueDate('2026-03-10')).toBe('March 11, 2026');
    expect(shownDueDate('+275760-09-13')).toBe(NOT_AVAILABLE);
    expect(shownDueDate('9999-12-31')).toBe(NOT_AVAILABLE);
    expect(shownDueDate(undefined)).toBeNull();
  });

  it('no date helper ever throws, whatever it is given', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const v = value as string;
        for (const text of [formatDate(v), formatDateTime(v), dateText(v) ?? '', timeText(v) ?? ''])
          expect(typeof text).toBe('string');
      }),
    );
    fc.assert(fc.property(codeUnits, (text) => void shownDueDate(text)));
  });

  it('an empty date is nothing to report', () => {
    expect(dateText('')).toBeNull();
    expect(timeText(undefined)).toBeNull();
    expect(reported).toEqual([]);
  });
});

describe('speeds (home spec §4: kbps / 1000; 1 Gig from 1000 Mbps; 0 is NA)', () => {
  it.each([
    [100_000, '100 Mbps'],
    [940_000, '940 Mbps'],
    [1_000_000, '1 Gig'],
    [1e308, '1 Gig'],
    [0, 'NA'],
    [-5000, 'NA'],
    [Number.NaN, 'NA'],
  ])('%s kbps reads %s', (kbps, text) => {
    expect(speedFromKbps(kbps)).toBe(text);
  });
});

describe('addresses from data never throw (encodeURIComponent throws URIError on a lone surrogate)', () => {
  it('tells well-formed text from text with a lone surrogate', () => {
    expect(isWellFormed('INV-1 😀')).toBe(true);
    expect(isWellFormed('INV-\ud800')).toBe(false);
    expect(isWellFormed('\udc00\ud800')).toBe(false);
    expect(toWellFormed('a\ud800b')).toBe('a\ufffdb');
  });

  it('encodes any string without throwing', () => {
    fc.assert(
      fc.property(codeUnits, (text) => {
        expect(() => encodeParam(text)).not.toThrow();
        expect(decodeURIComponent(encodeParam(text))).toBe(toWellFormed(text));
      }),
    );
  });

  it('gives no link for a record whose key cannot be put in an address', () => {
    expect(linkWithQuery('/billDetail', { invoiceNumber: 'INV 1' })).toBe('/billDetail?invoiceNumber=INV+1');
    expect(linkWithQuery('/billDetail', { invoiceNumber: 'INV-\ud800' })).toBeNull();
  });
});

describe('the listener', () => {
  it('a listener that throws does not take the page down', () => {
    stop();
    const unregister = onUnshowableValue(() => {
      throw new Error('broken log');
    });
    expect(formatMoney(1e308)).toBe(NOT_AVAILABLE);
    unregister();
    onUnshowableValue((v) => reported.push(v));
  });
});
