import { Link } from 'react-router-dom';

/** Spec, Shell: the account error page. */
export function AccountErrorPage() {
  return (
    <section className="error-page" aria-labelledby="account-error-title">
      <h1 id="account-error-title">We&apos;re sorry</h1>
      <p>We&apos;re unable to show your account info.</p>
      <p>Please try again later.</p>
      <p>
        Already tried again? <Link to="/login/chat">Chat With Us</Link>
      </p>
    </section>
  );
}
