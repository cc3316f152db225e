// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { DeviceReboot } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateDeviceReboot = lazyValidator(() =>
  import('../../generated/validators/device-reboot.js').then((m) => m.validateDeviceReboot),
);

export type { DeviceReboot };

export const rebootDevicePath = '/Orch/dssh/acs/deviceReboot';
export const rebootDeviceAdaptPath = '/Orch/dssh/adapt/deviceReboot';

/** POST /Orch/dssh/acs/deviceReboot: restarts the modem (acs); a text reply. */
export function rebootDevice(client: ApiClient, params: { wtn: string }): Promise<Result<DeviceReboot>> {
  return client.request({
    method: 'POST',
    path: rebootDevicePath,
    body: params,
    validate: validateDeviceReboot,
  });
}

/** GET /Orch/dssh/adapt/deviceReboot: restarts the modem (adapt, when rules/reboot-call.json says so); a text reply. */
export function rebootDeviceAdapt(
  client: ApiClient,
  params: { serialNumber: string; wtn: string; sourceSystem: string; token: string },
): Promise<Result<DeviceReboot>> {
  return client.request({
    method: 'GET',
    path: rebootDeviceAdaptPath,
    query: params,
    validate: validateDeviceReboot,
  });
}

/** Spec: a reply text containing 'Error' means failure. */
export const rebootSucceeded = (text: DeviceReboot): boolean => !text.includes('Error');
