import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
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
      <section className="error-page" aria-labelledby="route-error-title">
        <h1 id="route-error-title">We&apos;re sorry</h1>
        <p>We&apos;re unable to show your account info.</p>
        <p>Please try again later.</p>
        <p>
          Already tried again? <Link to="/login/chat">Chat With Us</Link>
        </p>
        <p>
          <a href="/home">Reload your account home</a>
        </p>
      </section>
    </main>
  );
}
