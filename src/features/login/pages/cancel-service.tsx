import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cancelServiceSsoMachine } from '../../../../machines/cancel-service-sso.machine';
import { shownMessages } from '../../../../machines/messages';
import { useStores } from '../../../stores/context';
import { usePageFlow } from '../../../stores/use-page-flow';
import { RecoveryPage, SignInLink } from '../parts';
import { cancelServiceActors } from '../recovery-actors';

/**
 * /login/cancelservice?token=...: the mobile app's way into cancel service. The token is handed to performSSO
 * (machines/cancel-service-sso.machine.ts): signed in (the sandbox signs the session in to the account the token
 * names), the customer goes to /Cancel-Services; an unauthenticated answer shows its errorMessage; a non-200 answer ('performSSO service status
 * code is not OK') is a visible message, recorded in the issue log, with a way to try again.
 */
export function CancelServicePage() {
  const store = useStores();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [machine] = useState(() =>
    cancelServiceSsoMachine.provide({
      actors: cancelServiceActors(store),
      actions: {
        // A full page load: the portal starts afresh on the session the sign-on made (no account data of an
        // earlier visit in this tab can linger).
        openCancelServices: () => store.env.assign('/Cancel-Services'),
        logFailure: (_, { reason }: { reason: string }) => store.logIssue(store.page, 'performSSO', reason),
      },
    }),
  );
  const [snapshot, send] = usePageFlow('cancel-service-sso', machine);

  useEffect(() => {
    send({ type: 'SSO.START', token });
  }, [send, token]);

  const messages = shownMessages(snapshot);
  if (snapshot.matches('idle') || snapshot.matches('signingIn') || snapshot.matches('signedIn')) {
    return (
      <RecoveryPage title="Cancel Service">
        <p role="status">Signing you in from the app…</p>
      </RecoveryPage>
    );
  }
  return (
    <RecoveryPage title="Cancel Service">
      <div role="alert">
        {messages.map((m) => (
          <p key={m.id}>{m.text}</p>
        ))}
        {snapshot.context.errorMessage ? <p>{snapshot.context.errorMessage}</p> : null}
      </div>
      {snapshot.matches({ failed: 'serviceError' }) ? (
        <p>
          <button type="button" className="btn" onClick={() => send({ type: 'SSO.RETRY' })}>
            Try again
          </button>
        </p>
      ) : null}
      <p>
        You can also sign in here and choose Cancel Services from your account.{' '}
        <SignInLink>Sign in</SignInLink>
      </p>
    </RecoveryPage>
  );
}
