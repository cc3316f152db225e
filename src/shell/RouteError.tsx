import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router-dom';
import { describeError, issuePageOf } from '../api/issue-log';
import { AccountErrorPage } from '../ui/AccountError';
import { useStores } from '../stores/context';
import { isChunkLoadError } from '../ui/chunk-load';

/**
 * Anything a page throws while rendering or loading (a lost chunk, a bug) ends here: the customer reads
 * the spec's account error texts, the issue log gets the reason. Never React Router's developer page.
 *
 * `inShell`: the error view of a page inside a layout (signed-in or visitor), shown where the page would be, so
 * the header and footer stay. A page whose code did not load (failed, or not within the chunk time-out) gets
 * the retry view: the reason is the network, and trying again is what helps.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const store = useStores();
  const { pathname, search } = useLocation();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // An Error, a route error response, a string or any object: its message, never '[object Object]'.
    store.logIssue(issuePageOf(pathname), chunk ? 'loadPage' : 'render', describeError(error));
  }, [error, store, pathname, chunk]);

  const content = chunk ? (
    <section className="panel error-page" aria-labelledby="route-error-title">
      <h1 id="route-error-title">This page did not load</h1>
      <p>Part of the page could not be fetched. Check your connection and try again.</p>
      <p>
        <button
          type="button"
          className="btn"
          // A full load: the browser fetches the page's code afresh.
          onClick={() => store.env.assign(`${pathname}${search}`)}
        >
          Try again
        </button>
      </p>
    </section>
  ) : (
    <>
      <AccountErrorPage headingId="route-error-title" />
      <p className="error-page__reload">
        <a href="/home">Reload your account home</a>
      </p>
    </>
  );
  if (inShell) return <div className="page">{content}</div>;
  return (
    <main id="main" className="main">
      {content}
    </main>
  );
}
