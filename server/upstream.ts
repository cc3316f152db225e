/**
 * The server's own calls to Orch (the page render's: the session, the profile, the account's calls), on the
 * same terms as the browser's calls that the upstream proxy (plugins/orch-proxy.ts) takes there: the
 * customer's cookies without this server's own, the browser's address in X-Forwarded-*, the bounded body,
 * the deadline (504 when it passes, 502 when Orch refuses), the outage logged once (UpstreamHealth), each
 * call counted by outcome on /metrics. They skip only what a request from outside needs and a call from
 * inside does not: routing through this server, its hooks and request log lines, a second parse of the body.
 *
 * undici (the HTTP client Node's fetch and @fastify/reply-from are built on) with one keep-alive pool to the
 * upstream's origin.
 */
import { Pool } from 'undici';
import type { FastifyRequest } from 'fastify';
import type { FetchAnswer, FetchLike } from '../src/api/client';
import type { PortalMetrics } from './metrics';
import { bodyLimitOf, isIssueLog, withoutCookies, type UpstreamHealth } from './plugins/orch-proxy';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** An answer as the API client reads it (status, headers, body), without a WHATWG Response's machinery. */
function answer(
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  text: string,
): FetchAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get: (name) => {
        const v = headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
    },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  };
}

/**
 * The call's headers as undici takes them (names in lower case): the API client's plain record read as it is,
 * anything else through WHATWG Headers. undici refuses a name or value a request may not carry.
 */
function headersOf(given: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (given === undefined) return out;
  if (given instanceof Headers || Array.isArray(given)) {
    new Headers(given).forEach((value, name) => (out[name] = value));
    return out;
  }
  for (const [name, value] of Object.entries(given)) out[name.toLowerCase()] = value;
  return out;
}

export interface UpstreamClientOptions {
  upstream: string;
  timeoutMs: number;
  ownCookies: readonly string[];
  health: UpstreamHealth;
  metrics?: PortalMetrics;
  /**
   * An issue-log record the render sends up (its calls do not pass the proxy's routes): the rollout guard
   * counts it as it counts the browser's.
   */
  onIssueRecord?: (body: Buffer) => void;
}

export class UpstreamClient {
  private readonly pool: Pool;
  readonly origin: string;

  constructor(private readonly options: UpstreamClientOptions) {
    this.origin = new URL(options.upstream).origin;
    this.pool = new Pool(this.origin, { connections: 32, keepAliveTimeout: 30_000 });
  }

  /**
   * A fetch for the page render of `req`: its calls go to Orch with the customer's cookies; each answer's
   * Set-Cookie headers are kept in `setCookies` for the page's own answer, as the browser would have got them.
   */
  fetchFor(req: FastifyRequest, setCookies: string[]): FetchLike {
    // The customer's cookies without this server's own: the same for every call of the render.
    const cookie = withoutCookies(req.headers.cookie, this.options.ownCookies);
    return (input, init) => this.call(req, cookie, input, init, setCookies);
  }

  private async call(
    req: FastifyRequest,
    cookie: string | undefined,
    input: string,
    init: RequestInit,
    setCookies: string[],
  ): Promise<FetchAnswer> {
    const url = new URL(input, 'http://portal.invalid');
    const path = `${url.pathname}${url.search}`;
    const headers = headersOf(init.headers);
    if (cookie) headers.cookie = cookie;
    headers['user-agent'] = 'portal-server-render';
    headers['x-forwarded-host'] = req.host;
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-for'] = req.ip;
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined && Buffer.byteLength(body) > bodyLimitOf(path))
      return answer(
        413,
        JSON_TYPE,
        JSON.stringify({ error: `Request body too large: at most ${bodyLimitOf(path)} bytes here` }),
      );
    if (body !== undefined && isIssueLog(path)) this.options.onIssueRecord?.(Buffer.from(body));
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    const { timeoutMs, health, metrics } = this.options;
    // Given up before it left (the caller's wait already over): no call was made, nothing of Orch's to count.
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    try {
      const res = await this.pool.request({
        path,
        method: init.method === 'POST' ? 'POST' : 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      const text = await res.body.text();
      const { 'set-cookie': cookies, ...out } = res.headers;
      if (cookies !== undefined) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
      if (res.statusCode < 500) health.answered();
      metrics?.upstream(
        path,
        res.statusCode >= 500 ? 'server_error' : res.statusCode >= 400 ? 'client_error' : 'ok',
        seconds(),
      );
      // The answer the API client reads, not a WHATWG Response: one per call was a tenth of a render's CPU.
      return answer(res.statusCode, out, text);
    } catch (e) {
      const err = e as Error & { code?: string; name?: string };
      // Aborted on the way: the caller's deadline passed (the API client's, config timeouts.callMs: its timer
      // starts before undici's and fires first). Nothing else aborts the render's calls: the render passes the
      // API client no signal of its own, and the page's request going away (the browser gone) aborts none.
      // So an abort (the API client's TimeoutError reason; a caller's reason would be theirs) is Orch's
      // time-out, counted and logged as the proxy's.
      const aborted = err.name === 'AbortError' || init.signal?.aborted === true;
      const timeout =
        aborted || err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT';
      const refused = err.code === 'ECONNREFUSED';
      const reason = timeout
        ? 'did not answer in time'
        : refused
          ? 'refused the connection'
          : `failed (${err.code ?? err.message})`;
      health.failed(url.pathname, reason);
      req.log.info(
        {
          upstream: this.origin,
          call: url.pathname,
          outcome: timeout ? 'timeout' : refused ? 'refused' : 'error',
        },
        `Orch ${reason}`,
      );
      metrics?.upstream(path, timeout ? 'timeout' : refused ? 'refused' : 'error', seconds());
      // The API client reports its own time-out (its wait, not undici's, is the one the page knows).
      if (aborted) throw e;
      const error = timeout
        ? `Orch did not answer within ${timeoutMs / 1000} s`
        : `Orch could not be reached (${reason})`;
      return answer(timeout ? 504 : 502, JSON_TYPE, JSON.stringify({ error }));
    }
  }

  /**
   * Ends the pool once the server has drained: a call the render gave up on (past its page's wait) may still
   * be open, and nothing waits for it any more.
   */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
