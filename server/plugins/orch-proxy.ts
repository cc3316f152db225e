/**
 * /Orch and /preauth streamed to the Orch host (ORCH_UPSTREAM: the provider's, or the sandbox) by
 * @fastify/http-proxy, in every mode: method, path, query, body and the customer's headers (cookies
 * included) go up as they came, with the address the browser used in X-Forwarded-Host and -Proto (the
 * upstream makes its links and redirects with it); the answer comes back as it is, except that this server's
 * security headers stand over the upstream's, this server's own cookies (an analyst's session) never
 * leave, and a redirect is followed only to the portal itself or the redirect allowlist (checked on the URL
 * the browser would follow, src/api/redirect.ts): any other is answered 502, counted, and logged at warn
 * when such refusals start for a call and target (RedirectRefusals). A state-changing request from another
 * origin is refused before it leaves.
 */
import { Readable } from 'node:stream';
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { BODY_LIMITS } from '../fastify';
import { outcomeOf, type PortalMetrics, type UpstreamOutcome } from '../metrics';
import { refuseCrossSite, splitUrl } from '../http';
import { folders } from '../paths';
import { readPortalConfig } from '../portal-config';
import { SECURITY_HEADER_NAMES } from '../security';
import { checkRedirect } from '../../src/api/redirect';

export interface OrchProxyOptions {
  /** the Orch host's origin (its path, if any, is ignored: the portal's paths are kept) */
  upstream: string;
  /** path prefixes proxied (default /Orch and /preauth) */
  prefixes?: readonly string[];
  /** runs before a call leaves, after the cross-site refusal */
  preHandler?: preHandlerHookHandler;
  /** Each issue-log record's body as it passes up (bounded: BODY_LIMITS.issueLog). */
  onIssueRecord?: (body: Buffer) => void;
  /** names of this server's own cookies, taken out of the Cookie header sent up */
  ownCookies?: readonly string[];
  /**
   * Refuse a cross-site request before it leaves (default true). The sandbox's pages (/sandbox) answer their
   * own refusals, as pages where a person followed a link.
   */
  refuseCrossSite?: boolean;
  /** how long a call may wait for the upstream's answer before it is answered 504 (UPSTREAM_TIMEOUT_MS) */
  timeoutMs?: number;
  /** where each call is counted (by call and outcome) with its duration */
  metrics?: PortalMetrics;
  /** the state of the upstream this plugin reaches, shared by the plugin's prefixes (outages logged once) */
  health?: UpstreamHealth;
  /**
   * The origins besides the portal's own that an upstream's redirect may send the browser to (default:
   * config/portal.json's redirectAllowlist). A redirect anywhere else is answered 502.
   */
  redirectAllowlist?: readonly string[];
}

/** The default deadline of a call to the upstream: at most 15 s, the browser's own call time-out. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;

/**
 * Whether the upstream answers: an outage is logged at warn when it starts (the first call that is refused
 * or times out) and at info when it ends (the first answer after it), never once per call.
 */
export class UpstreamHealth {
  private downSince = 0;
  constructor(
    private readonly upstream: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  failed(call: string, reason: string): void {
    if (this.downSince) return;
    this.downSince = this.now();
    this.log.warn({ upstream: this.upstream, call, reason }, `Orch outage: ${this.upstream} ${reason}`);
  }

  answered(): void {
    if (!this.downSince) return;
    const seconds = ((this.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = 0;
    this.log.info({ upstream: this.upstream }, `Orch answers again (${this.upstream}, after ${seconds} s)`);
  }

  get down(): boolean {
    return this.downSince !== 0;
  }
}

/** How long a refused redirect's warn line holds: the same call and target refused after it warns again. */
export const REFUSAL_WARN_INTERVAL_MS = 10 * 60_000;
/** Calls and targets whose refusals are remembered at most (the log's warn lines per interval at most). */
export const MAX_REFUSALS_KEPT = 200;

/** A call whose redirects to a target are refused: since its last warn line. */
interface Refusing {
  call: string;
  warnedAt: number;
  /** refusals since that warn line (itself included) */
  count: number;
}

/**
 * Orch's redirects refused, per call and target origin: the first refusal is logged at warn, the ones after
 * it at info, until the call is answered and passed (logged at info) or REFUSAL_WARN_INTERVAL_MS passed
 * (the next refusal warns again, with how many there were since). At most MAX_REFUSALS_KEPT pairs are kept:
 * those whose warn line has expired are forgotten first, and a new pair beyond them is logged at info only
 * (the log has had that many warn lines within the interval).
 */
export class RedirectRefusals {
  private readonly refusing = new Map<string, Refusing>();
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = REFUSAL_WARN_INTERVAL_MS,
  ) {}

  /** A redirect of `call` to `target` (its origin) was refused: logged at warn when refusals start. */
  refused(fields: { call: string; target: string | null } & Record<string, unknown>, msg: string): void {
    const key = `${fields.call} ${fields.target ?? ''}`;
    const at = this.now();
    const known = this.refusing.get(key);
    if (known && at - known.warnedAt < this.intervalMs) {
      known.count++;
      this.log.info({ ...fields, refusedSinceWarn: known.count }, msg);
      return;
    }
    if (!known && !this.room(at)) return void this.log.info(fields, msg);
    this.refusing.delete(key);
    this.refusing.set(key, { call: fields.call, warnedAt: at, count: 1 });
    this.log.warn(known ? { ...fields, refusedSinceWarn: known.count } : fields, msg);
  }

  /** A call to `url` was answered and passed to the browser: its refusals, if any, have ended. */
  passed(url: string, upstream: string): void {
    if (this.refusing.size === 0) return;
    const call = splitUrl(url).path;
    for (const [key, r] of this.refusing) {
      if (r.call !== call) continue;
      this.refusing.delete(key);
      this.log.info(
        { upstream, call, refusedSinceWarn: r.count },
        `Orch's answer to ${call} is passed to the browser again, after ${r.count} redirect(s) refused`,
      );
    }
  }

  /** Whether a new pair may be kept: forgets the ones whose warn line expired when there is no room. */
  private room(at: number): boolean {
    if (this.refusing.size < MAX_REFUSALS_KEPT) return true;
    for (const [key, r] of this.refusing) if (at - r.warnedAt >= this.intervalMs) this.refusing.delete(key);
    return this.refusing.size < MAX_REFUSALS_KEPT;
  }

  /** How many call and target pairs are kept (tests). */
  get size(): number {
    return this.refusing.size;
  }
}

/** How a call that got no answer failed: refused (or reset) is 502, no answer in time 504. */
function failureOf(error: Error & { statusCode?: number }): {
  status: 502 | 504;
  outcome: 'refused' | 'timeout' | 'error';
  reason: string;
} {
  const cause = (error.cause ?? {}) as { code?: string; message?: string };
  if (
    error.statusCode === 504 ||
    cause.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    cause.code === 'UND_ERR_BODY_TIMEOUT'
  )
    return { status: 504, outcome: 'timeout', reason: 'did not answer in time' };
  if (cause.code === 'ECONNREFUSED')
    return { status: 502, outcome: 'refused', reason: 'refused the connection' };
  return {
    status: 502,
    outcome: 'error',
    reason: `failed (${cause.code ?? cause.message ?? error.message})`,
  };
}

/** Headers that describe one connection, never passed from the upstream's to the browser's. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** Whether an upstream's header reaches the browser: never its security headers (ours stand) nor hop-by-hop ones. */
const passedOn = (name: string): boolean => {
  const lower = name.toLowerCase();
  return !SECURITY_HEADER_NAMES.has(lower) && !HOP_BY_HOP.has(lower);
};

/** A Cookie header without the named cookies (undefined when nothing is left). */
export function withoutCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (header === undefined || names.length === 0) return header;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !names.includes(pair.slice(0, Math.max(0, pair.indexOf('=')))));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** Issue-log bodies read by the parser, until the preHandler has counted them (a rollout's errors per side). */
const issueBodies = new WeakMap<FastifyRequest, Buffer>();

/** The issue log's calls (/Orch/dssh/ui/sanitize, /preauth/dssh/ui/sanitize) take small bodies only. */
const ISSUE_LOG = /^\/[^?]*\/dssh\/ui\/sanitize(?:\?|$)/;

/** True for a call to the issue log, whose records the rollout guard counts (server/rollout-metrics.ts). */
export const isIssueLog = (url: string): boolean => ISSUE_LOG.test(url);

/** The largest body a call may send up: the issue log's, or any JSON call's (server/fastify.ts). */
export const bodyLimitOf = (url: string): number =>
  ISSUE_LOG.test(url) ? BODY_LIMITS.issueLog : BODY_LIMITS.json;

/** A 413 as every other route family answers it (plugins/errors.ts says the message). */
const tooLarge = (limit: number): Error =>
  Object.assign(new Error(`Request body too large: at most ${limit} bytes here`), {
    statusCode: 413,
    code: 'PORTAL_BODY_TOO_LARGE',
  });

/**
 * Reads a call's body before it goes up, whatever its type, bounded by the call's limit (a Content-Length
 * over it is refused before a byte is read; a chunked body as soon as it passes it), so no call can stream
 * an unbounded body through this server to Orch.
 */
function boundedBody(
  req: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: Readable) => void,
  keepIssue = false,
): void {
  const limit = bodyLimitOf(req.url);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    payload.resume();
    return done(tooLarge(limit));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  payload.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > limit) {
      over = true;
      chunks.length = 0;
      return done(tooLarge(limit));
    }
    chunks.push(chunk);
  });
  // Sent up as a stream of the bytes read: the proxy passes a stream as it is (it would re-encode JSON).
  payload.on('end', () => {
    if (over) return;
    const body = Buffer.concat(chunks);
    // An issue-log record, kept for the preHandler (counted once the request passed the cross-site check).
    if (keepIssue && ISSUE_LOG.test(req.url)) issueBodies.set(req, body);
    done(null, Readable.from([body]));
  });
  payload.on('error', (e: Error) => {
    if (!over) done(e);
  });
}

const orchProxy: FastifyPluginAsync<OrchProxyOptions> = async (app, options) => {
  const { origin } = new URL(options.upstream);
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const health = options.health ?? new UpstreamHealth(origin, app.log);
  const failures = new WeakMap<object, UpstreamOutcome>();
  const refusals = new RedirectRefusals(app.log);
  const allowlist = options.redirectAllowlist ?? readPortalConfig(folders.config).redirectAllowlist;
  // The names of the upstream's headers each answer passed on (taken back off an answer refused whole).
  const passedHeaders = new WeakMap<object, string[]>();
  // The request lines every other route writes (its routes log errors only, see below).
  app.addHook('onRequest', (req, _reply, done) => {
    app.log.info({ reqId: req.id, req }, 'incoming request');
    done();
  });
  // Every call counted by how it ended, with its time (the answer's, or the failure's).
  app.addHook('onResponse', (req, reply, done) => {
    app.log.info({ reqId: req.id, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    const outcome = failures.get(req) ?? outcomeOf(reply.statusCode);
    if (!failures.has(req) && reply.statusCode < 500) {
      health.answered();
      refusals.passed(req.url, origin);
    }
    options.metrics?.upstream(req.url, outcome, reply.elapsedTime / 1000);
    done();
  });
  // Every body is read here, bounded, and sent up as it came (the proxy's own pass-through is off).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) =>
    boundedBody(req, payload, done, options.onIssueRecord !== undefined),
  );
  for (const prefix of options.prefixes ?? ['/Orch', '/preauth']) {
    await app.register(fastifyHttpProxy, {
      proxyPayloads: false,
      // The proxy's own lines (each failure at warn) would flood the log in an outage: its routes log errors
      // only, and this scope writes their request lines itself, each failure at info and the outage once at
      // warn (UpstreamHealth).
      disableRequestLogging: true,
      logLevel: 'error',
      upstream: origin,
      prefix,
      rewritePrefix: prefix,
      preHandler: (req, reply, done) => {
        if (options.refuseCrossSite !== false && refuseCrossSite(req, reply)) return;
        const issue = issueBodies.get(req);
        if (issue) options.onIssueRecord?.(issue);
        if (!options.preHandler) return done();
        return options.preHandler.call(app, req, reply, done);
      },
      replyOptions: {
        timeout: timeoutMs,
        // No answer: 502 (refused, reset) or 504 (nothing within the deadline), saying what failed.
        onError: (reply, { error }) => {
          const call = splitUrl(reply.request.url).path;
          const failure = failureOf(error);
          failures.set(reply.request, failure.outcome);
          health.failed(call, failure.reason);
          app.log.info(
            { reqId: reply.request.id, upstream: origin, call, outcome: failure.outcome },
            `Orch ${failure.reason}`,
          );
          const what =
            failure.status === 504
              ? `Orch did not answer within ${timeoutMs / 1000} s`
              : `Orch could not be reached (${failure.reason})`;
          void reply.code(failure.status).header('Cache-Control', 'no-store').send({ error: what });
        },
        rewriteRequestHeaders: (req, headers) => {
          const { cookie, ...rest } = headers;
          const kept = withoutCookies(cookie, options.ownCookies ?? []);
          // What the browser asked for, in this server's words (a client's own X-Forwarded-* never pass).
          const forwarded = {
            ...rest,
            'x-forwarded-host': req.host,
            'x-forwarded-proto': req.protocol,
            'x-forwarded-for': req.ip,
          };
          return kept === undefined ? forwarded : { ...forwarded, cookie: kept };
        },
        // Ours stand over the upstream's security headers; its hop-by-hop headers (its connection's
        // keep-alive) are its own connection's, not the browser's (RFC 9110 7.6.1).
        rewriteHeaders: (headers, req) => {
          const passed = Object.fromEntries(Object.entries(headers).filter(([k]) => passedOn(k)));
          if (req) passedHeaders.set(req, Object.keys(passed));
          return passed;
        },
        // A redirect's Location is checked as every other redirect is (src/api/redirect.ts): resolved against
        // the URL the browser asked for, as the browser resolves it, then allowed only to the portal itself
        // or the allowlist; what passes is sent as the absolute URL that was checked. Any other redirect is
        // not the browser's to follow: Orch's answer is dropped whole (its Location, cookies and body) and
        // the browser gets 502 saying so, logged at warn with the target's origin only (its query may hold
        // a token).
        onResponse: (req, reply, res) => {
          const location = reply.getHeader('location');
          const status = reply.statusCode;
          if (location === undefined || status < 300 || status > 399) return void reply.send(res.stream);
          // The URL the browser asked for, on the origin Orch was told (X-Forwarded-Host and -Proto above):
          // the checker resolves the Location against it and takes its origin as the portal's.
          const browserUrl = `${req.protocol}://${req.host}${req.url}`;
          const checked = checkRedirect(String(location), { origin: browserUrl, allowlist });
          if (checked.ok) return void reply.header('location', checked.url).send(res.stream);
          res.stream.destroy();
          for (const name of passedHeaders.get(req) ?? []) void reply.removeHeader(name);
          const call = splitUrl(req.url).path;
          failures.set(req, 'error');
          options.metrics?.redirectRefused(req.url, checked.reason);
          const target = URL.canParse(String(location), browserUrl)
            ? new URL(String(location), browserUrl).origin
            : null;
          refusals.refused(
            { reqId: req.id, upstream: origin, call, status, target, refusal: checked.reason },
            `Orch redirected off the allowlist (${checked.reason}): not passed to the browser`,
          );
          void reply
            .code(502)
            .header('Cache-Control', 'no-store')
            .send({ error: `Orch redirected to an address off the allowlist (${checked.reason})` });
        },
      },
    });
  }
};

export default orchProxy;
