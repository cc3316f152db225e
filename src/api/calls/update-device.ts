// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { UpdateDevice } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateUpdateDevice = lazyValidator(() =>
  import('../../generated/validators/update-device.js').then((m) => m.validateUpdateDevice),
);

export type { UpdateDevice };

export const updateDevicePath = '/Orch/dssh/adapt/updateDevice';

/** POST /Orch/dssh/adapt/updateDevice: Renames a connected device (name or type). */
export function updateDevice(
  client: ApiClient,
  params: { wtn: string; deviceId: string; deviceName?: string; deviceType?: string },
): Promise<Result<UpdateDevice>> {
  return client.request({
    method: 'POST',
    path: updateDevicePath,
    body: params,
    validate: validateUpdateDevice,
  });
}

/** Spec: success when statusInfo stateCode is 200 or 'success'; a type rename also needs the message
 * 'Device has been updated Successfully' or deviceList code 200. */
export function updateDeviceSucceeded(data: UpdateDevice, renamedType: boolean): boolean {
  const code = data.statusInfo.stateCode;
  const ok = code === 200 || code === '200' || String(code).toLowerCase() === 'success';
  if (!ok || !renamedType) return ok;
  return data.message === 'Device has been updated Successfully' || data.deviceList?.code === 200;
}
