/**
 * The WiFi panel's flows (edit wifi, device rename) with their effects from the stores. Kept apart from
 * flows.ts: they load with the dialogs that run them, not with /home.
 */
import { fromPromise } from 'xstate';
import { editWifiMachine, type WifiCredentials } from '../../../machines/edit-wifi.machine';
import { deviceRenameMachine, type UpdateDeviceInput } from '../../../machines/device-rename.machine';
import { refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

// The wifi and device calls (and their validators) load with the first save that needs them, not with /home.
const resetCredentialsCall = () => import('../../api/calls/reset-credentials');
const updateCredentialsCall = () => import('../../api/calls/update-credentials');
const updateDeviceCall = () => import('../../api/calls/update-device');

/** A refusal the provider answered with a message: logged, then the machine shows that message. */
function refusedWith(store: RootStore, operation: string, message: string): never {
  store.logIssue(store.page, operation, `${operation} refused: ${message.slice(0, 200)}`);
  throw Object.assign(new Error(message), { serverMessage: message });
}

/**
 * Edit WIFI info: the adapt resetCredentials call (status '0' means failure, plus message) or, with the acs
 * call toggle on, updateCredentials (status '0' means success; encryption WPA2-Personal) for every band of the
 * network. Success stores the new name and password (the panel shows the new name); the sandbox keeps them.
 */
export function provideEditWifi(store: RootStore) {
  const profile = () => store.profile.data;
  const wtn = () => profile()?.wtn ?? '';
  return editWifiMachine.provide({
    actors: {
      resetCredentials: fromPromise<void, WifiCredentials>(async ({ input }) => {
        const operation = 'resetCredentials';
        const token = await unwrap(store, operation, store.adaptToken());
        const { resetCredentials, resetCredentialsSucceeded } = await resetCredentialsCall();
        const data = await unwrap(
          store,
          operation,
          resetCredentials(store.orch, {
            wtn: wtn(),
            ssid: store.accountData.wifiInfo?.wifiList[0]?.ssid ?? '1',
            sourceSystem: profile()?.billingSource ?? 'DIGIHOME',
            secureToken: token,
            securityProvider: store.accountData.modemInfo?.securityProvider ?? '',
            operationParams: { WirelessKey: input.password, SSIDName: input.name },
          }),
        );
        if (!resetCredentialsSucceeded(data)) refusedWith(store, operation, data.message);
      }),
      updateCredentials: fromPromise<void, WifiCredentials>(async ({ input }) => {
        const operation = 'updateCredentials';
        const { updateCredentials, updateCredentialsSucceeded } = await updateCredentialsCall();
        const bands = store.accountData.wifiInfo?.wifiList ?? [];
        const data = await unwrap(
          store,
          operation,
          updateCredentials(store.orch, {
            wtn: wtn(),
            uniqueId: store.accountData.modemInfo?.uniqueId ?? '',
            ssidParams: (bands.length > 0 ? bands : [{ ssid: '1' }]).map((b) => ({
              ssid: b.ssid,
              ssidName: input.name,
              wirelessKey: input.password,
              encryptionType: 'WPA2-Personal' as const,
            })),
          }),
        );
        if (!updateCredentialsSucceeded(data)) refusedWith(store, operation, data.message);
      }),
    },
    actions: {
      credentialsSaved: (_, { name, password }) => store.accountData.patchWifi(name, password),
      showToast: toast(store),
    },
  });
}

/**
 * Rename a connected device (its name or type) with updateDevice: 'success when statusInfo stateCode 200 or
 * success; type rename needs message 'Device has been updated Successfully' or deviceList code 200'.
 */
export function provideDeviceRename(store: RootStore) {
  const operation = 'updateDevice';
  return deviceRenameMachine.provide({
    actors: {
      updateDevice: fromPromise<void, UpdateDeviceInput>(async ({ input }) => {
        const { updateDevice, updateDeviceSucceeded } = await updateDeviceCall();
        const data = await unwrap(
          store,
          operation,
          updateDevice(store.orch, {
            wtn: store.profile.data?.wtn ?? '',
            deviceId: input.deviceId,
            ...(input.name !== undefined ? { deviceName: input.name } : {}),
            ...(input.type !== undefined ? { deviceType: input.type } : {}),
          }),
        );
        if (!updateDeviceSucceeded(data, input.type !== undefined))
          refuse(
            store,
            operation,
            `device ${input.deviceId}: ${data.message ?? String(data.statusInfo.stateCode)}`,
          );
      }),
    },
    actions: {
      deviceRenamed: (_, { deviceId, name, type }) =>
        store.accountData.patchDevice(deviceId, { deviceName: name, deviceType: type }),
      showToast: toast(store),
    },
  });
}
