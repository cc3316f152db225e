import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { shownMessages } from '../../../../machines/messages';
import {
  authCodePayload,
  retrieveAuthCodeMachine,
  type AuthCodeOption,
} from '../../../../machines/retrieve-auth-code.machine';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { Field, FlowMessages, RecoveryForm, RecoveryPage, text, useRouterState } from '../parts';
import { authCodeActors } from '../recovery-actors';

/** Router state of the options page: the account and where its code can go. */
export interface AuthCodeOptionsState {
  accountNumber: string;
  options: AuthCodeOption[];
}

/** Router state of the email-sent page. */
export interface AuthCodeSentState {
  accountNumber: string;
  sentTo: string;
}

function useAuthCodeMachine() {
  const store = useStores();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    retrieveAuthCodeMachine.provide({
      actors: authCodeActors(store),
      actions: {
        optionsFound: (_, state: AuthCodeOptionsState) => {
          void navigate('/login/retrieveAuthCodeOptions', { state });
        },
        codeSent: (_, state: AuthCodeSentState) => {
          void navigate('/login/shellProfileSuccessEmailSent', { state });
        },
      },
    }),
  );
  return machine;
}

/**
 * /login/retrieveAuthCode: the account number is checked and looked up (GET retrieveAuthCode?accountNumber); the
 * options page then says where the code can be sent (machines/retrieve-auth-code.machine.ts).
 */
export function RetrieveAuthCodePage() {
  const location = useLocation();
  const machine = useAuthCodeMachine();
  const [snapshot, send] = usePageFlow('retrieve-auth-code', machine, { accountNumber: null });
  const [accountNumber, setAccountNumber] = useState(() =>
    location.state !== null && typeof location.state === 'object'
      ? text((location.state as Record<string, unknown>).accountNumber)
      : '',
  );
  const messagesId = useId();
  const error = snapshot.context.error;

  return (
    <RecoveryPage title="Retrieve Authorization Code">
      <p>
        An authorization code proves the account is yours when you create your online profile. We send it to
        the email address on the account.
      </p>
      <RecoveryForm
        messages={shownMessages(snapshot)}
        messagesId={messagesId}
        busy={snapshot.matches({ accountStep: 'lookingUp' })}
        submitLabel="Continue"
        busyLabel="Looking up your account…"
        onSubmit={() => send({ type: 'AUTHCODE.SUBMIT_ACCOUNT', accountNumber })}
      >
        <Field
          label="Account number"
          autoComplete="off"
          value={accountNumber}
          onChange={setAccountNumber}
          maxLength={13}
          hint="As it is on your bill: 9, 11 or 13 letters and numbers."
          invalid={error === 'MISSING_INPUT' || error === 'INVALID_INPUT'}
          messagesId={messagesId}
        />
      </RecoveryForm>
      <p>
        Don&apos;t know your account number? <Link to="/login/retrieveAccountNumber">Get it by email</Link>
      </p>
    </RecoveryPage>
  );
}

/**
 * /login/retrieveAuthCodeOptions: where the code of the account can be sent. Only an email option can be used
 * online: the code is sent with POST authCodeByEmail, whose payload is the chosen email option; with no email
 * option the payload is null and the call is skipped (the page says so).
 */
export function RetrieveAuthCodeOptionsPage() {
  const location = useLocation();
  const from = useRouterState<AuthCodeOptionsState>(location.state, (s) => {
    const accountNumber = text(s.accountNumber);
    if (!accountNumber || !Array.isArray(s.options)) return null;
    const options = (s.options as unknown[]).flatMap((o) => {
      const r = o as Record<string, unknown> | null;
      return r && text(r.type) && text(r.maskedValue)
        ? [{ type: text(r.type), maskedValue: text(r.maskedValue) }]
        : [];
    });
    return { accountNumber, options };
  });
  return (
    <RecoveryPage title="Authorization Code Options">
      {from ? (
        <Options from={from} />
      ) : (
        <p>
          Start with your account number: <Link to="/login/retrieveAuthCode">Get an authorization code</Link>
        </p>
      )}
    </RecoveryPage>
  );
}

function Options({ from }: { from: AuthCodeOptionsState }) {
  const machine = useAuthCodeMachine();
  const [snapshot, send] = usePageFlow('retrieve-auth-code', machine, from);
  const usable = from.options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => authCodePayload(from.accountNumber, option) !== null);
  const [chosen, setChosen] = useState<number | null>(usable[0]?.index ?? null);
  const messagesId = useId();
  const groupId = useId();
  const messages = shownMessages(snapshot);

  if (usable.length === 0) {
    return (
      <>
        <p>Account {from.accountNumber}</p>
        <FlowMessages messages={messages} id={messagesId} />
      </>
    );
  }
  return (
    <>
      <p>Where should we send the authorization code of account {from.accountNumber}?</p>
      <RecoveryForm
        messages={messages}
        messagesId={messagesId}
        busy={snapshot.matches({ optionsStep: 'sending' })}
        submitLabel="Send my code"
        busyLabel="Sending…"
        onSubmit={() => send({ type: 'AUTHCODE.SEND', option: chosen })}
      >
        <fieldset className="form-field" aria-describedby={messages.length > 0 ? messagesId : undefined}>
          <legend id={groupId}>Send the code by email to</legend>
          {usable.map(({ option, index }) => (
            <label key={index} className="choice">
              <input
                type="radio"
                name="auth-code-option"
                checked={chosen === index}
                onChange={() => setChosen(index)}
              />{' '}
              {option.maskedValue}
            </label>
          ))}
        </fieldset>
      </RecoveryForm>
    </>
  );
}

/** /login/shellProfileSuccessEmailSent: the authorization code is on its way; next, the profile. */
export function AuthCodeSentPage() {
  const location = useLocation();
  const sent = useRouterState<AuthCodeSentState>(location.state, (s) =>
    text(s.accountNumber) ? { accountNumber: text(s.accountNumber), sentTo: text(s.sentTo) } : null,
  );
  return (
    <RecoveryPage title="Email Sent">
      <p role="status">
        {sent?.sentTo
          ? `We sent the authorization code of account ${sent.accountNumber} to ${sent.sentTo}.`
          : 'Check your email for the next step.'}{' '}
        It works once and for a limited time.
      </p>
      <p>
        <Link
          to="/login/profileRegistration"
          state={sent ? { accountNumber: sent.accountNumber } : undefined}
          className="btn"
        >
          Create your profile
        </Link>
      </p>
      <p>
        Didn&apos;t get it? <Link to="/login/retrieveAuthCode">Send a new code</Link>
      </p>
    </RecoveryPage>
  );
}
