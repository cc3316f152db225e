import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../../config';
import type { ModemInfo, Profile, WifiInfo } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { ExternalLink } from '../../../ui/ExternalLink';
import { loadModemInfo, loadWifiInfo, modemView } from '../adapt';
import { ModemNotice, ModemUnavailable, ProfileUnavailable } from '../parts';
import { LongText } from '../../../ui/LongText';

/**
 * /ModemDetails: the modem (adapt modemInfo) and its WiFi networks (adapt getWifiInfo). The WiFi password is
 * not printed here: sharing it is the wifi panel's 'Share WiFi password' dialog.
 */
export const Component = observer(function ModemDetails() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Modem Details</h1>
      {p ? <ModemContent profile={p} /> : <ProfileUnavailable />}
    </div>
  );
});

function ModemContent({ profile }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<ModemInfo>('modemInfo', () => loadModemInfo(store, profile), 'modemDetails');
  if (call.status === 'loading') return <p role="status">Loading your modem details…</p>;
  if (call.status === 'failed') return <ModemUnavailable />;
  const m = call.data;
  const view = modemView(m);
  if (view === 'own-modem') return <ModemNotice view={view} />;
  return (
    <>
      <section className="panel" aria-labelledby="modem-title">
        <h2 id="modem-title">Your modem</h2>
        <dl className="definition-list">
          <dt>Status</dt>
          <dd>{m.isConnected ? 'Online' : 'Offline'}</dd>
          {m.manufacturer ? (
            <>
              <dt>Manufacturer</dt>
              <dd>{m.manufacturer}</dd>
            </>
          ) : null}
          {m.modelName ? (
            <>
              <dt>Model</dt>
              <dd>{m.modelName}</dd>
            </>
          ) : null}
          {m.serialNumber ? (
            <>
              <dt>Serial number</dt>
              <dd>{m.serialNumber}</dd>
            </>
          ) : null}
        </dl>
        <ul className="link-list">
          <li>
            <Link to="/connectedDevices">Connected devices</Link>
          </li>
          <li>
            <ExternalLink href={jumpOut('modemRestartHelp')}>How to restart your modem</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('wifiHelp')}>WiFi help</ExternalLink>
          </li>
        </ul>
      </section>
      <section className="panel" aria-labelledby="wifi-title">
        <h2 id="wifi-title">WiFi network</h2>
        {view === 'offline' ? <ModemNotice view="offline" /> : <WifiNetworks profile={profile} />}
      </section>
    </>
  );
}

function WifiNetworks({ profile }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<WifiInfo>('wifiInfo', () => loadWifiInfo(store, profile), 'modemDetails');
  if (call.status === 'loading') return <p role="status">Loading your WiFi network…</p>;
  if (call.status === 'failed') return <ModemUnavailable />;
  const w = call.data;
  return (
    <>
      <dl className="definition-list">
        <dt>Network name</dt>
        <dd>{w.SSIDName}</dd>
        <dt>Active devices</dt>
        <dd>{w.totalActiveDevices}</dd>
      </dl>
      {w.wifiList.length > 0 ? (
        <table className="history-table">
          <caption>WiFi bands</caption>
          <thead>
            <tr>
              <th scope="col">Band</th>
              <th scope="col">Network name</th>
              <th scope="col">Security</th>
            </tr>
          </thead>
          <tbody>
            {w.wifiList.map((n, i) => (
              <tr key={`${i}:${n.ssid}`}>
                <td>
                  <LongText text={n.band ?? n.ssid} />
                </td>
                <td>
                  <LongText text={n.SSIDName} />
                </td>
                <td>
                  <LongText text={n.encryptionType ?? '—'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
