// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { RescheduleAppointment } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateRescheduleAppointment = lazyValidator(() =>
  import('../../generated/validators/reschedule-appointment.js').then((m) => m.validateRescheduleAppointment),
);

export type { RescheduleAppointment };

export const getAppointmentSlotsPath = '/Orch/dssh/rx/rescheduleAppointmentDetails';

/** POST /Orch/dssh/rx/rescheduleAppointmentDetails: Repair appointment slots; usable when apiResponse.code is 0 and appointmentResult is not empty. */
export function getAppointmentSlots(
  client: ApiClient,
  params: {
    ticketNum: string;
    wtn: string;
    productName: string;
    sourceSystem: string;
    state?: string;
    sourceAppId?: string;
  },
): Promise<Result<RescheduleAppointment>> {
  return client.request({
    method: 'POST',
    path: getAppointmentSlotsPath,
    body: params,
    validate: validateRescheduleAppointment,
  });
}

/** Spec: slots are usable when apiResponse code is 0 and appointmentResult is not empty. */
export function slotsAvailable(data: RescheduleAppointment): boolean {
  return (
    (data.apiResponse?.code ?? 0) === 0 &&
    data.statusInfo?.status !== 'FAILURE' &&
    data.appointmentResult.length > 0
  );
}
