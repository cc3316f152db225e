// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { UpdateTicket } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateUpdateTicket = lazyValidator(() =>
  import('../../generated/validators/update-ticket.js').then((m) => m.validateUpdateTicket),
);

export type { UpdateTicket };

export const updateTicketPath = '/Orch/dssh/rx/updateTicket';

/** POST /Orch/dssh/rx/updateTicket: Cancels or reschedules a repair; reschedule ok: message SUCCESS (any case); cancel ok: type not 'fail'. */
export function updateTicket(
  client: ApiClient,
  params: {
    action: 'Cancel' | 'Reschedule';
    nativeTroubleTicketNumber: string;
    wtn: string;
    sourceSystem: string;
    ticketNumber: string;
    customerProductID?: string;
    sessionId?: string;
    selectedAppointmentId?: string;
    state?: string;
    sourceAppId?: string;
  },
): Promise<Result<UpdateTicket>> {
  return client.request({
    method: 'POST',
    path: updateTicketPath,
    body: params,
    validate: validateUpdateTicket,
  });
}

/**
 * Spec §5: reschedule success is message SUCCESS (case-insensitive), or apiResponse code 0 with a non-empty
 * appointmentResult; FAILURE (message or status) or anything else fails.
 */
export function rescheduleSucceeded(data: UpdateTicket): boolean {
  const r = data.updateTicketResponse;
  const message = r.apiResponse.message.trim().toUpperCase();
  if (message === 'FAILURE' || data.statusInfo?.status?.toUpperCase() === 'FAILURE') return false;
  return message === 'SUCCESS' || (r.apiResponse.code === 0 && (r.appointmentResult ?? []).length > 0);
}

/** Spec: repair cancel success is a response type other than 'fail'. */
export function cancelTicketSucceeded(data: UpdateTicket): boolean {
  return data.updateTicketResponse.apiResponse.type !== 'fail' && data.statusInfo?.status !== 'FAILURE';
}
