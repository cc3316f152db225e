/**
 * POST /vitals: the web vitals of a real page load, sent by the page itself (src/shell/vitals.ts, with
 * navigator.sendBeacon, same origin: the CSP's connect-src 'self') and recorded as histograms on /metrics
 * (server/vitals-metrics.ts). Like the CSP report address: a small body, rate-limited per client, refused from
 * another site; a body that is not a sane report is answered 400 and counted, never recorded.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { Registry } from 'prom-client';
import { bodyOf, refuseCrossSite } from '../http';
import { useLenientJson } from '../json-scope';
import { VitalsMetrics } from '../vitals-metrics';

export const VITALS_PATH = '/vitals';
/** Bytes: a report of four figures is about 150. */
export const VITALS_BODY_LIMIT = 2 * 1024;
/** Reports per minute per client: a page sends one or two per view. */
export const VITALS_PER_MINUTE = 120;

export interface VitalsOptions {
  /** the server's metrics registry (server/metrics.ts, PortalMetrics.registry) */
  registry: Registry;
}

const vitals: FastifyPluginCallback<VitalsOptions> = (app, { registry }, done) => {
  const metrics = new VitalsMetrics(registry);
  // sendBeacon posts a string as text/plain: the body is read as JSON whatever its type.
  useLenientJson(app);
  app.post(
    VITALS_PATH,
    {
      bodyLimit: VITALS_BODY_LIMIT,
      config: { rateLimit: { max: VITALS_PER_MINUTE, timeWindow: 60_000 } },
    },
    (req, reply) => {
      if (refuseCrossSite(req, reply)) return reply;
      const refused = metrics.record(bodyOf(req));
      if (refused)
        return reply
          .code(400)
          .header('Cache-Control', 'no-store')
          .send({ error: `Report refused: ${refused}` });
      return reply.code(204).send();
    },
  );
  done();
};

export default vitals;
