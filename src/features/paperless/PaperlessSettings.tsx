import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { paperlessInputOf } from './paperless-input';
import { PaperlessDialog, TurnOffDialog } from './PaperlessDialogs';
import { PAPERLESS_TEXT as T } from './texts';
import './paperless.css';

/**
 * Paperless billing on or off with its button (machines/paperless.machine.ts): 'Turn On' opens the paperless
 * dialog, 'Turn Off' its confirm. Used on /billing and /settings/notifications (handed in by the app layer) and,
 * turn-on only, by the early-life billing card. The state shown is the machine's: it changes when the call
 * succeeds, and the profile reloads behind it.
 */
export const PaperlessSettings = observer(function PaperlessSettings({
  turnOnLabel = T.turnOn,
  allowTurnOff = true,
  headingLevel = 3,
}: {
  turnOnLabel?: string;
  allowTurnOff?: boolean;
  headingLevel?: 2 | 3;
}) {
  const store = useStores();
  const logic = () => import('./flows').then((flows) => flows.providePaperless(store));
  const [snapshot, send] = useFlow('paperless', logic, paperlessInputOf(store, false));
  const on = snapshot.matches('on') || snapshot.matches('confirmingOff') || snapshot.matches('turningOff');
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="paperless-settings">
      <H>{T.statusHeading}</H>
      <p>{on ? T.on : T.off}</p>
      {on && !allowTurnOff ? null : (
        // One button for both: focus comes back to it whichever way the change went.
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => send(on ? { type: 'PAPERLESS.TURN_OFF' } : { type: 'PAPERLESS.TURN_ON' })}
          aria-disabled={!(snapshot.matches('on') || snapshot.matches('off')) || undefined}
        >
          {on ? T.turnOff : turnOnLabel}
        </button>
      )}
      <PaperlessDialog snapshot={snapshot} send={send} />
      <TurnOffDialog snapshot={snapshot} send={send} />
    </div>
  );
});
