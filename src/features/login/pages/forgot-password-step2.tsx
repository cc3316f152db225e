import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordMachine } from '../../../../machines/forgot-password.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { useFlow } from '../../../stores/use-flow';
import { FlowMessages, RecoveryPage } from '../parts';
import { recoveryActors } from '../recovery-actors';
import type { PasswordStep2State } from './forgot-password';

function step2State(state: unknown): PasswordStep2State | null {
  const s = state as Partial<PasswordStep2State> | null;
  if (typeof s?.login !== 'string' || s.login === '') return null;
  return { login: s.login, maskedEmail: typeof s.maskedEmail === 'string' ? s.maskedEmail : null };
}

/**
 * /login/forgotPasswordStep2: the email on the profile is confirmed for the username of step 1 (POST
 * checkEmailForForgottenPassword); then the reset link is on its way. The same machine as step 1, started at
 * its email step. Opened directly (no username from step 1), the page sends the user back to step 1.
 */
export function ForgotPasswordStep2Page() {
  const location = useLocation();
  const from = step2State(location.state);
  return (
    <RecoveryPage title="Forgot Password: Check Your Email">
      {from ? (
        <EmailStep from={from} />
      ) : (
        <p>
          Start with your username: <Link to="/login/forgotPassword">Reset your password</Link>
        </p>
      )}
    </RecoveryPage>
  );
}

function EmailStep({ from }: { from: PasswordStep2State }) {
  const store = useStores();
  const [machine] = useState(() => forgotPasswordMachine.provide({ actors: recoveryActors(store) }));
  const [snapshot, send] = useFlow('forgot-password', machine, from);
  const [email, setEmail] = useState('');
  const fieldId = useId();
  const messagesId = useId();
  const messages = shownMessages(snapshot);
  const sending = snapshot.matches({ emailStep: 'sending' });

  if (snapshot.matches('emailSent')) {
    return (
      <p role="status">
        Check your email: we sent a link to reset the password of {snapshot.context.login} to{' '}
        {snapshot.context.email}. Open it to choose a new password.
      </p>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'PASSWORD.SUBMIT_EMAIL', email });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        Confirm the email address on the profile of {from.login}
        {snapshot.context.maskedEmail ? ` (it looks like ${snapshot.context.maskedEmail})` : ''}; we will send
        the reset link there.
      </p>
      <div className="form-field">
        <label htmlFor={fieldId}>Email address</label>
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={snapshot.context.error === 'MISSING_INPUT' ? true : undefined}
          aria-describedby={messages.length > 0 ? messagesId : undefined}
        />
      </div>
      <FlowMessages messages={messages} id={messagesId} />
      <button type="submit" className="btn" disabled={sending}>
        {sending ? 'Sending…' : 'Send the reset link'}
      </button>
    </form>
  );
}
