/**
 * Cookies and the portal's own sessions (analysts', analyst-sessions.ts), shared with fastify-plugin so every
 * route family reads the same session: `app.sessions` (the bounded store), `request.portalSession` (the live
 * session the request's cookie names, or undefined), `reply.setSessionCookie(session)` and
 * `reply.clearSessionCookie()`, `request.cookiesSecure` (whether a cookie set now is Secure). An analyst's
 * answers get the CSP that lets the rule studio frame the portal.
 *
 * The cookie is `studio_sid`: HttpOnly, SameSite=Strict, Path=/ (the preview's pages read the draft through
 * it), Max-Age what is left of the session's lifetime, and Secure over HTTPS (as a trusted proxy says) or
 * always with `secureCookies`. It never leaves for Orch (the upstream proxy takes it out); Orch's own
 * cookies, the customer's session, pass through untouched.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AnalystSession as Session, AnalystSessions as SessionStore } from '../analyst-sessions';
import { CONTENT_SECURITY_POLICY, analystPolicy } from '../security';

export const SESSION_COOKIE = 'studio_sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's sessions (bounded, expiring). */
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The live session this request's cookie names (its idle time restarts), or undefined. */
    readonly portalSession: Session | undefined;
    /** Whether cookies set on this answer are Secure (TLS as a trusted proxy says, or secureCookies). */
    readonly cookiesSecure: boolean;
  }
  interface FastifyReply {
    setSessionCookie(session: Session): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export interface SessionsOptions {
  store: SessionStore;
  /** mark the session cookie Secure always (SECURE_COOKIES=1), for a deployment behind TLS */
  secureCookies?: boolean;
  /** COOKIE_SECRET: lets a plugin sign a cookie (`signed: true`) and check it (`request.unsignCookie`) */
  cookieSecret?: string;
}

const sessions: FastifyPluginAsync<SessionsOptions> = async (app, options) => {
  await app.register(fastifyCookie, options.cookieSecret ? { secret: options.cookieSecret } : {});
  const secure = (req: FastifyRequest): boolean => options.secureCookies === true || req.protocol === 'https';

  app.decorate('sessions', options.store);
  app.decorateRequest('portalSession', {
    getter(this: FastifyRequest): Session | undefined {
      return this.server.sessions.get(this.cookies[SESSION_COOKIE]);
    },
  });
  app.decorateRequest('cookiesSecure', {
    getter(this: FastifyRequest): boolean {
      return secure(this);
    },
  });
  app.decorateReply('setSessionCookie', function (this: FastifyReply, session: Session): FastifyReply {
    return this.setCookie(SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      maxAge: options.store.cookieMaxAge(session),
      secure: secure(this.request),
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply): FastifyReply {
    return this.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(this.request),
    });
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    // An analyst's pages may be framed by the studio (same origin only); a customer's never.
    if (req.cookies?.[SESSION_COOKIE] && req.portalSession?.analyst) {
      const csp = reply.getHeader('content-security-policy');
      void reply.header(
        'Content-Security-Policy',
        analystPolicy(typeof csp === 'string' ? csp : CONTENT_SECURITY_POLICY),
      );
      void reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    done(null, payload);
  });
};

export default fp(sessions, { name: 'portal-sessions', fastify: '5.x' });
