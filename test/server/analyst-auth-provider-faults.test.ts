/**
 * The analysts' sign-in when the identity provider fails (decision 041: every wait has a bound, a clear answer
 * when it passes, a warn line when an outage starts): a provider that does not answer within the time limit is
 * answered 504, one that answers 5xx, something that is not a token response, or drops the connection 502,
 * each page saying the identity provider failed; the outage is logged at warn once when it starts and at info
 * when the provider answers again. A provider that refuses the code, or a callback whose state is not this
 * browser's, stays 403 at info. Discovery the same. No code, token or client secret is ever logged.
 *
 * The provider is a small HTTP server here whose every answer a test chooses (discovery document, token
 * endpoint), so each failure is exactly the one named; the real provider's flows are analyst-auth.test.ts's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAnalystAuth, type OidcSettings } from '../../server/analyst-auth';
import { AnalystSessions } from '../../server/analyst-sessions';
import { createPortalServer } from '../../server/app';
import { ownOrigin, refuseCrossSite } from '../../server/http';
import { makeDist } from '../sandbox/harness';
import { appWith } from './harness';
import { INFO, LogLines, WARN } from '../support/log-lines';

const SECRET = 'a-client-secret-that-never-shows';
const CODE = 'an-authorization-code-that-never-shows';
const ACCESS_TOKEN = 'an-access-token-that-never-shows';

/** What the provider does with a call: answers it (status, type, body), drops the connection, or never answers. */
type Behaviour =
  | { status: number; type?: string; body: string }
  | 'hang'
  | 'reset'
  | ((req: IncomingMessage, res: ServerResponse) => void);

const json = (status: number, body: unknown): Behaviour => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});

/** An identity provider whose discovery document and token endpoint answer as a test says. */
class Provider {
  readonly sockets = new Set<Socket>();
  discovery: Behaviour = 'hang';
  token: Behaviour = 'hang';
  /** calls received, by path */
  readonly calls: string[] = [];
  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async start(): Promise<Provider> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const provider = new Provider(server, issuer);
    server.on('connection', (s: Socket) => {
      provider.sockets.add(s);
      s.on('close', () => provider.sockets.delete(s));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => provider.answer(req, res));
    return provider;
  }

  metadata(): Behaviour {
    return json(200, {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', this.issuer).pathname;
    this.calls.push(path);
    const how = path === '/.well-known/openid-configuration' ? this.discovery : this.token;
    req.resume();
    req.on('end', () => {
      if (how === 'hang') return;
      if (how === 'reset') return void req.socket.destroy();
      if (typeof how === 'function') return how(req, res);
      res.writeHead(how.status, { 'content-type': how.type ?? 'text/html' }).end(how.body);
    });
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** The provider as the studio's identity provider, its calls bounded at 1 s. */
const settingsOf = (issuer: string): OidcSettings => ({
  issuer,
  clientId: 'portal-studio',
  clientSecret: SECRET,
  cookieSecret: 'a cookie secret for the tests, long enough',
  timeoutMs: 1_000,
});

/** The sign-in routes alone, with the provider as the identity provider (its calls bounded at 1 s). */
async function portal(issuer: string, log: LogLines): Promise<FastifyInstance> {
  const oidc = settingsOf(issuer);
  const app = await appWith(
    (root) =>
      registerAnalystAuth(root, {
        oidc,
        sessions: root.sessions,
        sessionOf: (req) => req.portalSession,
        setSessionCookie: (_req, reply, session) => void reply.setSessionCookie(session),
        clearSessionCookie: (_req, reply) => void reply.clearSessionCookie(),
        secure: (req) => req.cookiesSecure,
        ownOrigin,
        refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
        signInRate: 1_000,
      }),
    { store: new AnalystSessions(), logger: { level: 'info', stream: log } },
  );
  open.push(app);
  return app;
}

async function provider(): Promise<Provider> {
  const p = await Provider.start();
  open.push(p);
  return p;
}

/** A login started: its cookie, and the state and nonce it sent to the provider. */
async function login(app: FastifyInstance): Promise<{ cookie: string; state: string; nonce: string }> {
  const res = await app.inject('/studio/auth/login');
  expect(res.statusCode, res.body).toBe(302);
  const sent = new URL(String(res.headers.location)).searchParams;
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = (set.find((c) => c.startsWith('studio_oidc=')) ?? '').split(';')[0]!;
  return { cookie, state: sent.get('state') ?? '', nonce: sent.get('nonce') ?? '' };
}

/** The provider's redirect back with a code, in the browser that started `tx`. */
function callback(app: FastifyInstance, tx: { cookie: string; state: string }, state = tx.state) {
  return app.inject({
    url: `/studio/auth/callback?code=${CODE}&state=${encodeURIComponent(state)}`,
    headers: { cookie: tx.cookie },
  });
}

/** The page's message (its first paragraph). */
const said = (body: string): string => /<p>([^<]*)<\/p>/.exec(body)?.[1]?.replace(/&#39;/g, "'") ?? body;

describe('the analysts sign-in when the identity provider does not answer', () => {
  it('answers 504 when the token endpoint does not answer in time, warns once, and tells the end', async () => {
    const idp = await provider();
    idp.discovery = idp.metadata();
    const log = new LogLines();
    const app = await portal(idp.issuer, log);
    const tx = await login(app);
    for (const n of [1, 2]) {
      const res = await callback(app, tx);
      expect(res.statusCode, `callback ${n}`).toBe(504);
      expect(said(res.body)).toBe(
        'The identity provider did not answer within 1 s. Nothing was signed in. Try again in a moment.',
      );
    }
    expect(log.at(WARN)).toEqual([`Identity provider outage: ${idp.issuer} did not answer within 1 s`]);
    // It answers again, refusing the code: that is an answer (403), and the outage's end is told.
    idp.token = json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
    const refused = await callback(app, tx);
    expect(refused.statusCode).toBe(403);
    expect(log.at(WARN)).toHaveLength(1);
    expect(log.at(INFO)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^The identity provider answers again \\(${idp.issuer}, after \\d+ s\\)$`),
      ),
    );
    expect(log.text.join('\n')).not.toContain(CODE);
    expect(log.text.join('\n')).not.toContain(SECRET);
  });

  it('answers 504 to a login whose discovery does not answer in time, 502 when it fails, once at warn', async () => {
    const idp = await provider();
    const log = new LogLines();
    const app = await portal(idp.issuer, log);
    const hung = await app.inject('/studio/auth/login');
    expect(hung.statusCode).toBe(504);
    expect(said(hung.body)).toBe(
      'The identity provider did not answer within 1 s. Nothing was signed in. Try again in a moment.',
    );
    // In the portal's look: a file of the build, which the strict CSP allows (style-src 'self').
    expect(hung.body).toContain('<link rel="stylesheet" href="/server-page.css">');
    idp.discovery = { status: 500, body: '<h1>Internal Server Error</h1>' };
    const failed = await app.inject('/studio/auth/login');
    expect(failed.statusCode).toBe(502);
    expect(said(failed.body)).toBe(
      'The identity provider failed: it answered HTTP 500. Nothing was signed in. Try again in a moment.',
    );
    idp.discovery = json(200, { issuer: 'https://another.example', token_endpoint: `${idp.issuer}/token` });
    const unusable = await app.inject('/studio/auth/login');
    expect(unusable.statusCode).toBe(502);
    expect(said(unusable.body)).toBe(
      'The identity provider failed: it sent metadata that cannot be used (discovered metadata issuer does not match the expected issuer). Nothing was signed in. Try again in a moment.',
    );
    // One outage, one warn line; discovery is tried again on the next login, and its answer ends the outage.
    expect(log.at(WARN)).toEqual([`Identity provider outage: ${idp.issuer} did not answer within 1 s`]);
    idp.discovery = idp.metadata();
    expect((await app.inject('/studio/auth/login')).statusCode).toBe(302);
    expect(log.at(INFO)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^The identity provider answers again \\(${idp.issuer}, after \\d+ s\\)$`),
      ),
    );
  });

  it('answers 502 to a login when the provider refuses the connection', async () => {
    const idp = await provider();
    const issuer = idp.issuer;
    await idp.close();
    const log = new LogLines();
    const app = await portal(issuer, log);
    const res = await app.inject('/studio/auth/login');
    expect(res.statusCode).toBe(502);
    expect(said(res.body)).toBe(
      'The identity provider failed: it refused the connection. Nothing was signed in. Try again in a moment.',
    );
    expect(log.at(WARN)).toEqual([`Identity provider outage: ${issuer} refused the connection`]);
  });
});

describe('the analysts sign-in when the identity provider fails or refuses', () => {
  const failures: [string, Behaviour, string][] = [
    // A 5xx is never an OAuth refusal (openid-client reads an OAuth error body on a 4xx only).
    ['a 500 with an OAuth error', json(500, { error: 'server_error' }), 'answered HTTP 500'],
    ['a 503 page', { status: 503, body: '<h1>Service Unavailable</h1>' }, 'answered HTTP 503'],
    ['a page instead of JSON', { status: 200, body: '<h1>Welcome</h1>' }, 'sent an answer that is not JSON'],
    [
      'JSON that does not parse',
      { status: 200, type: 'application/json', body: '{"access_token": ' },
      'sent an answer that is not JSON',
    ],
    [
      'a token response without its ID token',
      json(200, { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 300 }),
      'sent an answer that is not a valid token response',
    ],
    ['a dropped connection', 'reset', 'closed the connection (UND_ERR_SOCKET)'],
  ];

  it('answers 502 saying the identity provider failed, for each way a token endpoint fails', async () => {
    const idp = await provider();
    idp.discovery = idp.metadata();
    const log = new LogLines();
    const app = await portal(idp.issuer, log);
    const tx = await login(app);
    for (const [what, how, reason] of failures) {
      idp.token = how;
      const res = await callback(app, tx);
      expect(res.statusCode, what).toBe(502);
      expect(said(res.body), what).toBe(
        `The identity provider failed: it ${reason}. Nothing was signed in. Try again in a moment.`,
      );
    }
    expect(log.at(WARN)).toEqual([`Identity provider outage: ${idp.issuer} answered HTTP 500`]);
    const all = log.text.join('\n');
    for (const secret of [CODE, SECRET, ACCESS_TOKEN]) expect(all).not.toContain(secret);
  });

  it('still refuses 403 at info what the provider refuses, and a callback that is not this login', async () => {
    const idp = await provider();
    idp.discovery = idp.metadata();
    idp.token = json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
    const log = new LogLines();
    const app = await portal(idp.issuer, log);
    const tx = await login(app);
    const refused = await callback(app, tx);
    expect(refused.statusCode).toBe(403);
    expect(said(refused.body)).toMatch(/^The sign-in could not be completed \(.*invalid_grant.*\)\. Nothing/);
    const tokenCalls = idp.calls.filter((c) => c === '/token').length;
    const otherState = await callback(app, tx, 'a state this browser never sent');
    expect(otherState.statusCode).toBe(403);
    expect(said(otherState.body)).toMatch(/state/);
    const denied = await app.inject({
      url: `/studio/auth/callback?error=access_denied&state=${encodeURIComponent(tx.state)}`,
      headers: { cookie: tx.cookie },
    });
    expect(denied.statusCode).toBe(403);
    expect(said(denied.body)).toBe('The identity provider refused the sign-in.');
    // Neither asked the provider anything: the callback was refused here.
    expect(idp.calls.filter((c) => c === '/token')).toHaveLength(tokenCalls);
    expect(log.at(WARN)).toEqual([]);
    expect(log.at(INFO).filter((m) => m === 'analyst sign-in refused')).toHaveLength(3);
    expect(log.text.join('\n')).not.toContain(CODE);
  });
});

describe("the server's count of the identity provider's calls", () => {
  it('counts each discovery and token call by how it ended, and no callback refused without a call', async () => {
    const idp = await provider();
    const server = createPortalServer({
      // Never called: only the studio's sign-in is asked.
      upstream: 'http://127.0.0.1:9',
      distDir: makeDist(),
      oidc: settingsOf(idp.issuer),
      rateLimits: { signIn: 1_000 },
      onRulesProblem: () => undefined,
    });
    open.push({ close: () => server.close(0) });
    const app = server.app;
    /** portal_identity_provider_requests_total's samples, by `call/outcome`. */
    const counted = async (): Promise<Record<string, number>> => {
      const out: Record<string, number> = {};
      const sample = /^portal_identity_provider_requests_total\{call="(\w+)",outcome="(\w+)"\} (\d+)$/gm;
      for (const [, call, outcome, n] of (await server.metrics.text()).matchAll(sample))
        out[`${call}/${outcome}`] = Number(n);
      return out;
    };
    expect((await app.inject('/studio/auth/login')).statusCode).toBe(504);
    idp.discovery = { status: 500, body: '<h1>Internal Server Error</h1>' };
    expect((await app.inject('/studio/auth/login')).statusCode).toBe(502);
    idp.discovery = idp.metadata();
    const tx = await login(app);
    expect(await counted()).toEqual({ 'discovery/timeout': 1, 'discovery/error': 1, 'discovery/ok': 1 });
    // The discovery is kept: the callbacks below ask the token endpoint only.
    expect((await callback(app, tx)).statusCode).toBe(504);
    idp.token = json(503, { error: 'temporarily_unavailable' });
    expect((await callback(app, tx)).statusCode).toBe(502);
    idp.token = 'reset';
    expect((await callback(app, tx)).statusCode).toBe(502);
    idp.token = json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
    expect((await callback(app, tx)).statusCode).toBe(403);
    // A state this login never sent is refused here: the provider is not asked, nothing is counted.
    expect((await callback(app, tx, 'a state this browser never sent')).statusCode).toBe(403);
    // A token response this login takes (openid-client checks an ID token from the token endpoint's own
    // TLS answer by its claims, not its signature: OpenID Connect Core 3.1.3.7).
    const signedIn = await login(app);
    const now = Math.floor(Date.now() / 1000);
    const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = { iss: idp.issuer, aud: 'portal-studio', sub: 'u-ana', iat: now, exp: now + 300 };
    const idToken = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ ...claims, nonce: signedIn.nonce, roles: ['rule-author'] })}.c2ln`;
    idp.token = json(200, {
      access_token: ACCESS_TOKEN,
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
    const ok = await callback(app, signedIn);
    expect(ok.statusCode, ok.body).toBe(302);
    expect(await counted()).toEqual({
      'token/ok': 1,
      'discovery/timeout': 1,
      'discovery/error': 1,
      'discovery/ok': 1,
      'token/timeout': 1,
      'token/error': 2,
      'token/refused': 1,
    });
  });
});
