import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotUsernameMachine } from '../../../../machines/forgot-username.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { FlowMessages, RecoveryPage, text, useRouterState } from '../parts';
import { recoveryActors } from '../recovery-actors';

/**
 * /login/forgotUsernameEmailSent: the username email went out. With the address at hand (router state from the
 * previous page) the same machine can send it again; opened directly, the page says what happened in general.
 */
export function ForgotUsernameEmailSentPage() {
  const store = useStores();
  const location = useLocation();
  const email = useRouterState(location.state, (s) => text(s.email) || null);
  const [machine] = useState(() => forgotUsernameMachine.provide({ actors: recoveryActors(store) }));
  const [snapshot, send] = usePageFlow('forgot-username', machine);
  const sending = snapshot.matches('sending');

  return (
    <RecoveryPage title="Email Sent">
      {email ? (
        <p>
          If a profile uses {email}, its username is on the way there. It can take a few minutes to arrive.
        </p>
      ) : (
        <p>If a profile uses the email address you entered, its username is on the way there.</p>
      )}
      <p>Not in your inbox? Check your spam or junk folder.</p>
      {email ? (
        <>
          <FlowMessages messages={shownMessages(snapshot)} id="resend-messages" />
          {snapshot.matches('sent') ? <p role="status">We sent the email again.</p> : null}
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={sending || undefined}
            onClick={() => {
              if (!sending) send({ type: 'USERNAME.SUBMIT', email });
            }}
          >
            {sending ? 'Sending…' : 'Send the email again'}
          </button>
        </>
      ) : (
        <p>
          <Link to="/login/forgotUsername">Try a different email address</Link>
        </p>
      )}
      <p>
        Got your username? <Link to="/login/forgotPassword">Reset your password</Link> if you need to.
      </p>
    </RecoveryPage>
  );
}
