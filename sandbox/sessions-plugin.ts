/**
 * The sandbox's sessions at the HTTP edge, shared with fastify-plugin so every route family of the sandbox
 * reads the same session: `app.sandboxSessions` (the bounded store, session.ts), `request.sandboxSession`
 * (the live session the request's cookie names, or undefined), `reply.setSandboxCookie(session)` and
 * `reply.clearSandboxCookie()`.
 *
 * The cookie is `sid` (Orch's session cookie, as far as the portal knows): HttpOnly, SameSite=Strict, Path=/,
 * Max-Age what is left of the session's lifetime, and Secure over HTTPS (as the portal in front says in
 * X-Forwarded-Proto) or always with `secureCookies`. The portal passes it through its upstream proxy both
 * ways without reading it, as it does the provider's Orch cookies.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Session, SessionStore } from './session';

export const SANDBOX_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's customer sessions (bounded, expiring). */
    sandboxSessions: SessionStore;
  }
  interface FastifyRequest {
    /** The live sandbox session this request's cookie names (its idle time restarts), or undefined. */
    readonly sandboxSession: Session | undefined;
  }
  interface FastifyReply {
    setSandboxCookie(session: Session): FastifyReply;
    clearSandboxCookie(): FastifyReply;
  }
}

export interface SandboxSessionsOptions {
  store: SessionStore;
  /** mark the session cookie Secure always (SECURE_COOKIES=1) */
  secureCookies?: boolean;
}

const sessions: FastifyPluginAsync<SandboxSessionsOptions> = async (app, options) => {
  await app.register(fastifyCookie);
  const secure = (req: FastifyRequest): boolean => options.secureCookies === true || req.protocol === 'https';

  app.decorate('sandboxSessions', options.store);
  app.decorateRequest('sandboxSession', {
    getter(this: FastifyRequest): Session | undefined {
      return this.server.sandboxSessions.get(this.cookies[SANDBOX_COOKIE]);
    },
  });
  app.decorateReply('setSandboxCookie', function (this: FastifyReply, session: Session): FastifyReply {
    return this.setCookie(SANDBOX_COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      maxAge: options.store.cookieMaxAge(session),
      secure: secure(this.request),
    });
  });
  app.decorateReply('clearSandboxCookie', function (this: FastifyReply): FastifyReply {
    return this.clearCookie(SANDBOX_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(this.request),
    });
  });
};

export default fp(sessions, { name: 'sandbox-sessions', fastify: '5.x' });
