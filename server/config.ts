/**
 * The portal server's configuration from its environment, read and checked in this one module
 * (docs/deploy.md lists every variable). One server, two modes; in both, /Orch and /preauth go through the
 * upstream proxy to ORCH_UPSTREAM:
 *
 * - **production** (the default; `PORTAL_MODE=production`): ORCH_UPSTREAM is the provider's Orch, analysts
 *   sign in through OpenID Connect, the rules' history is a git remote, and every address the browser is sent
 *   to or loads from outside the portal (the customer sign-in, the QA session view, the payment-plan site,
 *   the application key, the chat widget) is a setting. The server refuses to start unless every variable
 *   it needs is there and sane (an address on this server under /sandbox included: production answers
 *   /sandbox with 404), and says in one message which are missing and what is wrong with the others.
 * - **sandbox** (`PORTAL_MODE=sandbox`, which `npm start` sets): ORCH_UPSTREAM is the sandbox, a stand-in
 *   for Orch, the provider's sign-in and the jump-out sites (sandbox/start.ts starts it beside this server);
 *   its pages under /sandbox are proxied there too, and the addresses default to config/portal.json's, which
 *   point at them. Everything else of production is optional and checked the same way when set.
 *
 * What production needs is passed on, typed, as ProductionConfig (the OpenID Connect sign-in and the rules
 * remote read it from there, never from process.env).
 */
import { readPortalConfig, ADDRESS_NAMES, type AddressName, type Addresses } from './portal-config';
import { folders } from './paths';
import { runtimeConfigFromEnv, type RuntimeConfig } from './runtime-config';
import { LOOPBACK_HOSTS } from './security';
import { remoteAddressIsClear } from './studio/rules-remote';

export type PortalMode = 'sandbox' | 'production';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The analysts' identity provider (OpenID Connect, authorization code with PKCE). */
export interface OidcConfig {
  /** OIDC_ISSUER_URL: the issuer; its /.well-known/openid-configuration is discovered */
  issuerUrl: string;
  /** OIDC_CLIENT_ID */
  clientId: string;
  /** OIDC_CLIENT_SECRET */
  clientSecret: string;
  /** OIDC_ROLE_CLAIM (default `roles`): the ID token claim holding the analyst's roles */
  roleClaim: string;
  /** OIDC_AUTHOR_ROLE (default `rule-author`): may propose rule changes */
  authorRole: string;
  /** OIDC_APPROVER_ROLE (default `rule-approver`): may approve another analyst's change */
  approverRole: string;
}

/** The git repository every server takes its rules from and the studio pushes to. */
export interface RulesRemoteConfig {
  /** RULES_REMOTE: a path, user@host:path, or a URL that parses (its user and password percent-encoded) */
  url: string;
  /** RULES_FETCH_SECONDS (default 5): how often each server fetches it */
  fetchSeconds: number;
}

export interface ProductionConfig {
  /** PUBLIC_URL: the https origin the portal is served at (the OIDC redirect is made from it) */
  publicUrl: string;
  /** COOKIE_SECRET: at least 32 characters; signs the cookies that must not be forged */
  cookieSecret: string;
  oidc: OidcConfig;
  rulesRemote: RulesRemoteConfig;
}

export interface ServerConfig {
  mode: PortalMode;
  /** ORCH_UPSTREAM: the Orch host /Orch and /preauth are proxied to (its origin); the sandbox in sandbox mode */
  upstream: string;
  /**
   * The addresses outside the portal the browser is sent to or loads from (SIGN_IN_URL, QA_SESSION_INFO_URL,
   * PAYMENT_PLAN_URL, APPLICATION_KEY_URL, CHAT_WIDGET_URL): written into every page, used by the server's
   * render; sandbox mode defaults to config/portal.json's
   */
  addresses: Addresses;
  /** PREVIEW_SIGN_IN_URL: where the studio's preview signs the browser in as a persona (sandbox: its sign-in) */
  previewSignInUrl?: string;
  /** CSP_REPORT_URI: where browsers report CSP violations (sandbox: /sandbox/csp-report, kept for tests) */
  cspReportUri: string;
  /**
   * METRICS_PORT and METRICS_HOST: where GET /metrics is served, apart from the portal's port (production:
   * 9464 on 127.0.0.1 by default; the sandbox: none unless set; `off`: none)
   */
  metrics?: { port: number; host: string };
  /** UPSTREAM_TIMEOUT_MS: how long a call to Orch may wait for its answer (default 15 s) */
  upstreamTimeoutMs?: number;
  /** PORT (default 5173) */
  port: number;
  /** HOST (default 127.0.0.1 in the sandbox, 0.0.0.0 in production) */
  host: string;
  /** present exactly in production mode */
  production?: ProductionConfig;
  /** the analysts' identity provider: production's, or the sandbox's when OIDC_ISSUER_URL is set */
  oidc?: OidcConfig;
  /** the rules remote: production's, or the sandbox's when RULES_REMOTE is set */
  rulesRemote?: RulesRemoteConfig;
  /** PUBLIC_URL (an origin, no trailing slash): production's, or the sandbox's when set */
  publicUrl?: string;
  /** COOKIE_SECRET: production's, or the sandbox's when set */
  cookieSecret?: string;
  /** RULES_DIR: the rules folder served (default rules/) */
  rulesDir?: string;
  /** TRUST_PROXY: 1/true for any proxy, else comma-separated addresses/CIDRs */
  trustProxy?: boolean | string;
  /** SECURE_COOKIES=1, and always in production */
  secureCookies: boolean;
  /** SERVE_SOURCEMAPS=1 */
  serveSourcemaps: boolean;
  /** host names answered: the loopback names, ALLOWED_HOSTS, and PUBLIC_URL's in production */
  allowedHosts?: string[];
  /** SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS, SESSION_MAX, in ms and a count */
  sessions: { idleMs?: number; absoluteMs?: number; maxSessions?: number };
  /** STUDIO_GIT_DIR, STUDIO_REQUIRE_APPROVAL=0 */
  /**
   * STUDIO_GIT_DIR, STUDIO_REQUIRE_APPROVAL=0, and ROLLOUT_GUARD_FACTOR / ROLLOUT_GUARD_MIN_ERRORS: this
   * environment's word over config/studio.json's rolloutGuard
   */
  studio: {
    gitDir?: string;
    requireApproval?: false;
    rolloutGuard?: { factor?: number; minErrors?: number };
  };
  /**
   * PROMETHEUS_URL and PROMETHEUS_TIMEOUT_MS: the Prometheus that scrapes every server, whose query API gives the
   * studio a rollout's live effect summed over all of them (default: this server's own counts; 3 s)
   */
  prometheus?: { url: string; timeoutMs?: number };
  /** LOG_LEVEL (default info): fatal, error, warn, info, debug, trace or silent */
  logLevel: LogLevel;
  /** SHUTDOWN_GRACE_SECONDS (default 10): how long SIGTERM waits for the requests in flight */
  shutdownGraceMs: number;
  /**
   * CALL_TIMEOUT_MS, HOME_COMPLETE_MS, CHUNK_LOAD_MS: the portal's time-outs, and the addresses, written into
   * every page (ADR 036); {} keeps the bundled ones
   */
  runtimeConfig: RuntimeConfig;
}

/** What production mode cannot start without. */
export const REQUIRED_IN_PRODUCTION = [
  'ORCH_UPSTREAM',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'RULES_REMOTE',
  'COOKIE_SECRET',
  'PUBLIC_URL',
] as const;

/** Variables of the sandbox process (sandbox/config.ts): set for a production portal they mean a mistake. */
const SANDBOX_ONLY = ['SANDBOX_PERSONAS_DIR', 'SANDBOX_TODAY', 'SANDBOX_TIMEOUT_MS'] as const;

/** Each address setting and the environment variable it is read from. */
export const ADDRESS_VARIABLES: Readonly<Record<AddressName, string>> = {
  signInUrl: 'SIGN_IN_URL',
  qaSessionInfoUrl: 'QA_SESSION_INFO_URL',
  paymentPlanUrl: 'PAYMENT_PLAN_URL',
  applicationKeyUrl: 'APPLICATION_KEY_URL',
  chatWidgetUrl: 'CHAT_WIDGET_URL',
};

/** What production mode cannot start without, beyond REQUIRED_IN_PRODUCTION: every address. */
export const ADDRESSES_REQUIRED_IN_PRODUCTION: readonly string[] = ADDRESS_NAMES.map(
  (name) => ADDRESS_VARIABLES[name],
);

export const COOKIE_SECRET_MIN = 32;

/** The configuration cannot be used; `problems` has one line per variable. */
export class ConfigError extends Error {
  constructor(
    readonly mode: PortalMode,
    readonly missing: readonly string[],
    readonly problems: readonly string[],
  ) {
    const lines = [...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []), ...problems].map(
      (l) => `- ${l}`,
    );
    super(
      `The server cannot start in ${mode} mode:\n${lines.join('\n')}\n(docs/deploy.md lists every variable)`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads the environment one variable at a time, collecting every problem instead of stopping at the first. */
class Reader {
  readonly missing: string[] = [];
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  text(name: string): string | undefined {
    const v = this.env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  }

  required(name: string): string {
    const v = this.text(name);
    if (v === undefined) this.missing.push(name);
    return v ?? '';
  }

  positive(name: string): number | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (Number.isFinite(n) && n > 0) return n;
    this.problems.push(`${name} must be a positive number, not '${raw}'`);
    return undefined;
  }

  /** An http(s) URL; `https` asks for https except on a loopback host (a local trial, a test provider). */
  url(name: string, value: string, https: boolean): string {
    if (value === '') return value;
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      this.problems.push(`${name} must be a URL, not '${value}'`);
      return value;
    }
    const loopback = LOOPBACK_HOSTS.includes(u.hostname.replace(/^\[(.*)\]$/, '$1'));
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && (!https || loopback))) {
      this.problems.push(`${name} must be an ${https ? 'https' : 'http(s)'} URL, not '${value}'`);
    }
    return value;
  }
}

function readMode(r: Reader): PortalMode {
  const mode = r.text('PORTAL_MODE');
  if (mode !== undefined && mode !== 'sandbox' && mode !== 'production') {
    r.problems.push(`PORTAL_MODE must be 'sandbox' or 'production', not '${mode}'`);
  }
  return mode === 'sandbox' ? 'sandbox' : 'production';
}

/**
 * An address the browser is sent to or loads from: an http(s) URL, or a path on this server. In production
 * a path under /sandbox is refused: production answers it with 404 (the sandbox is not there).
 */
function readAddress(r: Reader, name: string, value: string, production: boolean): string {
  if (value === '') return value;
  if (value.startsWith('/') && !value.startsWith('//')) {
    if (production && /^\/sandbox(\/|\?|$)/.test(value)) {
      r.problems.push(`${name} points into the sandbox ('${value}'), which production does not serve`);
    }
    return value;
  }
  return r.url(name, value, false);
}

/** The addresses: production's from the environment (each required), the sandbox's defaulting to config/. */
function readAddresses(r: Reader, production: boolean): Addresses {
  const bundled = readPortalConfig(folders.config).addresses;
  const out = { ...bundled };
  for (const name of ADDRESS_NAMES) {
    const variable = ADDRESS_VARIABLES[name];
    const value = production ? r.required(variable) : (r.text(variable) ?? bundled[name]);
    out[name] = readAddress(r, variable, value, production);
  }
  return out;
}

/** PUBLIC_URL, an origin; https except on loopback. */
function readPublicUrl(r: Reader, value: string): string {
  const publicUrl = r.url('PUBLIC_URL', value, true);
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).pathname !== '/') {
    r.problems.push(`PUBLIC_URL must be an origin (scheme, host and port only), not '${publicUrl}'`);
  }
  return publicUrl.replace(/\/$/, '');
}

function checkCookieSecret(r: Reader, secret: string): string {
  if (secret !== '' && secret.length < COOKIE_SECRET_MIN) {
    r.problems.push(
      `COOKIE_SECRET must be at least ${COOKIE_SECRET_MIN} characters (it has ${secret.length})`,
    );
  }
  return secret;
}

function oidcOf(r: Reader, issuerUrl: string, clientId: string, clientSecret: string): OidcConfig {
  return {
    issuerUrl: r.url('OIDC_ISSUER_URL', issuerUrl, true),
    clientId,
    clientSecret,
    roleClaim: r.text('OIDC_ROLE_CLAIM') ?? 'roles',
    authorRole: r.text('OIDC_AUTHOR_ROLE') ?? 'rule-author',
    approverRole: r.text('OIDC_APPROVER_ROLE') ?? 'rule-approver',
  };
}

/**
 * RULES_REMOTE: a path, git's user@host:path, or a URL that parses with its user and password
 * percent-encoded. A password holding an unencoded '/', '?', '#' or '@' ends the host early for git and a
 * URL parser, and would reach git's arguments and the logs; the refusal does not echo the value, which may
 * hold that password.
 */
function rulesRemoteOf(r: Reader, url: string): RulesRemoteConfig {
  if (url !== '' && !remoteAddressIsClear(url)) {
    r.problems.push(
      'RULES_REMOTE must be a path, user@host:path or a URL that parses, with its user name and password ' +
        'percent-encoded (%2F for /, %40 for @, %3F for ?, %23 for #, %3A for : in the user name); ' +
        'its value is not shown, as it may hold a password',
    );
  }
  return { url, fetchSeconds: r.positive('RULES_FETCH_SECONDS') ?? 5 };
}

function readProduction(r: Reader): ProductionConfig {
  const values = Object.fromEntries(
    REQUIRED_IN_PRODUCTION.filter((name) => name !== 'ORCH_UPSTREAM').map((name) => [name, r.required(name)]),
  ) as Record<Exclude<(typeof REQUIRED_IN_PRODUCTION)[number], 'ORCH_UPSTREAM'>, string>;
  const publicUrl = readPublicUrl(r, values.PUBLIC_URL);
  const cookieSecret = checkCookieSecret(r, values.COOKIE_SECRET);
  for (const name of SANDBOX_ONLY) {
    if (r.text(name) !== undefined) r.problems.push(`${name} is the sandbox's: unset it in production mode`);
  }
  return {
    publicUrl,
    cookieSecret,
    oidc: oidcOf(r, values.OIDC_ISSUER_URL, values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET),
    rulesRemote: rulesRemoteOf(r, values.RULES_REMOTE),
  };
}

/** What the sandbox may share with production: each optional, checked when set. */
function readSandboxOps(
  r: Reader,
): Pick<ServerConfig, 'oidc' | 'rulesRemote' | 'publicUrl' | 'cookieSecret'> {
  const issuer = r.text('OIDC_ISSUER_URL');
  const remote = r.text('RULES_REMOTE');
  const publicUrl = r.text('PUBLIC_URL');
  const secret = r.text('COOKIE_SECRET');
  return {
    ...(issuer
      ? { oidc: oidcOf(r, issuer, r.required('OIDC_CLIENT_ID'), r.required('OIDC_CLIENT_SECRET')) }
      : {}),
    ...(remote ? { rulesRemote: rulesRemoteOf(r, remote) } : {}),
    ...(publicUrl ? { publicUrl: readPublicUrl(r, publicUrl) } : {}),
    ...(secret ? { cookieSecret: checkCookieSecret(r, secret) } : {}),
  };
}

/** The configuration of this environment; throws a ConfigError naming every problem. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const r = new Reader(env);
  const mode = readMode(r);
  const upstream = r.url('ORCH_UPSTREAM', r.required('ORCH_UPSTREAM'), false);
  const production = mode === 'production' ? readProduction(r) : undefined;
  const addresses = readAddresses(r, mode === 'production');
  const preview = r.text('PREVIEW_SIGN_IN_URL');
  const previewSignInUrl =
    preview !== undefined
      ? readAddress(r, 'PREVIEW_SIGN_IN_URL', preview, mode === 'production')
      : mode === 'sandbox'
        ? `${addresses.signInUrl}?persona=`
        : undefined;
  const metricsPort = r.text('METRICS_PORT') ?? (mode === 'production' ? '9464' : 'off');
  let metrics: ServerConfig['metrics'];
  if (metricsPort !== 'off') {
    const port = Number(metricsPort);
    if (/^\d+$/.test(metricsPort) && port <= 65_535)
      metrics = { port, host: r.text('METRICS_HOST') ?? '127.0.0.1' };
    else r.problems.push(`METRICS_PORT must be a port number or off, not '${metricsPort}'`);
  }
  const upstreamTimeoutMs = r.positive('UPSTREAM_TIMEOUT_MS');
  if (upstreamTimeoutMs !== undefined && upstreamTimeoutMs > 120_000)
    r.problems.push(`UPSTREAM_TIMEOUT_MS must be at most 120000 (two minutes), not '${upstreamTimeoutMs}'`);
  const cspReportUri = readAddress(
    r,
    'CSP_REPORT_URI',
    r.text('CSP_REPORT_URI') ?? (mode === 'sandbox' ? '/sandbox/csp-report' : '/csp-report'),
    mode === 'production',
  );
  const ops = production
    ? {
        oidc: production.oidc,
        rulesRemote: production.rulesRemote,
        publicUrl: production.publicUrl,
        cookieSecret: production.cookieSecret,
      }
    : readSandboxOps(r);
  const port = r.text('PORT') === undefined ? 5173 : Number(r.text('PORT'));
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    r.problems.push(`PORT must be a port number, not '${r.text('PORT')}'`);
  }
  const idle = r.positive('SESSION_IDLE_MINUTES');
  const absolute = r.positive('SESSION_ABSOLUTE_HOURS');
  const max = r.positive('SESSION_MAX');
  const trust = r.text('TRUST_PROXY');
  const allowed = (r.text('ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (ops.publicUrl && URL.canParse(ops.publicUrl)) allowed.push(new URL(ops.publicUrl).hostname);
  const level = r.text('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    r.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${level}'`);
  }
  const grace = r.positive('SHUTDOWN_GRACE_SECONDS') ?? 10;
  let runtimeConfig: RuntimeConfig = {};
  try {
    runtimeConfig = runtimeConfigFromEnv(env);
  } catch (e) {
    r.problems.push(e instanceof Error ? e.message : String(e));
  }
  runtimeConfig = { ...runtimeConfig, addresses };
  const gitDir = r.text('STUDIO_GIT_DIR');
  const guardFactor = r.positive('ROLLOUT_GUARD_FACTOR');
  const guardMin = r.positive('ROLLOUT_GUARD_MIN_ERRORS');
  if (guardMin !== undefined && !Number.isInteger(guardMin))
    r.problems.push(`ROLLOUT_GUARD_MIN_ERRORS must be a whole number, not '${guardMin}'`);
  if (guardFactor !== undefined && guardFactor < 1)
    r.problems.push(`ROLLOUT_GUARD_FACTOR must be at least 1, not '${guardFactor}'`);
  const rulesDir = r.text('RULES_DIR');
  const prometheusUrl = r.text('PROMETHEUS_URL');
  const prometheusTimeoutMs = r.positive('PROMETHEUS_TIMEOUT_MS');
  if (prometheusTimeoutMs !== undefined && prometheusTimeoutMs > 30_000)
    r.problems.push(`PROMETHEUS_TIMEOUT_MS must be at most 30000, not '${prometheusTimeoutMs}'`);
  const config: ServerConfig = {
    mode,
    upstream,
    addresses,
    ...(previewSignInUrl !== undefined ? { previewSignInUrl } : {}),
    cspReportUri,
    ...(metrics ? { metrics } : {}),
    ...(upstreamTimeoutMs ? { upstreamTimeoutMs } : {}),
    port,
    host: r.text('HOST') ?? (mode === 'production' ? '0.0.0.0' : '127.0.0.1'),
    ...(production ? { production } : {}),
    ...ops,
    ...(rulesDir ? { rulesDir } : {}),
    ...(trust ? { trustProxy: trust === '1' || trust === 'true' ? true : trust } : {}),
    secureCookies: mode === 'production' || r.text('SECURE_COOKIES') === '1',
    serveSourcemaps: r.text('SERVE_SOURCEMAPS') === '1',
    ...(allowed.length > 0 ? { allowedHosts: [...LOOPBACK_HOSTS, ...allowed] } : {}),
    sessions: {
      ...(idle ? { idleMs: idle * 60_000 } : {}),
      ...(absolute ? { absoluteMs: absolute * 3_600_000 } : {}),
      ...(max ? { maxSessions: Math.floor(max) } : {}),
    },
    studio: {
      ...(gitDir ? { gitDir } : {}),
      ...(r.text('STUDIO_REQUIRE_APPROVAL') === '0' ? { requireApproval: false as const } : {}),
      ...(guardFactor !== undefined || guardMin !== undefined
        ? {
            rolloutGuard: {
              ...(guardFactor !== undefined ? { factor: guardFactor } : {}),
              ...(guardMin !== undefined ? { minErrors: guardMin } : {}),
            },
          }
        : {}),
    },
    ...(prometheusUrl
      ? {
          prometheus: {
            url: r.url('PROMETHEUS_URL', prometheusUrl, false),
            ...(prometheusTimeoutMs ? { timeoutMs: prometheusTimeoutMs } : {}),
          },
        }
      : {}),
    logLevel: level as LogLevel,
    shutdownGraceMs: grace * 1000,
    runtimeConfig,
  };
  if (r.missing.length > 0 || r.problems.length > 0) throw new ConfigError(mode, r.missing, r.problems);
  return config;
}
