/**
 * The server's configuration from its environment, read and checked in this one module (docs/deploy.md lists
 * every variable). Two modes:
 *
 * - **sandbox** (the default of `npm start`): the embedded Orch stand-in, password-less sign-in, loopback.
 * - **production** (`PORTAL_MODE=production`, or `ORCH_UPSTREAM` set): nothing of the sandbox answers, /Orch
 *   and /preauth go to ORCH_UPSTREAM, analysts sign in through OpenID Connect, the rules' history is a git
 *   remote. The server refuses to start unless every variable that mode needs is there and sane, and says
 *   in one message which are missing and what is wrong with the others.
 *
 * What production needs is passed on, typed, as ProductionConfig (the OpenID Connect sign-in and the rules
 * remote read it from there, never from process.env). The sandbox may use an identity provider and a rules
 * remote too (a trial of either before production): set, they are checked the same way, and OIDC_ISSUER_URL
 * then needs its client id and secret.
 */
import { delimiter } from 'node:path';
import { parseSandboxToday } from '../sandbox/personas';
import { runtimeConfigFromEnv, type RuntimeConfig } from '../sandbox/runtime-config';
import { LOOPBACK_HOSTS } from './security';

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
  /** RULES_REMOTE: any URL or path git accepts as a remote */
  url: string;
  /** RULES_FETCH_SECONDS (default 5): how often each server fetches it */
  fetchSeconds: number;
}

export interface ProductionConfig {
  /** ORCH_UPSTREAM: the Orch host /Orch and /preauth are proxied to (its origin) */
  upstream: string;
  /** PUBLIC_URL: the https origin the portal is served at (the OIDC redirect is made from it) */
  publicUrl: string;
  /** COOKIE_SECRET: at least 32 characters; signs the cookies that must not be forged */
  cookieSecret: string;
  oidc: OidcConfig;
  rulesRemote: RulesRemoteConfig;
}

export interface ServerConfig {
  mode: PortalMode;
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
  studio: { gitDir?: string; requireApproval?: false };
  /** LOG_LEVEL (default info): fatal, error, warn, info, debug, trace or silent */
  logLevel: LogLevel;
  /** SHUTDOWN_GRACE_SECONDS (default 10): how long SIGTERM waits for the requests in flight */
  shutdownGraceMs: number;
  /**
   * CALL_TIMEOUT_MS, HOME_COMPLETE_MS, CHUNK_LOAD_MS: the portal's time-outs, written into every page (ADR 036);
   * {} keeps the bundled ones
   */
  runtimeConfig: RuntimeConfig;
  /** the sandbox's own: SANDBOX_PERSONAS_DIR, SANDBOX_TODAY, SANDBOX_TIMEOUT_MS (refused in production) */
  sandbox: { personaDirs?: string[]; today?: Date; timeoutHoldMs?: number };
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

/** Variables of the sandbox alone: set in production they mean a mistake. */
const SANDBOX_ONLY = ['SANDBOX_PERSONAS_DIR', 'SANDBOX_TODAY', 'SANDBOX_TIMEOUT_MS'] as const;

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
  if (mode === 'sandbox' && r.text('ORCH_UPSTREAM') !== undefined) {
    r.problems.push('ORCH_UPSTREAM runs the server in production mode: unset it or PORTAL_MODE=sandbox');
  }
  return mode === 'production' || r.text('ORCH_UPSTREAM') !== undefined ? 'production' : 'sandbox';
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

const rulesRemoteOf = (r: Reader, url: string): RulesRemoteConfig => ({
  url,
  fetchSeconds: r.positive('RULES_FETCH_SECONDS') ?? 5,
});

function readProduction(r: Reader): ProductionConfig {
  const values = Object.fromEntries(REQUIRED_IN_PRODUCTION.map((name) => [name, r.required(name)])) as Record<
    (typeof REQUIRED_IN_PRODUCTION)[number],
    string
  >;
  const publicUrl = readPublicUrl(r, values.PUBLIC_URL);
  const cookieSecret = checkCookieSecret(r, values.COOKIE_SECRET);
  for (const name of SANDBOX_ONLY) {
    if (r.text(name) !== undefined) r.problems.push(`${name} is the sandbox's: unset it in production mode`);
  }
  return {
    upstream: r.url('ORCH_UPSTREAM', values.ORCH_UPSTREAM, false),
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

function readSandbox(r: Reader): ServerConfig['sandbox'] {
  const out: ServerConfig['sandbox'] = {};
  const dirs = r.text('SANDBOX_PERSONAS_DIR');
  if (dirs) out.personaDirs = dirs.split(delimiter).filter(Boolean);
  const hold = r.positive('SANDBOX_TIMEOUT_MS');
  if (hold !== undefined) out.timeoutHoldMs = hold;
  const today = r.text('SANDBOX_TODAY');
  if (today !== undefined) {
    const day = parseSandboxToday(today);
    if (day) out.today = day;
    else r.problems.push(`SANDBOX_TODAY must be YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss], not '${today}'`);
  }
  return out;
}

/** The configuration of this environment; throws a ConfigError naming every problem. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const r = new Reader(env);
  const mode = readMode(r);
  const production = mode === 'production' ? readProduction(r) : undefined;
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
  const gitDir = r.text('STUDIO_GIT_DIR');
  const rulesDir = r.text('RULES_DIR');
  const config: ServerConfig = {
    mode,
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
    },
    logLevel: level as LogLevel,
    shutdownGraceMs: grace * 1000,
    runtimeConfig,
    sandbox: mode === 'sandbox' ? readSandbox(r) : {},
  };
  if (r.missing.length > 0 || r.problems.length > 0) throw new ConfigError(mode, r.missing, r.problems);
  return config;
}
