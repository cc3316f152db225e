import { observer } from 'mobx-react-lite';
import { MESSAGES, shownMessages } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { ConfirmActions, Dialog } from '../../ui/Dialog';
import { ORDER_TEXT as T } from './texts';
import { byId, handFocusTo, useFocusHome } from '../../ui/focus';

/** The id of the home's 'Order Cancelled' alert, which takes the focus after a cancel on the home. */
export const ORDER_CANCELLED_ID = 'order-cancelled';

/**
 * Cancel Order and its confirm dialog (machines/cancel-order.machine.ts): 732 px wide (90 % under 960 px),
 * 'No Thanks' and 'Yes, Cancel Order'; while the call runs a spinner shows and both buttons are busy.
 * Offered only where rules/order-actions.json (home) or rules/history-actions.json (history) say so.
 */
export const CancelOrder = observer(function CancelOrder({
  orderNumber,
  from,
}: {
  orderNumber: string;
  from: 'home' | 'history';
}) {
  const store = useStores();
  const focusHome = useFocusHome();
  // The button goes with the order's alert or its history row: on the home the focus goes on to the
  // 'Order Cancelled' alert that replaces it, in the history to the history's heading.
  const focusOutcome = from === 'home' ? () => handFocusTo(byId(ORDER_CANCELLED_ID)) : focusHome;
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () =>
    import('./flows').then((flows) => flows.provideCancelOrder(store, orderNumber, focusOutcome));
  const [snapshot, send] = useFlow('cancel-order', logic, { from });
  const cancelling = snapshot.matches('cancelling');
  const confirming = snapshot.matches('confirming') || snapshot.matches('confirmingFromHistory');
  const disabled = store.ui.flags.cancelOrderDisabled;
  // The confirm text stays while the call runs (only the confirming states carry it).
  const shown = shownMessages(snapshot)[0];
  const fallback = from === 'history' ? MESSAGES.cancelOrderConfirmHistory : MESSAGES.cancelOrderConfirm;
  const message = shown ?? fallback;
  const keep = () => {
    if (!cancelling) send({ type: 'ORDER.KEEP' });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={disabled || cancelling || undefined}
        onClick={() => {
          if (!disabled && !cancelling) send({ type: 'ORDER.CANCEL' });
        }}
      >
        {T.cancelOrder}
      </button>
      <Dialog
        open={confirming || cancelling}
        title={message.title ?? fallback.title}
        onClose={keep}
        width="732px"
        busy={cancelling}
        actions={
          <ConfirmActions
            busy={cancelling}
            keepLabel={T.noThanks}
            confirmLabel={T.yesCancel}
            onKeep={keep}
            onConfirm={() => send({ type: 'ORDER.CONFIRM' })}
          />
        }
      >
        <p>{message.text}</p>
        {cancelling ? (
          <p role="status" className="spinner-line">
            <span className="spinner" aria-hidden="true" /> {T.cancelling}
          </p>
        ) : null}
      </Dialog>
    </>
  );
});
