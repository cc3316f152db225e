import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import type { ModemInfo, Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { loadModemInfo, modemView } from '../adapt';
import { ModemNotice, ModemUnavailable, ProfileUnavailable } from '../parts';

/** /deviceDetails?deviceId: one connected device, as the modem reports it. */
export const Component = observer(function DeviceDetails() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Device Details</h1>
      {p ? <DeviceContent profile={p} /> : <ProfileUnavailable />}
      <p>
        <Link to="/connectedDevices">All connected devices</Link>
      </p>
    </div>
  );
});

function DeviceContent({ profile }: { profile: Profile }) {
  const store = useStores();
  const [params] = useSearchParams();
  const deviceId = params.get('deviceId');
  const call = useCall<ModemInfo>('modemInfo', () => loadModemInfo(store, profile), 'deviceDetails');
  if (call.status === 'loading') return <p role="status">Loading the device…</p>;
  if (call.status === 'failed') return <ModemUnavailable />;
  const view = modemView(call.data);
  if (view !== 'online') return <ModemNotice view={view} />;
  const device = call.data.modemInfo[0]?.deviceList?.find((d) => d.deviceId === deviceId);
  if (!device) return <p>That device is not connected to your modem.</p>;
  return (
    <section className="panel" aria-labelledby="device-title">
      <h2 id="device-title">{device.deviceName}</h2>
      <dl className="definition-list">
        <dt>Type</dt>
        <dd>{device.deviceType ?? 'Unknown'}</dd>
        <dt>Connection</dt>
        <dd>{device.connectionType ?? 'Unknown'}</dd>
        <dt>IP address</dt>
        <dd>{device.ipAddress ?? 'Unknown'}</dd>
        <dt>MAC address</dt>
        <dd>{device.macAddress ?? 'Unknown'}</dd>
        <dt>Status</dt>
        <dd>{device.isActive === false ? 'Inactive' : 'Active'}</dd>
      </dl>
    </section>
  );
}
