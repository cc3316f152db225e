import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { ConnectedDevice, ModemInfo, Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { recordLink } from '../../../ui/links';
import { loadModemInfo, modemView } from '../adapt';
import { ModemNotice, ModemUnavailable, ProfileUnavailable } from '../parts';
import { LongText } from '../../../ui/LongText';

/**
 * /connectedDevices: the devices on the modem (adapt modemInfo, modemInfo[0].deviceList), each opening its
 * details. Own-modem and offline modems get the spec's texts instead of a list.
 */
export const Component = observer(function ConnectedDevices() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Connected Devices</h1>
      {p ? <DevicesContent profile={p} /> : <ProfileUnavailable />}
    </div>
  );
});

function DevicesContent({ profile }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<ModemInfo>('modemInfo', () => loadModemInfo(store, profile), 'connectedDevices');
  if (call.status === 'loading') return <p role="status">Loading your connected devices…</p>;
  if (call.status === 'failed') return <ModemUnavailable />;
  const view = modemView(call.data);
  if (view !== 'online') return <ModemNotice view={view} />;
  const devices = call.data.modemInfo[0]?.deviceList ?? [];
  if (devices.length === 0) return <p>No devices are connected to your modem right now.</p>;
  return <DeviceTable devices={devices} />;
}

function DeviceTable({ devices }: { devices: ConnectedDevice[] }) {
  const active = devices.filter((d) => d.isActive !== false).length;
  return (
    <table className="history-table">
      <caption>
        Devices connected to your modem ({active} active of {devices.length})
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Connection</th>
          <th scope="col">IP address</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {/* Index in the key: a modem may list the same device twice. */}
        {devices.map((d, i) => (
          <tr key={`${i}:${d.deviceId}`}>
            <td>
              <DeviceLink device={d} />
            </td>
            <td>
              <LongText text={d.deviceType ?? '—'} />
            </td>
            <td>
              <LongText text={d.connectionType ?? '—'} />
            </td>
            <td>
              <LongText text={d.ipAddress ?? '—'} />
            </td>
            <td>{d.isActive === false ? 'Inactive' : 'Active'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The device's name opening its details; without a usable id the name alone (reported, see recordLink). */
function DeviceLink({ device }: { device: ConnectedDevice }) {
  const name = device.deviceName.trim() || 'Unnamed device';
  const to = recordLink('/deviceDetails', { deviceId: device.deviceId });
  return to ? (
    <Link to={to}>
      <LongText text={name} />
    </Link>
  ) : (
    <LongText text={name} />
  );
}
