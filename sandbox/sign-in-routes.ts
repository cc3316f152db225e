/**
 * The sandbox's stand-in for the provider's sign-in: a page listing every persona and analyst, and the
 * password-less sign-in as a persona (`?persona=<id>[&fault=<call>:<mode>]...`), which makes a new session and
 * goes to the wanted page (`redirect`, checked to stay on this origin) or /home. An analyst (`?analyst=<id>`)
 * is sent to the portal's studio sign-in with that id as the login hint: the portal signs analysts in through
 * OpenID Connect, here at the sandbox's identity provider stand-in, which signs the hinted analyst in at once.
 * Signing in is rate-limited per client; showing the page is free. Its errors are pages, not JSON: a person
 * followed a link.
 */
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { safeLocalTarget } from '../src/api/redirect';
import { html, pathOf, refuseCrossSite, ownOrigin, splitUrl } from '../server/http';
import { describeError } from '../server/plugins/errors';
import { parseFaultSpec } from './faults';
import { messagePage, signInPage } from './pages';
import type { Persona } from '../server/personas';

export interface SignInOptions {
  /** where the page answers (config/portal.json signIn.signInUrl when that is a path here) */
  path: string;
  /** the query parameter naming the page to go to after sign-in */
  redirectParam: string;
  personas: readonly Persona[];
  /**
   * The portal's origin when the sandbox is reached at an address of its own (SANDBOX_PORTAL_URL: a
   * deployment whose sign-in is the sandbox's page on another origin): the page to go to after sign-in is the
   * portal's. Without it, the origin the request came through (the portal's, when it proxies /sandbox).
   */
  portalUrl?: string;
  /** the rule studio's analysts (sandbox/analysts.json, its identity provider's accounts) */
  analysts: readonly { id: string; name: string }[];
}

const asPage = (message: string): string => messagePage('Refused', message);

const signInRoutes: FastifyPluginCallback<SignInOptions> = (app, options, done) => {
  const { sandboxSessions: sessions } = app;
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, message } = describeError(error, req.routeOptions.bodyLimit);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return html(reply, status, messagePage('Sign-in', message));
  });

  const signIn = (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const { query } = splitUrl(req.url);
    const origin = options.portalUrl ? new URL(options.portalUrl).origin : ownOrigin(req);
    const checked = safeLocalTarget(query.get(options.redirectParam), origin);
    // The Location header carries the absolute URL that was checked; the page shows and links the path.
    const target = checked ? pathOf(checked) : '';
    const id = query.get('persona');
    const analystId = query.get('analyst');
    const page = (error?: string): string =>
      signInPage({
        personas: options.personas,
        analysts: options.analysts,
        redirect: target,
        redirectParam: options.redirectParam,
        ...(error ? { error } : {}),
      });
    const goTo = (fallback: string): FastifyReply =>
      reply.header('Cache-Control', 'no-store').redirect(checked ?? new URL(fallback, origin).href, 302);

    if (id === null && analystId !== null) {
      if (refuseCrossSite(req, reply, asPage)) return reply;
      if (!options.analysts.some((a) => a.id === analystId))
        return html(reply, 404, page(`No analyst '${analystId}'.`));
      // The portal's OpenID Connect sign-in, with the analyst as the hint and the wanted page after it.
      const login = new URL('/studio/auth/login', origin);
      login.searchParams.set('login_hint', analystId);
      login.searchParams.set('redirect', target || '/studio');
      return reply.header('Cache-Control', 'no-store').redirect(login.href, 302);
    }
    if (id === null) return html(reply, 200, page());
    if (refuseCrossSite(req, reply, asPage)) return reply;
    const persona = options.personas.find((p) => p.id === id);
    if (!persona) return html(reply, 404, page(`No persona '${id}'.`));
    const faults = query.getAll('fault').map((f) => [f, parseFaultSpec(f)] as const);
    const bad = faults.find(([, parsed]) => parsed === null);
    if (bad)
      return html(reply, 400, messagePage('Bad fault', `Cannot read the fault '${bad[0]}' (call:mode).`));
    if (faults.length > sessions.limits.faultsPerSession) {
      return html(
        reply,
        400,
        messagePage('Bad fault', `At most ${sessions.limits.faultsPerSession} faults.`),
      );
    }
    const session = sessions.signIn(req.sandboxSession, persona);
    for (const [, f] of faults) if (f) sessions.setFault(session, f.call, f.mode);
    reply.setSandboxCookie(session);
    return goTo('/home');
  };

  app.get(
    options.path,
    {
      config: {
        rateLimit: {
          max: app.rateLimits.signIn,
          timeWindow: 60_000,
          // Showing the page is free; signing in (creating a session) is what is limited.
          allowList: (req: FastifyRequest) => {
            const q = splitUrl(req.url).query;
            return q.get('persona') === null && q.get('analyst') === null;
          },
        },
      },
    },
    signIn,
  );
  done();
};

export default signInRoutes;
