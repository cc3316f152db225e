import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  createProfileMachine,
  type CreateProfileInput,
  type ProfileAccount,
  type ProfileDetails,
  type ProfileOrigin,
} from '../../../../machines/create-profile.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, PASSWORD_HINT, RecoveryForm, RecoveryPage, SignInLink, text, useRouterState } from '../parts';
import { profileActors } from '../recovery-actors';

/**
 * Creating an online profile, one step per page (machines/create-profile.machine.ts): /login/profileRegistration
 * (account number and authorization code), /login/profileCompletion (name and email, checked as a username with
 * validateEmailUn), /login/passwordCreation (the password; createProfile2). From forgot username the first step
 * is /login/forgotUsernameCreateProfile and the profile is created at completion, without a password: its
 * confirmation email carries a set-password link. Each page hands what was entered to the next in router state
 * and starts the machine at its own step, so going back and forth loses nothing.
 */

/** Router state between the profile pages. */
export interface ProfileFlowState {
  origin: ProfileOrigin;
  account?: ProfileAccount;
  details?: ProfileDetails;
  /** an email to start with (the one forgot username found no profile for) */
  email?: string;
}

/** Router state of the success pages. */
export interface ProfileCreatedState {
  login: string;
  emailAddress: string;
}

function readFlowState(state: unknown): ProfileFlowState | null {
  if (state === null || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const a = (s.account ?? null) as Record<string, unknown> | null;
  const d = (s.details ?? null) as Record<string, unknown> | null;
  return {
    origin: s.origin === 'forgotUsername' ? 'forgotUsername' : 'registration',
    ...(a && text(a.accountNumber)
      ? { account: { accountNumber: text(a.accountNumber), authCode: text(a.authCode) } }
      : {}),
    ...(d && text(d.emailAddress)
      ? {
          details: {
            firstName: text(d.firstName),
            lastName: text(d.lastName),
            emailAddress: text(d.emailAddress),
          },
        }
      : {}),
    ...(text(s.email) ? { email: text(s.email) } : {}),
    ...(text(s.accountNumber) ? { account: { accountNumber: text(s.accountNumber), authCode: '' } } : {}),
  };
}

const SUCCESS_PAGE: Record<ProfileOrigin, string> = {
  registration: '/login/SuccessEnrollment',
  forgotUsername: '/login/forgotUsernameProfileCreated',
};

/** The machine of a profile page; `carry` rides along to the next page (details entered later, an email). */
function useProfileFlow(input: CreateProfileInput, carry: Partial<ProfileFlowState> = {}) {
  const store = useStores();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    createProfileMachine.provide({
      actors: profileActors(store),
      actions: {
        accountEntered: (_, { origin, account }) => {
          const state: ProfileFlowState = { ...carry, origin, account };
          void navigate('/login/profileCompletion', { state });
        },
        detailsEntered: (_, { origin, account, details }) => {
          const state: ProfileFlowState = { ...carry, origin, account, details };
          void navigate('/login/passwordCreation', { state });
        },
        profileCreated: (_, { origin, login, emailAddress }) => {
          const state: ProfileCreatedState = { login, emailAddress };
          void navigate(SUCCESS_PAGE[origin], { replace: true, state });
        },
      },
    }),
  );
  return usePageFlow('create-profile', machine, input);
}

/** /login/profileRegistration and /login/forgotUsernameCreateProfile: account number and authorization code. */
export function ProfileRegistrationPage({ origin }: { origin: ProfileOrigin }) {
  const location = useLocation();
  const from = useRouterState(location.state, () => readFlowState(location.state));
  const [snapshot, send] = useProfileFlow(
    { origin, step: 'registration' },
    {
      ...(from?.details ? { details: from.details } : {}),
      ...(from?.email ? { email: from.email } : {}),
    },
  );
  const [accountNumber, setAccountNumber] = useState(from?.account?.accountNumber ?? '');
  const [authCode, setAuthCode] = useState(from?.account?.authCode ?? '');
  const messagesId = useId();
  const error = snapshot.context.error;
  const state = snapshot.value as { registrationStep?: string };
  const fromForgot = origin === 'forgotUsername';

  return (
    <RecoveryPage title={fromForgot ? 'Create Profile' : 'Profile Registration'}>
      {fromForgot ? (
        <p>
          No profile uses {from?.email ?? 'that email address'} yet. Create one: we send your username and a
          link to set your password to the email you choose.
        </p>
      ) : (
        <p>Create your online profile in three steps. First, tell us which account it is for.</p>
      )}
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={false}
        submitLabel="Continue"
        busyLabel="Continue"
        onSubmit={() => send({ type: 'PROFILE.SUBMIT_ACCOUNT', accountNumber, authCode })}
      >
        <Field
          label="Account number"
          autoComplete="off"
          maxLength={13}
          value={accountNumber}
          onChange={setAccountNumber}
          hint="As it is on your bill: 9, 11 or 13 letters and numbers."
          invalid={error === 'MISSING_INPUT' || state.registrationStep === 'accountInvalid'}
          messagesId={messagesId}
        />
        <Field
          label="Authorization code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={authCode}
          onChange={setAuthCode}
          hint="The 6 digits we emailed you."
          invalid={error === 'MISSING_INPUT' || state.registrationStep === 'codeInvalid'}
          messagesId={messagesId}
        />
      </RecoveryForm>
      <ul className="link-list">
        <li>
          <Link to="/login/retrieveAuthCode" state={accountNumber ? { accountNumber } : undefined}>
            Get an authorization code
          </Link>
        </li>
        <li>
          <Link to="/login/retrieveAccountNumber">Find my account number</Link>
        </li>
      </ul>
    </RecoveryPage>
  );
}

/** /login/profileCompletion: name and email (the email becomes the username). */
export function ProfileCompletionPage() {
  const location = useLocation();
  const from = useRouterState(location.state, () => readFlowState(location.state));
  if (!from?.account?.authCode) return <StartAgain title="Profile Completion" />;
  return <Completion from={{ ...from, account: from.account }} />;
}

function Completion({ from }: { from: ProfileFlowState & { account: ProfileAccount } }) {
  const [snapshot, send] = useProfileFlow(
    { origin: from.origin, step: 'completion', account: from.account },
    from.email ? { email: from.email } : {},
  );
  const [firstName, setFirstName] = useState(from.details?.firstName ?? '');
  const [lastName, setLastName] = useState(from.details?.lastName ?? '');
  const [emailAddress, setEmailAddress] = useState(from.details?.emailAddress ?? from.email ?? '');
  const messagesId = useId();
  const step = (snapshot.value as { completionStep?: string }).completionStep ?? '';
  const error = snapshot.context.error;
  const emailWrong = ['invalidEmail', 'errorInResponse', 'emailTaken'].includes(step);
  const creating = step === 'creating';

  return (
    <RecoveryPage title={from.origin === 'forgotUsername' ? 'Create Profile' : 'Profile Completion'}>
      <p>
        Account {from.account.accountNumber}. Your email address becomes your username: we check that no other
        profile uses it.
      </p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={step === 'checkingEmail' || creating}
        submitLabel={from.origin === 'forgotUsername' ? 'Create my profile' : 'Continue'}
        busyLabel={creating ? 'Creating your profile…' : 'Checking your email address…'}
        onSubmit={() => send({ type: 'PROFILE.SUBMIT_DETAILS', firstName, lastName, emailAddress })}
      >
        <Field
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          value={firstName}
          onChange={setFirstName}
          invalid={error === 'MISSING_INPUT' && firstName.trim() === ''}
          messagesId={messagesId}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          value={lastName}
          onChange={setLastName}
          invalid={error === 'MISSING_INPUT' && lastName.trim() === ''}
          messagesId={messagesId}
        />
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={emailAddress}
          onChange={setEmailAddress}
          invalid={emailWrong || (error === 'MISSING_INPUT' && emailAddress.trim() === '')}
          messagesId={messagesId}
        />
      </RecoveryForm>
      {step === 'emailTaken' ? (
        <p>
          <Link to="/login/forgotUsername">Get my username</Link>
        </p>
      ) : null}
      <BackToAccount from={from} />
    </RecoveryPage>
  );
}

/** /login/passwordCreation: the password, then createProfile2 with everything entered. */
export function PasswordCreationPage() {
  const location = useLocation();
  const from = useRouterState(location.state, () => readFlowState(location.state));
  if (!from?.account?.authCode || !from.details) return <StartAgain title="Create Password" />;
  return <PasswordCreation from={{ ...from, account: from.account, details: from.details }} />;
}

function PasswordCreation({
  from,
}: {
  from: ProfileFlowState & { account: ProfileAccount; details: ProfileDetails };
}) {
  const [snapshot, send] = useProfileFlow({
    origin: 'registration',
    step: 'password',
    account: from.account,
    details: from.details,
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const messagesId = useId();
  const step = (snapshot.value as { passwordStep?: string }).passwordStep ?? '';
  const error = snapshot.context.error;

  return (
    <RecoveryPage title="Create Password">
      <p>
        Last step: the password of {from.details.emailAddress}, the username of your profile for account{' '}
        {from.account.accountNumber}.
      </p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={step === 'creating'}
        submitLabel="Create my profile"
        busyLabel="Creating your profile…"
        onSubmit={() => send({ type: 'PROFILE.SUBMIT_PASSWORD', password, confirmation })}
      >
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={password}
          onChange={setPassword}
          hint={PASSWORD_HINT}
          invalid={error === 'MISSING_INPUT' || error === 'WEAK_PASSWORD'}
          messagesId={messagesId}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={confirmation}
          onChange={setConfirmation}
          invalid={error === 'MISSING_INPUT' || error === 'MISMATCH'}
          messagesId={messagesId}
        />
      </RecoveryForm>
      <ul className="link-list">
        <li>
          <Link to="/login/profileCompletion" state={from}>
            Change my name or email
          </Link>
        </li>
      </ul>
      <BackToAccount from={from} />
    </RecoveryPage>
  );
}

function BackToAccount({ from }: { from: ProfileFlowState }) {
  const to =
    from.origin === 'forgotUsername' ? '/login/forgotUsernameCreateProfile' : '/login/profileRegistration';
  return (
    <p>
      <Link to={to} state={from}>
        Change the account number or code
      </Link>
    </p>
  );
}

function StartAgain({ title }: { title: string }) {
  return (
    <RecoveryPage title={title}>
      <p>
        Creating a profile starts with your account number and authorization code.{' '}
        <Link to="/login/profileRegistration">Start creating your profile</Link>
      </p>
    </RecoveryPage>
  );
}

/** /login/SuccessEnrollment and /login/forgotUsernameProfileCreated: the profile exists. */
export function ProfileCreatedPage({ origin }: { origin: ProfileOrigin }) {
  const location = useLocation();
  const created = useRouterState<ProfileCreatedState>(location.state, (s) =>
    text(s.login) ? { login: text(s.login), emailAddress: text(s.emailAddress) } : null,
  );
  return (
    <RecoveryPage title={origin === 'forgotUsername' ? 'Profile Created' : 'Enrollment Complete'}>
      <p role="status">
        Your profile is ready{created ? `: your username is ${created.login}` : ''}. We sent a confirmation to{' '}
        {created?.emailAddress ?? 'your email address'}.
      </p>
      {origin === 'forgotUsername' ? (
        <p>Open the link in that email to set your password, then sign in.</p>
      ) : (
        <p>
          <SignInLink>Sign in with your new profile</SignInLink>
        </p>
      )}
    </RecoveryPage>
  );
}
