import { Link, useLocation } from 'react-router-dom';
import { RecoveryPage, SignInLink, text, useRouterState } from '../parts';

/** /login/linkExpired: a reset or set-password link that was used, expired or never issued. */
export function LinkExpiredPage() {
  return (
    <RecoveryPage title="Link Expired">
      <p>
        This link has expired or was already used. A link in our emails works once and only for a limited
        time.
      </p>
      <p>Ask for a new one and use it within the time the email gives.</p>
      <ul className="link-list">
        <li>
          <Link to="/login/forgotPassword">Send me a new reset link</Link>
        </li>
        <li>
          <Link to="/login/forgotUsername">I forgot my username</Link>
        </li>
      </ul>
    </RecoveryPage>
  );
}

/** /login/setPasswordSuccess: the password of a reset or set-password link is saved. */
export function SetPasswordSuccessPage() {
  const location = useLocation();
  const done = useRouterState(location.state, (s) => ({
    login: text(s.login) || null,
    set: s.purpose === 'set',
  }));
  return (
    <RecoveryPage title="Password Set">
      <p role="status">
        {done?.set ? 'Your password is set' : 'Your new password is saved'}
        {done?.login ? ` for ${done.login}` : ''}. You can now sign in with it.
      </p>
      <p>
        <SignInLink>Sign in</SignInLink>
      </p>
    </RecoveryPage>
  );
}
