// One module per Orch call: its path, its validator and its type (docs/contracts.md).
import type { AuthorizePayment } from '../../generated/types';
import type { ApiClient, Result } from '../client';
import { lazyValidator } from '../client';

/** Its validator's code loads with the first call (not part of any page's first load). */
const validateAuthorizePayment = lazyValidator(() =>
  import('../../generated/validators/authorize-payment.js').then((m) => m.validateAuthorizePayment),
);

export type { AuthorizePayment };

export const authorizePaymentPath = '/Orch/dssh/pbs/authorizePayment';

/** POST /Orch/dssh/pbs/authorizePayment: Pay now / retry payment. Success: statusInfo.status '0' or authorizePaymentResponse.status 0 (see paymentSucceeded). */
export function authorizePayment(
  client: ApiClient,
  params: { accountNumber: string; paymentAmount: number; emailAddress: string },
): Promise<Result<AuthorizePayment>> {
  return client.request({
    method: 'POST',
    path: authorizePaymentPath,
    body: params,
    validate: validateAuthorizePayment,
  });
}

/** Spec: success when statusInfo.status is '0' or authorizePaymentResponse.status is 0. */
export function paymentSucceeded(data: AuthorizePayment): boolean {
  return data.statusInfo?.status === '0' || data.authorizePaymentResponse?.status === 0;
}

/** The saved payment id: responseInfo.responseInfo.paymentRecord.paymentId (or the record beside the status). */
export function paymentIdOf(data: AuthorizePayment): string | undefined {
  return (
    data.responseInfo?.responseInfo?.paymentRecord?.paymentId ??
    data.authorizePaymentResponse?.paymentRecord?.paymentId
  );
}
