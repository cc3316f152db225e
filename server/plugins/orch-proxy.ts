/**
 * /Orch and /preauth streamed to the Orch host (ORCH_UPSTREAM: the provider's, or the sandbox) by
 * @fastify/http-proxy, in every mode: method, path, query, body and the customer's headers (cookies
 * included) go up as they came, with the address the browser used in X-Forwarded-Host and -Proto (the
 * upstream makes its links and redirects with it); the answer comes back as it is, except that this server's
 * security headers stand over the upstream's and this server's own cookies (an analyst's session) never
 * leave. A state-changing request from another origin is refused before it leaves.
 */
import { Readable } from 'node:stream';
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { BODY_LIMITS } from '../fastify';
import { refuseCrossSite } from '../http';
import { SECURITY_HEADER_NAMES } from '../security';

export interface OrchProxyOptions {
  /** the Orch host's origin (its path, if any, is ignored: the portal's paths are kept) */
  upstream: string;
  /** path prefixes proxied (default /Orch and /preauth) */
  prefixes?: readonly string[];
  /** runs before a call leaves, after the cross-site refusal */
  preHandler?: preHandlerHookHandler;
  /** names of this server's own cookies, taken out of the Cookie header sent up */
  ownCookies?: readonly string[];
  /**
   * Refuse a cross-site request before it leaves (default true). The sandbox's pages (/sandbox) answer their
   * own refusals, as pages where a person followed a link.
   */
  refuseCrossSite?: boolean;
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

/** A Cookie header without the named cookies (undefined when nothing is left). */
export function withoutCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (header === undefined || names.length === 0) return header;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !names.includes(pair.slice(0, Math.max(0, pair.indexOf('=')))));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The issue log's calls (/Orch/dssh/ui/sanitize, /preauth/dssh/ui/sanitize) take small bodies only. */
const ISSUE_LOG = /^\/[^?]*\/dssh\/ui\/sanitize(?:\?|$)/;

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
    if (!over) done(null, Readable.from([Buffer.concat(chunks)]));
  });
  payload.on('error', (e: Error) => {
    if (!over) done(e);
  });
}

const orchProxy: FastifyPluginAsync<OrchProxyOptions> = async (app, options) => {
  const { origin } = new URL(options.upstream);
  // Every body is read here, bounded, and sent up as it came (the proxy's own pass-through is off).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', boundedBody);
  for (const prefix of options.prefixes ?? ['/Orch', '/preauth']) {
    await app.register(fastifyHttpProxy, {
      proxyPayloads: false,
      upstream: origin,
      prefix,
      rewritePrefix: prefix,
      preHandler: (req, reply, done) => {
        if (options.refuseCrossSite !== false && refuseCrossSite(req, reply)) return;
        if (!options.preHandler) return done();
        return options.preHandler.call(app, req, reply, done);
      },
      replyOptions: {
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
        rewriteHeaders: (headers) =>
          Object.fromEntries(
            Object.entries(headers).filter(([k]) => {
              const name = k.toLowerCase();
              return !SECURITY_HEADER_NAMES.has(name) && !HOP_BY_HOP.has(name);
            }),
          ),
      },
    });
  }
};

export default orchProxy;
