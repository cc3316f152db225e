import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { DATE_PATTERNS, formatPattern } from '../../src/ui/format';

/** Every hour and minute boundary, each month, leap days, single and double digits, the portal's year range. */
function sampleDates(): Date[] {
  const out: Date[] = [];
  for (const year of [1900, 1999, 2000, 2024, 2026, 9999])
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28, 29, 31])
        for (const [h, m] of [
          [0, 0],
          [0, 5],
          [9, 30],
          [11, 59],
          [12, 0],
          [13, 1],
          [23, 59],
        ] as const)
          out.push(new Date(year, month, day, h, m));
  return out;
}

describe('dates print as date-fns format prints them, without its locale machinery', () => {
  const dates = sampleDates();
  it.each(Object.entries(DATE_PATTERNS))('%s (%s)', (_name, pattern) => {
    for (const d of dates)
      expect([d.toString(), formatPattern(d, pattern)]).toEqual([d.toString(), format(d, pattern)]);
  });

  it("reads as the spec writes: 'March 10, 2026 at 2:30 PM', '8:05 AM', 'March 12, 26'", () => {
    const d = new Date(2026, 2, 10, 14, 30);
    expect(formatPattern(d, DATE_PATTERNS.dayAndTime)).toBe('March 10, 2026 at 2:30 PM');
    expect(formatPattern(new Date(2026, 0, 1, 8, 5), DATE_PATTERNS.time)).toBe('8:05 AM');
    expect(formatPattern(new Date(2026, 2, 12), DATE_PATTERNS.calendarDay)).toBe('March 12, 26');
  });
});
