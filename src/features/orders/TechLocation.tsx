import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { provideTechTracker, type TrackerTarget } from './flows';
import { ORDER_TEXT as T } from './texts';

/** "View technician's location" (machines/tech-tracker.machine.ts); shown only where a rule offers it. */
export const TechLocation = observer(function TechLocation({ target }: { target: TrackerTarget }) {
  const store = useStores();
  const logic = useMemo(() => provideTechTracker(store, target), [store, target]);
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
