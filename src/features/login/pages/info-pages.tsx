import { Link } from 'react-router-dom';
import { config } from '../../../config';
import { ExternalLink } from '../../../ui/ExternalLink';
import { RecoveryPage, SignInLink } from '../parts';

/**
 * /login: sign-in help, the way into every unauthenticated flow (the address alone is never an empty page).
 */
export function SignInHelpPage() {
  return (
    <RecoveryPage title="Sign-in help">
      <p>Choose what you need. None of these needs you to be signed in.</p>
      <ul className="link-list link-list--grid">
        <li>
          <Link to="/login/forgotUsername">I forgot my username</Link>
        </li>
        <li>
          <Link to="/login/forgotPassword">I forgot my password</Link>
        </li>
        <li>
          <Link to="/login/retrieveAccountNumber">I need my account number</Link>
        </li>
        <li>
          <Link to="/login/retrieveAuthCode">I need an authorization code</Link>
        </li>
        <li>
          <Link to="/login/profileRegistration">Create an online profile</Link>
        </li>
      </ul>
      <p>
        Have your username and password? <SignInLink>Sign in</SignInLink>
      </p>
    </RecoveryPage>
  );
}

/** /login/accountEnrollment: enrolling an account online is creating a profile for it. */
export function AccountEnrollmentPage() {
  return (
    <RecoveryPage title="Account Enrollment">
      <p>To manage an account online, enroll it with an online profile. You need:</p>
      <ol>
        <li>
          your account number (at the top of your bill, or{' '}
          <Link to="/login/retrieveAccountNumber">get it by email</Link>);
        </li>
        <li>
          an authorization code, which we email to the address on the account:{' '}
          <Link to="/login/retrieveAuthCode">get an authorization code</Link>.
        </li>
      </ol>
      <p>
        <Link to="/login/profileRegistration" className="btn">
          Start enrollment
        </Link>
      </p>
    </RecoveryPage>
  );
}

/** /login/profileEnrollment: a profile that exists adds accounts after signing in. */
export function ProfileEnrollmentPage() {
  return (
    <RecoveryPage title="Profile Enrollment">
      <p>
        Already have an online profile? Sign in and choose Add Account in the account selector to add another
        account to it.
      </p>
      <p>
        No profile yet? <Link to="/login/profileRegistration">Create your online profile</Link>
      </p>
    </RecoveryPage>
  );
}

/** /login/sorry/mup: the account cannot be shown (the spec's account error texts). */
export function SorryPage() {
  return (
    <RecoveryPage title="We're sorry">
      <p>We&apos;re unable to show your account info.</p>
      <p>Please try again later.</p>
    </RecoveryPage>
  );
}

/** /login/maintenance: planned maintenance. */
export function MaintenancePage() {
  return (
    <RecoveryPage title="Maintenance">
      <p>Our systems are unavailable during planned maintenance. Please try again later.</p>
      <p>
        Service status and help articles are on the{' '}
        <ExternalLink href={config.provider.supportUrl}>{config.provider.name} support site</ExternalLink>.
      </p>
    </RecoveryPage>
  );
}
