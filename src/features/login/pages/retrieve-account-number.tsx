import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { shownMessages } from '../../../../machines/messages';
import { retrieveAccountNumberMachine } from '../../../../machines/retrieve-account-number.machine';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, RecoveryForm, RecoveryPage, text, useRouterState } from '../parts';
import { accountNumberActors } from '../recovery-actors';

/** Router state of the success page. */
export interface AccountNumberSentState {
  maskedEmail: string | null;
}

/**
 * /login/retrieveAccountNumber: the account numbers of the profile using an email are sent to that email
 * (GET retrieveAccountNumber?email; machines/retrieve-account-number.machine.ts).
 */
export function RetrieveAccountNumberPage() {
  const store = useStores();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    retrieveAccountNumberMachine.provide({
      actors: accountNumberActors(store),
      actions: {
        accountNumberSent: (_, { maskedEmail }: { email: string; maskedEmail: string | null }) => {
          const state: AccountNumberSentState = { maskedEmail };
          void navigate('/login/retrieveAccountSuccess', { state });
        },
      },
    }),
  );
  const [snapshot, send] = usePageFlow('retrieve-account-number', machine);
  const [email, setEmail] = useState('');
  const messagesId = useId();
  const error = snapshot.context.error;

  return (
    <RecoveryPage title="Retrieve Account Number">
      <p>
        Your account number is at the top of your bill. No bill at hand? Enter the email address on your
        account and we will send the number there.
      </p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={snapshot.matches('sending')}
        submitLabel="Send my account number"
        busyLabel="Sending…"
        onSubmit={() => send({ type: 'ACCOUNTNUMBER.SUBMIT', email })}
      >
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          invalid={error === 'MISSING_INPUT' || error === 'INVALID_INPUT'}
          messagesId={messagesId}
        />
      </RecoveryForm>
    </RecoveryPage>
  );
}

/** /login/retrieveAccountSuccess: the account number is on its way; what to do with it next. */
export function RetrieveAccountSuccessPage() {
  const location = useLocation();
  const sent = useRouterState(location.state, (s) => ({ maskedEmail: text(s.maskedEmail) || null }));
  return (
    <RecoveryPage title="Account Number Sent">
      <p role="status">
        {sent?.maskedEmail
          ? `We sent your account number to ${sent.maskedEmail}.`
          : 'If an account uses the email address you entered, its number is on the way there.'}{' '}
        It can take a few minutes to arrive.
      </p>
      <p>With your account number you can get an authorization code and create your online profile.</p>
      <ul className="link-list">
        <li>
          <Link to="/login/retrieveAuthCode">Get an authorization code</Link>
        </li>
        <li>
          <Link to="/login/profileRegistration">Create your profile</Link>
        </li>
      </ul>
    </RecoveryPage>
  );
}
