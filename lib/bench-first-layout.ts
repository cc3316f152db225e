/** The page's first layout in a gathered Lighthouse trace (scripts/bench-page-load.ts, docs/decisions/048). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { beginData?: { url?: string } };
}

/** The trace category of the font service's calls: added to the gathered trace of each calibrated run. */
export const FONT_TRACE_CATEGORY = 'fonts';
const FONT_WAIT = 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike';

/**
 * The longest layout of the page's main thread before its first contentful paint, and the time spent inside
 * it in the renderer's synchronous calls to the browser's font service (one per font strike; Linux's, not a
 * phone's). On this 2-core machine kind those calls wait while V8 compiles the arriving code on both cores,
 * and Lantern counts the wait as CPU time multiplied by the slowdown (docs/decisions/048).
 */
export function firstLayout(
  events: readonly TraceEvent[],
  page: string,
): { layoutMs: number; fontWaitMs: number } {
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').includes(page));
  if (!parse) return { layoutMs: NaN, fontWaitMs: NaN };
  const onMain = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  const layouts = events.filter(
    (e) => onMain(e) && e.name === 'Layout' && e.ph === 'X' && e.ts >= parse.ts && (!fcp || e.ts < fcp.ts),
  );
  const layout = layouts.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (!layout?.dur) return { layoutMs: NaN, fontWaitMs: NaN };
  const end = layout.ts + layout.dur;
  const waits = events.filter((e) => onMain(e) && e.name === FONT_WAIT && e.ts >= layout.ts && e.ts < end);
  return {
    layoutMs: layout.dur / 1000,
    fontWaitMs: waits.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
  };
}
