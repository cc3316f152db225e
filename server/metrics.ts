/**
 * What the portal server tells an operator, in Prometheus' text format (prom-client; docs/decisions/041):
 * request durations by route and status, Orch calls by call and outcome with their duration and its
 * redirects refused, the server render's duration by page, the studio's checks and the identity provider's
 * calls by how they ended, the analysts' sessions held, the rules version served and how long ago the rules
 * remote last answered, and Node's own (event loop delay, heap, CPU, handles) from prom-client's defaults.
 *
 * One registry per server (tests start several in one process). It is served apart from the portal's port
 * (plugins/metrics.ts, METRICS_PORT): a scrape target, never a public page.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MarkupPass } from '../src/entry-server';
import type { RedirectRefusal } from '../src/api/redirect';
import type { ProviderCall, ProviderOutcome } from './analyst-auth';
import type { CheckLabel, CheckOutcome } from './studio/studio-check';

/** Seconds: from a cached file to a slow upstream's deadline. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** Distinct call labels kept at most; further ones are counted as 'other' (a label per junk path is a leak). */
export const MAX_CALL_LABELS = 200;
/** Distinct page labels kept at most (the portal has a few dozen pages; junk paths are 'other'). */
export const MAX_PAGE_LABELS = 60;

/** How a call to the upstream ended. */
export type UpstreamOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'refused' | 'error';

/** The outcome of an upstream answer by its status (one this server made for a refusal or a time-out included). */
export function outcomeOf(status: number, proxyError?: 'timeout' | 'refused' | 'error'): UpstreamOutcome {
  if (proxyError) return proxyError;
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}

export interface MetricsSources {
  /** analysts' sessions held now */
  sessions?: () => number;
  /** the rules commit served, and when the rules remote last answered (ms since the epoch; 0 never) */
  rules?: () => Promise<{ commit: string | null; lastFetched: number | null }>;
}

export class PortalMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'route' | 'method' | 'status_code'>;
  readonly upstreamDuration: Histogram<'call' | 'outcome'>;
  readonly upstreamCalls: Counter<'call' | 'outcome'>;
  readonly redirectsRefused: Counter<'call' | 'reason'>;
  readonly renderDuration: Histogram<'page' | 'result'>;
  readonly renderMarkup: Counter<'page' | 'pass'>;
  readonly studioChecks: Counter<'check' | 'outcome'>;
  readonly providerCalls: Counter<'call' | 'outcome'>;
  private readonly calls = new Set<string>();
  private readonly pages = new Set<string>();

  constructor(sources: MetricsSources = {}, now: () => number = Date.now) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.httpDuration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.upstreamDuration = new Histogram({
      name: 'portal_upstream_request_duration_seconds',
      help: 'Time of a call to Orch through the upstream proxy, by call and outcome',
      labelNames: ['call', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.upstreamCalls = new Counter({
      name: 'portal_upstream_requests_total',
      help: 'Calls to Orch through the upstream proxy, by call and outcome (ok, client_error, server_error, timeout, refused, error)',
      labelNames: ['call', 'outcome'],
      registers,
    });
    this.redirectsRefused = new Counter({
      name: 'portal_upstream_redirects_refused_total',
      help: "Orch's redirects off the allowlist, answered 502 instead of passed to the browser (each also an outcome=error call), by call and why (origin, scheme, credentials, ambiguous, unparsable, empty)",
      labelNames: ['call', 'reason'],
      registers,
    });
    this.renderDuration = new Histogram({
      name: 'portal_render_duration_seconds',
      help: "Time of the server's render of a page until its head leaves, by page and result (page, redirect)",
      labelNames: ['page', 'result'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.renderMarkup = new Counter({
      name: 'portal_render_markup_total',
      help: "Server-rendered pages by how their markup was made: one_pass (nothing was on its way), streamed (a card's code or a page's call was: rendered again by the stream), browser (the render failed: the frame, for the browser to render)",
      labelNames: ['page', 'pass'],
      registers,
    });
    this.studioChecks = new Counter({
      name: 'portal_studio_checks_total',
      help: "The rule studio's checks run in its worker threads, by check (change, draft_rules, context) and outcome: ok, invalid (problems found), timeout (ended at its deadline), aborted (no request waited any more), error",
      labelNames: ['check', 'outcome'],
      registers,
    });
    this.providerCalls = new Counter({
      name: 'portal_identity_provider_requests_total',
      help: "Calls to the analysts' identity provider (OpenID Connect), by call (discovery, token) and outcome: ok, refused (its 4xx OAuth error), timeout, error (a failed or unusable answer, a lost connection)",
      labelNames: ['call', 'outcome'],
      registers,
    });
    const { sessions, rules } = sources;
    new Gauge({
      name: 'portal_analyst_sessions',
      help: "Analysts' sessions this server holds",
      registers,
      collect() {
        this.set(sessions?.() ?? 0);
      },
    });
    new Gauge({
      name: 'portal_rules_info',
      help: 'The rules version this server serves (1 for its commit; unknown without a history)',
      labelNames: ['commit'],
      registers,
      async collect() {
        const r = await rules?.();
        this.reset();
        this.set({ commit: r?.commit?.slice(0, 12) ?? 'unknown' }, 1);
      },
    });
    new Gauge({
      name: 'portal_rules_remote_seconds_since_fetch',
      help: 'Seconds since the rules remote last answered a fetch (-1: never since the start)',
      registers,
      async collect() {
        const r = await rules?.();
        this.set(r?.lastFetched ? (now() - r.lastFetched) / 1000 : -1);
      },
    });
  }

  /** The call's label: its path without the query, one of at most MAX_CALL_LABELS, else 'other'. */
  callLabel(url: string): string {
    const path = (url.split('?')[0] ?? '').slice(0, 120);
    if (this.calls.has(path)) return path;
    if (this.calls.size >= MAX_CALL_LABELS) return 'other';
    this.calls.add(path);
    return path;
  }

  /** Records one server render (its page label one of at most MAX_PAGE_LABELS, else 'other'). */
  rendered(page: string, result: 'page' | 'redirect', seconds: number): void {
    this.renderDuration.observe({ page: this.pageLabel(page), result }, seconds);
  }

  /** Records how one rendered page's markup was made. */
  markup(page: string, pass: MarkupPass): void {
    this.renderMarkup.inc({ page: this.pageLabel(page), pass });
  }

  /** The page's label: one of at most MAX_PAGE_LABELS, else 'other'. */
  private pageLabel(page: string): string {
    if (!this.pages.has(page) && this.pages.size < MAX_PAGE_LABELS) this.pages.add(page);
    return this.pages.has(page) ? page : 'other';
  }

  /** Records how one studio check ended. */
  studioCheck(check: CheckLabel, outcome: CheckOutcome): void {
    this.studioChecks.inc({ check, outcome });
  }

  /** Records how one call to the identity provider ended. */
  identityProvider(call: ProviderCall, outcome: ProviderOutcome): void {
    this.providerCalls.inc({ call, outcome });
  }

  /** Records one redirect of Orch's refused (the call is recorded by upstream() as well). */
  redirectRefused(url: string, reason: RedirectRefusal): void {
    this.redirectsRefused.inc({ call: this.callLabel(url), reason });
  }

  /** Records one call to the upstream. */
  upstream(url: string, outcome: UpstreamOutcome, seconds: number): void {
    const call = this.callLabel(url);
    this.upstreamCalls.inc({ call, outcome });
    this.upstreamDuration.observe({ call, outcome }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
