/**
 * The sandbox's tools under /sandbox: the sign-in stand-in (sign-in-routes.ts), the fault switch, the CSP
 * reports, the personas, what the session holds (persona, faults, issue log, the sandbox's clock), the
 * stand-in sites of the jump-outs (jump-routes.ts), the chat vendor's stand-in widget, and a 404 page for
 * anything else under /sandbox (never the portal's app shell).
 */
import type { FastifyPluginAsync } from 'fastify';
import { BODY_LIMITS } from '../server/fastify';
import { bodyOf, html, json, refuseCrossSite, splitUrl } from '../server/http';
import { prepareJsonScope } from '../server/json-scope';
import { chatWidgetRoutes } from './chat-widget';
import { CspReports } from './csp-reports';
import { faultList, parseFaultSpec } from './faults';
import jumpRoutes from './jump-routes';
import { messagePage, sandboxCss } from './pages';
import { isoDate, isoDateTime, type Persona } from '../server/personas';
import { isFaultMode, isFaultableCall, type FaultMode } from './session';
import signInRoutes from './sign-in-routes';

export interface ToolsOptions {
  personas: readonly Persona[];
  /** the rule studio's analysts (sandbox/analysts.json), offered on the sign-in page */
  analysts: readonly { id: string; name: string }[];
  /** the sign-in page's path and its redirect parameter, and the portal's origin when it is not this one */
  signIn: { path: string; redirectParam: string; portalUrl?: string };
  /** the sandbox's clock (SANDBOX_TODAY or the wall clock) */
  today: () => Date;
  /** where the browser's CSP reports are kept (default a new store) */
  cspReports?: CspReports;
}

const tools: FastifyPluginAsync<ToolsOptions> = async (app, options) => {
  const { personas, today } = options;
  const { sandboxSessions: sessions } = app;
  const cspReports = options.cspReports ?? new CspReports();

  await prepareJsonScope(app);
  await app.register(signInRoutes, {
    path: options.signIn.path,
    redirectParam: options.signIn.redirectParam,
    ...(options.signIn.portalUrl ? { portalUrl: options.signIn.portalUrl } : {}),
    personas,
    analysts: options.analysts,
  });
  await app.register(jumpRoutes, { today });

  app.route({
    method: ['GET', 'POST'],
    url: '/sandbox/faults',
    bodyLimit: BODY_LIMITS.faults,
    handler: (req, reply) => {
      if (refuseCrossSite(req, reply)) return reply;
      const existing = req.sandboxSession;
      const wanted: { call: string; mode: FaultMode }[] = [];
      if (req.method === 'POST') {
        const body = bodyOf(req);
        if (!isFaultableCall(body.call) || !isFaultMode(body.mode)) {
          return json(reply, 400, {
            error: "Expected {call: '/Orch/...', mode: '500'|'timeout'|'malformed'|'off'}",
          });
        }
        wanted.push({ call: body.call, mode: body.mode });
      } else {
        for (const spec of splitUrl(req.url).query.getAll('set')) {
          const f = parseFaultSpec(spec);
          if (!f) return json(reply, 400, { error: `Cannot read the fault '${spec}' (call:mode)` });
          wanted.push(f);
        }
      }
      // Listing creates nothing; arming a fault before sign-in rides on a short-lived pre-auth session.
      if (wanted.length === 0) return json(reply, 200, { faults: faultList(existing) });
      const session = existing ?? sessions.createPreauth();
      if (!existing) reply.setSandboxCookie(session);
      for (const f of wanted) {
        if (!sessions.setFault(session, f.call, f.mode)) {
          return json(reply, 400, {
            error: `At most ${sessions.limits.faultsPerSession} faults per session`,
          });
        }
      }
      return json(reply, 200, { faults: faultList(session) });
    },
  });

  app.post(
    '/sandbox/csp-report',
    {
      bodyLimit: BODY_LIMITS.cspReport,
      config: { rateLimit: { max: app.rateLimits.cspReport, timeWindow: 60_000 } },
    },
    (req, reply) => {
      cspReports.add(bodyOf(req));
      return reply.code(204).send();
    },
  );
  app.get('/sandbox/csp-reports', (_req, reply) => json(reply, 200, { reports: cspReports.list() }));
  app.delete('/sandbox/csp-reports', (req, reply) => {
    if (refuseCrossSite(req, reply)) return reply;
    cspReports.clear();
    return reply.code(204).send();
  });

  app.get('/sandbox/personas', (_req, reply) =>
    json(
      reply,
      200,
      personas.map((p) => ({ id: p.id, description: p.description })),
    ),
  );
  app.get('/sandbox/session', (req, reply) => {
    const s = req.sandboxSession;
    return json(reply, 200, {
      signedIn: s?.persona !== undefined,
      persona: s?.persona?.id ?? null,
      accountIndex: s?.accountIndex ?? 0,
      faults: faultList(s),
      issues: s?.issues ?? [],
      // The sandbox's clock (SANDBOX_TODAY or the wall clock): persona dates are relative to this day.
      today: isoDate(today()),
      clock: isoDateTime(today()),
    });
  });
  app.get('/sandbox/sandbox.css', (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(sandboxCss),
  );
  chatWidgetRoutes(app);
  app.all('/sandbox/*', (req, reply) =>
    html(reply, 404, messagePage('Not found', `The sandbox has no page ${splitUrl(req.url).path}.`)),
  );
};

export default tools;
