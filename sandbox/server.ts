/**
 * The embedded Orch sandbox on Fastify: serves the built portal (dist/, precompressed, cached by hash), the
 * rule files (validated, last valid version kept), the sandbox's sign-in stand-in, and every Orch and
 * pre-auth call of the spec from per-session views of shared personas, with per-session fault injection.
 * With `upstream` set it proxies /Orch and /preauth to a real host instead.
 *
 * Cookies, static files, compression, rate limits, security headers, ETags and the proxy are Fastify's
 * official plugins (docs/decisions/008-server-on-fastify.md); this file wires them and holds what is the
 * sandbox's own. main.ts only starts it; tests start it on port 0 with createSandboxServer().
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHash } from 'node:crypto';
import { basename, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { checkRedirect, safeLocalTarget } from '../src/api/redirect';
import { analystResolver, registerAnalystAuth, type OidcSettings } from './analyst-auth';
import { ApplicationKeys, type ApplicationKeyLimits } from './app-key';
import { chatWidgetRoutes } from './chat-widget';
import {
  arrangePlanWithToken,
  handleOrch,
  isSignedIn,
  payWithToken,
  type OrchRequest,
  type Reply,
} from './orch';
import { RecoveryLedger, type LedgerLimits } from './outbox';
import {
  arrangedPage,
  jumpPage,
  messagePage,
  notBuiltPage,
  paidPage,
  payBillPage,
  paymentPlanPage,
  sandboxCss,
  signInPage,
  type TokenView,
} from './pages';
import { isoDate, isoDateTime, loadPersonas, type Persona, type PersonaProblem } from './personas';
import { createPageRenderer, type EntryServer } from './page-render';
import { preauthRoutes } from './preauth-routes';
import { RulesCache, type RulesBundle } from './rules';
import type { RuntimeConfig } from './runtime-config';
import { readStudioConfig, registerStudio, type StudioConfig } from './studio';
import type { StudioChecker } from './studio-check';
import { RulesRepo } from './studio-repo';
import {
  ANALYST_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY,
  HSTS,
  OWN_SECURITY_HEADERS,
  RAW_SECURITY_HEADERS,
  SECURITY_HEADER_NAMES,
  crossSiteRefusal,
  hostRefusal,
  LOOPBACK_HOSTS,
} from './security';
import {
  SessionStore,
  isFaultMode,
  isFaultableCall,
  type FaultMode,
  type Session,
  type SessionLimits,
} from './session';

export { CONTENT_SECURITY_POLICY };

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Request bodies, in bytes: the issue log's fields are capped at 199 and 499 characters by the spec. */
export const BODY_LIMITS = { issueLog: 4 * 1024, cspReport: 8 * 1024, faults: 4 * 1024, json: 64 * 1024 };

/** Requests per minute per client (session for the issue log, address otherwise). */
export interface RateLimits {
  signIn: number;
  issueLog: number;
  cspReport: number;
  /** the pre-auth application key endpoint, per address */
  applicationKey: number;
}
export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  signIn: 300,
  issueLog: 300,
  cspReport: 60,
  applicationKey: 600,
};

/** CSP reports kept (newest), each cut to a few fields of at most CSP_FIELD_MAX characters. */
export const CSP_REPORTS_MAX = 100;
const CSP_FIELD_MAX = 256;

/** Request line and headers, bytes: larger gets 431 (Node's default, pinned so a flag cannot move it). */
export const MAX_HEADER_SIZE = 16 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SignInConfig {
  signInUrl: string;
  redirectParam: string;
  logoutUrl: string;
}

export interface SandboxOptions {
  /** built app (default <repo>/dist) */
  distDir?: string;
  /** how the server-rendering module is loaded (default: the build's dist/server/entry-server.js) */
  renderEntry?: () => Promise<EntryServer>;
  /** how long a page's render waits for the account's calls (default: the portal's homeCompleteMs) */
  renderWaitMs?: number;
  /** rule files served at /rules (default <repo>/rules) */
  rulesDir?: string;
  /** extra persona folders (SANDBOX_PERSONAS_DIR) */
  personaDirs?: readonly string[];
  /** personas already loaded (tests starting many servers); personaDirs is then ignored */
  personas?: readonly Persona[];
  /** a real Orch host (ORCH_UPSTREAM): /Orch and /preauth are proxied there */
  upstream?: string;
  /** how long a 'timeout' fault holds the response (default 30 s) */
  timeoutHoldMs?: number;
  /** time-outs written into every page (CALL_TIMEOUT_MS ...: sandbox/runtime-config.ts); default the bundled ones */
  runtimeConfig?: RuntimeConfig;
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
  /** lifetime and cap of the pre-auth application keys (APPLICATION_KEY_MINUTES) */
  applicationKeys?: Partial<ApplicationKeyLimits>;
  /** lifetimes and caps of reset links, authorization codes and profiles created online */
  ledger?: Partial<LedgerLimits>;
  /** overrides of config/portal.json's signIn */
  signIn?: Partial<SignInConfig>;
  /** where an invalid persona file is reported (default console.warn) */
  onPersonaProblem?: (p: PersonaProblem) => void;
  /** where a rejected rule file is reported, once per version (default console.warn) */
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
  close(): Promise<void>;
}

interface PortalConfig {
  signIn: SignInConfig;
  redirectAllowlist: readonly string[];
  /** the header every /preauth call carries its application key in */
  applicationKeyHeader: string;
}

function readPortalConfig(): PortalConfig {
  const fallback: PortalConfig = {
    signIn: { signInUrl: '/sandbox/signin', redirectParam: 'redirect', logoutUrl: '/Orch/logout' },
    redirectAllowlist: [],
    applicationKeyHeader: 'X-Application-Key',
  };
  try {
    const config = JSON.parse(readFileSync(join(repoRoot, 'config', 'portal.json'), 'utf8')) as {
      signIn?: Partial<SignInConfig>;
      redirectAllowlist?: string[];
      preauth?: { applicationKeyHeader?: string };
    };
    return {
      signIn: { ...fallback.signIn, ...config.signIn },
      redirectAllowlist: config.redirectAllowlist ?? [],
      applicationKeyHeader: config.preauth?.applicationKeyHeader ?? fallback.applicationKeyHeader,
    };
  } catch {
    return fallback;
  }
}

/** Freezes persona data shared by every session: a handler that wrote to it would throw, not leak. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const pathOf = (absolute: string): string => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}${u.hash}`;
};

/** The path of a request URL (dot segments resolved, escapes kept) and its query. */
function splitUrl(raw: string): { path: string; query: URLSearchParams } {
  const u = new URL(raw, 'http://sandbox.invalid');
  return { path: u.pathname, query: u.searchParams };
}

function parseFaultSpec(spec: string): { call: string; mode: FaultMode } | null {
  const i = spec.lastIndexOf(':');
  if (i < 0) return null;
  const call = spec.slice(0, i);
  const mode = spec.slice(i + 1);
  return isFaultableCall(call) && isFaultMode(mode) ? { call, mode } : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const bodyOf = (req: FastifyRequest): Record<string, unknown> => (isPlainObject(req.body) ? req.body : {});

/** Fields of a CSP violation kept: both the report-uri names and the Reporting API's. */
const CSP_FIELDS = [
  'document-uri',
  'referrer',
  'violated-directive',
  'effective-directive',
  'blocked-uri',
  'source-file',
  'line-number',
  'column-number',
  'status-code',
  'disposition',
  'script-sample',
  'documentURL',
  'effectiveDirective',
  'blockedURL',
  'sourceFile',
  'lineNumber',
  'columnNumber',
  'statusCode',
  'sample',
];

function trimCspReport(raw: unknown): { 'csp-report': Record<string, string | number> } {
  const out: Record<string, string | number> = {};
  if (isPlainObject(raw)) {
    for (const k of CSP_FIELDS) {
      const v = raw[k];
      if (typeof v === 'string') out[k] = v.slice(0, CSP_FIELD_MAX);
      else if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    }
  }
  return { 'csp-report': out };
}

/** The reports in a posted body: `{ "csp-report": {...} }` (report-uri) or a Reporting API list. */
function cspReportsOf(body: Record<string, unknown>): { 'csp-report': Record<string, string | number> }[] {
  if (Array.isArray(body.value)) {
    return body.value
      .slice(0, 10)
      .map((entry) => trimCspReport(isPlainObject(entry) ? entry.body : undefined));
  }
  return [trimCspReport(isPlainObject(body['csp-report']) ? body['csp-report'] : body)];
}

/**
 * Answers a request Node could not parse (request line and headers over MAX_HEADER_SIZE, a time-out,
 * garbage) with a status and the security headers, and closes the connection without a reset: what the
 * client still sends is read and dropped until it has the answer.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `The request line and headers are larger than ${MAX_HEADER_SIZE} bytes`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  const headers: Record<string, string | number> = {
    ...RAW_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  if (!socket.writable) return void socket.destroy();
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), 2_000).unref();
}

export function createSandboxServer(options: SandboxOptions = {}): SandboxServer {
  const distDir = resolve(options.distDir ?? join(repoRoot, 'dist'));
  const indexFile = join(distDir, 'index.html');
  const assetsDir = join(distDir, 'assets') + sep;
  const rulesDir = resolve(options.rulesDir ?? join(repoRoot, 'rules'));
  const upstream = options.upstream ? new URL(options.upstream) : undefined;
  const holdMs = options.timeoutHoldMs ?? 30_000;
  const allowedHosts: string[] = [...(options.allowedHosts ?? LOOPBACK_HOSTS)];
  const today = options.today ?? ((): Date => new Date());
  const config = readPortalConfig();
  const signIn: SignInConfig = { ...config.signIn, ...options.signIn };
  // The sandbox's own sign-in page: at the configured address when that is a path here; a deployment that
  // names the provider's sign-in page (absolute) keeps the stand-in at its default place.
  const signInPath = (() => {
    const local = safeLocalTarget(signIn.signInUrl, 'http://sandbox.invalid');
    return local ? new URL(local).pathname : '/sandbox/signin';
  })();
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const personas = deepFreeze(
    options.personas ?? loadPersonas(options.personaDirs ?? [], options.onPersonaProblem),
  );
  const sessions = new SessionStore(options.sessions, options.now);
  const applicationKeys = new ApplicationKeys(options.applicationKeys, options.now);
  const ledger = new RecoveryLedger(options.ledger, options.now);
  const rules = new RulesCache(rulesDir, options.onRulesProblem ? { onProblem: options.onRulesProblem } : {});
  const cspReports: { 'csp-report': Record<string, string | number> }[] = [];
  const studioConfig = options.studio?.config ?? readStudioConfig();
  // The history lives outside the rules folder, so a RULES_DIR inside this project's own repository is
  // never committed into it: .studio/ (ignored by git) holds one repository per rules folder.
  const studioRepo = new RulesRepo(
    rulesDir,
    options.studio?.gitDir ??
      join(
        repoRoot,
        '.studio',
        `${basename(rulesDir)}-${createHash('sha256').update(rulesDir).digest('hex').slice(0, 8)}.git`,
      ),
    options.studio?.remote ? { remote: options.studio.remote } : {},
  );
  studioRepo.startSync((options.studio?.fetchSeconds ?? 5) * 1000);

  /**
   * Compression of the JSON answers, registered in each scope that answers JSON (the static files are
   * compressed at build time and must not be compressed again on the fly). gzip first: for answers of a few
   * KB made per request it costs a fraction of brotli (whose encoder state per call halved the Orch calls'
   * throughput here) for nearly the same size. Request bodies are never inflated: a small compressed body
   * could expand past every body limit.
   */
  const compressJson = async (scope: FastifyInstance): Promise<void> => {
    await scope.register(fastifyCompress, {
      globalDecompression: false,
      threshold: 1024,
      encodings: ['gzip', 'br'],
    });
  };

  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMITS.json,
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    requestTimeout: 60_000,
    forceCloseConnections: true,
    clientErrorHandler,
    // A URL that cannot be decoded never reaches a hook: answer it with the security headers all the same.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .headers(RAW_SECURITY_HEADERS)
        .header('Cache-Control', 'no-store')
        .send({ error: `Bad request: ${error.message}` });
    },
  });

  // The rules remote's timer ends with the server.
  app.addHook('onClose', (_app, done) => {
    studioRepo.stop();
    done();
  });

  // ---------------------------------------------------------------- request helpers

  const SESSION_COOKIE = 'sid';

  /** This server's origin as the browser sees it (Host, or X-Forwarded-* from a trusted proxy). */
  function ownOrigin(req: FastifyRequest): string {
    const host = req.host || `127.0.0.1:${(app.server.address() as AddressInfo | null)?.port ?? 80}`;
    return `${req.protocol}://${host}`;
  }

  const sessionOf = (req: FastifyRequest): Session | undefined => sessions.get(req.cookies[SESSION_COOKIE]);

  const secure = (req: FastifyRequest): boolean => options.secureCookies === true || req.protocol === 'https';

  function setSessionCookie(req: FastifyRequest, reply: FastifyReply, session: Session): void {
    void reply.setCookie(SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      maxAge: sessions.cookieMaxAge(session),
      secure: secure(req),
    });
  }

  const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
    reply.code(status).header('Cache-Control', 'no-store').send(body);

  const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);

  /** Sends the browser to a same-origin address, as the absolute URL the one checker returned. */
  function redirectLocal(req: FastifyRequest, reply: FastifyReply, target: string): FastifyReply {
    const checked = safeLocalTarget(target, ownOrigin(req));
    if (!checked) return json(reply, 500, { error: 'Refused to redirect off the portal' });
    return reply.header('Cache-Control', 'no-store').redirect(checked, 302);
  }

  function sendReply(req: FastifyRequest, reply: FastifyReply, r: Reply): FastifyReply {
    if ('location' in r) return redirectLocal(req, reply, r.location);
    // A file made for the request (the bill PDF, sandbox/bill-pdf.ts), streamed.
    if ('stream' in r) return reply.code(r.status).headers(r.headers).type(r.type).send(r.stream);
    if ('text' in r) {
      return reply
        .code(r.status)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(r.text);
    }
    return json(reply, r.status, r.json);
  }

  /** Refuses a state-changing request from another origin; true when it did. */
  function refuseCrossSite(req: FastifyRequest, reply: FastifyReply, asPage = false): boolean {
    const refusal = crossSiteRefusal(req.headers, ownOrigin(req));
    if (!refusal) return false;
    if (asPage) void html(reply, 403, messagePage('Refused', refusal));
    else void json(reply, 403, { error: refusal });
    return true;
  }

  const faultList = (s: Session | undefined): Record<string, string> =>
    s ? Object.fromEntries(s.faults) : {};

  /** Answers with the armed fault (a time-out holds it); true when there was one. */
  async function applyFault(
    reply: FastifyReply,
    session: Session | undefined,
    path: string,
  ): Promise<boolean> {
    const mode = session?.faults.get(path);
    if (!mode) return false;
    if (mode === '500') void json(reply, 500, { error: 'Injected fault', call: path });
    else if (mode === 'malformed') void json(reply, 200, { unexpected: true });
    else {
      // Hold the answer; if the client gives up first the timer is dropped and nothing is written.
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          void json(reply, 504, { error: 'Injected time-out', call: path });
          done();
        }, holdMs);
        reply.raw.on('close', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    return true;
  }

  // ---------------------------------------------------------------- plugins every response goes through

  void app.register(fastifyHelmet, {
    // The CSP is set below byte for byte as exported (helmet joins directives with ';'); HSTS only over HTTPS.
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(OWN_SECURITY_HEADERS);
    if (req.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
    const refusal = hostRefusal(req.hostname, allowedHosts);
    if (refusal) {
      void reply
        .code(421)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(refusal);
      return;
    }
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    // JavaScript keeps its registered type (RFC 9239); @fastify/send's mime table still says application/.
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/javascript')) {
      void reply.header('content-type', `text/javascript${type.slice('application/javascript'.length)}`);
    }
    done(null, payload);
  });
  void app.register(fastifyCookie);
  void app.register(fastifyRateLimit, { global: false });
  app.addHook('onSend', (req, reply, payload, done) => {
    // An analyst's pages may be framed by the studio (same origin only); a customer's never.
    if (req.cookies?.[SESSION_COOKIE] && sessionOf(req)?.analyst) {
      void reply.header('Content-Security-Policy', ANALYST_CONTENT_SECURITY_POLICY);
      void reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    done(null, payload);
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // A handler bug must answer 500, never take the sandbox down.
      console.error('sandbox error', error);
      return json(reply, 500, { error: 'Sandbox error' });
    }
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `Request body too large: at most ${req.routeOptions.bodyLimit ?? BODY_LIMITS.json} bytes here`
        : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? `Bad request body: ${error.message}`
          : error.message;
    if (splitUrl(req.url).path === signInPath) return html(reply, status, messagePage('Sign-in', message));
    return json(reply, status, { error: message });
  });

  // ---------------------------------------------------------------- the built app

  const renderPage = createPageRenderer({
    distDir,
    app,
    rulesBundle: () => rules.bundle(),
    ...(options.renderEntry ? { entry: options.renderEntry } : {}),
    ...(options.renderWaitMs !== undefined ? { homeCompleteMs: options.renderWaitMs } : {}),
    runtimeConfig: options.runtimeConfig ?? {},
    // The rule studio is an analyst's tool: its first view stays the browser's, as the built page itself.
    browserOnly: (path) => path === '/studio' || path.startsWith('/studio/') || path === '/index.html',
  });

  void app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // '/' is a page (a redirect to /home), never index.html as a file: pages are rendered.
    index: false,
    preCompressed: true,
    // Cache-Control is set per file below; ETag and Last-Modified let the browser revalidate the rest.
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'ignore',
    // Source maps are built hidden and served only when asked for (they publish the source). The page
    // itself is sent with its runtime configuration by the fallback below.
    allowedPath: (path) =>
      !['/', '/index.html'].includes(path) && (options.serveSourcemaps === true || !path.endsWith('.map')),
    setHeaders: (reply, file) => {
      // Vite fingerprints everything under /assets, so it may be cached for good; the rest may change.
      void reply.header('Cache-Control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const { path } = splitUrl(req.url);
    if (!['GET', 'HEAD'].includes(req.method)) return json(reply, 405, { error: 'Method not allowed' });
    if (path.startsWith('/rules/')) return json(reply, 404, { error: `No rule file ${path.slice(7)}` });
    if (!existsSync(indexFile)) return html(reply, 503, notBuiltPage(distDir));
    const last = path.split('/').pop() ?? '';
    if (path !== '/index.html' && (path.startsWith('/assets/') || last.includes('.'))) {
      return html(reply, 404, messagePage('Not found', `No file ${path}.`));
    }
    // Every other address is a page of the portal, rendered on the server (sandbox/page-render.ts).
    return renderPage(req, reply);
  });

  // ---------------------------------------------------------------- rules

  void app.register(async (scope) => {
    // A weak ETag over the body: the same version compressed differently is still the same version.
    await scope.register(fastifyEtag, { weak: true });
    await compressJson(scope);
    const sendRules = (reply: FastifyReply, status: number, body: string): FastifyReply =>
      reply
        .code(status)
        .header('Cache-Control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(body);

    scope.get('/rules/bundle.json', (_req, reply) => sendRules(reply, 200, rules.bundle()));
    scope.get('/rules/status', async (_req, reply) => {
      const remote = studioRepo.remote?.status(await studioRepo.liveCommit());
      return sendRules(
        reply,
        200,
        JSON.stringify({ dir: rulesDir, files: rules.status(), ...(remote ? { remote } : {}) }),
      );
    });
    scope.get('/rules/index.json', (_req, reply) => {
      const files = existsSync(rulesDir)
        ? readdirSync(rulesDir)
            .filter((f) => f.endsWith('.json') && f !== 'index.json')
            .sort()
        : [];
      return sendRules(reply, 200, JSON.stringify({ files }));
    });
    scope.get<{ Params: { name: string } }>('/rules/:name', (req, reply) => {
      const { name } = req.params;
      const entry = rules.entry(name);
      if (entry) {
        // The last valid version, as in the bundle; a file that never had one is not served.
        return entry.status === 'unavailable'
          ? sendRules(reply, 404, JSON.stringify({ error: entry.message }))
          : sendRules(reply, 200, JSON.stringify(entry.rules));
      }
      // Other JSON files of the folder are served as they are (no decision reads them).
      const file = join(rulesDir, name);
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(name) || !existsSync(file)) {
        return sendRules(reply, 404, JSON.stringify({ error: `No rule file ${name}` }));
      }
      return sendRules(reply, 200, readFileSync(file, 'utf8'));
    });
  });

  // ---------------------------------------------------------------- the sandbox's own pages and switches

  void app.register(async (scope) => {
    useLenientJson(scope);
    await compressJson(scope);

    scope.get(
      signInPath,
      {
        config: {
          rateLimit: {
            max: rateLimits.signIn,
            timeWindow: 60_000,
            // Showing the page is free; signing in (creating a session) is what is limited.
            allowList: (req: FastifyRequest) => {
              const q = splitUrl(req.url).query;
              return q.get('persona') === null && q.get('analyst') === null;
            },
          },
        },
      },
      (req, reply) => {
        const { query } = splitUrl(req.url);
        const origin = ownOrigin(req);
        const checked = safeLocalTarget(query.get(signIn.redirectParam), origin);
        // The Location header carries the absolute URL that was checked; the page shows and links the path.
        const target = checked ? pathOf(checked) : '';
        const id = query.get('persona');
        const analystId = query.get('analyst');
        const page = (error?: string): string =>
          signInPage({
            personas,
            analysts: studioConfig.analysts,
            redirect: target,
            redirectParam: signIn.redirectParam,
            ...(error ? { error } : {}),
          });
        if (id === null && analystId !== null) {
          if (refuseCrossSite(req, reply, true)) return reply;
          if (!studioConfig.analysts.some((a) => a.id === analystId))
            return html(reply, 404, page(`No analyst '${analystId}'.`));
          const session = sessions.signInAnalyst(sessionOf(req), analystId);
          setSessionCookie(req, reply, session);
          return reply
            .header('Cache-Control', 'no-store')
            .redirect(checked ?? new URL('/studio', origin).href, 302);
        }
        if (id === null) return html(reply, 200, page());
        if (refuseCrossSite(req, reply, true)) return reply;
        const persona = personas.find((p) => p.id === id);
        if (!persona) return html(reply, 404, page(`No persona '${id}'.`));
        const faults = query.getAll('fault').map((f) => [f, parseFaultSpec(f)] as const);
        const bad = faults.find(([, parsed]) => parsed === null);
        if (bad) {
          return html(reply, 400, messagePage('Bad fault', `Cannot read the fault '${bad[0]}' (call:mode).`));
        }
        if (faults.length > sessions.limits.faultsPerSession) {
          return html(
            reply,
            400,
            messagePage('Bad fault', `At most ${sessions.limits.faultsPerSession} faults.`),
          );
        }
        const session = sessions.signIn(sessionOf(req), persona);
        for (const [, f] of faults) if (f) sessions.setFault(session, f.call, f.mode);
        setSessionCookie(req, reply, session);
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(checked ?? new URL('/home', origin).href, 302);
      },
    );

    scope.route({
      method: ['GET', 'POST'],
      url: '/sandbox/faults',
      bodyLimit: BODY_LIMITS.faults,
      handler: (req, reply) => {
        if (refuseCrossSite(req, reply)) return reply;
        const existing = sessionOf(req);
        const wanted: { call: string; mode: FaultMode }[] = [];
        if (req.method === 'POST') {
          const body = bodyOf(req);
          if (!isFaultableCall(body.call) || !isFaultMode(body.mode)) {
            return json(reply, 400, {
              error: "Expected {call: '/Orch/...', mode: '500'|'timeout'|'malformed'|'off'}",
            });
          }
          wanted.push({ call: body.call, mode: body.mode });
        } else {
          for (const spec of splitUrl(req.url).query.getAll('set')) {
            const f = parseFaultSpec(spec);
            if (!f) return json(reply, 400, { error: `Cannot read the fault '${spec}' (call:mode)` });
            wanted.push(f);
          }
        }
        // Listing creates nothing; arming a fault before sign-in rides on a short-lived pre-auth session.
        if (wanted.length === 0) return json(reply, 200, { faults: faultList(existing) });
        const session = existing ?? sessions.createPreauth();
        if (!existing) setSessionCookie(req, reply, session);
        for (const f of wanted) {
          if (!sessions.setFault(session, f.call, f.mode)) {
            return json(reply, 400, {
              error: `At most ${sessions.limits.faultsPerSession} faults per session`,
            });
          }
        }
        return json(reply, 200, { faults: faultList(session) });
      },
    });

    scope.post(
      '/sandbox/csp-report',
      {
        bodyLimit: BODY_LIMITS.cspReport,
        config: { rateLimit: { max: rateLimits.cspReport, timeWindow: 60_000 } },
      },
      (req, reply) => {
        cspReports.push(...cspReportsOf(bodyOf(req)));
        if (cspReports.length > CSP_REPORTS_MAX) cspReports.splice(0, cspReports.length - CSP_REPORTS_MAX);
        return reply.code(204).send();
      },
    );
    scope.get('/sandbox/csp-reports', (_req, reply) => json(reply, 200, { reports: cspReports }));
    scope.delete('/sandbox/csp-reports', (req, reply) => {
      if (refuseCrossSite(req, reply)) return reply;
      cspReports.length = 0;
      return reply.code(204).send();
    });

    scope.get('/sandbox/personas', (_req, reply) =>
      json(
        reply,
        200,
        personas.map((p) => ({ id: p.id, description: p.description })),
      ),
    );
    scope.get('/sandbox/session', (req, reply) => {
      const s = sessionOf(req);
      return json(reply, 200, {
        signedIn: s?.persona !== undefined,
        persona: s?.persona?.id ?? null,
        accountIndex: s?.accountIndex ?? 0,
        faults: faultList(s),
        issues: s?.issues ?? [],
        // The sandbox's clock (SANDBOX_TODAY or the wall clock): persona dates are relative to this day.
        today: isoDate(today()),
        clock: isoDateTime(today()),
      });
    });
    scope.get('/sandbox/sandbox.css', (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(sandboxCss),
    );
    // The stand-in payment and payment-plan sites read the token this session was handed (orch.ts keeps them).
    const tokenView = (req: FastifyRequest, kind: 'jump-out' | 'payment-plan'): TokenView | null => {
      const token = splitUrl(req.url).query.get('token') ?? '';
      const s = sessionOf(req);
      const kept = isSignedIn(s) ? s.jumpTokens.get(token) : undefined;
      return kept && kept.kind === kind ? { token, attributes: kept.attributes } : null;
    };
    scope.get('/sandbox/jump/payBill', (req, reply) => {
      const view = tokenView(req, 'jump-out');
      const accountNumber = splitUrl(req.url).query.get('accountNumber') ?? '';
      return html(reply, view ? 200 : 404, payBillPage(view, accountNumber));
    });
    scope.get('/sandbox/jump/paymentPlan', (req, reply) => {
      const view = tokenView(req, 'payment-plan');
      return html(reply, view ? 200 : 404, paymentPlanPage(view, splitUrl(req.url).query.get('token') ?? ''));
    });
    scope.get<{ Params: { name: string } }>('/sandbox/jump/:name', (req, reply) => {
      const page = /^[A-Za-z]+$/.test(req.params.name)
        ? jumpPage(req.params.name, splitUrl(req.url).query)
        : undefined;
      if (page) return html(reply, 200, page);
      return html(reply, 404, messagePage('Not found', `The sandbox has no page ${splitUrl(req.url).path}.`));
    });
    scope.all('/sandbox/*', (req, reply) =>
      html(reply, 404, messagePage('Not found', `The sandbox has no page ${splitUrl(req.url).path}.`)),
    );
  });

  // ---------------------------------------------------------------- the rule studio (analysts only)

  const analystOf = analystResolver(studioConfig.analysts);
  void app.register(async (scope) => {
    await compressJson(scope);
    registerAnalystAuth(scope, {
      ...(options.oidc ? { oidc: options.oidc } : {}),
      sessions,
      sessionOf,
      setSessionCookie,
      clearSessionCookie: (req, reply) =>
        void reply.clearCookie(SESSION_COOKIE, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: secure(req),
        }),
      secure,
      ownOrigin,
      refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
      signInRate: rateLimits.signIn,
    });
  });
  void app.register(async (scope) => {
    useLenientJson(scope);
    await compressJson(scope);
    registerStudio({
      app: scope,
      config: studioConfig,
      repo: studioRepo,
      distDir,
      ...(options.studio?.checker ? { checker: options.studio.checker } : {}),
      personas,
      today,
      sessionOf,
      analystOf,
      refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
      liveRule: (name) => {
        const entry = rules.entry(name);
        return entry && entry.status !== 'unavailable' ? entry.rules : undefined;
      },
      liveBundle: () => JSON.parse(rules.bundle()) as RulesBundle,
    });
  });

  // ---------------------------------------------------------------- the stand-in sites' forms

  // Pay and Set up of the stand-in sites: plain HTML forms (form-urlencoded), same origin only, acting on the
  // session the token was handed to.
  void app.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.faults },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const tokenOf = (req: FastifyRequest): string => {
      const v = (bodyOf(req) as { token?: unknown }).token;
      return typeof v === 'string' ? v : '';
    };
    scope.post('/sandbox/jump/payBill', (req, reply) => {
      if (refuseCrossSite(req, reply, true)) return reply;
      const s = sessionOf(req);
      const paid = isSignedIn(s) ? payWithToken(s, tokenOf(req), today()) : null;
      return paid ? html(reply, 200, paidPage(paid)) : html(reply, 404, payBillPage(null, ''));
    });
    scope.post('/sandbox/jump/paymentPlan', (req, reply) => {
      if (refuseCrossSite(req, reply, true)) return reply;
      const s = sessionOf(req);
      const token = tokenOf(req);
      const arranged = isSignedIn(s) ? arrangePlanWithToken(s, token) : null;
      return arranged
        ? html(reply, 200, arrangedPage(arranged.accountNumber))
        : html(reply, 404, paymentPlanPage(null, token));
    });
    registered();
  });

  // ---------------------------------------------------------------- Orch and pre-auth calls

  /** The issue log's route options (both /Orch and /preauth): its body limit, a rate per session. */
  const issueLog = {
    bodyLimit: BODY_LIMITS.issueLog,
    config: {
      rateLimit: {
        max: rateLimits.issueLog,
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => sessionOf(req)?.id ?? req.ip,
      },
    },
  };

  if (upstream) {
    for (const prefix of ['/Orch', '/preauth']) {
      void app.register(fastifyHttpProxy, {
        upstream: upstream.origin,
        prefix,
        rewritePrefix: prefix,
        preHandler: (req, reply, done) => {
          if (refuseCrossSite(req, reply)) return;
          const session = sessionOf(req);
          const path = splitUrl(req.url).path;
          if (!session?.faults.has(path)) return done();
          applyFault(reply, session, path).catch(done);
        },
        replyOptions: {
          // The sandbox's security headers stand, whatever the upstream sends.
          rewriteHeaders: (headers) =>
            Object.fromEntries(
              Object.entries(headers).filter(([k]) => !SECURITY_HEADER_NAMES.has(k.toLowerCase())),
            ),
        },
      });
    }
  } else {
    void app.register(async (scope) => {
      useLenientJson(scope);
      await compressJson(scope);
      scope.addHook('onRequest', (req, reply, done) => {
        if (!refuseCrossSite(req, reply)) done();
      });

      const api = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
        const { path, query } = splitUrl(req.url);
        const session = sessionOf(req);
        if (await applyFault(reply, session, path)) return reply;

        if (path === signIn.logoutUrl) {
          sessions.end(session?.id);
          void reply.clearCookie(SESSION_COOKIE, {
            path: '/',
            httpOnly: true,
            sameSite: 'strict',
            secure: secure(req),
          });
          // The sign-in address is configuration: checked like any other target (it may be the provider's).
          const origin = ownOrigin(req);
          const checked = checkRedirect(signIn.signInUrl, { origin, allowlist: config.redirectAllowlist });
          const to = checked.ok ? checked.url : new URL('/sandbox/signin', origin).href;
          return reply.header('Cache-Control', 'no-store').redirect(to, 302);
        }
        if (path === '/Orch/isAuth')
          return json(reply, 200, { authenticated: session?.persona !== undefined });

        const body = bodyOf(req);
        const request: OrchRequest = { method: req.method, path, query, body, today: today() };

        if (!isSignedIn(session)) return json(reply, 401, { authenticated: false });
        if (req.method === 'POST' && path === '/Orch/dssh/ui/sanitize') sessions.logIssue(session, body);
        return sendReply(req, reply, handleOrch(session, request));
      };

      scope.post('/Orch/dssh/ui/sanitize', issueLog, api);
      scope.all('/Orch/*', api);
    });
  }

  // ---------------------------------------------------------------- the chat vendor's stand-in widget

  void app.register((scope, _opts, done) => {
    chatWidgetRoutes(scope);
    done();
  });

  // ---------------------------------------------------------------- pre-auth calls, application key, outbox

  void app.register((scope) =>
    preauthRoutes(scope, {
      sessions,
      personas,
      ledger,
      keys: applicationKeys,
      keyHeader: config.applicationKeyHeader,
      today,
      proxied: upstream !== undefined,
      issueLog,
      keyRateLimit: rateLimits.applicationKey,
      sessionOf,
      setSessionCookie,
      applyFault,
      sendReply,
      refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
      prepareJsonScope: async (jsonScope) => {
        useLenientJson(jsonScope);
        await compressJson(jsonScope);
      },
    }),
  );

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
      // With a rules remote, its version is in the folder before the first customer is served (an
      // unreachable remote is only recorded: the folder's version is served and /rules/status says why).
      if (studioRepo.remote) await studioRepo.ensure().catch(() => undefined);
      await app.listen({ port, host });
      const { address, family, port: actual } = app.server.address() as AddressInfo;
      return `http://${family === 'IPv6' ? `[${address}]` : address}:${actual}`;
    },
    close: () => app.close(),
  };
}

/**
 * Bodies of the sandbox's own calls are JSON whatever their Content-Type says (a CSP report comes as
 * application/csp-report, a Reporting API list as application/reports+json, a fetch without a type as
 * text/plain); an empty body is {} and a non-object is wrapped as { value }. Fastify's own JSON parser does
 * the parsing (prototype-poisoning checks included); the route's bodyLimit applies.
 */
function useLenientJson(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    void parseJson(req, text, (err, parsed: unknown) => {
      if (err) return done(err);
      done(null, isPlainObject(parsed) ? parsed : { value: parsed });
    });
  });
}
