import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgotUsernameMachine } from '../../../../machines/forgot-username.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, RecoveryForm, RecoveryPage } from '../parts';
import { recoveryActors } from '../recovery-actors';

/** Router state handed to the email-sent page (kept out of the address: an email is personal data). */
export interface UsernameSentState {
  email: string;
}

/** Router state handed to the create-profile page: the email no profile uses yet. */
export interface CreateFromForgotState {
  email: string;
}

/**
 * /login/forgotUsername: an email is submitted (GET getForgottenUserName2?email) and the username is sent
 * there. An empty email, or one that is not an email address, is refused with no call; the machine
 * (machines/forgot-username.machine.ts) decides, the page shows its messages and moves on to the email-sent
 * page. When no profile uses the email, the page offers to create one with it.
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
  const [snapshot, send] = usePageFlow('forgot-username', machine);
  const [email, setEmail] = useState('');
  const messagesId = useId();
  const messages = shownMessages(snapshot);
  const noProfile = snapshot.matches({ failed: 'errorInResponse' });

  return (
    <RecoveryPage title="Forgot Username">
      <p>Enter the email address on your profile and we will send your username there.</p>
      <RecoveryForm
        messages={messages}
        messagesId={messagesId}
        busy={snapshot.matches('sending')}
        submitLabel="Send my username"
        busyLabel="Sending…"
        onSubmit={() => send({ type: 'USERNAME.SUBMIT', email })}
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
      {noProfile ? (
        <p>
          <Link
            to="/login/forgotUsernameCreateProfile"
            state={{ email: snapshot.context.email } satisfies CreateFromForgotState}
          >
            Create a profile with {snapshot.context.email}
          </Link>
        </p>
      ) : null}
      <p>
        Forgot your password instead? <Link to="/login/forgotPassword">Reset your password</Link>
      </p>
    </RecoveryPage>
  );
}
