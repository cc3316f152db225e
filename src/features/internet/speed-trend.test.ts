import { describe, expect, it } from 'vitest';
import { hasNaDay, speedValue, trendDays, yAxisIncrements, yAxisMax, yAxisMin } from './speed-trend';

const days = (speeds: Array<[string, string]>) =>
  trendDays({
    statusInfo: { status: 'SUCCESS' },
    sevenDaysHistoricalSpeed: speeds.map(([downloadSpeed, uploadSpeed], i) => ({
      analysisDay: `2026-03-0${i + 1}`,
      downloadSpeed,
      uploadSpeed,
    })),
  });

describe('View Trends (home spec 4 speed display, 5 chart axis)', () => {
  it('a speed of 0 is marked NA (null), as is one that is not a number', () => {
    expect(speedValue('0')).toBeNull();
    expect(speedValue('abc')).toBeNull();
    expect(speedValue('-3')).toBeNull();
    expect(speedValue('198')).toBe(198);
    expect(hasNaDay(days([['180', '0']]))).toBe(true);
    expect(hasNaDay(days([['180', '20']]))).toBe(false);
  });

  it('the y-axis starts at the lowest non-zero speed rounded down to ten, minus 10', () => {
    expect(
      yAxisMin(
        days([
          ['183', '24'],
          ['0', '0'],
          ['195', '26'],
        ]),
        10,
      ),
    ).toBe(10);
    expect(
      yAxisMin(
        days([
          ['912', '880'],
          ['941', '915'],
        ]),
        10,
      ),
    ).toBe(870);
    expect(yAxisMin(days([['57', '57']]), 10)).toBe(40);
  });

  it('never below 0', () => {
    expect(yAxisMin(days([['7', '3']]), 10)).toBe(0);
    expect(yAxisMin(days([['0', '0']]), 10)).toBe(0);
  });

  it('step size defaults to 10 (the constant speedChartStep); the top is the highest speed rounded up to it', () => {
    expect(yAxisIncrements(10)[0]).toBe(10);
    expect(yAxisMax(days([['198', '26']]), 10, 10)).toBe(200);
    expect(yAxisMax(days([['0', '0']]), 10, 0)).toBe(10);
    expect(yAxisMin(days([['183', '24']]), 20)).toBe(0);
  });

  it('orders the days oldest first', () => {
    const d = trendDays({
      statusInfo: { status: 'SUCCESS' },
      sevenDaysHistoricalSpeed: [
        { analysisDay: '2026-03-03', downloadSpeed: '3', uploadSpeed: '1' },
        { analysisDay: '2026-03-01', downloadSpeed: '1', uploadSpeed: '1' },
      ],
    });
    expect(d.map((x) => x.day)).toEqual(['2026-03-01', '2026-03-03']);
  });
});
