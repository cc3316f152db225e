/**
 * Request durations for /metrics (server/metrics.ts), shared with fastify-plugin so every route family is
 * measured: each answer is observed by its route's pattern (never its concrete path: /rules/:name, not one
 * label per file), method and status; a request no route matched is 'unmatched'.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalMetrics } from '../metrics';

export interface MetricsOptions {
  metrics: PortalMetrics;
}

const metricsPlugin: FastifyPluginCallback<MetricsOptions> = (app, { metrics }, done) => {
  app.addHook('onResponse', (req, reply, next) => {
    metrics.httpDuration.observe(
      {
        route: req.routeOptions.url ?? 'unmatched',
        method: req.method,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    next();
  });
  done();
};

export default fp(metricsPlugin, { name: 'portal-metrics', fastify: '5.x' });
