import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { AccountErrorPage } from '../ui/AccountError';
import { useStores } from '../stores/context';

/**
 * Anything a page throws while rendering or loading (a lost chunk, a bug) ends here: the customer reads
 * the spec's account error texts, the issue log gets the reason. Never React Router's developer page.
 */
export function RouteError() {
  const error = useRouteError();
  const store = useStores();
  useEffect(() => {
    const message = error instanceof Error ? error.message : String(error);
    store.logIssue('shell', 'render', message.slice(0, 100));
  }, [error, store]);
  return (
    <main id="main" className="main">
      <AccountErrorPage headingId="route-error-title" />
      <p className="error-page__reload">
        <a href="/home">Reload your account home</a>
      </p>
    </main>
  );
}
