import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgotUsernameMachine } from '../../../../machines/forgot-username.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { useFlow } from '../../../stores/use-flow';
import { FlowMessages, RecoveryPage } from '../parts';
import { recoveryActors } from '../recovery-actors';

/** Router state handed to the email-sent page (kept out of the address: an email is personal data). */
export interface UsernameSentState {
  email: string;
}

/**
 * /login/forgotUsername: an email is submitted (GET getForgottenUserName2?email) and the username is sent
 * there. An empty email is refused with no call; the machine (machines/forgot-username.machine.ts) decides,
 * the page shows its messages and moves on to the email-sent page.
 */
export function ForgotUsernamePage() {
  const store = useStores();
  const navigate = useNavigate();
  // Provided once: the machine keeps the effects it started with.
  const [machine] = useState(() =>
    forgotUsernameMachine.provide({
      actors: recoveryActors(store),
      actions: {
        usernameSent: (_, { email }: { email: string }) => {
          const state: UsernameSentState = { email };
          void navigate('/login/forgotUsernameEmailSent', { state });
        },
      },
    }),
  );
  const [snapshot, send] = useFlow('forgot-username', machine);
  const [email, setEmail] = useState('');
  const fieldId = useId();
  const messagesId = useId();
  const messages = shownMessages(snapshot);
  const sending = snapshot.matches('sending');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'USERNAME.SUBMIT', email });
  };

  return (
    <RecoveryPage title="Forgot Username">
      <p>Enter the email address on your profile and we will send your username there.</p>
      <form onSubmit={onSubmit} noValidate>
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
          {sending ? 'Sending…' : 'Send my username'}
        </button>
      </form>
      <p>
        Forgot your password instead? <Link to="/login/forgotPassword">Reset your password</Link>
      </p>
    </RecoveryPage>
  );
}
