/**
 * Security headers on every answer, whatever plugin makes it, and the Host check (DNS rebinding). Shared
 * with fastify-plugin: its hooks must run for every route of the server, not only for its own.
 *
 * helmet sets its set of headers; the CSP and Permissions-Policy are set here byte for byte as exported by
 * security.ts (helmet would re-join the CSP's directives with ';'), and HSTS only over HTTPS.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_SECURITY_POLICY, HSTS, hostRefusal, ownSecurityHeaders } from '../security';

export interface SecurityOptions {
  /**
   * Host names answered (no ports; '*' for any): any other Host gets 421. Read at each request, so the
   * server can add the name it is told to listen on once it listens.
   */
  allowedHosts: readonly string[];
  /** the CSP (default the sandbox's, which reports to /sandbox/csp-report) */
  contentSecurityPolicy?: string;
  /** paths answered whatever the Host (a load balancer's probe names the server by its address) */
  anyHost?: readonly string[];
}

const security: FastifyPluginAsync<SecurityOptions> = async (app, options) => {
  const own = ownSecurityHeaders(options.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(own);
    if (req.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
    const anyHost = options.anyHost?.includes(req.url.split('?')[0] ?? '') === true;
    const refusal = anyHost ? null : hostRefusal(req.hostname, options.allowedHosts);
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
};

export default fp(security, { name: 'portal-security', fastify: '5.x' });
