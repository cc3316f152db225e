/**
 * /Orch and /preauth streamed to the real Orch host (ORCH_UPSTREAM) by @fastify/http-proxy: method, path,
 * query, body and the customer's headers (cookies included) go up as they came, the answer comes back as it
 * is, except that this server's security headers stand over the upstream's. A state-changing request from
 * another origin is refused before it leaves.
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
  /** runs before a call leaves, after the cross-site refusal (the sandbox's fault switch) */
  preHandler?: preHandlerHookHandler;
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
        rewriteHeaders: (headers) =>
          Object.fromEntries(
            Object.entries(headers).filter(([k]) => !SECURITY_HEADER_NAMES.has(k.toLowerCase())),
          ),
      },
    });
  }
};

export default orchProxy;
