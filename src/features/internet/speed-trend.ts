import { parseDate } from '../../facts';
import type { HistoricalSpeeds } from '../../generated/types';

/** One day of the speed history: a speed of 0 (or one that is not a number) is not available (null). */
export interface TrendDay {
  /** The day measured, as received (shown with the portal's date format). */
  day: string;
  /** Midnight of that day, or null when the day cannot be read (the chart leaves it out). */
  at: Date | null;
  download: number | null;
  upload: number | null;
}

/** A speed string ('198', '0', '12.5'): a positive finite number, or null (home spec §4 'speed of 0 marked NA'). */
export function speedValue(text: string): number | null {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The days of the answer, oldest first (the chart's x axis runs forward in time). */
export function trendDays(data: HistoricalSpeeds): TrendDay[] {
  const days = data.sevenDaysHistoricalSpeed.map((d) => ({
    day: d.analysisDay,
    at: parseDate(d.analysisDay),
    download: speedValue(d.downloadSpeed),
    upload: speedValue(d.uploadSpeed),
  }));
  return days.sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
}

/**
 * Home spec §5: 'Chart y-axis starts at the lowest non-zero speed rounded down to ten, minus 10, never below
 * 0; step size defaults to 10.' The step is the constant speedChartStep of rules/constants.json.
 */
export function yAxisMin(days: readonly TrendDay[], step: number): number {
  const speeds = days.flatMap((d) => [d.download, d.upload]).filter((s): s is number => s !== null);
  if (speeds.length === 0 || !(step > 0)) return 0;
  const lowest = Math.min(...speeds);
  return Math.max(0, Math.floor(lowest / step) * step - step);
}

/** The top of the y axis: the highest speed rounded up to the step (at least one step above the bottom). */
export function yAxisMax(days: readonly TrendDay[], step: number, min: number): number {
  const speeds = days.flatMap((d) => [d.download, d.upload]).filter((s): s is number => s !== null);
  const highest = speeds.length > 0 ? Math.max(...speeds) : min + step;
  return Math.max(min + step, Math.ceil(highest / step) * step);
}

/** The tick increments the chart may use: the step, then multiples of it as the range grows. */
export function yAxisIncrements(step: number): number[] {
  return [1, 2, 5, 10, 20, 50, 100, 200, 500].map((k) => k * step);
}

/** Some day has a speed that is not available: the chart and the table show the spec's NA note. */
export function hasNaDay(days: readonly TrendDay[]): boolean {
  return days.some((d) => d.download === null || d.upload === null);
}
