/**
 * The portal's server, composed: Fastify and its shared plugins (security headers, rate limits, cookies and
 * sessions, errors: server/plugins, with fastify-plugin), then one encapsulated plugin per route family:
 * the built portal and its pages, the rule files, the rule studio, Orch and pre-auth (simulated here from
 * persona fixtures, or proxied to ORCH_UPSTREAM), and the sandbox's tools. docs/decisions/023.
 *
 * main.ts starts it; tests start it on port 0 (or call app.inject) with createSandboxServer().
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { safeLocalTarget } from '../src/api/redirect';
import type { OidcSettings } from './analyst-auth';
import type { EntryServer } from './page-render';
import type { RuntimeConfig } from './runtime-config';
import type { OidcConfig, ProductionConfig, ServerConfig } from '../server/config';
import { createFastify } from '../server/fastify';
import type { LoggerSettings } from '../server/logging';
import { serverFolders } from '../server/paths';
import closedPlugin from '../server/plugins/closed';
import cspReportPlugin from '../server/plugins/csp-report';
import errorsPlugin from '../server/plugins/errors';
import healthPlugin from '../server/plugins/health';
import limitsPlugin, { type RateLimits } from '../server/plugins/limits';
import orchProxyPlugin from '../server/plugins/orch-proxy';
import pagesPlugin, { type PageRenderer } from '../server/plugins/pages';
import rulesPlugin from '../server/plugins/rules';
import securityPlugin from '../server/plugins/security';
import sessionsPlugin, { SESSION_COOKIE } from '../server/plugins/sessions';
import studioPlugin from '../server/plugins/studio';
import { readPortalConfig, type PortalConfig, type SignInConfig } from '../server/portal-config';
import { RulesCache } from '../server/rules-cache';
import {
  LOOPBACK_HOSTS,
  PRODUCTION_CSP_REPORT_URI,
  SANDBOX_CSP_REPORT_URI,
  contentSecurityPolicy,
} from '../server/security';
import { ApplicationKeys, type ApplicationKeyLimits } from './app-key';
import { faultApplier } from './faults';
import orchRoutes from './orch-routes';
import { RecoveryLedger, type LedgerLimits } from './outbox';
import { loadPersonas, type Persona, type PersonaProblem } from './personas';
import preauthRoutes from './preauth-routes';
import { SessionStore, type SessionLimits } from './session';
import { readStudioConfig, type StudioConfig } from './studio';
import type { StudioChecker } from './studio-check';
import { RulesRepo } from './studio-repo';
import toolsPlugin from './tools';

export interface SandboxOptions {
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
  /** time-outs written into every page (CALL_TIMEOUT_MS ...: sandbox/runtime-config.ts); default the bundled ones */
  runtimeConfig?: RuntimeConfig;
  /** extra persona folders (SANDBOX_PERSONAS_DIR) */
  personaDirs?: readonly string[];
  /** personas already loaded (tests starting many servers); personaDirs is then ignored */
  personas?: readonly Persona[];
  /**
   * Production mode (server/config.ts): nothing of the sandbox is registered, /Orch and /preauth go to the
   * upstream, the CSP reports to /csp-report, cookies are Secure and may be signed with the cookie secret.
   */
  production?: ProductionConfig;
  /** how long a 'timeout' fault holds the response (default 30 s) */
  timeoutHoldMs?: number;
  /** the sandbox's clock for relative persona dates (default: the wall clock) */
  today?: () => Date;
  /** the session clock in ms (default Date.now): tests move it to expire sessions */
  now?: () => number;
  /** session lifetimes and caps (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS, SESSION_MAX) */
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
  /** lifetime and cap of the pre-auth application keys */
  applicationKeys?: Partial<ApplicationKeyLimits>;
  /** lifetimes and caps of reset links, authorization codes and profiles created online */
  ledger?: Partial<LedgerLimits>;
  /** overrides of config/portal.json's signIn */
  signIn?: Partial<SignInConfig>;
  /** structured JSON logs with a request id per request (LOG_LEVEL); none when left out (tests) */
  logger?: LoggerSettings;
  /** how long readiness waits for the Orch upstream (default 2 s) */
  readyTimeoutMs?: number;
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
    /** the checks in worker threads (tests pass theirs to watch its events) */
    checker?: StudioChecker;
  };
  /** analysts sign in through this OpenID provider (OIDC_*, COOKIE_SECRET, PUBLIC_URL) besides the sandbox's */
  oidc?: OidcSettings;
}

export interface SandboxServer {
  app: FastifyInstance;
  server: Server;
  personas: readonly Persona[];
  sessions: SessionStore;
  rules: RulesCache;
  /** The rule studio's git repository of the rules folder. */
  studioRepo: RulesRepo;
  /** the pre-auth application keys issued */
  applicationKeys: ApplicationKeys;
  /** reset links, authorization codes and profiles created online */
  ledger: RecoveryLedger;
  /** Starts listening (port 0 = any free port; host default 127.0.0.1); resolves to the real base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Stops taking connections and lets the requests in flight finish, for at most `graceMs` (default 1 s: a
   * test's browser may hold a connection open); then closes every connection left. `sandbox/main.ts` passes
   * Infinity: its bound is SHUTDOWN_GRACE_SECONDS, kept by close-with-grace.
   */
  close(graceMs?: number): Promise<void>;
}

/** Freezes persona data shared by every session: a handler that wrote to it would throw, not leak. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The sandbox's own sign-in page: at the configured address when that is a path here; a deployment that
 * names the provider's sign-in page (absolute) keeps the stand-in at its default place.
 */
function signInPathOf(signInUrl: string): string {
  const local = safeLocalTarget(signInUrl, 'http://sandbox.invalid');
  return local ? new URL(local).pathname : '/sandbox/signin';
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

/** The sandbox's own route families: simulated Orch and pre-auth, and its tools. */
function registerSandbox(
  app: FastifyInstance,
  parts: {
    options: SandboxOptions;
    portal: PortalConfig;
    signIn: SignInConfig;
    personas: readonly Persona[];
    analysts: readonly { id: string; name: string }[];
    applicationKeys: ApplicationKeys;
    ledger: RecoveryLedger;
    today: () => Date;
  },
): void {
  const { portal, signIn, personas, today } = parts;
  const applyFault = faultApplier(parts.options.timeoutHoldMs ?? 30_000);
  void app.register(orchRoutes, {
    logoutUrl: signIn.logoutUrl,
    signInUrl: signIn.signInUrl,
    redirectAllowlist: portal.redirectAllowlist,
    today,
    applyFault,
  });
  void app.register(preauthRoutes, {
    personas,
    ledger: parts.ledger,
    keys: parts.applicationKeys,
    keyHeader: portal.applicationKeyHeader,
    today,
    applyFault,
  });
  void app.register(toolsPlugin, {
    personas,
    analysts: parts.analysts,
    signIn: { path: signInPathOf(signIn.signInUrl), redirectParam: signIn.redirectParam },
    today,
  });
}

/** Production's: the upstream proxy, the CSP report log, and /sandbox closed. */
function registerProduction(app: FastifyInstance, production: ProductionConfig): void {
  void app.register(orchProxyPlugin, { upstream: production.upstream, ownCookies: [SESSION_COOKIE] });
  void app.register(cspReportPlugin);
  void app.register(closedPlugin, { prefixes: ['/sandbox'] });
}

export function createSandboxServer(options: SandboxOptions = {}): SandboxServer {
  const { production } = options;
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
  const signIn: SignInConfig = { ...portal.signIn, ...options.signIn };
  const personas = deepFreeze(options.personas ?? loadPersonas(options.personaDirs ?? [], onPersonaProblem));
  const sessions = new SessionStore(options.sessions, options.now);
  const applicationKeys = new ApplicationKeys(options.applicationKeys, options.now);
  const ledger = new RecoveryLedger(options.ledger, options.now);
  const rules = new RulesCache(dirs.rules, onRulesProblem ? { onProblem: onRulesProblem } : {});
  const studioConfig = options.studio?.config ?? readStudioConfig();
  // Production always has both (server/config.ts refuses to start without them); the sandbox may.
  const remote = options.studio?.remote ?? production?.rulesRemote.url;
  const fetchSeconds = options.studio?.fetchSeconds ?? production?.rulesRemote.fetchSeconds;
  const oidc = options.oidc ?? (production ? oidcSettingsOf(production.oidc, production) : undefined);
  const studioRepo = new RulesRepo(
    dirs.rules,
    options.studio?.gitDir ?? studioHistoryOf(dirs.rules, dirs.studioHistories),
    remote ? { remote } : {},
  );

  app.decorate('production', production ? Object.freeze({ ...production }) : null);
  // Shared by every route family (fastify-plugin): registered first so each family inherits them.
  void app.register(securityPlugin, {
    allowedHosts,
    contentSecurityPolicy: contentSecurityPolicy(
      production ? PRODUCTION_CSP_REPORT_URI : SANDBOX_CSP_REPORT_URI,
    ),
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
    runtimeConfig: options.runtimeConfig ?? {},
    ...(options.renderPage
      ? { renderPage: options.renderPage }
      : {
          render: {
            rulesBundle: () => rules.bundle(),
            ...(options.renderEntry ? { entry: options.renderEntry } : {}),
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
    ...(production ? { upstream: production.upstream } : {}),
    ...(options.readyTimeoutMs ? { upstreamTimeoutMs: options.readyTimeoutMs } : {}),
  });
  void app.register(studioPlugin, {
    config: studioConfig,
    repo: studioRepo,
    distDir: dirs.dist,
    ...(options.studio?.checker ? { checker: options.studio.checker } : {}),
    rules,
    personas,
    today,
    ...(oidc ? { oidc } : {}),
  });
  if (production) registerProduction(app, production);
  else {
    registerSandbox(app, {
      options,
      portal,
      signIn,
      personas,
      analysts: studioConfig.analysts,
      applicationKeys,
      ledger,
      today,
    });
  }

  return {
    app,
    server: app.server,
    personas,
    sessions,
    rules,
    studioRepo,
    applicationKeys,
    ledger,
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
      }
    },
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
export function optionsOf(config: ServerConfig): SandboxOptions {
  const options: SandboxOptions = {
    runtimeConfig: config.runtimeConfig,
    sessions: config.sessions,
    secureCookies: config.secureCookies,
    serveSourcemaps: config.serveSourcemaps,
  };
  if (config.production) options.production = config.production;
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
  const { personaDirs, today, timeoutHoldMs } = config.sandbox;
  if (personaDirs) options.personaDirs = personaDirs;
  if (today) options.today = () => today;
  if (timeoutHoldMs) options.timeoutHoldMs = timeoutHoldMs;
  return options;
}
