/**
 * /Orch and /preauth streamed to the real Orch host (ORCH_UPSTREAM) by @fastify/http-proxy: method, path,
 * query, body and the customer's headers (cookies included) go up as they came, the answer comes back as it
 * is, except that this server's security headers stand over the upstream's and this server's own cookies
 * (an analyst's session) never leave. A state-changing request from another origin is refused before it
 * leaves.
 */
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync, preHandlerHookHandler } from 'fastify';
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
}

/** A Cookie header without the named cookies (undefined when nothing is left). */
export function withoutCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (header === undefined || names.length === 0) return header;
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !names.includes(pair.slice(0, Math.max(0, pair.indexOf('=')))));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

const orchProxy: FastifyPluginAsync<OrchProxyOptions> = async (app, options) => {
  const { origin } = new URL(options.upstream);
  for (const prefix of options.prefixes ?? ['/Orch', '/preauth']) {
    await app.register(fastifyHttpProxy, {
      upstream: origin,
      prefix,
      rewritePrefix: prefix,
      preHandler: (req, reply, done) => {
        if (refuseCrossSite(req, reply)) return;
        if (!options.preHandler) return done();
        return options.preHandler.call(app, req, reply, done);
      },
      replyOptions: {
        rewriteRequestHeaders: (_req, headers) => {
          const { cookie, ...rest } = headers;
          const kept = withoutCookies(cookie, options.ownCookies ?? []);
          return kept === undefined ? rest : { ...rest, cookie: kept };
        },
        rewriteHeaders: (headers) =>
          Object.fromEntries(
            Object.entries(headers).filter(([k]) => !SECURITY_HEADER_NAMES.has(k.toLowerCase())),
          ),
      },
    });
  }
};

export default orchProxy;
