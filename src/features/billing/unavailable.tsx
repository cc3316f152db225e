import { Link } from 'react-router-dom';

/** The account error copy (shell spec, Shell), in place of a page's content when the profile did not load. */
export function ProfileUnavailable() {
  return (
    <div role="alert">
      <p>We&apos;re unable to show your account info.</p>
      <p>Please try again later.</p>
      <p>
        Already tried again? <Link to="/login/chat">Chat With Us</Link>
      </p>
    </div>
  );
}
