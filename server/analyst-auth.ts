/**
 * Who is the analyst of a request (docs/decisions/032-analysts-sign-in-through-openid-connect.md): analysts
 * sign in through OpenID Connect in every mode (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET; in the
 * sandbox the identity provider is the sandbox's stand-in, sandbox/identity-provider.ts).
 * `/studio/auth/login` sends the browser to the identity provider (authorization code with PKCE, state and
 * nonce; openid-client; a `login_hint` is passed on), and `/studio/auth/callback` redeems the code, checks
 * the ID token and signs in an analyst whose id is the token's subject, whose name comes from the token and
 * whose roles (author, approver) come from a configurable claim (OIDC_ROLE_CLAIM, OIDC_AUTHOR_ROLE,
 * OIDC_APPROVER_ROLE). Without an identity provider nobody signs in to the studio.
 *
 * The login under way is no server state: its state, nonce, PKCE verifier and return path travel in a short
 * cookie (HttpOnly, SameSite=Lax so the provider's redirect brings it back, Secure behind TLS, ten minutes)
 * encrypted with a key from COOKIE_SECRET (jose, A256GCM), so any server behind the load balancer can finish
 * a login another one started and an anonymous visitor costs no memory. The analyst's session is the
 * server's bounded, expiring session (session.ts) with its HttpOnly, SameSite=Strict cookie.
 *
 * The identity provider failing is not the analyst being refused (decision 041): a discovery or a code
 * redemption the provider does not answer within the time limit (OIDC timeout, 10 s) is answered 504, one it
 * answers with a 5xx, something that is not JSON or not a token response, or a dropped connection 502, each
 * page saying the identity provider failed; the outage is logged at warn once when it starts (each failure at
 * info) and at info when the provider answers again. What the provider refuses (an OAuth error of 4xx:
 * invalid_grant), and a callback this login did not make (state, issuer, access_denied), stay 403 at info.
 * Every call to the provider is counted by how it ended (`onProviderCall`, the server's
 * portal_identity_provider_requests_total): ok, refused (its 4xx OAuth error), timeout or error (a 502); a
 * callback refused here without asking the provider, or whose token fails this login's checks, is not.
 * Which is which follows openid-client 6.9's errors: ClientError's code (OAUTH_TIMEOUT, the answer's
 * OAUTH_RESPONSE_IS_NOT_CONFORM / _NOT_JSON / PARSE_ERROR / INVALID_RESPONSE about its body), fetch's
 * TypeError for the connection, ResponseBodyError for a 4xx OAuth error (a 5xx is never one).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import { safeLocalTarget } from '../src/api/redirect';
import { SERVER_PAGE_CSS, escapeHtml, plainPage } from './html';
import type { AnalystSession as Session, AnalystSessions as SessionStore } from './analyst-sessions';

/** What an analyst may do in the studio. */
export interface AnalystRoles {
  /** save and restore changes (and withdraw their own) */
  author: boolean;
  /** approve another analyst's change */
  approver: boolean;
}

/** The analyst signed in on a session, as the studio sees them. */
export interface AnalystIdentity {
  /** the ID token's subject */
  id: string;
  name: string;
  email: string;
  roles: AnalystRoles;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the claim holding the roles (OIDC_ROLE_CLAIM, default 'roles'; a dotted path reaches into objects) */
  roleClaim?: string;
  authorRole?: string;
  approverRole?: string;
  /** the portal's address as browsers see it (PUBLIC_URL); default the request's own origin */
  publicUrl?: string;
  /** the key of the login cookie (COOKIE_SECRET); default a random one (one server only) */
  cookieSecret?: string;
  /** scopes asked for (default 'openid profile email') */
  scope?: string;
  /** how long discovery and the token call may take (default 10 s) */
  timeoutMs?: number;
}

export const CALLBACK_PATH = '/studio/auth/callback';
export const LOGIN_PATH = '/studio/auth/login';
export const LOGOUT_PATH = '/studio/auth/logout';
export const TX_COOKIE = 'studio_oidc';
const TX_SECONDS = 600;

/** A claim's value by a dotted path ('roles', 'realm_access.roles'). */
function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let at: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** The roles named by a claim: a list of strings, or one string of roles separated by spaces or commas. */
export function rolesOf(claims: Record<string, unknown>, settings: OidcSettings): AnalystRoles {
  const raw = claimAt(claims, settings.roleClaim ?? 'roles');
  const names = Array.isArray(raw)
    ? raw.filter((r): r is string => typeof r === 'string')
    : typeof raw === 'string'
      ? raw.split(/[\s,]+/)
      : [];
  return {
    author: names.includes(settings.authorRole ?? 'rule-author'),
    approver: names.includes(settings.approverRole ?? 'rule-approver'),
  };
}

/** One line of printable text, cut: what goes into a commit's author and the studio's pages. */
const oneLine = (v: unknown, max: number): string =>
  typeof v === 'string'
    ? v
        .replace(/[\p{Cc}<>]/gu, ' ')
        .trim()
        .slice(0, max)
    : '';

/** The analyst an ID token names; null when it carries no usable subject. */
export function identityOf(claims: Record<string, unknown>, settings: OidcSettings): AnalystIdentity | null {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  // A subject is at most 255 ASCII characters (OpenID Connect Core 2); anything else is not one we record.
  if (!/^[\x21-\x7e]{1,255}$/.test(sub)) return null;
  const given = [oneLine(claims.given_name, 100), oneLine(claims.family_name, 100)].filter(Boolean).join(' ');
  const name =
    oneLine(claims.name, 100) || given || oneLine(claims.preferred_username, 100) || sub.slice(0, 100);
  const email = oneLine(claims.email, 254);
  const host = new URL(settings.issuer).hostname;
  return {
    id: sub,
    name,
    // A commit needs an address: the token's, or one made of the subject at the provider's host.
    email: /^[^\s<>@]+@[^\s<>@]+$/.test(email) ? email : `${sub.replace(/[^\w.-]/g, '_')}@${host}`,
    roles: rolesOf(claims, settings),
  };
}

/** A call to the identity provider. */
export type ProviderCall = 'discovery' | 'token';
/** How a call to the identity provider ended: answered, its refusal (a 4xx OAuth error), or its failure. */
export type ProviderOutcome = 'ok' | 'refused' | 'timeout' | 'error';

/** How the identity provider failed a call: no answer in time (504), a failed or unusable answer (502). */
interface ProviderFailure {
  status: 502 | 504;
  /** what it did, after its name ("did not answer within 10 s", "answered HTTP 503") */
  reason: string;
}

const CONNECTION_CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * How the provider failed `call`, or undefined for what is no failure of its own: a refusal (the provider's 4xx
 * OAuth error, a callback this login did not make, the ID token's checks), or a discovery's other error.
 */
function providerFailure(
  e: unknown,
  call: 'discovery' | 'token',
  seconds: number,
): ProviderFailure | undefined {
  const failed = (reason: string): ProviderFailure => ({ status: 502, reason });
  if (e instanceof oidc.ClientError) {
    const cause = e.cause as { status?: unknown; cause?: unknown } | undefined;
    switch (e.code) {
      case 'OAUTH_TIMEOUT':
        return { status: 504, reason: `did not answer within ${seconds} s` };
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
        return failed(`answered HTTP ${typeof cause?.status === 'number' ? cause.status : 'with an error'}`);
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
      case 'OAUTH_PARSE_ERROR':
        return failed('sent an answer that is not JSON');
      case 'OAUTH_INVALID_RESPONSE': {
        // The callback's own parameters (a state or issuer this login did not send) are refused; the token
        // endpoint's answer (its body) is the provider's failure.
        const about = cause?.cause;
        if (call === 'token' && typeof about === 'object' && about !== null && 'parameters' in about) break;
        return failed(
          `sent an answer that is not a valid ${call === 'token' ? 'token response' : 'discovery'}`,
        );
      }
    }
  }
  // fetch's own failure (the connection), not an argument's (a CodedTypeError, ERR_INVALID_ARG_*).
  const code = (e as { code?: unknown }).code;
  if (e instanceof TypeError && !(typeof code === 'string' && code.startsWith('ERR_INVALID_ARG'))) {
    const cause = (e.cause ?? {}) as { code?: unknown; message?: unknown };
    const why = typeof cause.code === 'string' ? cause.code : oneLine(cause.message ?? e.message, 80);
    if (why === 'ECONNREFUSED') return failed('refused the connection');
    return failed(
      CONNECTION_CLOSED.has(why) ? `closed the connection (${why})` : `could not be reached (${why})`,
    );
  }
  return undefined;
}

/** The client of the identity provider: discovered once, again after a failure. */
class OidcClient {
  private config: Promise<oidc.Configuration> | undefined;
  readonly key: Uint8Array;
  /** When the provider's outage started (0: it answers). */
  private downSince = 0;
  /** The calls' time limit, in whole seconds (openid-client's unit). */
  readonly seconds: number;

  constructor(
    readonly settings: OidcSettings,
    /** told how each call to the provider ended */
    readonly counted: (call: ProviderCall, outcome: ProviderOutcome) => void = () => undefined,
  ) {
    const secret = settings.cookieSecret ?? randomBytes(32).toString('hex');
    this.key = createHash('sha256').update(`studio-oidc-login:${secret}`).digest();
    this.seconds = Math.ceil((settings.timeoutMs ?? 10_000) / 1000);
  }

  /** A call failed: each failure at info, the outage at warn once when it starts. Never a code or a token. */
  failed(log: FastifyBaseLogger, call: ProviderCall, failure: ProviderFailure): void {
    const { issuer } = this.settings;
    const fields = { issuer, call, reason: failure.reason };
    log.info(fields, `Identity provider ${call} failed: ${failure.reason}`);
    if (this.downSince) return;
    this.downSince = Date.now();
    log.warn(fields, `Identity provider outage: ${issuer} ${failure.reason}`);
  }

  /** The provider answered a call (even to refuse): an outage, if there was one, has ended. */
  answered(log: FastifyBaseLogger): void {
    if (!this.downSince) return;
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    this.downSince = 0;
    const { issuer } = this.settings;
    log.info(
      { issuer, downSeconds: seconds },
      `The identity provider answers again (${issuer}, after ${seconds} s)`,
    );
  }

  /** The provider's configuration: discovered on the first call, and again after a failure. */
  configuration(log: FastifyBaseLogger): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain HTTP only to a provider on this machine (the tests' provider); anywhere else it must be HTTPS.
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    this.config ??= oidc
      .discovery(
        issuer,
        this.settings.clientId,
        undefined,
        oidc.ClientSecretBasic(this.settings.clientSecret),
        {
          timeout: this.seconds,
          ...(loopback && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then(
        (config) => {
          this.counted('discovery', 'ok');
          this.answered(log);
          return config;
        },
        (e: unknown) => {
          // Counted once here: every login that waited for this discovery hears of its failure.
          const failure = providerFailure(e, 'discovery', this.seconds);
          this.counted('discovery', failure?.status === 504 ? 'timeout' : 'error');
          this.config = undefined;
          throw e;
        },
      );
    return this.config;
  }
}

interface LoginTransaction {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
}

export interface AnalystAuthDeps {
  /** OpenID Connect, when configured */
  oidc?: OidcSettings;
  sessions: SessionStore;
  sessionOf: (req: FastifyRequest) => Session | undefined;
  setSessionCookie: (req: FastifyRequest, reply: FastifyReply, session: Session) => void;
  clearSessionCookie: (req: FastifyRequest, reply: FastifyReply) => void;
  /** whether cookies are marked Secure for this request (TLS, or SECURE_COOKIES) */
  secure: (req: FastifyRequest) => boolean;
  /** this server's origin as the browser sees it */
  ownOrigin: (req: FastifyRequest) => string;
  refuseCrossSite: (req: FastifyRequest, reply: FastifyReply) => boolean;
  /** sign-ins per minute per address */
  signInRate: number;
  /** told how each call to the identity provider ended (the server's metrics) */
  onProviderCall?: (call: ProviderCall, outcome: ProviderOutcome) => void;
}

const page = (reply: FastifyReply, status: number, title: string, body: string): FastifyReply =>
  reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(plainPage(title, `<h1>${escapeHtml(title)}</h1>\n${body}`, SERVER_PAGE_CSS));

const tryAgain = `<p><a href="${LOGIN_PATH}">Sign in again</a></p>`;

/** The page of a sign-in the identity provider failed: 504 without an answer in time, 502 otherwise. */
const providerFailed = (reply: FastifyReply, failure: ProviderFailure, seconds: number): FastifyReply =>
  page(
    reply,
    failure.status,
    'Sign-in unavailable',
    `<p>${escapeHtml(
      failure.status === 504
        ? `The identity provider did not answer within ${seconds} s.`
        : `The identity provider failed: it ${failure.reason}.`,
    )} Nothing was signed in. Try again in a moment.</p>${tryAgain}`,
  );

/** A sane `login_hint` of the request (an identifier: printable, no spaces, at most 254), or nothing. */
function loginHintOf(query: URLSearchParams): { login_hint?: string } {
  const hint = query.get('login_hint');
  return hint && /^[\x21-\x7e]{1,254}$/.test(hint) ? { login_hint: hint } : {};
}

/** The message of a failed code redemption, in words an analyst can act on. */
function refusalOf(e: unknown, query: URLSearchParams): string {
  const error = query.get('error');
  if (error) {
    const description = oneLine(query.get('error_description'), 300);
    return error === 'access_denied'
      ? `The identity provider refused the sign-in${description ? `: ${description}` : ''}.`
      : `The identity provider answered ${oneLine(error, 60)}${description ? `: ${description}` : ''}.`;
  }
  // openid-client's errors say what failed in their cause (state, nonce, signature) or, for the token
  // endpoint's refusal, in the OAuth error fields (invalid_grant: the PKCE verifier does not match).
  const err = e as Error & { cause?: unknown; error?: unknown; error_description?: unknown };
  const parts = [
    err instanceof Error ? err.message : 'unknown error',
    err.cause instanceof Error ? err.cause.message : '',
    typeof err.error === 'string' ? err.error : '',
    typeof err.error_description === 'string' ? err.error_description : '',
  ];
  const message = oneLine(parts.filter(Boolean).join(': '), 300);
  return `The sign-in could not be completed (${message}). Nothing was signed in.`;
}

/**
 * The answer to a code redemption that failed: the provider's failure (502, 504), or a refusal (403: the
 * provider's 4xx OAuth error, or a callback or ID token this login does not take).
 */
function redemptionFailed(
  client: OidcClient,
  e: unknown,
  req: FastifyRequest,
  reply: FastifyReply,
  query: URLSearchParams,
): FastifyReply {
  const failure = providerFailure(e, 'token', client.seconds);
  if (failure) {
    client.counted('token', failure.status === 504 ? 'timeout' : 'error');
    client.failed(req.log, 'token', failure);
    return providerFailed(reply, failure, client.seconds);
  }
  // The provider answered, to refuse (a 4xx OAuth error): it is up.
  if (e instanceof oidc.ResponseBodyError || e instanceof oidc.WWWAuthenticateChallengeError) {
    client.counted('token', 'refused');
    client.answered(req.log);
  }
  req.log.info({ err: e }, 'analyst sign-in refused');
  return page(reply, 403, 'Sign-in refused', `<p>${escapeHtml(refusalOf(e, query))}</p>${tryAgain}`);
}

/**
 * /studio/auth/login, /studio/auth/callback and /studio/auth/logout. Without OpenID Connect, the login
 * address says that no identity provider is configured.
 */
export function registerAnalystAuth(app: FastifyInstance, deps: AnalystAuthDeps): void {
  const client = deps.oidc ? new OidcClient(deps.oidc, deps.onProviderCall) : undefined;
  const rateLimit = { config: { rateLimit: { max: deps.signInRate, timeWindow: 60_000 } } };
  const callbackUrl = (req: FastifyRequest): URL =>
    new URL(CALLBACK_PATH, client?.settings.publicUrl ?? deps.ownOrigin(req));
  /** The provider's configuration, or undefined when its discovery failed (that page sent: 502 or 504). */
  async function discovered(
    c: OidcClient,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<oidc.Configuration | undefined> {
    try {
      return await c.configuration(req.log);
    } catch (e) {
      // A discovery that fails is the provider's failure, whatever the error: no analyst's input is in it.
      const failure = providerFailure(e, 'discovery', c.seconds) ?? {
        status: 502,
        reason: `sent metadata that cannot be used (${oneLine(e instanceof Error ? e.message : e, 120)})`,
      };
      c.failed(req.log, 'discovery', failure);
      void providerFailed(reply, failure, c.seconds);
      return undefined;
    }
  }
  const txCookie = (req: FastifyRequest) => ({
    path: '/studio/auth/',
    httpOnly: true,
    // Lax: the provider's redirect back is a cross-site top-level GET, which Strict would strip it from.
    sameSite: 'lax' as const,
    secure: deps.secure(req),
  });

  app.get(LOGIN_PATH, rateLimit, async (req, reply) => {
    const query = new URL(req.url, 'http://portal.invalid').searchParams;
    const origin = deps.ownOrigin(req);
    const checked = safeLocalTarget(query.get('redirect') ?? '/studio', origin);
    const redirect = checked ? new URL(checked).pathname + new URL(checked).search : '/studio';
    if (!client) {
      return page(
        reply,
        503,
        'Sign-in unavailable',
        '<p>No identity provider is configured for the rule studio (OIDC_ISSUER_URL).</p>',
      );
    }
    const config = await discovered(client, req, reply);
    if (!config) return reply;
    const tx: LoginTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirect,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(req).href,
      scope: client.settings.scope ?? 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
      code_challenge_method: 'S256',
      state: tx.state,
      nonce: tx.nonce,
      // Who the analyst says they are, passed on for the provider to pre-fill (OpenID Connect Core 3.1.2.1).
      ...loginHintOf(query),
    });
    const sealed = await new EncryptJWT({ ...tx })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${TX_SECONDS}s`)
      .encrypt(client.key);
    void reply.setCookie(TX_COOKIE, sealed, { ...txCookie(req), maxAge: TX_SECONDS });
    // The provider's authorization endpoint, from the configured issuer's own metadata: no request names it.
    return reply.header('Cache-Control', 'no-store').redirect(url.href, 302);
  });

  app.get(CALLBACK_PATH, rateLimit, async (req, reply) => {
    if (!client) return page(reply, 404, 'Not found', '<p>No identity provider is configured.</p>');
    const query = new URL(req.url, 'http://portal.invalid').searchParams;
    const sealed = req.cookies[TX_COOKIE];
    void reply.clearCookie(TX_COOKIE, txCookie(req));
    let tx: LoginTransaction | undefined;
    try {
      if (sealed) tx = (await jwtDecrypt<LoginTransaction>(sealed, client.key)).payload;
    } catch {
      tx = undefined;
    }
    if (!tx) {
      return page(
        reply,
        400,
        'Sign-in refused',
        `<p>This sign-in was not started in this browser, or took more than ${TX_SECONDS / 60} minutes. Nothing was signed in.</p>${tryAgain}`,
      );
    }
    const config = await discovered(client, req, reply);
    if (!config) return reply;
    let claims: Record<string, unknown>;
    try {
      const current = new URL(callbackUrl(req));
      current.search = new URL(req.url, 'http://portal.invalid').search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims() ?? {};
      client.counted('token', 'ok');
      client.answered(req.log);
    } catch (e) {
      return redemptionFailed(client, e, req, reply, query);
    }
    const who = identityOf(claims, client.settings);
    if (!who) {
      return page(reply, 403, 'Sign-in refused', `<p>The identity provider's token names no subject.</p>`);
    }
    if (!who.roles.author && !who.roles.approver) {
      const s = client.settings;
      return page(
        reply,
        403,
        'No access to the rule studio',
        `<p>${escapeHtml(who.name)} is signed in at the identity provider but has neither the ${escapeHtml(
          s.authorRole ?? 'rule-author',
        )} nor the ${escapeHtml(s.approverRole ?? 'rule-approver')} role. Ask your administrator for one.</p>`,
      );
    }
    const session = deps.sessions.signInAnalyst(deps.sessionOf(req), who);
    deps.setSessionCookie(req, reply, session);
    const target =
      safeLocalTarget(tx.redirect, deps.ownOrigin(req)) ?? new URL('/studio', deps.ownOrigin(req)).href;
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });

  // Sign-out is a plain form post: its body says nothing and is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );
  app.post(LOGOUT_PATH, (req, reply) => {
    if (deps.refuseCrossSite(req, reply)) return reply;
    const session = deps.sessionOf(req);
    if (session?.analyst) deps.sessions.end(session.id);
    deps.clearSessionCookie(req, reply);
    return page(
      reply,
      200,
      'Signed out',
      `<p>You are signed out of the rule studio.</p><p><a href="${LOGIN_PATH}">Sign in again</a></p>`,
    );
  });
}
