/**
 * The sandbox: a stand-in for what is outside the portal, on loopback, never in production
 * (docs/decisions/040). One Fastify server answering what the portal reaches upstream:
 *
 * - the simulated Orch (/Orch/*) and pre-auth (/preauth/*) from persona fixtures, each browser session its
 *   own copy, faults per call (orch-routes.ts, preauth-routes.ts);
 * - the provider's customer sign-in stand-in, the fault switch, the session and outbox views, the jump-out
 *   stand-ins, the chat vendor's widget, the CSP report store (/sandbox/*, tools.ts);
 *
 * and, on a port of its own, the analysts' identity provider stand-in (identity-provider.ts, a real OpenID
 * provider). The portal (server/) reaches it exactly as production reaches Orch: through its upstream proxy,
 * with the customer's cookies and the address the browser used in X-Forwarded-Host, which the sandbox
 * believes from loopback only (its links and redirects are made with it).
 *
 * main.ts starts it as a process of its own (start.ts, `npm start`, starts it beside the portal); tests start
 * it on port 0 (or call app.inject) with createSandboxServer().
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createFastify } from '../server/fastify';
import type { LoggerSettings } from '../server/logging';
import { serverFolders } from '../server/paths';
import { loadPersonas, type Persona, type PersonaProblem } from '../server/personas';
import errorsPlugin from '../server/plugins/errors';
import limitsPlugin, { type RateLimits } from '../server/plugins/limits';
import securityPlugin from '../server/plugins/security';
import { readPortalConfig, type SignInConfig } from '../server/portal-config';
import { LOOPBACK_HOSTS, contentSecurityPolicy } from '../server/security';
import { readSandboxAnalysts, type SandboxAnalyst } from './analysts';
import { ApplicationKeys, type ApplicationKeyLimits } from './app-key';
import { faultApplier } from './faults';
import orchRoutes from './orch-routes';
import { RecoveryLedger, type LedgerLimits } from './outbox';
import preauthRoutes from './preauth-routes';
import { SessionStore, type SessionLimits } from './session';
import sessionsPlugin from './sessions-plugin';
import toolsPlugin from './tools';

export interface SandboxOptions {
  /** extra persona folders (SANDBOX_PERSONAS_DIR) */
  personaDirs?: readonly string[];
  /** personas already loaded (tests starting many servers); personaDirs is then ignored */
  personas?: readonly Persona[];
  /** the analysts the sign-in page offers (default sandbox/analysts.json) */
  analysts?: readonly SandboxAnalyst[];
  /** how long a 'timeout' fault holds the response (default 30 s) */
  timeoutHoldMs?: number;
  /** the sandbox's clock for relative persona dates (default: the wall clock) */
  today?: () => Date;
  /** the session clock in ms (default Date.now): tests move it to expire sessions */
  now?: () => number;
  /** session lifetimes and caps (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS, SESSION_MAX) */
  sessions?: Partial<SessionLimits>;
  /** requests per minute per client on sign-in, the issue log and the CSP report */
  rateLimits?: Partial<RateLimits>;
  /** mark the session cookie Secure always (SECURE_COOKIES=1) */
  secureCookies?: boolean;
  /** host names answered beside the loopback names (ALLOWED_HOSTS; '*' any) */
  allowedHosts?: readonly string[];
  /** lifetime and cap of the pre-auth application keys */
  applicationKeys?: Partial<ApplicationKeyLimits>;
  /** lifetimes and caps of reset links, authorization codes and profiles created online */
  ledger?: Partial<LedgerLimits>;
  /** overrides of config/portal.json's signIn */
  signIn?: Partial<SignInConfig>;
  /**
   * The portal's address when the sandbox's pages are reached at an address of their own, not through the
   * portal (SANDBOX_PORTAL_URL): where its sign-in sends the browser after signing in.
   */
  portalUrl?: string;
  /** structured JSON logs (LOG_LEVEL); none when left out (tests) */
  logger?: LoggerSettings;
  /** where an invalid persona file is reported (default the log, or console.warn without one) */
  onPersonaProblem?: (p: PersonaProblem) => void;
}

export interface SandboxServer {
  app: FastifyInstance;
  server: Server;
  personas: readonly Persona[];
  sessions: SessionStore;
  /** the pre-auth application keys issued */
  applicationKeys: ApplicationKeys;
  /** reset links, authorization codes and profiles created online */
  ledger: RecoveryLedger;
  /** Starts listening (port 0 = any free port; host default 127.0.0.1); resolves to the real base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops; the connections left after `graceMs` (default 1 s) are closed. */
  close(graceMs?: number): Promise<void>;
}

/** Freezes persona data shared by every session: a handler that wrote to it would throw, not leak. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The sign-in stand-in's path: the configured address when it is a path, else its default place. */
function signInPathOf(signInUrl: string): string {
  return signInUrl.startsWith('/') && !signInUrl.startsWith('//')
    ? (signInUrl.split('?')[0] ?? signInUrl)
    : '/sandbox/signin';
}

export function createSandboxServer(options: SandboxOptions = {}): SandboxServer {
  const app = createFastify({
    // The portal in front says which address the browser used; believed from this machine only.
    trustProxy: ['127.0.0.1', '::1'],
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const onPersonaProblem =
    options.onPersonaProblem ??
    (options.logger
      ? (p: PersonaProblem) => app.log.warn({ file: p.file }, `persona skipped: ${p.message}`)
      : undefined);
  const portal = readPortalConfig(serverFolders().config);
  const signIn: SignInConfig = { ...portal.signIn, ...options.signIn };
  const today = options.today ?? ((): Date => new Date());
  const personas = deepFreeze(options.personas ?? loadPersonas(options.personaDirs ?? [], onPersonaProblem));
  const analysts = options.analysts ?? readSandboxAnalysts();
  const sessions = new SessionStore(options.sessions, options.now);
  const applicationKeys = new ApplicationKeys(options.applicationKeys, options.now);
  const ledger = new RecoveryLedger(options.ledger, options.now);
  const applyFault = faultApplier(options.timeoutHoldMs ?? 30_000);

  void app.register(securityPlugin, {
    allowedHosts: [...LOOPBACK_HOSTS, ...(options.allowedHosts ?? [])],
    contentSecurityPolicy: contentSecurityPolicy('/sandbox/csp-report'),
    anyHost: ['/healthz'],
  });
  void app.register(limitsPlugin, { rateLimits: options.rateLimits ?? {} });
  void app.register(sessionsPlugin, { store: sessions, secureCookies: options.secureCookies === true });
  void app.register(errorsPlugin);
  void app.register(orchRoutes, {
    logoutUrl: signIn.logoutUrl,
    signInUrl: signIn.signInUrl,
    redirectAllowlist: portal.redirectAllowlist,
    today,
    applyFault,
  });
  void app.register(preauthRoutes, {
    personas,
    ledger,
    keys: applicationKeys,
    keyHeader: portal.applicationKeyHeader,
    today,
    applyFault,
  });
  void app.register(toolsPlugin, {
    personas,
    analysts,
    signIn: {
      path: signInPathOf(signIn.signInUrl),
      redirectParam: signIn.redirectParam,
      ...(options.portalUrl ? { portalUrl: options.portalUrl } : {}),
    },
    today,
  });
  app.get('/healthz', { logLevel: 'warn' }, (_req, reply) => reply.send({ status: 'alive' }));

  return {
    app,
    server: app.server,
    personas,
    sessions,
    applicationKeys,
    ledger,
    listen: async (port = 0, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const { address, family, port: actual } = app.server.address() as AddressInfo;
      return `http://${family === 'IPv6' ? `[${address}]` : address}:${actual}`;
    },
    close: async (graceMs = 1_000) => {
      const force = Number.isFinite(graceMs)
        ? setTimeout(() => app.server.closeAllConnections(), graceMs)
        : undefined;
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
    },
  };
}
