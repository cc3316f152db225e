/**
 * The sandbox's pre-auth surface, registered with the Fastify server (sandbox/server.ts):
 *
 * - GET /sandbox/application-key: a time-limited application key (sandbox/app-key.ts);
 * - /preauth/*: every pre-auth call of the spec. The application key header is checked first (missing,
 *   unknown or expired: 401), then the session's armed fault, then sandbox/preauth.ts answers. Emails the call
 *   would send go to the visitor's outbox, on a pre-auth session made for the purpose when there is none;
 * - GET /sandbox/outbox (a page) and /sandbox/outbox.json: that outbox.
 *
 * In proxy mode (ORCH_UPSTREAM) /preauth goes to the real host, which checks its own key; the outbox stays empty.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { keyRefusal, type ApplicationKeys } from './app-key';
import type { OrchRequest, Reply } from './orch';
import { makeEmail, outboxPage, type RecoveryLedger } from './outbox';
import { signInOf, type Persona } from './personas';
import { handlePreauth } from './preauth';
import type { Session, SessionStore } from './session';

export interface PreauthDeps {
  sessions: SessionStore;
  personas: readonly Persona[];
  ledger: RecoveryLedger;
  keys: ApplicationKeys;
  /** the application key header's name (config/portal.json preauth.applicationKeyHeader) */
  keyHeader: string;
  /** the sandbox's clock for persona dates and email times */
  today: () => Date;
  /** /preauth is proxied to a real host: only the key endpoint and the outbox are the sandbox's */
  proxied: boolean;
  /** route options of the issue log (body limit, rate limit) */
  issueLog: RouteShorthandOptions;
  /** requests per minute per address on the key endpoint */
  keyRateLimit: number;
  sessionOf(req: FastifyRequest): Session | undefined;
  setSessionCookie(req: FastifyRequest, reply: FastifyReply, session: Session): void;
  applyFault(reply: FastifyReply, session: Session | undefined, path: string): Promise<boolean>;
  sendReply(req: FastifyRequest, reply: FastifyReply, r: Reply): FastifyReply;
  refuseCrossSite(req: FastifyRequest, reply: FastifyReply): boolean;
  /** JSON body parsing and compression of the sandbox's JSON scopes */
  prepareJsonScope(scope: FastifyInstance): Promise<void>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function splitUrl(raw: string): { path: string; query: URLSearchParams } {
  const u = new URL(raw, 'http://sandbox.invalid');
  return { path: u.pathname, query: u.searchParams };
}

export async function preauthRoutes(scope: FastifyInstance, deps: PreauthDeps): Promise<void> {
  await deps.prepareJsonScope(scope);
  const { sessions, keys } = deps;
  const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

  scope.get(
    '/sandbox/application-key',
    { config: { rateLimit: { max: deps.keyRateLimit, timeWindow: 60_000 } } },
    (_req, reply) => noStore(reply).send(keys.issue()),
  );

  scope.get('/sandbox/outbox', (req, reply) =>
    noStore(reply)
      .type('text/html; charset=utf-8')
      .send(outboxPage(deps.sessionOf(req)?.outbox ?? [])),
  );
  scope.get('/sandbox/outbox.json', (req, reply) =>
    noStore(reply).send({ emails: deps.sessionOf(req)?.outbox ?? [] }),
  );

  if (deps.proxied) return;

  scope.addHook('onRequest', (req, reply, done) => {
    if (!deps.refuseCrossSite(req, reply)) done();
  });

  const preauth = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { path, query } = splitUrl(req.url);
    const header = req.headers[deps.keyHeader.toLowerCase()];
    const check = keys.check(typeof header === 'string' ? header : undefined);
    if (check !== 'ok') return noStore(reply).code(401).send(keyRefusal(check));

    let session = deps.sessionOf(req);
    if (await deps.applyFault(reply, session, path)) return reply;
    const body = isPlainObject(req.body) ? req.body : {};

    /** The visitor's session, made now (a pre-auth one) when there is none yet. */
    const holder = (): Session => {
      if (!session) {
        session = sessions.createPreauth();
        deps.setSessionCookie(req, reply, session);
      }
      return session;
    };
    if (req.method === 'POST' && path === '/preauth/dssh/ui/sanitize') {
      // Issues logged before sign-in (a rule file refused at start-up) still belong to this browser: they
      // ride on a pre-auth session that sign-in adopts.
      sessions.logIssue(holder(), body);
    }
    const request: OrchRequest = { method: req.method, path, query, body, today: deps.today() };
    return deps.sendReply(
      req,
      reply,
      handlePreauth(
        {
          personas: deps.personas,
          ledger: deps.ledger,
          signIn: (persona, accountIndex) => {
            const signedIn = sessions.signIn(session, persona);
            signedIn.accountIndex = accountIndex;
            session = signedIn;
            deps.setSessionCookie(req, reply, signedIn);
            return signInOf(persona, accountIndex);
          },
          mail: (email) => sessions.addMail(holder(), makeEmail(email, new Date())),
        },
        request,
      ),
    );
  };

  scope.post('/preauth/dssh/ui/sanitize', deps.issueLog, preauth);
  scope.all('/preauth/*', preauth);
}
