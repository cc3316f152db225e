/**
 * The simulated Orch at /Orch/*: every call of the spec answered from the session's view of its persona
 * (orch.ts), after the session's armed fault; logout and isAuth; the issue log kept on the session
 * (bounded, shown at /sandbox/session). Every call, GETs included (logout and declineAltTn are GETs), is
 * refused when it comes from another origin.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { checkRedirect } from '../src/api/redirect';
import { bodyOf, json, ownOrigin, refuseCrossSite, splitUrl } from '../server/http';
import { prepareJsonScope } from '../server/json-scope';
import { issueLogRoute, sendReply } from './calls';
import type { FaultApplier } from './faults';
import { handleOrch, type OrchRequest } from './orch';
import { isSignedIn } from './session-view';

export interface OrchRoutesOptions {
  /** the spec's logout call (config/portal.json signIn.logoutUrl) */
  logoutUrl: string;
  /** where logout sends the browser (config/portal.json signIn.signInUrl), checked like any redirect */
  signInUrl: string;
  /** addresses off this origin a redirect may go to (config/portal.json redirectAllowlist) */
  redirectAllowlist: readonly string[];
  /** the sandbox's clock for relative persona dates */
  today: () => Date;
  applyFault: FaultApplier;
}

const orchRoutes: FastifyPluginAsync<OrchRoutesOptions> = async (app, options) => {
  await prepareJsonScope(app);
  app.addHook('onRequest', (req, reply, done) => {
    if (!refuseCrossSite(req, reply)) done();
  });

  const logout = (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    req.server.sandboxSessions.end(req.sandboxSession?.id);
    void reply.clearSandboxCookie();
    // The sign-in address is configuration: checked like any other target (it may be the provider's).
    const origin = ownOrigin(req);
    const checked = checkRedirect(options.signInUrl, {
      origin,
      allowlist: [...options.redirectAllowlist],
    });
    const to = checked.ok ? checked.url : new URL('/sandbox/signin', origin).href;
    return reply.header('Cache-Control', 'no-store').redirect(to, 302);
  };

  const call = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { path, query } = splitUrl(req.url);
    const session = req.sandboxSession;
    if (await options.applyFault(reply, session, path)) return reply;
    if (path === options.logoutUrl) return logout(req, reply);
    if (path === '/Orch/isAuth') return json(reply, 200, { authenticated: session?.persona !== undefined });
    if (!isSignedIn(session)) return json(reply, 401, { authenticated: false });
    const body = bodyOf(req);
    if (req.method === 'POST' && path === '/Orch/dssh/ui/sanitize')
      req.server.sandboxSessions.logIssue(session, body);
    const request: OrchRequest = { method: req.method, path, query, body, today: options.today() };
    return sendReply(req, reply, handleOrch(session, request));
  };

  app.post('/Orch/dssh/ui/sanitize', issueLogRoute(app), call);
  app.all('/Orch/*', call);
};

export default orchRoutes;
