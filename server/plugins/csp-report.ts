/**
 * Production's CSP report address (/csp-report): each violation a browser reports is written to the log,
 * cut to its known fields and with every address reduced to its origin and path (a query or fragment may
 * carry a customer's data). Bodies are small and rate-limited per client; the answer is always 204.
 */
import type { FastifyPluginCallback } from 'fastify';
import { cspReportsOf } from '../csp-reports';
import { BODY_LIMITS } from '../fastify';
import { bodyOf } from '../http';
import { useLenientJson } from '../json-scope';
import { PRODUCTION_CSP_REPORT_URI } from '../security';

/** Fields of a report that hold an address. */
const ADDRESS_FIELDS = new Set([
  'document-uri',
  'referrer',
  'blocked-uri',
  'source-file',
  'documentURL',
  'blockedURL',
  'sourceFile',
]);

/** An address without its query and fragment; a value that is no URL ('inline', 'eval') as it is. */
export function withoutQuery(value: string): string {
  if (!URL.canParse(value)) return value.replace(/[?#].*$/, '');
  const u = new URL(value);
  return `${u.origin === 'null' ? `${u.protocol}` : u.origin}${u.pathname}`;
}

const cspReport: FastifyPluginCallback = (app, _options, done) => {
  useLenientJson(app);
  app.post(
    PRODUCTION_CSP_REPORT_URI,
    {
      bodyLimit: BODY_LIMITS.cspReport,
      config: { rateLimit: { max: app.rateLimits.cspReport, timeWindow: 60_000 } },
    },
    (req, reply) => {
      for (const report of cspReportsOf(bodyOf(req))) {
        const fields = Object.fromEntries(
          Object.entries(report['csp-report']).map(([k, v]) => [
            k,
            typeof v === 'string' && ADDRESS_FIELDS.has(k) ? withoutQuery(v) : v,
          ]),
        );
        req.log.warn({ cspReport: fields }, 'CSP violation reported');
      }
      return reply.code(204).send();
    },
  );
  done();
};

export default cspReport;
