/**
 * What the simulated Orch and pre-auth calls share at the HTTP edge: turning a handler's Reply into an
 * answer (JSON, text, a redirect or a streamed file), and the issue log's route options (both /Orch and /preauth have one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { BODY_LIMITS } from '../server/fastify';
import { json, ownOrigin } from '../server/http';
import { safeLocalTarget } from '../src/api/redirect';
import type { Reply } from './orch';

/** Sends a handler's Reply: JSON, text, or a redirect to a same-origin address (checked, absolute). */
export function sendReply(req: FastifyRequest, reply: FastifyReply, r: Reply): FastifyReply {
  if ('location' in r) {
    const checked = safeLocalTarget(r.location, ownOrigin(req));
    if (!checked) return json(reply, 500, { error: 'Refused to redirect off the portal' });
    return reply.header('Cache-Control', 'no-store').redirect(checked, 302);
  }
  // A file made for the request (the bill PDF, sandbox/bill-pdf.ts), streamed.
  if ('stream' in r) return reply.code(r.status).headers(r.headers).type(r.type).send(r.stream);
  if ('text' in r) {
    return reply
      .code(r.status)
      .header('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(r.text);
  }
  return json(reply, r.status, r.json);
}

/** The issue log's route options: its body limit, and a rate per session (per address before sign-in). */
export function issueLogRoute(app: FastifyInstance): RouteShorthandOptions {
  return {
    bodyLimit: BODY_LIMITS.issueLog,
    config: {
      rateLimit: {
        max: app.rateLimits.issueLog,
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => req.sandboxSession?.id ?? req.ip,
      },
    },
  };
}
