import { Link } from 'react-router-dom';
import { RecoveryPage } from '../parts';

/**
 * The /login pages whose screens the spec does not show (shell spec §2: 'The screen content of these is not
 * shown, except the recovery flows'). Each gets its title and a short, true statement of where the visitor
 * stands; none pretends to complete a step it cannot.
 */
interface InfoPage {
  title: string;
  body: string;
  /** A next step inside the portal, when there is one. */
  next?: { to: string; label: string };
}

const NOT_ONLINE = 'This step is not available online yet. Sign in, or chat with us and an agent will help.';

export const INFO_PAGES: Record<string, InfoPage> = {
  profileRegistration: { title: 'Profile Registration', body: NOT_ONLINE },
  profileCompletion: { title: 'Profile Completion', body: NOT_ONLINE },
  passwordCreation: {
    title: 'Create Password',
    body: 'Creating a password is not available online yet. If you forgot your password, you can reset it.',
    next: { to: '/login/forgotPassword', label: 'Reset your password' },
  },
  linkExpired: {
    title: 'Link Expired',
    body: 'The link you followed has expired. Start again to get a new one.',
    next: { to: '/login/forgotPassword', label: 'Reset your password' },
  },
  cancelservice: {
    title: 'Cancel Service',
    body: 'To cancel your service, sign in first. An agent then goes through the cancellation with you.',
  },
  forgotUsernameProfileCreated: { title: 'Profile Created', body: NOT_ONLINE },
  forgotUsernameCreateProfile: {
    title: 'Create Profile',
    body: 'Creating a profile is not available online yet. If you already have one, we can email your username.',
    next: { to: '/login/forgotUsername', label: 'Get your username' },
  },
  forgotPasswordStep3: {
    title: 'Forgot Password: New Password',
    body: 'Choosing a new password is not available online yet. Chat with us and an agent will reset it with you.',
  },
  shellProfileSuccessEmailSent: { title: 'Email Sent', body: 'Check your email for the next step.' },
  accountEnrollment: { title: 'Account Enrollment', body: NOT_ONLINE },
  profileEnrollment: { title: 'Profile Enrollment', body: NOT_ONLINE },
  SuccessEnrollment: { title: 'Enrollment Complete', body: 'You can now sign in to your account.' },
  retrieveAuthCode: {
    title: 'Retrieve Authorization Code',
    body: 'Getting an authorization code is not available online yet. Chat with us and an agent will help.',
  },
  retrieveAuthCodeOptions: {
    title: 'Authorization Code Options',
    body: 'Getting an authorization code is not available online yet. Chat with us and an agent will help.',
  },
  retrieveAccountNumber: {
    title: 'Retrieve Account Number',
    body: 'Your account number is on your bill. Getting it by email is not available online yet.',
  },
  retrieveAccountSuccess: {
    title: 'Account Number Sent',
    body: 'If a profile uses the email address you entered, the account number is on the way there.',
  },
  setPassword: {
    title: 'Set Password',
    body: 'Setting a password is not available online yet. If you forgot your password, you can reset it.',
    next: { to: '/login/forgotPassword', label: 'Reset your password' },
  },
  setPasswordSuccess: { title: 'Password Set', body: 'You can now sign in with your new password.' },
  'sorry/mup': {
    title: "We're sorry",
    body: "We're unable to show your account info. Please try again later.",
  },
  maintenance: {
    title: 'Maintenance',
    body: 'Our systems are unavailable during planned maintenance. Please try again later.',
  },
};

export function InfoPageView({ page }: { page: InfoPage }) {
  return (
    <RecoveryPage title={page.title}>
      <p>{page.body}</p>
      {page.next ? (
        <p>
          <Link to={page.next.to}>{page.next.label}</Link>
        </p>
      ) : null}
    </RecoveryPage>
  );
}
