import { useFlow } from '../../stores/use-flow';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { MESSAGES, fillConstants, shownMessages } from '../../../machines/messages';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { constantsOf } from '../../stores/decided';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { ExternalLink } from '../../ui/ExternalLink';
import { formatDateTime } from '../../ui/format';
import { OUTAGE_TEXT as T } from './texts';

/**
 * The outage alert in the wording rules/outage.json chose: a known repair time, one already past, one still
 * unknown (each linking to /outageNotification), or after an outage the hangover alert suggesting a modem
 * restart: the restart dialog when the modem is connected, the instructions link otherwise.
 */
export const OutageAlert = observer(function OutageAlert() {
  const store = useStores();
  const alert = store.decisions.current?.outage.alert ?? 'none';
  if (alert === 'hangover-restart') return <HangoverAlert restart />;
  if (alert === 'hangover-instructions') return <HangoverAlert restart={false} />;
  if (alert === 'none') return null;
  const eta = store.accountData.outage?.estRepairTime?.dateTime;
  return (
    <Alert tone="error" heading={T.outageHeading}>
      {alert === 'eta' ? (
        <p>
          {T.outageEta} <strong>{eta ? formatDateTime(eta) : ''}</strong>
        </p>
      ) : alert === 'eta-past' ? (
        <p>{T.outageEtaPast}</p>
      ) : (
        <p>{T.outageEtaUnknown}</p>
      )}
      <Link to="/outageNotification">{T.outageNotify}</Link>
    </Alert>
  );
});

function HangoverAlert({ restart }: { restart: boolean }) {
  return (
    <Alert
      tone="info"
      heading={T.hangoverHeading}
      actions={
        restart ? (
          <ModemRestart />
        ) : (
          <ExternalLink href={jumpOut('modemRestartHelp')}>{T.restartInstructions}</ExternalLink>
        )
      }
    >
      <p>{T.hangoverBody}</p>
    </Alert>
  );
}

/** The restart button and its confirm dialog (machines/modem-restart.machine.ts). */
const ModemRestart = observer(function ModemRestart() {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideModemRestart(store));
  const [snapshot, send] = useFlow('modem-restart', logic);
  const rebooting = snapshot.matches('rebooting');
  const open = snapshot.matches('confirming') || rebooting;
  // The confirm text stays while the call runs (only the confirming state carries it).
  const text = fillConstants(
    shownMessages(snapshot)[0]?.text ?? MESSAGES.modemRestartConfirm.text,
    constantsOf(store),
  );
  const cancel = () => {
    if (!rebooting) send({ type: 'RESTART.CANCEL' });
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-disabled={rebooting || undefined}
        onClick={() => {
          if (!rebooting) send({ type: 'RESTART.OPEN' });
        }}
      >
        {rebooting ? T.restarting : T.restartModem}
      </button>
      <Dialog
        open={open}
        title={T.restartDialogTitle}
        onClose={cancel}
        actions={
          <>
            <button
              type="button"
              className="btn"
              aria-disabled={rebooting || undefined}
              onClick={() => {
                if (!rebooting) send({ type: 'RESTART.CONFIRM' });
              }}
            >
              {rebooting ? T.restarting : T.restartConfirm}
            </button>
            <button type="button" className="btn btn--secondary" disabled={rebooting} onClick={cancel}>
              Cancel
            </button>
          </>
        }
      >
        <p>{text}</p>
        {rebooting ? <p role="status">{T.restarting}</p> : null}
      </Dialog>
    </>
  );
});
