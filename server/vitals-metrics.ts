/**
 * Real customers' web vitals on /metrics (issue 30, item 4): the Largest Contentful Paint, Interaction to Next
 * Paint, Cumulative Layout Shift and Time to First Byte that browsers measured on real loads (the `web-vitals`
 * library, src/shell/vitals.ts) and posted to /vitals (plugins/vitals.ts), as histograms by route, on the
 * server's own registry (server/metrics.ts) beside its request and render figures.
 *
 * Bounded: a route label is one of the portal's routes (src/shell/route-table.ts) or 'other', so a client can
 * never add a series; a report is refused whole (and counted) unless every figure is a known metric with a
 * finite value in a range a real page can give.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import { allRoutes } from '../src/shell/route-table';

/** The metrics a report may carry, each with its largest sane value (ms; CLS is a unitless score). */
export const VITALS = {
  LCP: { max: 120_000 },
  INP: { max: 60_000 },
  CLS: { max: 100 },
  TTFB: { max: 120_000 },
} as const;
export type VitalName = keyof typeof VITALS;

/** At most this many figures in one report (each metric once). */
export const MAX_VITALS_PER_REPORT = Object.keys(VITALS).length;

/** The route labels: every route of the portal, and the address the sign-in lands on. */
const ROUTES = new Set(['/home', ...allRoutes().map((r) => r.path)]);

/** The label of a page's address: its route when it is one of the portal's, else 'other' (no query, no id). */
export function routeLabel(page: string): string {
  const path = page.length > 1 ? page.replace(/\/+$/, '') : page;
  if (path === '/') return '/home';
  return ROUTES.has(path) ? path : 'other';
}

export interface VitalsReport {
  route: string;
  vitals: Array<{ name: VitalName; value: number }>;
}

const isVitalName = (name: unknown): name is VitalName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(VITALS, name);

/**
 * A posted body as a report, or why it is refused: `{ page: '/home', vitals: [{ name: 'LCP', value: 1234 }] }`,
 * `page` an address path (its route is worked out here), each known metric at most once, each value a finite
 * number from 0 to the metric's largest.
 */
export function parseVitalsReport(body: unknown): VitalsReport | { refused: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { refused: 'not an object' };
  const { page, vitals } = body as { page?: unknown; vitals?: unknown };
  if (typeof page !== 'string' || !page.startsWith('/') || page.length > 200)
    return { refused: 'page must be an address path' };
  if (!Array.isArray(vitals) || vitals.length === 0 || vitals.length > MAX_VITALS_PER_REPORT)
    return { refused: `vitals must list 1 to ${MAX_VITALS_PER_REPORT} figures` };
  const seen = new Set<string>();
  const out: VitalsReport['vitals'] = [];
  for (const v of vitals as unknown[]) {
    if (v === null || typeof v !== 'object') return { refused: 'a figure is not an object' };
    const { name, value } = v as { name?: unknown; value?: unknown };
    if (!isVitalName(name)) return { refused: 'unknown metric' };
    if (seen.has(name)) return { refused: `${name} twice` };
    seen.add(name);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > VITALS[name].max)
      return { refused: `${name} out of range` };
    out.push({ name, value });
  }
  return { route: routeLabel(page), vitals: out };
}

const SECONDS = (ms: number): number => ms / 1000;

export class VitalsMetrics {
  private readonly histograms: Record<VitalName, Histogram<'route'>>;
  private readonly reports: Counter<'result'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const seconds = (name: string, help: string, buckets: number[]) =>
      new Histogram({ name, help, labelNames: ['route'], buckets, registers });
    this.histograms = {
      // web.dev's thresholds (good, poor) are bucket edges: LCP 2.5 s and 4 s, INP 200 and 500 ms, CLS 0.1 and
      // 0.25, TTFB 0.8 and 1.8 s.
      LCP: seconds(
        'portal_web_vitals_lcp_seconds',
        "Largest Contentful Paint of real page loads, as customers' browsers measured it, by route",
        [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
      ),
      INP: seconds(
        'portal_web_vitals_inp_seconds',
        "Interaction to Next Paint of real page views, as customers' browsers measured it, by route",
        [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5],
      ),
      CLS: new Histogram({
        name: 'portal_web_vitals_cls',
        help: "Cumulative Layout Shift of real page views, as customers' browsers measured it, by route",
        labelNames: ['route'],
        buckets: [0, 0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
        registers,
      }),
      TTFB: seconds(
        'portal_web_vitals_ttfb_seconds',
        "Time to First Byte of real page loads, as customers' browsers measured it, by route",
        [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 6, 10],
      ),
    };
    this.reports = new Counter({
      name: 'portal_web_vitals_reports_total',
      help: 'Web-vitals reports posted to /vitals, by result (recorded, refused)',
      labelNames: ['result'],
      registers,
    });
  }

  /** Records a posted body; the reason it was refused, or null. */
  record(body: unknown): string | null {
    const report = parseVitalsReport(body);
    if ('refused' in report) {
      this.reports.inc({ result: 'refused' });
      return report.refused;
    }
    for (const { name, value } of report.vitals)
      this.histograms[name].observe({ route: report.route }, name === 'CLS' ? value : SECONDS(value));
    this.reports.inc({ result: 'recorded' });
    return null;
  }
}
