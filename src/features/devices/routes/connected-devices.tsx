import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';
import DeviceList from '../DeviceList';
import { ModemState, ProfileUnavailable } from '../parts';

/**
 * /connectedDevices: the devices on the modem (adapt modemInfo, loaded once after the home when HSI is owned),
 * in the three fixed groups, each with Rename. Own-modem, third-party and offline modems get the spec's texts
 * instead (rules/wifi-panel.json).
 */
export const Component = observer(function ConnectedDevices() {
  const store = useStores();
  return (
    <div className="page">
      <h1>Connected Devices</h1>
      {store.profile.data ? (
        <ModemState loading="Loading your connected devices…">
          <DeviceList />
        </ModemState>
      ) : (
        <ProfileUnavailable />
      )}
    </div>
  );
});
