/**
 * The portal's server, composed, the same in every mode (docs/decisions/040): Fastify and its shared plugins
 * (security headers, rate limits, cookies and analysts' sessions, errors: server/plugins, with
 * fastify-plugin), then one encapsulated plugin per route family: the built portal and its pages (React's
 * server render), the rule files, the rule studio and its history, analyst sign-in, health, the CSP report
 * log, and the upstream proxy that takes /Orch and /preauth to Orch.
 *
 * Orch is always an upstream: the provider's in production, the sandbox (sandbox/, a process of its own that
 * `npm start` starts beside this one) in sandbox mode, reached through the same proxy, cookies, limits and
 * deadlines. Sandbox mode adds one thing: /sandbox/* (the sandbox's sign-in stand-in, fault switch, session
 * view, jump-out stand-ins) is proxied to the same upstream, so the suite and QA find it on the portal's
 * origin; in production /sandbox answers 404.
 *
 * main.ts starts it; tests start it on port 0 (or call app.inject) with createPortalServer().
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { OidcSettings } from './analyst-auth';
import { AnalystSessions, type SessionLimits } from './analyst-sessions';
import type { OidcConfig, PortalMode, ProductionConfig, ServerConfig } from './config';
import { createFastify } from './fastify';
import type { LoggerSettings } from './logging';
import { PortalMetrics } from './metrics';
import { rolloutWatch, type GuardSettings } from './rollout-metrics';
import type { PrometheusSource } from './rollout-prometheus';
import { entryLoader, type EntryServer } from './page-render';
import { serverFolders } from './paths';
import { loadPersonas, type Persona, type PersonaProblem } from './personas';
import closedPlugin from './plugins/closed';
import cspReportPlugin from './plugins/csp-report';
import errorsPlugin from './plugins/errors';
import healthPlugin from './plugins/health';
import limitsPlugin, { type RateLimits } from './plugins/limits';
import metricsPlugin from './plugins/metrics';
import orchProxyPlugin, {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  UpstreamHealth,
  type OrchProxyOptions,
} from './plugins/orch-proxy';
import pagesPlugin, { type PageRenderer } from './plugins/pages';
import rulesPlugin from './plugins/rules';
import securityPlugin from './plugins/security';
import sessionsPlugin, { SESSION_COOKIE } from './plugins/sessions';
import studioPlugin from './plugins/studio';
import vitalsPlugin from './plugins/vitals';
import effectPlugin from './plugins/effect';
import { readPortalConfig } from './portal-config';
import { redirectAllowlistWith } from '../src/config/runtime';
import { RulesCache } from './rules-cache';
import type { RuntimeConfig } from './runtime-config';
import { LOOPBACK_HOSTS, contentSecurityPolicy, type CspOrigins } from './security';
import { readStudioConfig, type StudioConfig } from './studio/studio';
import type { StudioChecker } from './studio/studio-check';
import { RulesRepo } from './studio/studio-repo';
import { UpstreamClient } from './upstream';
import { TX_COOKIE } from './analyst-auth';

export interface PortalOptions {
  /** the Orch host /Orch and /preauth go to: the provider's (production) or the sandbox's (ORCH_UPSTREAM) */
  upstream: string;
  /** sandbox (the default for tests): /sandbox/* goes to the upstream too; production: /sandbox is 404 */
  mode?: PortalMode;
  /** built app (default <repo>/dist) */
  distDir?: string;
  /** rule files served at /rules (default <repo>/rules) */
  rulesDir?: string;
  /** answers a request for one of the portal's pages (default: React's server render, server/plugins/pages.ts) */
  renderPage?: PageRenderer;
  /** how the server-rendering module is loaded (default: the build's dist/server/entry-server.js) */
  renderEntry?: () => Promise<EntryServer>;
  /** how long a page's render waits for the account's calls (default: the portal's homeCompleteMs) */
  renderWaitMs?: number;
  /** when a rollout goes back to 0 % by itself (default: 3 times the live side's issues, 20 at least) */
  rolloutGuard?: GuardSettings;
  /** the Prometheus whose query API sums every server's rollout counts (PROMETHEUS_URL) */
  prometheus?: PrometheusSource;
  /** time-outs and addresses written into every page (server/runtime-config.ts); default the bundled ones */
  runtimeConfig?: RuntimeConfig;
  /** the personas the studio previews (default the built-in ones); already loaded, or more folders */
  personas?: readonly Persona[];
  /**
   * What production mode was started with: cookies are Secure and may be signed with the cookie secret, the
   * rules' history is the remote's, analysts sign in at its identity provider.
   */
  production?: ProductionConfig;
  /** where the CSP reports go (CSP_REPORT_URI; default /sandbox/csp-report in the sandbox, /csp-report) */
  cspReportUri?: string;
  /** where a studio preview signs the browser in as a persona (PREVIEW_SIGN_IN_URL), the id appended */
  previewSignInUrl?: string;
  /** the portal's clock: the personas' day in the studio and when a scheduled change is due */
  today?: () => Date;
  /** the session clock in ms (default Date.now): tests move it to expire sessions */
  now?: () => number;
  /** analysts' session lifetimes and cap (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS, SESSION_MAX) */
  sessions?: Partial<SessionLimits>;
  /** requests per minute per client on sign-in, the issue log and the CSP report */
  rateLimits?: Partial<RateLimits>;
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): true for any, or addresses/CIDRs. Only
   * then does X-Forwarded-Proto: https make the session cookie Secure and add HSTS.
   */
  trustProxy?: boolean | string | string[];
  /** mark the session cookie Secure always (SECURE_COOKIES=1), for a deployment behind TLS */
  secureCookies?: boolean;
  /**
   * Host names answered (ALLOWED_HOSTS, comma-separated, '*' for any); default the loopback names plus the
   * host it listens on. Any other Host gets 421 (DNS rebinding).
   */
  allowedHosts?: readonly string[];
  /** serve *.map files (SERVE_SOURCEMAPS=1); refused by default */
  serveSourcemaps?: boolean;
  /** structured JSON logs with a request id per request (LOG_LEVEL); none when left out (tests) */
  logger?: LoggerSettings;
  /** how long readiness waits for the Orch upstream (default 2 s) */
  readyTimeoutMs?: number;
  /** how long a call to Orch may wait for its answer before it is answered 504 (UPSTREAM_TIMEOUT_MS, 15 s) */
  upstreamTimeoutMs?: number;
  /** where an invalid persona file is reported (default the log, or console.warn without one) */
  onPersonaProblem?: (p: PersonaProblem) => void;
  /** where a rejected rule file is reported, once per version (default the log, or console.warn) */
  onRulesProblem?: (file: string, message: string) => void;
  /** the rule studio: its configuration (default config/studio.json) and its git directory (STUDIO_GIT_DIR) */
  studio?: {
    config?: StudioConfig;
    gitDir?: string;
    /** the git remote the rules' history is shared through (RULES_REMOTE), see rules-remote.ts */
    remote?: string;
    /** how often the remote is fetched, in seconds (RULES_FETCH_SECONDS, default 5) */
    fetchSeconds?: number;
    /** how long a studio request may take, then 503 and nothing saved (default 60 s) */
    requestTimeoutMs?: number;
    /** how long one fetch or push of the remote may take (default 15 s) */
    remoteTimeoutMs?: number;
    /** the checks in worker threads (tests pass theirs to watch its events) */
    checker?: StudioChecker;
  };
  /** analysts sign in through this OpenID provider (OIDC_*, COOKIE_SECRET, PUBLIC_URL) */
  oidc?: OidcSettings;
}

export interface PortalServer {
  app: FastifyInstance;
  server: Server;
  /** analysts' sessions */
  sessions: AnalystSessions;
  rules: RulesCache;
  /** The rule studio's git repository of the rules folder. */
  studioRepo: RulesRepo;
  /** what /metrics says (listenMetrics serves it) */
  metrics: PortalMetrics;
  /** Serves GET /metrics on a port of its own (not the portal's); resolves to its address. */
  listenMetrics(port: number, host?: string): Promise<string>;
  /** Loads the page renderer now rather than on the first page (a server without a build: nothing). */
  warm(): Promise<void>;
  /** Starts listening (port 0 = any free port; host default 127.0.0.1); resolves to the real base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Stops taking connections and lets the requests in flight finish, for at most `graceMs` (default 1 s: a
   * test's browser may hold a connection open); then closes every connection left. `server/main.ts` passes
   * Infinity: its bound is SHUTDOWN_GRACE_SECONDS, kept by close-with-grace.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * The studio's history of a rules folder: outside the folder, so a RULES_DIR inside this project's own
 * repository is never committed into it; one repository per rules folder under .studio/ (ignored by git).
 */
function studioHistoryOf(rulesDir: string, historiesDir: string): string {
  const hash = createHash('sha256').update(rulesDir).digest('hex').slice(0, 8);
  return join(historiesDir, `${basename(rulesDir)}-${hash}.git`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What production mode was started with (identity provider, rules remote ...); null in the sandbox. */
    production: Readonly<ProductionConfig> | null;
  }
}

/** The origin of an absolute address; none for a path on this server. */
const originOf = (address: string | undefined): string[] =>
  address && !address.startsWith('/') && URL.canParse(address) ? [new URL(address).origin] : [];

/** What the CSP must allow beyond 'self' for the addresses a deployment set (a widget, a key service). */
function cspOriginsOf(runtime: RuntimeConfig): CspOrigins {
  const a = runtime.addresses ?? {};
  return {
    script: originOf(a.chatWidgetUrl),
    connect: [...originOf(a.applicationKeyUrl), ...originOf(a.qaSessionInfoUrl)],
  };
}

export function createPortalServer(options: PortalOptions): PortalServer {
  const { production } = options;
  const mode = options.mode ?? (production ? 'production' : 'sandbox');
  const app = createFastify({
    trustProxy: options.trustProxy ?? false,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  // With a logger, start-up problems are log lines like the rest; without, they go to the console.
  const onRulesProblem =
    options.onRulesProblem ??
    (options.logger
      ? (file: string, message: string) => app.log.warn({ file }, `${file} ${message}`)
      : undefined);
  const onPersonaProblem =
    options.onPersonaProblem ??
    (options.logger
      ? (p: PersonaProblem) => app.log.warn({ file: p.file }, `persona skipped: ${p.message}`)
      : undefined);
  const dirs = serverFolders({ dist: options.distDir, rules: options.rulesDir });
  const allowedHosts: string[] = [...(options.allowedHosts ?? LOOPBACK_HOSTS)];
  const today = options.today ?? ((): Date => new Date());
  const portal = readPortalConfig(dirs.config);
  const runtimeConfig = options.runtimeConfig ?? {};
  const personas = options.personas ?? loadPersonas([], onPersonaProblem);
  const sessions = new AnalystSessions(options.sessions, options.now);
  const rules = new RulesCache(dirs.rules, onRulesProblem ? { onProblem: onRulesProblem } : {});
  const studioConfig = options.studio?.config ?? readStudioConfig();
  // Production always has both (server/config.ts refuses to start without them); the sandbox may.
  const remote = options.studio?.remote ?? production?.rulesRemote.url;
  const fetchSeconds = options.studio?.fetchSeconds ?? production?.rulesRemote.fetchSeconds;
  const oidc = options.oidc ?? (production ? oidcSettingsOf(production.oidc, production) : undefined);
  const { requestTimeoutMs, remoteTimeoutMs } = options.studio ?? {};
  const gitDir = options.studio?.gitDir ?? studioHistoryOf(dirs.rules, dirs.studioHistories);
  const studioRepo = new RulesRepo(dirs.rules, gitDir, { remote, requestTimeoutMs, remoteTimeoutMs });
  // The rendering module, loaded once (warm() loads it before the first customer's request).
  const renderEntry = entryLoader(dirs.dist, runtimeConfig, options.renderEntry);
  const cspReportUri = options.cspReportUri ?? (mode === 'sandbox' ? '/sandbox/csp-report' : '/csp-report');

  const metrics = metricsOf(sessions, studioRepo);
  // The guard's thresholds are data (config/studio.json's rolloutGuard), as an environment overrides them.
  const settings = options.rolloutGuard ?? studioConfig.rolloutGuard;
  const { prometheus } = options;
  const rollouts = rolloutWatch(metrics, rules, studioRepo, { settings, log: app.log, prometheus });
  // Orch's redirects are checked against the pages' allowlist: the bundled one and the origins this
  // deployment sends the browser to (SIGN_IN_URL, PAYMENT_PLAN_URL).
  const redirectAllowlist = redirectAllowlistWith(portal.redirectAllowlist, runtimeConfig);
  const { upstream, upstreamClient } = upstreamOf(options, app, metrics, redirectAllowlist, (body) =>
    rollouts.guard.record(body),
  );

  app.decorate('production', production ? Object.freeze({ ...production }) : null);
  void app.register(metricsPlugin, { metrics });
  // Shared by every route family (fastify-plugin): registered first so each family inherits them.
  void app.register(securityPlugin, {
    allowedHosts,
    contentSecurityPolicy: contentSecurityPolicy(cspReportUri, cspOriginsOf(runtimeConfig)),
    anyHost: ['/healthz', '/readyz'],
  });
  void app.register(limitsPlugin, { rateLimits: options.rateLimits ?? {} });
  void app.register(sessionsPlugin, {
    store: sessions,
    secureCookies: options.secureCookies === true || production !== undefined,
    ...(production ? { cookieSecret: production.cookieSecret } : {}),
  });
  void app.register(errorsPlugin);
  // One encapsulated plugin per route family.
  void app.register(pagesPlugin, {
    distDir: dirs.dist,
    serveSourcemaps: options.serveSourcemaps === true,
    runtimeConfig,
    ...(options.renderPage
      ? { renderPage: options.renderPage }
      : {
          render: {
            rulesBundle: () => rules.bundle(),
            entry: renderEntry,
            onRendered: (page, result, seconds) => metrics.rendered(page, result, seconds),
            onMarkup: (page, pass) => metrics.markup(page, pass),
            onHomeShown: (placements, sections, account) =>
              rollouts.metrics.rendered(placements, sections, account),
            upstream: (req, setCookies) => upstreamClient.fetchFor(req, setCookies),
            ...(options.renderWaitMs !== undefined ? { homeCompleteMs: options.renderWaitMs } : {}),
          },
        }),
  });
  void app.register(rulesPlugin, {
    rules,
    repo: studioRepo,
    ...(fetchSeconds ? { fetchSeconds } : {}),
  });
  void app.register(healthPlugin, {
    rules,
    ...(studioRepo.remote ? { rulesRemote: () => studioRepo.remoteReadiness() } : {}),
    upstream: options.upstream,
    ...(options.readyTimeoutMs ? { upstreamTimeoutMs: options.readyTimeoutMs } : {}),
  });
  void app.register(studioPlugin, {
    config: studioConfig,
    repo: studioRepo,
    distDir: dirs.dist,
    ...(options.studio?.checker ? { checker: options.studio.checker } : {}),
    onCheckEnded: ({ check, outcome }) => metrics.studioCheck(check, outcome),
    rules,
    personas,
    today,
    rolloutEffect: (change: string) => rollouts.effect(change),
    ...(oidc ? { oidc } : {}),
    onProviderCall: (call, outcome) => metrics.identityProvider(call, outcome),
    ...(options.previewSignInUrl
      ? { previewSignIn: { url: options.previewSignInUrl, redirectParam: portal.signIn.redirectParam } }
      : {}),
  });
  void app.register(orchProxyPlugin, { ...upstream, onIssueRecord: (body) => rollouts.guard.record(body) });
  void app.register(cspReportPlugin);
  void app.register(vitalsPlugin, { registry: metrics.registry });
  void app.register(effectPlugin, { place: rollouts.place, acted: rollouts.acted, shown: rollouts.shown });
  if (mode === 'sandbox') {
    // The sandbox's pages, where the suite and QA find them: on this origin, from the same upstream.
    void app.register(orchProxyPlugin, {
      ...upstream,
      prefixes: ['/sandbox'],
      // Its pages refuse a cross-site request themselves, as pages (it is told the browser's origin).
      refuseCrossSite: false,
    });
  } else {
    void app.register(closedPlugin, { prefixes: ['/sandbox'] });
  }

  const metricsEndpoint = metricsServer(metrics, app.log);
  return {
    app,
    server: app.server,
    sessions,
    rules,
    studioRepo,
    metrics,
    listenMetrics: (port, host) => metricsEndpoint.listen(port, host),
    warm: async () => {
      if (!options.renderPage) await renderEntry();
    },
    listen: async (port = 0, host = '127.0.0.1') => {
      // The name it was told to listen on is its own (a wildcard address names no host).
      if (!options.allowedHosts && !['0.0.0.0', '::'].includes(host)) allowedHosts.push(host);
      await app.listen({ port, host });
      const { address, family, port: actual } = app.server.address() as AddressInfo;
      return `http://${family === 'IPv6' ? `[${address}]` : address}:${actual}`;
    },
    close: async (graceMs = 1_000) => {
      const force = Number.isFinite(graceMs)
        ? setTimeout(() => app.server.closeAllConnections(), graceMs)
        : undefined;
      try {
        await app.close();
      } finally {
        clearTimeout(force);
        await metricsEndpoint.close();
      }
    },
  };
}

/** What /metrics says of this server: its counts, its analysts' sessions, its rules and their remote. */
function metricsOf(sessions: AnalystSessions, studioRepo: RulesRepo): PortalMetrics {
  return new PortalMetrics({
    sessions: () => sessions.size,
    rules: async () => ({
      commit: await studioRepo.liveCommit().catch(() => null),
      lastFetched: studioRepo.remote?.lastFetchedAt ?? null,
    }),
  });
}

/**
 * How this server reaches Orch: the proxy's options (browsers' calls) and the client of the server's own
 * calls (the render's), sharing one health (an outage logged once), the metrics, the deadline and the rule
 * that this server's own cookies (an analyst's session, a sign-in under way) never leave for Orch.
 */
function upstreamOf(
  options: PortalOptions,
  app: FastifyInstance,
  metrics: PortalMetrics,
  redirectAllowlist: readonly string[],
  onIssueRecord: (body: Buffer) => void,
): { upstream: OrchProxyOptions; upstreamClient: UpstreamClient } {
  const health = new UpstreamHealth(new URL(options.upstream).origin, app.log);
  const ownCookies = [SESSION_COOKIE, TX_COOKIE];
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const upstreamClient = new UpstreamClient({
    upstream: options.upstream,
    timeoutMs,
    ownCookies,
    health,
    metrics,
    onIssueRecord,
  });
  app.addHook('onClose', () => upstreamClient.close());
  return {
    upstream: { upstream: options.upstream, ownCookies, metrics, health, timeoutMs, redirectAllowlist },
    upstreamClient,
  };
}

/** GET /metrics on a port of its own: a scrape target, never a page of the portal's. */
function metricsServer(
  metrics: PortalMetrics,
  log: FastifyBaseLogger,
): { listen(port: number, host?: string): Promise<string>; close(): Promise<void> } {
  let server: Server | undefined;
  return {
    listen: async (port, host = '127.0.0.1') => {
      const http = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics');
          return;
        }
        metrics.text().then(
          (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          (e: unknown) => {
            log.error({ err: e }, 'metrics could not be collected');
            res.writeHead(500).end();
          },
        );
      });
      server = http;
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, resolve);
      });
      const { address, family, port: actual } = http.address() as AddressInfo;
      return `http://${family === 'IPv6' ? `[${address}]` : address}:${actual}/metrics`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The OpenID client's settings: the provider, the public origin its redirect comes back to, the key. */
export function oidcSettingsOf(
  oidc: OidcConfig,
  site: { publicUrl?: string; cookieSecret?: string },
): OidcSettings {
  const { issuerUrl, ...client } = oidc;
  return {
    issuer: issuerUrl,
    ...client,
    ...(site.publicUrl ? { publicUrl: site.publicUrl } : {}),
    ...(site.cookieSecret ? { cookieSecret: site.cookieSecret } : {}),
  };
}

/** The composition's options for a configuration read from the environment (server/config.ts). */
export function optionsOf(config: ServerConfig): PortalOptions {
  const options: PortalOptions = {
    upstream: config.upstream,
    mode: config.mode,
    runtimeConfig: config.runtimeConfig,
    cspReportUri: config.cspReportUri,
    sessions: config.sessions,
    secureCookies: config.secureCookies,
    serveSourcemaps: config.serveSourcemaps,
  };
  if (config.production) options.production = config.production;
  if (config.previewSignInUrl) options.previewSignInUrl = config.previewSignInUrl;
  if (config.upstreamTimeoutMs) options.upstreamTimeoutMs = config.upstreamTimeoutMs;
  options.logger = { level: config.logLevel };
  if (config.rulesDir) options.rulesDir = config.rulesDir;
  if (config.trustProxy !== undefined) options.trustProxy = config.trustProxy;
  if (config.allowedHosts) options.allowedHosts = config.allowedHosts;
  if (config.studio.gitDir || config.studio.requireApproval === false) {
    const studio = readStudioConfig();
    if (config.studio.requireApproval === false) studio.requireApproval = false;
    options.studio = { config: studio, ...(config.studio.gitDir ? { gitDir: config.studio.gitDir } : {}) };
  }
  if (config.rulesRemote) {
    const { url, fetchSeconds } = config.rulesRemote;
    options.studio = { ...options.studio, remote: url, fetchSeconds };
  }
  if (config.oidc) options.oidc = oidcSettingsOf(config.oidc, config);
  if (config.prometheus) options.prometheus = config.prometheus;
  // ROLLOUT_GUARD_FACTOR / ROLLOUT_GUARD_MIN_ERRORS: this environment's word over config/studio.json's.
  const guard = readStudioConfig().rolloutGuard;
  if (config.studio.rolloutGuard && guard) options.rolloutGuard = { ...guard, ...config.studio.rolloutGuard };
  return options;
}
