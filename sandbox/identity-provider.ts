/**
 * The sandbox's stand-in for the analysts' identity provider: a real OpenID provider on loopback
 * (`oidc-provider`, a certified OpenID Connect server) with one confidential client, PKCE required, and the
 * sandbox's analysts (sandbox/analysts.json) as accounts whose ID tokens carry a name, an email and a
 * `roles` claim. The portal signs analysts in through it exactly as it does through the provider's in
 * production (server/analyst-auth.ts).
 *
 * Its sign-in page lists the accounts and takes a login, no password (a stand-in); a "Deny" button answers
 * the client with `access_denied`. A `login_hint` naming an account signs that account in at once (the
 * sandbox's `/sandbox/signin?analyst=<id>` sends one), so a test or a developer is one click from the studio.
 *
 * The provider's port is known before the portal's, the portal's callback after: start() listens first,
 * then `register(redirectUris)` creates the provider with the client's redirect URIs.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type InteractionResults } from 'oidc-provider';

export interface IdentityAccount {
  /** The subject (the `sub` claim) and the login typed on the form. */
  sub: string;
  name: string;
  email?: string;
  roles: string[];
}

export interface IdentityClient {
  id: string;
  secret: string;
}

export interface IdentityProvider {
  issuer: string;
  /** Creates the provider with the client's redirect URIs (the portal's callback); again to replace them. */
  register(redirectUris: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface IdentityProviderOptions {
  accounts: readonly IdentityAccount[];
  client: IdentityClient;
  /** the page's heading */
  title?: string;
  /** a login_hint naming an account signs it in without the form (the sandbox's shortcut) */
  signInByHint?: boolean;
  /** the sign-in page lists the accounts, each a button (the sandbox's) */
  listAccounts?: boolean;
  /** listen on this port (default any free one) */
  port?: number;
  host?: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function page(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No script, no style, no frame; its forms end in a redirect to the client, so no form-action.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

/** The provider's own sign-in page: the accounts, a login field, Sign in and Deny. */
function signInForm(
  title: string,
  uid: string,
  client: string,
  accounts: readonly IdentityAccount[],
  error = '',
): string {
  // accounts: the ones to offer as buttons (none: only the login field).
  const u = escapeHtml(uid);
  const list = accounts
    .map(
      (a) =>
        `<li><form method="post" action="/interaction/${u}/login"><input type="hidden" name="login" value="${escapeHtml(a.sub)}"><button type="submit">${escapeHtml(a.name)} (${escapeHtml(a.sub)})</button></form></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(client)} asks who you are.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
${list ? `<ul>${list}</ul>` : ''}
<form method="post" action="/interaction/${u}/login">
<p><label for="login">Login</label><br><input id="login" name="login" autocomplete="username" required></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${u}/abort"><button type="submit">Deny</button></form>
</body></html>`;
}

/** Signs `account` in and consents for the client: the interaction ends and the browser goes on. */
async function finishSignIn(
  p: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  account: IdentityAccount,
  params: Record<string, unknown>,
): Promise<void> {
  const grant = new p.Grant({ accountId: account.sub, clientId: String(params.client_id) });
  grant.addOIDCScope(typeof params.scope === 'string' ? params.scope : 'openid');
  const grantId = await grant.save();
  const result: InteractionResults = { login: { accountId: account.sub }, consent: { grantId } };
  await p.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

function configuration(
  options: IdentityProviderOptions,
  redirectUris: readonly string[],
  jwk: Record<string, unknown>,
): Configuration {
  const { accounts, client } = options;
  return {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [...redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE for every client, confidential ones included.
    pkce: { required: () => true },
    // The claims of the requested scopes go into the ID token itself (the portal reads the token).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name', 'roles'], email: ['email'] },
    findAccount: (_ctx, id) => {
      const account = accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: account.name,
          ...(account.email ? { email: account.email } : {}),
          roles: account.roles,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    jwks: { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: 'sandbox' }] },
  };
}

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const { accounts } = options;
  const title = options.title ?? 'Identity provider';
  const offered = options.listAccounts ? accounts : [];
  let provider: Provider | undefined;
  const interaction = async (p: Provider, req: IncomingMessage, res: ServerResponse, m: RegExpExecArray) => {
    const details = await p.interactionDetails(req, res);
    if (details.uid !== m[1]) return page(res, 400, 'Wrong interaction');
    const client = String(details.params.client_id);
    if (req.method === 'GET' && !m[2]) {
      const hint = details.params.login_hint;
      const hinted = options.signInByHint ? accounts.find((a) => a.sub === hint) : undefined;
      if (hinted) return finishSignIn(p, req, res, hinted, details.params);
      return page(res, 200, signInForm(title, details.uid, client, offered));
    }
    if (req.method !== 'POST') return page(res, 405, 'Method not allowed');
    if (m[2] === '/abort') {
      return p.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'The user denied the sign-in',
      });
    }
    const login = (await readForm(req)).get('login') ?? '';
    const account = accounts.find((a) => a.sub === login);
    if (!account)
      return page(res, 200, signInForm(title, details.uid, client, offered, `No account '${login}'`));
    return finishSignIn(p, req, res, account, details.params);
  };
  const server: Server = createServer((req, res) => {
    if (!provider) return page(res, 503, 'The identity provider has no client registered yet');
    const p = provider;
    const m = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!m) return void p.callback()(req, res);
    interaction(p, req, res, m).catch((e: unknown) =>
      page(res, 400, escapeHtml(e instanceof Error ? e.message : String(e))),
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = (await exportJWK(privateKey)) as Record<string, unknown>;

  return {
    issuer,
    register(redirectUris) {
      const next = new Provider(issuer, configuration(options, redirectUris, jwk));
      next.on('server_error', (_ctx, error) => console.error('identity provider', error));
      provider = next;
      return Promise.resolve();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
