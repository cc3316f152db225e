/**
 * A Fastify app with the server's shared plugins (security, limits, sessions, errors) and only the route
 * families a test registers: each plugin is tested alone, by app.inject, as it runs inside the server.
 */
import type { FastifyInstance } from 'fastify';
import { createFastify } from '../../server/fastify';
import type { LoggerSettings } from '../../server/logging';
import errorsPlugin from '../../server/plugins/errors';
import limitsPlugin, { type RateLimits } from '../../server/plugins/limits';
import securityPlugin from '../../server/plugins/security';
import sessionsPlugin from '../../server/plugins/sessions';
import { LOOPBACK_HOSTS } from '../../server/security';
import { AnalystSessions } from '../../server/analyst-sessions';

export interface SharedOptions {
  store?: AnalystSessions;
  allowedHosts?: readonly string[];
  anyHost?: readonly string[];
  trustProxy?: boolean;
  secureCookies?: boolean;
  rateLimits?: Partial<RateLimits>;
  logger?: LoggerSettings;
}

/** The shared plugins, then `families` (each registers its plugin), ready. */
export async function appWith(
  families: (app: FastifyInstance) => void,
  options: SharedOptions = {},
): Promise<FastifyInstance> {
  const app = createFastify({
    trustProxy: options.trustProxy ?? false,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.register(securityPlugin, {
    allowedHosts: options.allowedHosts ?? LOOPBACK_HOSTS,
    ...(options.anyHost ? { anyHost: options.anyHost } : {}),
  });
  await app.register(limitsPlugin, { rateLimits: options.rateLimits ?? {} });
  await app.register(sessionsPlugin, {
    store: options.store ?? new AnalystSessions(),
    secureCookies: options.secureCookies === true,
  });
  await app.register(errorsPlugin);
  families(app);
  await app.ready();
  return app;
}

/** The `name=value` pair of a Set-Cookie header, to send back as Cookie. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (first ?? '').split(';')[0] ?? '';
}
