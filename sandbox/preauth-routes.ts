/**
 * The sandbox's pre-auth plugin:
 *
 * - GET /sandbox/application-key: a time-limited application key (sandbox/app-key.ts);
 * - /preauth/*: every pre-auth call of the spec. The application key header is checked first (missing,
 *   unknown or expired: 401), then the session's armed fault, then sandbox/preauth.ts answers. Emails the call
 *   would send go to the visitor's outbox, on a pre-auth session made for the purpose when there is none;
 * - GET /sandbox/outbox (a page) and /sandbox/outbox.json: that outbox.
 *
 * In production mode none of it is registered: /preauth goes to the real host, which checks its own key.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bodyOf, refuseCrossSite, splitUrl } from '../server/http';
import { prepareJsonScope } from '../server/json-scope';
import { keyRefusal, type ApplicationKeys } from './app-key';
import { issueLogRoute, sendReply } from './calls';
import type { FaultApplier } from './faults';
import type { OrchRequest } from './orch';
import { makeEmail, outboxPage, type RecoveryLedger } from './outbox';
import { signInOf, type Persona } from '../server/personas';
import { handlePreauth } from './preauth';
import type { Session } from './session';

export interface PreauthOptions {
  personas: readonly Persona[];
  ledger: RecoveryLedger;
  keys: ApplicationKeys;
  /** the application key header's name (config/portal.json preauth.applicationKeyHeader) */
  keyHeader: string;
  /** the sandbox's clock for persona dates and email times */
  today: () => Date;
  applyFault: FaultApplier;
}

const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

const preauthRoutes: FastifyPluginAsync<PreauthOptions> = async (app, options) => {
  await prepareJsonScope(app);
  const { keys } = options;

  app.get(
    '/sandbox/application-key',
    { config: { rateLimit: { max: app.rateLimits.applicationKey, timeWindow: 60_000 } } },
    (_req, reply) => noStore(reply).send(keys.issue()),
  );
  app.get('/sandbox/outbox', (req, reply) =>
    noStore(reply)
      .type('text/html; charset=utf-8')
      .send(outboxPage(req.sandboxSession?.outbox ?? [])),
  );
  app.get('/sandbox/outbox.json', (req, reply) =>
    noStore(reply).send({ emails: req.sandboxSession?.outbox ?? [] }),
  );

  // The calls, in a scope of their own: the cross-site refusal applies to every one of them.
  await app.register((calls, _options, registered) => {
    calls.addHook('onRequest', (req, reply, done) => {
      if (!refuseCrossSite(req, reply)) done();
    });
    const preauth = (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
      answer(req, reply, options);
    calls.post('/preauth/dssh/ui/sanitize', issueLogRoute(app), preauth);
    calls.all('/preauth/*', preauth);
    registered();
  });
};

async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  options: PreauthOptions,
): Promise<FastifyReply> {
  const { sandboxSessions: sessions } = req.server;
  const { path, query } = splitUrl(req.url);
  const header = req.headers[options.keyHeader.toLowerCase()];
  const check = options.keys.check(typeof header === 'string' ? header : undefined);
  if (check !== 'ok') return noStore(reply).code(401).send(keyRefusal(check));

  let session = req.sandboxSession;
  if (await options.applyFault(reply, session, path)) return reply;
  const body = bodyOf(req);

  /** The visitor's session, made now (a pre-auth one) when there is none yet. */
  const holder = (): Session => {
    if (!session) {
      session = sessions.createPreauth();
      reply.setSandboxCookie(session);
    }
    return session;
  };
  if (req.method === 'POST' && path === '/preauth/dssh/ui/sanitize') {
    // Issues logged before sign-in (a rule file refused at start-up) still belong to this browser: they
    // ride on a pre-auth session that sign-in adopts.
    sessions.logIssue(holder(), body);
  }
  const request: OrchRequest = { method: req.method, path, query, body, today: options.today() };
  return sendReply(
    req,
    reply,
    handlePreauth(
      {
        personas: options.personas,
        ledger: options.ledger,
        signIn: (persona, accountIndex) => {
          const signedIn = sessions.signIn(session, persona);
          signedIn.accountIndex = accountIndex;
          session = signedIn;
          reply.setSandboxCookie(signedIn);
          return signInOf(persona, accountIndex);
        },
        mail: (email) => sessions.addMail(holder(), makeEmail(email, new Date())),
      },
      request,
    ),
  );
}

export default preauthRoutes;
