import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { ModemState, ProfileUnavailable } from '../parts';

/** /deviceDetails?deviceId: one connected device, as the modem reports it. */
export const Component = observer(function DeviceDetails() {
  const store = useStores();
  return (
    <div className="page">
      <h1>Device Details</h1>
      {store.profile.data ? (
        <ModemState loading="Loading the device…">
          <DeviceContent />
        </ModemState>
      ) : (
        <ProfileUnavailable />
      )}
      <p>
        <Link to="/connectedDevices">All connected devices</Link>
      </p>
    </div>
  );
});

const DeviceContent = observer(function DeviceContent() {
  const store = useStores();
  const [params] = useSearchParams();
  const deviceId = params.get('deviceId');
  const device = store.accountData.modemInfo?.modemInfo[0]?.deviceList?.find((d) => d.deviceId === deviceId);
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
});
