import { observer } from 'mobx-react-lite';
import type { ConnectedDevice } from '../../generated/types';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { LongText } from '../../ui/LongText';
import { TextField } from '../../ui/TextField';
import { shownMessages } from '../../../machines/messages';
import { deviceGroups } from './wifi-data';
import { WIFI_TEXT as T } from './wifi-texts';
import { Form } from '../../ui/Form';

/**
 * The connected devices in the three fixed groups, each device with Rename (its name or its type,
 * machines/device-rename.machine.ts). Used by the 'Connected Devices' dialog (loaded with it) and by
 * /connectedDevices.
 */
const DeviceList = observer(function DeviceList() {
  const store = useStores();
  const devices = store.accountData.modemInfo?.modemInfo[0]?.deviceList ?? [];
  if (devices.length === 0) return <p>{T.noDevices}</p>;
  return (
    <div className="device-groups">
      {deviceGroups(devices).map((g) => (
        <section key={g.id} aria-labelledby={`device-group-${g.id}`}>
          <h3 id={`device-group-${g.id}`}>
            {g.label} ({g.devices.length})
          </h3>
          {g.devices.length === 0 ? (
            <p>{T.emptyGroup}</p>
          ) : (
            <ul className="device-list">
              {/* Index in the key: a modem may list the same device twice. */}
              {g.devices.map((d, i) => (
                <li key={`${i}:${d.deviceId}`}>
                  <DeviceRow device={d} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
});

export default DeviceList;

function DeviceRow({ device }: { device: ConnectedDevice }) {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./wifi-flows').then((flows) => flows.provideDeviceRename(store));
  const name = device.deviceName.trim() || T.unnamed;
  const [snapshot, send] = useFlow('device-rename', logic, {
    deviceId: device.deviceId,
    name: device.deviceName,
    type: device.deviceType ?? '',
  });
  const { draft, saved } = snapshot.context;
  const saving = snapshot.matches('saving');
  const editing = snapshot.matches('editing') || saving;
  const changed = draft.name !== saved.name || draft.type !== saved.type;
  const failure = shownMessages(snapshot)[0];
  if (!editing) {
    return (
      <div className="device-row">
        <span className="device-row__name">
          <LongText text={saved.name.trim() || T.unnamed} />
        </span>
        <span className="device-row__meta">
          <LongText
            text={[saved.type, device.isActive === false ? 'Inactive' : 'Active'].filter(Boolean).join(' · ')}
          />
        </span>
        <button
          type="button"
          className="link-button"
          aria-label={T.rename(saved.name.trim() || name)}
          onClick={() => send({ type: 'DEVICE.EDIT' })}
        >
          {T.renameButton}
        </button>
      </div>
    );
  }
  return (
    <Form
      className="device-row device-row--editing"
      aria-label={T.rename(name)}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'DEVICE.SAVE' });
      }}
    >
      {failure ? (
        <p role="alert" className="field-error">
          {failure.text}
        </p>
      ) : null}
      <TextField
        label={T.deviceName}
        value={draft.name}
        disabled={saving}
        onChange={(e) => send({ type: 'DEVICE.CHANGE', field: 'name', value: e.target.value })}
      />
      <TextField
        label={T.deviceType}
        value={draft.type}
        disabled={saving}
        onChange={(e) => send({ type: 'DEVICE.CHANGE', field: 'type', value: e.target.value })}
      />
      <div className="alert__actions">
        <button type="submit" className="btn" disabled={!changed || saving}>
          {saving ? T.saving : T.save}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={saving}
          onClick={() => send({ type: 'DEVICE.CANCEL' })}
        >
          {T.cancel}
        </button>
      </div>
    </Form>
  );
}
