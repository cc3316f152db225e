import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordMachine } from '../../../../machines/forgot-password.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, RecoveryForm, RecoveryPage, text, useRouterState } from '../parts';
import { recoveryActors } from '../recovery-actors';
import type { PasswordStep2State } from './forgot-password';

/**
 * /login/forgotPasswordStep2: the email on the profile is confirmed for the username of step 1 (POST
 * checkEmailForForgottenPassword); then the reset link is on its way ('we emailed you a link'), and the link
 * opens step 3. The same machine as step 1, started at its email step. Opened directly (no username from
 * step 1), the page sends the visitor back to step 1.
 */
export function ForgotPasswordStep2Page() {
  const location = useLocation();
  const from = useRouterState<PasswordStep2State>(location.state, (s) =>
    text(s.login) ? { login: text(s.login), maskedEmail: text(s.maskedEmail) || null } : null,
  );
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
  const [snapshot, send] = usePageFlow('forgot-password', machine, from);
  const [email, setEmail] = useState('');
  const messagesId = useId();

  if (snapshot.matches('emailSent')) {
    return (
      <div role="status">
        <p>
          Check your email: we emailed a link to reset the password of {snapshot.context.login} to{' '}
          {snapshot.context.email}. Open it to choose a new password: it works once and for a limited time.
        </p>
        <p>Not in your inbox? Check your spam or junk folder, or send the link again.</p>
        <p>
          <Link to="/login/forgotPassword">Send a new link</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <p>
        Confirm the email address on the profile of {from.login}
        {snapshot.context.maskedEmail ? ` (it looks like ${snapshot.context.maskedEmail})` : ''}; we will send
        the reset link there.
      </p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={snapshot.matches({ emailStep: 'sending' })}
        submitLabel="Send the reset link"
        busyLabel="Sending…"
        onSubmit={() => send({ type: 'PASSWORD.SUBMIT_EMAIL', email })}
      >
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          invalid={snapshot.context.error === 'MISSING_INPUT' || snapshot.context.error === 'INVALID_INPUT'}
          messagesId={messagesId}
        />
      </RecoveryForm>
    </>
  );
}
