/**
 * Real customers' web vitals, sent to the portal's server (issue 30, item 4; server/plugins/vitals.ts puts
 * them on /metrics): the Largest Contentful Paint, Interaction to Next Paint, Cumulative Layout Shift and
 * Time to First Byte of this page load, as the `web-vitals` library measures them, labelled with the address
 * the load landed on (the server turns it into a route or 'other').
 *
 * The library is loaded when the page is idle after hydration (src/start.tsx), not in the first load: its
 * observers read the buffered entries, so nothing before is lost. The figures are kept and sent together when
 * the page is hidden (the customer leaves, switches tab or closes it: when the library reports INP and CLS),
 * with navigator.sendBeacon to the same origin (the CSP's connect-src 'self'), or fetch with keepalive where a
 * beacon is refused. The analytics events are not touched (src/stores/analytics.ts).
 */
// Imported with this module, in one file with it (vite.config.ts's `vitals` group, docs/decisions/055): this
// module is itself loaded when idle, so an import() of the library here would only add the preload helper's call.
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { sendBeaconOrFetch } from '../stores/env';
import { yieldToMain } from '../yield-to-main';

export const VITALS_URL = '/vitals';

type VitalName = 'LCP' | 'INP' | 'CLS' | 'TTFB';

export interface VitalsBody {
  page: string;
  vitals: Array<{ name: VitalName; value: number }>;
}

/** Posts a report so that it outlives the page. */
export function sendVitals(body: string): void {
  sendBeaconOrFetch(VITALS_URL, body);
}

/** A figure as the server takes it: ms to a tenth (CLS, a score, to four decimals), never negative. */
const valueOf = (m: Pick<Metric, 'name' | 'value'>): number =>
  m.name === 'CLS'
    ? Math.round(Math.max(0, m.value) * 1e4) / 1e4
    : Math.round(Math.max(0, m.value) * 10) / 10;

export interface Reporter {
  /** the library's callback: keeps the metric's latest value */
  add(metric: Pick<Metric, 'name' | 'value'>): void;
  /** sends what was kept since the last send, if anything */
  flush(): void;
}

/** Keeps the latest value of each metric and sends them in one body on flush. */
export function vitalsReporter(page: string, send: (body: string) => void = sendVitals): Reporter {
  const latest = new Map<VitalName, number>();
  return {
    add(metric) {
      if (metric.name === 'LCP' || metric.name === 'INP' || metric.name === 'CLS' || metric.name === 'TTFB')
        latest.set(metric.name, valueOf(metric));
    },
    flush() {
      if (latest.size === 0) return;
      const body: VitalsBody = { page, vitals: [...latest].map(([name, value]) => ({ name, value })) };
      latest.clear();
      send(JSON.stringify(body));
    },
  };
}

/**
 * Starts measuring this page load's vitals and sends them when the page is hidden. `page`: the address the
 * load landed on (its path, no query: a query may carry a customer's data).
 */
export async function reportVitals(page: string = window.location.pathname): Promise<void> {
  const reporter = vitalsReporter(page);
  const add = (metric: Metric): void => reporter.add(metric);
  // One observer per task: each reads the load's buffered entries as it starts, and on a slow phone the four
  // in one task made a long task of their own after the first paint (issue 30, item 2). Their entries are
  // buffered, so starting them a task apart loses nothing.
  for (const start of [onLCP, onINP, onCLS, onTTFB]) {
    await yieldToMain();
    start(add);
  }
  // After the library's own listener (it listens in the capture phase on the window): its final INP, CLS and
  // LCP are reported first, then sent here.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  // From here a hidden page sends its figures (a browser test waits for this mark).
  performance.mark(VITALS_MARK);
}

export const VITALS_MARK = 'portal:vitals-reporting';
