import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgotPasswordMachine } from '../../../../machines/forgot-password.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, RecoveryForm, RecoveryPage } from '../parts';
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
  const [snapshot, send] = usePageFlow('forgot-password', machine, { login: null });
  const [login, setLogin] = useState('');
  const messagesId = useId();

  return (
    <RecoveryPage title="Forgot Password">
      <p>Enter your username to start resetting your password.</p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={snapshot.matches({ loginStep: 'sending' })}
        submitLabel="Continue"
        busyLabel="Checking…"
        onSubmit={() => send({ type: 'PASSWORD.SUBMIT_LOGIN', login })}
      >
        <Field
          label="Username"
          autoComplete="username"
          value={login}
          onChange={setLogin}
          invalid={snapshot.context.error === 'MISSING_INPUT'}
          messagesId={messagesId}
        />
      </RecoveryForm>
      <p>
        Forgot your username? <Link to="/login/forgotUsername">Get your username</Link>
      </p>
    </RecoveryPage>
  );
}
