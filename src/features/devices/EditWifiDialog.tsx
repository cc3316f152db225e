import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { shownMessages } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { usePageFlow } from '../../stores/use-page-flow';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { provideEditWifi } from './wifi-flows';
import { WIFI_TEXT as T } from './wifi-texts';

/**
 * The 'Edit WIFI info' dialog (40vw; machines/edit-wifi.machine.ts), loaded with the first click on its button:
 * the network name and password, Save enabled only after an input changes; on failure the server's message
 * shows, the values revert and the dialog stays open. rules/wifi-update-call.json says which
 * call saves. Each increase of `opens` (a click on the button) opens it.
 */
const EditWifiDialog = observer(function EditWifiDialog({
  name,
  password,
  opens,
}: {
  name: string;
  password: string;
  opens: number;
}) {
  const store = useStores();
  const useAcs = store.decisions.current?.wifiUpdateCall.call === 'acs';
  const logic = useMemo(() => provideEditWifi(store), [store]);
  return <EditWifiFlow logic={logic} input={{ name, password, useAcs }} opens={opens} />;
});

export default EditWifiDialog;

function EditWifiFlow({
  logic,
  input,
  opens,
}: {
  logic: ReturnType<typeof provideEditWifi>;
  input: { name: string; password: string; useAcs: boolean };
  opens: number;
}) {
  const [snapshot, send] = usePageFlow('edit-wifi', logic, input);
  useEffect(() => {
    send({ type: 'WIFI.EDIT' });
  }, [opens, send]);
  // The rules may change the call while the dialog is open (the browser decides again once it has loaded
  // them): the flow follows it and keeps what the customer typed.
  const { useAcs } = input;
  useEffect(() => {
    send({ type: 'WIFI.ACS', on: useAcs });
  }, [useAcs, send]);
  const { draft, error } = snapshot.context;
  const saving = snapshot.matches('savingAdapt') || snapshot.matches('savingAcs');
  const open = snapshot.matches('editing') || saving;
  const changed =
    draft.name !== snapshot.context.saved.name || draft.password !== snapshot.context.saved.password;
  const failure = snapshot.matches({ editing: 'failed' })
    ? (error ?? shownMessages(snapshot)[0]?.text)
    : null;
  const close = () => {
    if (!saving) send({ type: 'WIFI.CANCEL' });
  };
  return (
    <>
      <Dialog
        open={open}
        title={T.editTitle}
        onClose={close}
        width="40vw"
        actions={
          <>
            <button type="button" className="btn btn--secondary" disabled={saving} onClick={close}>
              {T.cancel}
            </button>
            <button type="submit" form="edit-wifi-form" className="btn" disabled={!changed || saving}>
              {saving ? T.saving : T.save}
            </button>
          </>
        }
      >
        <form
          id="edit-wifi-form"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'WIFI.SAVE' });
          }}
        >
          {failure ? (
            <p role="alert" className="field-error">
              {failure}
            </p>
          ) : null}
          <TextField
            label={T.nameField}
            value={draft.name}
            autoComplete="off"
            disabled={saving}
            onChange={(e) => send({ type: 'WIFI.CHANGE', field: 'name', value: e.target.value })}
          />
          <TextField
            label={T.passwordField}
            value={draft.password}
            autoComplete="off"
            disabled={saving}
            onChange={(e) => send({ type: 'WIFI.CHANGE', field: 'password', value: e.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}
