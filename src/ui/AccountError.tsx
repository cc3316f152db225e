import { ChatLink } from './chat';

/**
 * The spec's account error copy (shell document, Shell: 'Account error page'): 'We're sorry', 'We're unable
 * to show your account info.', 'Please try again later.', 'Already tried again?' with a Chat With Us link.
 * One place, reused verbatim by the error page, the home's error view and every page that lost its data.
 */
export function AccountErrorPage({ headingId = 'account-error-title' }: { headingId?: string }) {
  return (
    <section className="error-page" aria-labelledby={headingId}>
      <h1 id={headingId}>We&apos;re sorry</h1>
      <AccountErrorText />
    </section>
  );
}

/** The same copy without the heading, in place of a page's content when the profile did not load. */
export function ProfileUnavailable() {
  return (
    <div role="alert">
      <AccountErrorText />
    </div>
  );
}

function AccountErrorText() {
  return (
    <>
      <p>We&apos;re unable to show your account info.</p>
      <p>Please try again later.</p>
      <p>
        Already tried again? <ChatLink>Chat With Us</ChatLink>
      </p>
    </>
  );
}
