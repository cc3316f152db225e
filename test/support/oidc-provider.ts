/**
 * A real OpenID provider for the tests, on loopback: the sandbox's identity provider stand-in
 * (sandbox/identity-provider.ts, oidc-provider) with accounts of the tests' own, whose ID tokens carry a name,
 * an email and a `roles` claim. Its sign-in page is a plain form (the account's login, no password), with a
 * "Deny" button that answers the client with `access_denied`; unlike the sandbox's it lists no accounts and
 * takes no login hint, as a provider a test does not control.
 *
 * The provider's port is known before the portal's, the portal's callback after: start() listens first,
 * then `register(redirectUris)` creates the provider with the client's redirect URIs.
 */
import {
  startIdentityProvider,
  type IdentityAccount,
  type IdentityProvider,
} from '../../sandbox/identity-provider';

export type TestAccount = IdentityAccount;
export type TestProvider = IdentityProvider;

export const TEST_ACCOUNTS: readonly TestAccount[] = [
  { sub: 'u-ana', name: 'Ana Alvarez', email: 'ana@idp.example', roles: ['rule-author'] },
  { sub: 'u-ben', name: 'Ben Brooks', email: 'ben@idp.example', roles: ['rule-author', 'rule-approver'] },
  // Same display name as Ana, another person: self-approval is refused by subject, never by name.
  { sub: 'u-ana2', name: 'Ana Alvarez', email: 'ana.other@idp.example', roles: ['rule-approver'] },
  { sub: 'u-viewer', name: 'Vic Viewer', email: 'vic@idp.example', roles: [] },
];

export const TEST_CLIENT = { id: 'portal-studio', secret: 'a-test-client-secret-of-some-length' };

export function startTestProvider(accounts: readonly TestAccount[] = TEST_ACCOUNTS): Promise<TestProvider> {
  return startIdentityProvider({ accounts, client: TEST_CLIENT, title: 'Test identity provider' });
}
