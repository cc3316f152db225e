import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { shownMessages } from '../../../../machines/messages';
import { resetPasswordMachine, type PasswordPurpose } from '../../../../machines/reset-password.machine';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, PASSWORD_HINT, RecoveryForm, RecoveryPage } from '../parts';
import { newPasswordActors } from '../recovery-actors';

/** Router state of the success page: whose password and why. */
export interface PasswordSetState {
  login: string | null;
  purpose: PasswordPurpose;
}

const TITLES: Record<PasswordPurpose, string> = {
  reset: 'Forgot Password: New Password',
  set: 'Set Password',
};

/**
 * The page an emailed link opens: /login/forgotPasswordStep3?token=... (the reset link, step 3 of forgot
 * password) and /login/setPassword?token=... (the set-password link of a profile created without one). The
 * token is checked (resetPasswordWithToken) as the page opens; an empty, used or expired one goes to the
 * link-expired page. The new password is saved with changePasswordWithToken, which must answer 'Success'
 * (machines/reset-password.machine.ts); then the success page.
 */
export function NewPasswordPage({ purpose }: { purpose: PasswordPurpose }) {
  const store = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [machine] = useState(() =>
    resetPasswordMachine.provide({
      actors: newPasswordActors(store),
      actions: {
        linkExpired: () => {
          void navigate('/login/linkExpired', { replace: true });
        },
        passwordChanged: (_, state: PasswordSetState) => {
          void navigate('/login/setPasswordSuccess', { replace: true, state });
        },
      },
    }),
  );
  const [snapshot, send] = usePageFlow('reset-password', machine, { purpose });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const messagesId = useId();

  useEffect(() => {
    send({ type: 'PASSWORD.OPEN_LINK', token });
  }, [send, token]);

  const messages = shownMessages(snapshot);
  if (snapshot.matches('idle') || snapshot.matches('checkingToken')) {
    return (
      <RecoveryPage title={TITLES[purpose]}>
        <p role="status">Checking your link…</p>
      </RecoveryPage>
    );
  }
  if (snapshot.matches('checkFailed')) {
    return (
      <RecoveryPage title={TITLES[purpose]}>
        <div role="alert">
          {messages.map((m) => (
            <p key={m.id}>{m.text}</p>
          ))}
        </div>
        <button type="button" className="btn" onClick={() => send({ type: 'PASSWORD.RETRY' })}>
          Try again
        </button>
      </RecoveryPage>
    );
  }
  const error = snapshot.context.error;
  return (
    <RecoveryPage title={TITLES[purpose]}>
      <p>
        {purpose === 'set' ? 'Choose the password' : 'Choose a new password'}
        {snapshot.context.login ? ` for ${snapshot.context.login}` : ''}.
      </p>
      <RecoveryForm
        messages={messages}
        messagesId={messagesId}
        busy={snapshot.matches({ choosing: 'changing' })}
        submitLabel={purpose === 'set' ? 'Set my password' : 'Save my new password'}
        busyLabel="Saving…"
        onSubmit={() => send({ type: 'PASSWORD.SUBMIT_NEW', password, confirmation })}
      >
        <Field
          label="New password"
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
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={confirmation}
          onChange={setConfirmation}
          invalid={error === 'MISSING_INPUT' || error === 'MISMATCH'}
          messagesId={messagesId}
        />
      </RecoveryForm>
      {error === 'NOT_CHANGED' ? (
        <p>
          <Link to="/login/forgotPassword">Request a new link</Link>
        </p>
      ) : null}
    </RecoveryPage>
  );
}
