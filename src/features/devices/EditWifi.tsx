import { lazy, Suspense, useState } from 'react';
import { WIFI_TEXT as T } from './wifi-texts';

// The dialog, its flow and its calls load with the first click, never with /home.
const EditWifiDialog = lazy(() => import('./EditWifiDialog'));

/** The 'Edit WIFI info' button; its dialog (EditWifiDialog.tsx) loads on the first click and stays. */
export function EditWifi({ name, password }: { name: string; password: string }) {
  const [opens, setOpens] = useState(0);
  return (
    <>
      <button type="button" className="btn btn--secondary" onClick={() => setOpens((n) => n + 1)}>
        {T.editTitle}
      </button>
      {opens > 0 ? (
        <Suspense fallback={<span role="status">{T.loadingEdit}</span>}>
          <EditWifiDialog name={name} password={password} opens={opens} />
        </Suspense>
      ) : null}
    </>
  );
}
