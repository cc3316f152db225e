import { useFlow } from '../../stores/use-flow';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { shownMessages } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { formatMoney } from '../../ui/format';
import { FocusedMessage, useFocusHome } from '../../ui/focus';
import { OUTAGE_TEXT as T } from './texts';
import { ChatLink } from '../../ui/chat';

/**
 * The out-of-service credit offer (shown when rules/credit-offer.json says so) with Accept and Decline
 * (machines/credit-offer.machine.ts): an accepted credit gives the 30 s toast and a profile reload, or the
 * Bill Credit dialog; Decline opens the chat-advice dialog, records the decline and says whether it was.
 */
export const CreditOfferAlert = observer(function CreditOfferAlert() {
  const store = useStores();
  const focusHome = useFocusHome();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideCreditOffer(store));
  const [snapshot, send] = useFlow('credit-offer', logic);
  const value = store.accountData.creditOffer?.value;
  const accepting = snapshot.matches('accepting');
  const declining = snapshot.matches('declineDialog');
  const sending = snapshot.matches({ declineDialog: 'sending' });
  const message = shownMessages(snapshot)[0];
  const done = snapshot.status === 'done';

  useEffect(() => {
    // Answered either way: the rules hide the offer; focus goes on to the home.
    if (!done) return;
    store.ui.setFlag('creditOfferAnswered', true);
    focusHome();
  }, [done, store, focusHome]);

  const close = () => {
    if (!sending) send({ type: 'DIALOG.CLOSE' });
  };

  return (
    <Alert
      tone="success"
      heading={T.creditHeading}
      actions={
        <>
          <button
            type="button"
            className="btn"
            aria-disabled={accepting || undefined}
            onClick={() => {
              if (!accepting) send({ type: 'CREDIT.ACCEPT' });
            }}
          >
            {T.accept}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={accepting || undefined}
            onClick={() => {
              if (!accepting) send({ type: 'CREDIT.DECLINE' });
            }}
          >
            {T.decline}
          </button>
          {accepting ? <p role="status">Recording your answer…</p> : null}
        </>
      }
    >
      <p>
        We are sorry for the recent interruption to your service. A credit of{' '}
        <strong>{value !== undefined && value !== null ? formatMoney(value) : ''}</strong> is available for
        your account.
      </p>
      <Dialog
        open={snapshot.matches('acceptFailed')}
        title={message?.title ?? T.creditHeading}
        onClose={close}
        actions={
          <>
            <AgentChat />
            <button type="button" className="btn btn--secondary" onClick={close}>
              OK
            </button>
          </>
        }
      >
        <p>{message?.text}</p>
      </Dialog>
      <Dialog
        open={declining}
        title={T.declineCreditTitle}
        onClose={close}
        actions={
          <>
            <AgentChat />
            <button type="button" className="btn btn--secondary" disabled={sending} onClick={close}>
              OK
            </button>
          </>
        }
      >
        <p>{T.declineCreditBody}</p>
        {sending ? <p role="status">Recording your answer…</p> : null}
        {message ? <FocusedMessage key={message.id} text={message.text} /> : null}
      </Dialog>
    </Alert>
  );
});

function AgentChat() {
  return <ChatLink className="btn">{T.chatWithAgent}</ChatLink>;
}
