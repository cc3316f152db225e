import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgotPasswordMachine } from '../../../../machines/forgot-password.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { useFlow } from '../../../stores/use-flow';
import { FlowMessages, RecoveryPage } from '../parts';
import { recoveryActors } from '../recovery-actors';

/** Router state handed to step 2 (kept out of the address). */
export interface PasswordStep2State {
  login: string;
  maskedEmail: string | null;
}

/**
 * /login/forgotPassword, step 1: a username is submitted (GET getForgottenPassword?login). Empty is
 * MISSING_INPUT, a reply with an errorMessage ERROR_IN_RESPONSE, a failed call API_FAILED: the machine
 * decides (machines/forgot-password.machine.ts), the page shows its messages and moves on to step 2.
 */
export function ForgotPasswordPage() {
  const store = useStores();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    forgotPasswordMachine.provide({
      actors: recoveryActors(store),
      actions: {
        loginAccepted: (_, params: PasswordStep2State) => {
          void navigate('/login/forgotPasswordStep2', { state: params });
        },
      },
    }),
  );
  const [snapshot, send] = useFlow('forgot-password', machine, { login: null });
  const [login, setLogin] = useState('');
  const fieldId = useId();
  const messagesId = useId();
  const messages = shownMessages(snapshot);
  const sending = snapshot.matches({ loginStep: 'sending' });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'PASSWORD.SUBMIT_LOGIN', login });
  };

  return (
    <RecoveryPage title="Forgot Password">
      <p>Enter your username to start resetting your password.</p>
      <form onSubmit={onSubmit} noValidate>
        <div className="form-field">
          <label htmlFor={fieldId}>Username</label>
          <input
            id={fieldId}
            type="text"
            autoComplete="username"
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            aria-invalid={snapshot.context.error === 'MISSING_INPUT' ? true : undefined}
            aria-describedby={messages.length > 0 ? messagesId : undefined}
          />
        </div>
        <FlowMessages messages={messages} id={messagesId} />
        <button type="submit" className="btn" disabled={sending}>
          {sending ? 'Checking…' : 'Continue'}
        </button>
      </form>
      <p>
        Forgot your username? <Link to="/login/forgotUsername">Get your username</Link>
      </p>
    </RecoveryPage>
  );
}
