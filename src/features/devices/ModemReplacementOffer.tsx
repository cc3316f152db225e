import { useFlow } from '../../stores/use-flow';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { shownMessages } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { addressLines } from '../../ui/display';
import { FocusedMessage, useFocusHome } from '../../ui/focus';
import { DEVICES_TEXT as T } from './texts';
import { ChatLink } from '../../ui/chat';

/**
 * The modem replacement offer (rules/home-sections.json) with Replace and Decline
 * (machines/modem-replacement.machine.ts): Replace confirms the service address on the profile, then sends
 * the accepted answer ('Your request for modem replacement is submitted.' or the chat-advice dialog);
 * Decline asks for a confirmation, then sends the declined answer (the alert goes, or the 4 s toast).
 */
export const ModemReplacementOffer = observer(function ModemReplacementOffer() {
  const store = useStores();
  const focusHome = useFocusHome();
  const address = addressLines(store.profile.data?.serviceAddress);
  const offer = store.accountData.modemReplacementOffer;
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideModemReplacement(store));
  // Whether there is an address to confirm is read once, when the offer is shown (the machine's input).
  const [snapshot, send] = useFlow('modem-replacement', logic, { hasServiceAddress: address.length > 0 });
  const done = snapshot.status === 'done';
  const message = shownMessages(snapshot)[0];
  const sending = snapshot.matches('sendingAccepted') || snapshot.matches('sendingDeclined');
  const confirmingAddress = snapshot.matches('addressConfirm') || snapshot.matches('sendingAccepted');
  const confirmingDecline = snapshot.matches('declineConfirm') || snapshot.matches('sendingDeclined');
  const open = confirmingAddress || confirmingDecline || message !== undefined;

  useEffect(() => {
    // Accepted (after OK) or declined: the offer is answered and the rules hide it.
    if (!done) return;
    store.ui.setFlag('modemReplacementAnswered', true);
    focusHome();
  }, [done, store, focusHome]);

  const close = () => {
    if (sending) return;
    if (snapshot.matches('addressConfirm')) send({ type: 'REPLACE.CANCEL' });
    else if (snapshot.matches('declineConfirm')) send({ type: 'DECLINE.CANCEL' });
    else send({ type: 'DIALOG.CLOSE' });
  };

  const title = confirmingAddress
    ? T.addressConfirmTitle
    : confirmingDecline
      ? T.declineReplacementTitle
      : T.modemReplacementTitle;

  return (
    <Alert
      tone="info"
      heading={T.modemReplacementHeading}
      actions={
        <>
          <button
            type="button"
            className="btn"
            aria-disabled={sending || undefined}
            onClick={() => {
              if (!sending) send({ type: 'REPLACE.START' });
            }}
          >
            {T.replace}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={sending || undefined}
            onClick={() => {
              if (!sending) send({ type: 'DECLINE.START' });
            }}
          >
            {T.decline}
          </button>
        </>
      }
    >
      <p>
        Your modem{offer?.currentModel ? ` (${offer.currentModel})` : ''} is due for a replacement. We can
        send you a new one{offer?.offeredModel ? ` (${offer.offeredModel})` : ''} at no cost.
      </p>
      <Dialog
        open={open}
        title={title}
        onClose={close}
        actions={
          confirmingAddress ? (
            <>
              <button
                type="button"
                className="btn"
                aria-disabled={sending || undefined}
                onClick={() => {
                  if (!sending) send({ type: 'REPLACE.CONFIRM' });
                }}
              >
                {T.confirmAddress}
              </button>
              <button type="button" className="btn btn--secondary" disabled={sending} onClick={close}>
                Cancel
              </button>
            </>
          ) : confirmingDecline ? (
            <>
              <button
                type="button"
                className="btn"
                aria-disabled={sending || undefined}
                onClick={() => {
                  if (!sending) send({ type: 'DECLINE.CONFIRM' });
                }}
              >
                {T.confirmDecline}
              </button>
              <button type="button" className="btn btn--secondary" disabled={sending} onClick={close}>
                {T.keepOffer}
              </button>
            </>
          ) : message?.id === 'modemReplacementDetailUnavailable' ? (
            <>
              <ChatLink className="btn">{T.chatWithAgent}</ChatLink>
              <button type="button" className="btn btn--secondary" onClick={close}>
                OK
              </button>
            </>
          ) : (
            <button type="button" className="btn" onClick={close}>
              OK
            </button>
          )
        }
      >
        {confirmingAddress ? (
          <>
            <p>{T.addressConfirmBody}</p>
            <address className="home-address">
              {address.map((line, i) => (
                <span key={`${i}:${line}`}>{line}</span>
              ))}
            </address>
          </>
        ) : confirmingDecline ? (
          <p>{T.declineReplacementBody}</p>
        ) : message ? (
          <FocusedMessage key={message.id} text={message.text} />
        ) : null}
        {sending ? <p role="status">Sending your answer…</p> : null}
      </Dialog>
    </Alert>
  );
});
