import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="panel page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>We couldn&apos;t find that page.</p>
      <Link to="/home">Go to your account home</Link>
    </section>
  );
}
