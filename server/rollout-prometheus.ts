/**
 * A rollout's live effect summed over every server (issue 32 item 4, docs/decisions/044): each server counts
 * what it rendered and what its customers did on its own registry (server/rollout-metrics.ts); Prometheus
 * scrapes every server's /metrics (docs/deploy.md) and is the store that sums them and keeps them across a
 * server's restart. The studio asks it through its HTTP query API (GET /api/v1/query, PromQL), with a
 * deadline; when it cannot answer, the studio shows this server's own counts and says why.
 *
 * `increase(...[R])` over the time since the share was set counts across restarts (a counter that starts
 * again from zero is a reset Prometheus adds back); each series is primed at zero at its server's scrape
 * before it counts (RolloutMetrics.prime), so its first increments are not lost, and each series' increase is
 * rounded before the sum: Prometheus extrapolates a range's last half-scrape, so a figure is "about" by at
 * most a scrape interval's worth.
 */
import type { Side } from '../src/engine/rollout';
import { SECTION_ACTIONS, type SectionAction } from '../src/engine/rollout-effect';
import { DistinctSketch } from './distinct-sketch';
import {
  DISTINCT_FIGURES,
  emptySide,
  sketchKey,
  type DistinctFigure,
  type SideEffect,
  type SideSketches,
} from './rollout-figures';

export interface PrometheusSource {
  /** Prometheus' base URL (PROMETHEUS_URL), e.g. http://127.0.0.1:9090 */
  url: string;
  /** how long the studio waits for its answers (default 3 s) */
  timeoutMs?: number;
}

export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/** One instant query; throws with what failed (Prometheus' own error, a status, or the deadline). */
async function query(source: PrometheusSource, promql: string, signal: AbortSignal): Promise<Sample[]> {
  const res = await fetch(`${source.url.replace(/\/+$/, '')}/api/v1/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ query: promql }).toString(),
    signal,
  });
  const body = (await res.json().catch(() => null)) as {
    status?: string;
    error?: string;
    data?: { resultType?: string; result?: unknown };
  } | null;
  if (!res.ok || body?.status !== 'success')
    throw new Error(`Prometheus answered ${res.status}${body?.error ? `: ${body.error.slice(0, 200)}` : ''}`);
  if (body.data?.resultType !== 'vector' || !Array.isArray(body.data.result))
    throw new Error('Prometheus answered something other than a vector');
  return body.data.result as Sample[];
}

/** A PromQL string literal: the change id is checked already, but never pasted in as it is. */
const literal = (s: string): string => JSON.stringify(s);

/** A count as Prometheus writes it: a whole number, never negative or NaN. */
function countOf(sample: Sample): number {
  const n = Number(sample.value[1]);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

const sideOf = (sample: Sample): Side | null =>
  sample.metric.side === 'live' || sample.metric.side === 'new' ? sample.metric.side : null;

/** The PromQL of one figure: each series' increase since the share was set, rounded, summed by `by`. */
export function effectQuery(metric: string, change: string, seconds: number, by: string[]): string {
  const range = `${Math.max(1, Math.ceil(seconds))}s`;
  return `sum by (${by.join(', ')}) (round(increase(${metric}{change=${literal(change)}}[${range}])))`;
}

/**
 * The PromQL of the distinct customers' sketches: each series' (server, process lifetime, figure, part)
 * largest value since the share was set, which within a lifetime is its last (a register only grows). The
 * maximum across servers and lifetimes is taken per register, after unpacking (distinctCustomers).
 */
export function sketchQuery(change: string, setAt: string, seconds: number): string {
  const range = `${Math.max(1, Math.ceil(seconds))}s`;
  return `max_over_time(portal_rollout_customers_sketch{change=${literal(change)},set=${literal(setAt)}}[${range}])`;
}

/** Every server's and lifetime's sketch parts, merged per side and figure. */
export function distinctCustomers(samples: readonly Sample[]): Record<Side, SideSketches> {
  const out: Record<Side, SideSketches> = { live: new Map(), new: new Map() };
  for (const s of samples) {
    const at = sideOf(s);
    const { what, section, part } = s.metric;
    if (!at || !section || !(DISTINCT_FIGURES as readonly unknown[]).includes(what)) continue;
    const key = sketchKey(what as DistinctFigure, section);
    let sketch = out[at].get(key);
    if (!sketch) out[at].set(key, (sketch = new DistinctSketch()));
    sketch.mergePacked(Number(part), Number(s.value[1]));
  }
  return out;
}

/**
 * Every server's counts of one rollout since `setAt` (when the share was set, as served), per side. Throws when Prometheus
 * cannot answer within the deadline (the fetches are aborted: nothing is left running).
 */
export async function prometheusEffect(
  source: PrometheusSource,
  change: string,
  setAt: string,
  now: Date = new Date(),
): Promise<Record<Side, SideEffect>> {
  const seconds = Math.max(1, (now.getTime() - new Date(setAt).getTime()) / 1000);
  const timeoutMs = source.timeoutMs ?? 3_000;
  const signal = AbortSignal.timeout(timeoutMs);
  const ask = (metric: string, by: string[]) =>
    query(source, effectQuery(metric, change, seconds, by), signal);
  let answers: Sample[][];
  try {
    answers = await Promise.all([
      ask('portal_rollout_homes_total', ['side']),
      ask('portal_rollout_sections_shown_total', ['side', 'section']),
      ask('portal_rollout_section_actions_total', ['side', 'section', 'action']),
      ask('portal_rollout_issues_total', ['side']),
      query(source, sketchQuery(change, setAt, seconds), signal),
    ]);
  } catch (e) {
    if (signal.aborted) throw new Error(`Prometheus did not answer within ${timeoutMs / 1000} s`);
    throw e instanceof Error && e.message.startsWith('Prometheus')
      ? e
      : new Error(`Prometheus could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  const [homes, shown, actions, issues, sketches] = answers as [
    Sample[],
    Sample[],
    Sample[],
    Sample[],
    Sample[],
  ];
  const customers = distinctCustomers(sketches);
  const out: Record<Side, SideEffect> = {
    live: { ...emptySide(customers.live), issues: 0 },
    new: { ...emptySide(customers.new), issues: 0 },
  };
  for (const s of homes) {
    const at = sideOf(s);
    if (at) out[at].homes += countOf(s);
  }
  for (const s of issues) {
    const at = sideOf(s);
    if (at) out[at].issues = (out[at].issues ?? 0) + countOf(s);
  }
  for (const s of shown) {
    const at = sideOf(s);
    const section = s.metric.section;
    if (at && section && countOf(s) > 0) out[at].shown[section] = (out[at].shown[section] ?? 0) + countOf(s);
  }
  for (const s of actions) {
    const at = sideOf(s);
    const { section, action } = s.metric;
    const into =
      at && (SECTION_ACTIONS as readonly unknown[]).includes(action)
        ? out[at][action as SectionAction]
        : null;
    if (into && section && countOf(s) > 0) into[section] = (into[section] ?? 0) + countOf(s);
  }
  return out;
}
