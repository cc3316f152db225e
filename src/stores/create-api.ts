import type { ApiClient } from '../api/client';
import { getAccountList } from '../api/calls/account-list';
import { getCheckHeader } from '../api/calls/check-header';
import { getHomeEarlyInit } from '../api/calls/home-early-init';
import { getIsAuth } from '../api/calls/is-auth';
import { createIssueLog, type IssueLog } from '../api/issue-log';
import type { Api } from './api-port';

/**
 * The stores' Api on top of src/api's call modules, plus the issue log, which posts to /Orch once isAuth has
 * said the browser is signed in (or the server's page said so: `signedIn`) and to /preauth before.
 */
export function createApi(client: ApiClient, signedIn = false): Api & { issueLog: IssueLog } {
  let authenticated = signedIn;
  const issueLog = createIssueLog(client, { authenticated: () => authenticated });
  return {
    issueLog,
    isAuth: async () => {
      const r = await getIsAuth(client);
      authenticated = r.ok && r.data.authenticated;
      return r;
    },
    checkHeader: () => getCheckHeader(client),
    homeEarlyInit: () => getHomeEarlyInit(client),
    accountList: () => getAccountList(client),
    // Asked only on an account switch: the call and its validator load then, never with the first page.
    setCurrentAccount: (loginName, pid) =>
      import('../api/calls/set-current-account').then(
        ({ setCurrentAccount }) => setCurrentAccount(client, { loginName, pid }),
        (error: unknown) => ({
          ok: false,
          kind: 'network',
          message: `setCurrentAccount could not load: ${String(error)}`,
        }),
      ),
    // Only an account switch asks for it: its module (and validator) loads then, not with /home.
    signIn: () =>
      import('../api/calls/sign-in').then(
        ({ getSignIn }) => getSignIn(client),
        () => ({ ok: false, kind: 'network', message: 'the sign-in call module did not load' }) as const,
      ),
    logIssue: (entry) => {
      issueLog.log(entry);
    },
  };
}
