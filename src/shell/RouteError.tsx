import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router-dom';
import { describeError, issuePageOf } from '../api/issue-log';
import { AccountErrorPage } from '../ui/AccountError';
import { useStores } from '../stores/context';

/**
 * Anything a page throws while rendering or loading (a lost chunk, a bug) ends here: the customer reads
 * the spec's account error texts, the issue log gets the reason. Never React Router's developer page.
 */
export function RouteError() {
  const error = useRouteError();
  const store = useStores();
  const { pathname } = useLocation();
  useEffect(() => {
    // An Error, a route error response, a string or any object: its message, never '[object Object]'.
    store.logIssue(issuePageOf(pathname), 'render', describeError(error));
  }, [error, store, pathname]);
  return (
    <main id="main" className="main">
      <AccountErrorPage headingId="route-error-title" />
      <p className="error-page__reload">
        <a href="/home">Reload your account home</a>
      </p>
    </main>
  );
}
