import { observer } from 'mobx-react-lite';
import { MESSAGES, shownMessages } from '../../../machines/messages';
import type { TroubleReport } from '../../generated/types';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { Dialog } from '../../ui/Dialog';
import { useFocusHome } from '../../ui/focus';
import { ORDER_TEXT as T } from './texts';

/** Cancel of a repair appointment and its dialog (machines/cancel-repair.machine.ts). */
export const CancelRepair = observer(function CancelRepair({ ticket }: { ticket: TroubleReport }) {
  const store = useStores();
  // The ticket leaves the home, or loses its actions in the history, with this button: the focus goes on to
  // the view's heading.
  const focusHome = useFocusHome();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideCancelRepair(store, ticket, focusHome));
  const [snapshot, send] = useFlow('cancel-repair', logic);
  const cancelling = snapshot.matches('cancelling');
  const message = shownMessages(snapshot)[0] ?? MESSAGES.repairCancelConfirm;
  const close = () => {
    if (!cancelling) send({ type: 'DIALOG.CLOSE' });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-label={`${T.cancelAppointment} appointment ${ticket.nativeTroubleReportIdentifier}`}
        onClick={() => send({ type: 'REPAIR.CANCEL' })}
      >
        {T.cancelAppointment}
      </button>
      <Dialog
        open={snapshot.matches('confirming') || cancelling}
        title={message.title ?? MESSAGES.repairCancelConfirm.title}
        onClose={close}
        width="45vw"
        actions={
          <>
            <button
              type="button"
              className="btn"
              aria-disabled={cancelling || undefined}
              onClick={() => {
                if (!cancelling) send({ type: 'REPAIR.CONFIRM' });
              }}
            >
              {T.confirm}
            </button>
            <button type="button" className="btn btn--secondary" disabled={cancelling} onClick={close}>
              {T.cancel}
            </button>
          </>
        }
      >
        <p>{message.text}</p>
        {cancelling ? <p role="status">{T.cancellingAppointment}</p> : null}
      </Dialog>
    </>
  );
});
