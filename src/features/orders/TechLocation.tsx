import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import type { TrackerTarget } from './flows';
import { ORDER_TEXT as T } from './texts';

/** "View technician's location" (machines/tech-tracker.machine.ts); shown only where a rule offers it. */
export const TechLocation = observer(function TechLocation({ target }: { target: TrackerTarget }) {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideTechTracker(store, target));
  const [snapshot, send] = useFlow('tech-tracker', logic);
  const busy = snapshot.matches('locating');
  return (
    <button
      type="button"
      className="btn btn--secondary"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) send({ type: 'TRACKER.OPEN' });
      }}
    >
      {busy ? T.locating : T.techLocation}
    </button>
  );
});
