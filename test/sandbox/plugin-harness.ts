/**
 * A Fastify app with the sandbox's shared plugins (the portal's security, limits and errors; the sandbox's
 * own sessions) and only the route families a test registers: each sandbox plugin is tested alone, by
 * app.inject, as it runs inside the sandbox.
 */
import type { FastifyInstance } from 'fastify';
import { createFastify } from '../../server/fastify';
import errorsPlugin from '../../server/plugins/errors';
import limitsPlugin, { type RateLimits } from '../../server/plugins/limits';
import securityPlugin from '../../server/plugins/security';
import { LOOPBACK_HOSTS } from '../../server/security';
import { SessionStore } from '../../sandbox/session';
import sessionsPlugin from '../../sandbox/sessions-plugin';

export { cookieOf } from '../server/harness';

export interface SandboxSharedOptions {
  store?: SessionStore;
  rateLimits?: Partial<RateLimits>;
  trustProxy?: boolean;
}

/** The sandbox's shared plugins, then `families` (each registers its plugin), ready. */
export async function sandboxAppWith(
  families: (app: FastifyInstance) => void,
  options: SandboxSharedOptions = {},
): Promise<FastifyInstance> {
  const app = createFastify({ trustProxy: options.trustProxy ?? false });
  await app.register(securityPlugin, { allowedHosts: LOOPBACK_HOSTS });
  await app.register(limitsPlugin, { rateLimits: options.rateLimits ?? {} });
  await app.register(sessionsPlugin, { store: options.store ?? new SessionStore() });
  await app.register(errorsPlugin);
  families(app);
  await app.ready();
  return app;
}
