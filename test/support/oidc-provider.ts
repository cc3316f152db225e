/**
 * A real OpenID provider for the tests, on loopback: `oidc-provider` (a certified OpenID Connect server)
 * with one confidential client, PKCE required, and a handful of accounts whose ID tokens carry a name, an
 * email and a `roles` claim. Its sign-in page is a plain form (the account's login, no password: a test
 * identity provider), with a "Deny" button that answers the client with `access_denied`.
 *
 * The provider's port is known before the portal's, the portal's callback after: start() listens first,
 * then `register(redirectUris)` creates the provider with the client's redirect URIs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  /** The subject (the `sub` claim) and the login typed on the form. */
  sub: string;
  name: string;
  email?: string;
  roles: string[];
}

export const TEST_ACCOUNTS: readonly TestAccount[] = [
  { sub: 'u-ana', name: 'Ana Alvarez', email: 'ana@idp.example', roles: ['rule-author'] },
  { sub: 'u-ben', name: 'Ben Brooks', email: 'ben@idp.example', roles: ['rule-author', 'rule-approver'] },
  // Same display name as Ana, another person: self-approval is refused by subject, never by name.
  { sub: 'u-ana2', name: 'Ana Alvarez', email: 'ana.other@idp.example', roles: ['rule-approver'] },
  { sub: 'u-viewer', name: 'Vic Viewer', email: 'vic@idp.example', roles: [] },
];

export const TEST_CLIENT = { id: 'portal-studio', secret: 'a-test-client-secret-of-some-length' };

export interface TestProvider {
  issuer: string;
  /** Creates the provider with the client's redirect URIs (the portal's callback); once. */
  register(redirectUris: string[]): Promise<void>;
  close(): Promise<void>;
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
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The provider's own sign-in page: a login field, Sign in and Deny. */
function signInForm(uid: string, client: string, error = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Test identity provider</h1>
<p>${escapeHtml(client)} asks who you are.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="login">Login</label><br><input id="login" name="login" autocomplete="username" required></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Deny</button></form>
</body></html>`;
}

export async function startTestProvider(
  accounts: readonly TestAccount[] = TEST_ACCOUNTS,
): Promise<TestProvider> {
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    if (!provider) return page(res, 503, 'The test provider is not registered yet');
    const p = provider;
    const m = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!m) return void p.callback()(req, res);
    void (async () => {
      try {
        const details = await p.interactionDetails(req, res);
        if (details.uid !== m[1]) return page(res, 400, 'Wrong interaction');
        if (req.method === 'GET' && !m[2])
          return page(res, 200, signInForm(details.uid, String(details.params.client_id)));
        if (req.method !== 'POST') return page(res, 405, 'Method not allowed');
        if (m[2] === '/abort') {
          return void (await p.interactionFinished(req, res, {
            error: 'access_denied',
            error_description: 'The user denied the sign-in',
          }));
        }
        const login = (await readForm(req)).get('login') ?? '';
        const account = accounts.find((a) => a.sub === login);
        if (!account)
          return page(
            res,
            200,
            signInForm(details.uid, String(details.params.client_id), `No account '${login}'`),
          );
        const grant = new p.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
        const scope = details.params.scope;
        grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
        const grantId = await grant.save();
        await p.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (e) {
        page(res, 400, escapeHtml(e instanceof Error ? e.message : String(e)));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    async register(redirectUris) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const configuration: Configuration = {
        clients: [
          {
            client_id: TEST_CLIENT.id,
            client_secret: TEST_CLIENT.secret,
            redirect_uris: redirectUris,
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
        cookies: { keys: ['test-provider-cookie-key'] },
        ttl: {
          Interaction: 600,
          Grant: 600,
          Session: 600,
          AccessToken: 600,
          IdToken: 600,
          AuthorizationCode: 60,
        },
        jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
      };
      provider = new Provider(issuer, configuration);
      // No warnings about a development setup on the tests' output.
      provider.on('server_error', (_ctx, error) => console.error('test provider', error));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
