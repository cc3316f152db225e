import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../../config';
import { accountCall } from '../../../stores/account-call';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { LongText } from '../../../ui/LongText';
import { wifiPanelVariant } from '../adapt';
import { ModemNotice, ModemState, ModemUnavailable, ProfileUnavailable } from '../parts';

/**
 * /ModemDetails: the modem (adapt modemInfo) and its WiFi networks (adapt getWifiInfo), both loaded once after
 * the home when HSI is owned. The WiFi password is not printed here: sharing it is the wifi panel's 'Share
 * WiFi password' dialog.
 */
export const Component = observer(function ModemDetails() {
  const store = useStores();
  return (
    <div className="page">
      <h1>Modem Details</h1>
      {store.profile.data ? (
        <ModemState loading="Loading your modem details…" offlineShowsChildren>
          <ModemContent />
        </ModemState>
      ) : (
        <ProfileUnavailable />
      )}
    </div>
  );
});

const ModemContent = observer(function ModemContent() {
  const store = useStores();
  const m = store.accountData.modemInfo;
  if (!m) return <ModemUnavailable />;
  const offline = wifiPanelVariant(store) === 'offline';
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
        {offline ? <ModemNotice view="offline" /> : <WifiNetworks />}
      </section>
    </>
  );
});

const WifiNetworks = observer(function WifiNetworks() {
  const store = useStores();
  const call = accountCall(store, 'wifiInfo');
  if (call.status === 'loading') return <p role="status">Loading your WiFi network…</p>;
  if (call.status !== 'ok') return <ModemUnavailable />;
  const w = call.data;
  return (
    <>
      <dl className="definition-list">
        <dt>Network name</dt>
        <dd>
          <LongText text={w.SSIDName} />
        </dd>
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
});
