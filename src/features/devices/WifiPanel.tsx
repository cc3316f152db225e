import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { WifiInfo } from '../../generated/types';
import { accountCall } from '../../stores/account-call';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { Dialog } from '../../ui/Dialog';
import { LongText } from '../../ui/LongText';
import { warmWhenIdle } from '../../ui/when-idle';
import { EditWifi } from './EditWifi';
import { ModemNotice, ModemUnavailable } from './parts';
import { WIFI_TEXT as T } from './wifi-texts';
import './wifi.css';

// Dialog bodies are not in the home's first load: the QR code library with Share, the device list with View
// Connected Devices. Share's is fetched once the page is idle (warmWhenIdle), so that the tap opening the
// dialog neither requests nor evaluates code; the device list's loads on its click.
const loadShareWifiBody = () => import('./ShareWifiBody');
const ShareWifiBody = lazy(loadShareWifiBody);
const DeviceList = lazy(() => import('./DeviceList'));

/**
 * The WiFi block of the home (home spec §2.9): WIFI NETWORK (the network name, 'Share WiFi password', 'Edit
 * WIFI info') and CONNECTED DEVICES (the active devices, the fixed 3 groups, the 'Connected Devices' dialog and
 * /connectedDevices). What it shows is rules/wifi-panel.json's variant: the own-modem or third-party message
 * with a troubleshoot link, the offline message, or the details.
 */
export const WifiPanel = observer(function WifiPanel() {
  const store = useStores();
  const variant = store.decisions.current?.wifiPanel.variant ?? 'loading';
  let body;
  if (variant === 'loading') body = <p role="status">{T.loading}</p>;
  else if (variant === 'unavailable') body = <ModemUnavailable />;
  else if (variant === 'own-modem' || variant === 'third-party') body = <ModemNotice view="own-modem" />;
  else if (variant === 'offline') body = <ModemNotice view="offline" />;
  else body = <WifiDetails />;
  return (
    <section className="panel wifi-panel" aria-labelledby="wifi-panel-title">
      <h2 id="wifi-panel-title">{T.heading}</h2>
      {body}
    </section>
  );
});

/**
 * WIFI NETWORK and CONNECTED DEVICES. A wifi info call that failed is silent (home spec §8: 'wifi ... failures
 * set their call-success flags false and log'; decision 034): the network part is left out, the devices (from
 * the modem info) stay.
 */
const WifiDetails = observer(function WifiDetails() {
  const store = useStores();
  const wifi = accountCall(store, 'wifiInfo');
  const failed = wifi.status === 'failed' || wifi.status === 'skipped';
  return (
    <div className="wifi-panel__columns">
      {failed ? null : (
        <section aria-labelledby="wifi-network-title">
          <h3 id="wifi-network-title">{T.networkHeading}</h3>
          {wifi.status === 'ok' ? <Network wifi={wifi.data} /> : <p role="status">{T.loading}</p>}
        </section>
      )}
      <section aria-labelledby="connected-devices-title">
        <h3 id="connected-devices-title">{T.devicesHeading}</h3>
        <Devices
          activeDevices={wifi.status === 'ok' ? wifi.data.totalActiveDevices : failed ? undefined : null}
        />
      </section>
    </div>
  );
});

function Network({ wifi }: { wifi: WifiInfo }) {
  const [sharing, setSharing] = useState(false);
  useEffect(() => warmWhenIdle(loadShareWifiBody), []);
  return (
    <>
      <dl className="definition-list">
        <dt>{T.networkName}</dt>
        <dd>
          <LongText text={wifi.SSIDName} />
        </dd>
      </dl>
      <div className="alert__actions">
        <button type="button" className="btn btn--secondary" onClick={() => setSharing(true)}>
          {T.shareTitle}
        </button>
        <EditWifi name={wifi.SSIDName} password={wifi.WirelessKey} />
      </div>
      <Dialog
        open={sharing}
        title={T.shareTitle}
        onClose={() => setSharing(false)}
        width="40vw"
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => setSharing(false)}>
            {T.close}
          </button>
        }
      >
        {sharing ? (
          <Suspense fallback={<p role="status">{T.loadingQr}</p>}>
            <ShareWifiBody ssid={wifi.SSIDName} password={wifi.WirelessKey} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}

/** `activeDevices`: the wifi info's count, null while it loads, undefined when it failed (the row is left out). */
const Devices = observer(function Devices({ activeDevices }: { activeDevices: number | null | undefined }) {
  const store = useStores();
  const [open, setOpen] = useState(false);
  return (
    <>
      <dl className="definition-list">
        {activeDevices === undefined ? null : (
          <>
            <dt>{T.activeDevices}</dt>
            <dd>{activeDevices ?? '—'}</dd>
          </>
        )}
        <dt>{T.groups}</dt>
        <dd>{constantOf(store, 'connectedDeviceGroups')}</dd>
      </dl>
      <div className="alert__actions">
        <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
          {T.viewDevices}
        </button>
        <Link to="/connectedDevices">{T.manageDevices}</Link>
      </div>
      <Dialog
        open={open}
        title={T.devicesTitle}
        onClose={() => setOpen(false)}
        width="25vw"
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
            {T.close}
          </button>
        }
      >
        {open ? (
          <Suspense fallback={<p role="status">{T.loading}</p>}>
            <DeviceList />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
});
