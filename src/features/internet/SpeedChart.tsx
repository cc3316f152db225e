import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { format, isValid } from 'date-fns';
import { yAxisIncrements, yAxisMax, yAxisMin, type TrendDay } from './speed-trend';
import { INTERNET_TEXT as T } from './texts';

/** An axis label: 'Nov 16' (never throws: an unreadable day has no label). */
function shortDay(d: Date): string {
  return isValid(d) ? format(d, 'MMM d') : '';
}

/** Drawn at the width of the dialog, never narrower than a phone's. */
const MIN_WIDTH = 260;
const HEIGHT = 240;
/**
 * The least room between two y-axis labels (12 px text): the axis steps by the spec's step (10) whenever its
 * labels fit at this spacing, as a 1 Gig plan's week does, and by a multiple of it only when they would not
 * (uPlot's default, 30 px, made a 1 Gig week step by 20).
 */
const Y_LABEL_SPACE = 18;

/**
 * The speed trend as a line chart (uPlot on a canvas, decision 016): download and upload, one point per day;
 * a day that is NA is a gap. The y axis follows home spec §5 (see speed-trend.ts); the same figures are in
 * the table beside it, which is what assistive technology reads (the canvas is labelled and hidden from it).
 */
export function SpeedChart({ days, step }: { days: readonly TrendDay[]; step: number }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const dated = days.filter((d): d is TrendDay & { at: Date } => d.at !== null);
    const min = yAxisMin(dated, step);
    const max = yAxisMax(dated, step, min);
    const width = Math.max(MIN_WIDTH, el.clientWidth);
    const chart = new uPlot(
      {
        width,
        height: HEIGHT,
        padding: [8, 24, 0, 0],
        scales: { x: { time: true }, y: { range: [min, max] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => shortDay(new Date(t * 1000))),
            space: 48,
          },
          { incrs: yAxisIncrements(step), space: Y_LABEL_SPACE, label: 'Mbps', size: 60 },
        ],
        series: [
          { label: T.day },
          { label: T.download, stroke: '#0b5cad', width: 2, points: { show: true } },
          { label: T.upload, stroke: '#2f7d32', width: 2, dash: [6, 4], points: { show: true } },
        ],
        // Series names only: the figures are in the table.
        legend: { show: true, live: false },
        cursor: { show: false },
      },
      [dated.map((d) => d.at.getTime() / 1000), dated.map((d) => d.download), dated.map((d) => d.upload)],
      el,
    );
    return () => chart.destroy();
  }, [days, step]);
  return (
    <div className="speed-chart">
      <div ref={host} role="img" aria-label={T.chartLabel} />
    </div>
  );
}
