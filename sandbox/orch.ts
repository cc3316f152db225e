/**
 * The simulated Orch: every signed-in call of both spec call tables, answered from the session's view of
 * its persona (session-view.ts: shared, copied on write; docs/contracts.md). No HTTP here: a handler takes
 * the parsed request and returns a Reply, so the behaviour is testable without sockets.
 */
import type {
  AuthorizePayment,
  CancelOrder,
  CancelPayment,
  ConnectedDevice,
  DeclineAltTn,
  InvoiceDetails,
  JumpOutToken,
  OfferAnswer,
  PaperlessUpdate,
  PaymentPlanToken,
  ResetCredentials,
  SetCurrentAccount,
  TechTracker,
  UpdateCredentials,
  UpdateDevice,
  UpdateTicket,
  ValidateEmail,
} from '../src/generated/types';
import { defaultAuthorizePayment, isoDate, type PersonaResponses } from '../server/personas';
import {
  bodies,
  current,
  keepToken,
  materialize,
  token,
  withProfile,
  writable,
  type SignedIn,
} from './session-view';
import { billPdfPath, billPdfReply, type FileReply } from './bill-pdf';

/** What a handler answers; the HTTP layer turns it into a response. */
export type Reply =
  | { status: number; json: unknown }
  | { status: number; text: string }
  | { status: 302; location: string }
  | FileReply;

export interface OrchRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** parsed JSON body of a POST ({} when none) */
  body: Record<string, unknown>;
  today: Date;
}

type Handler = (s: SignedIn, r: OrchRequest) => Reply;

const ok = (json: unknown): Reply => ({ status: 200, json });
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

const read =
  (key: keyof PersonaResponses): Handler =>
  (s, r) =>
    ok(bodies(s, r)[key]);

const jump =
  (name: string, keep: readonly string[] = []): Handler =>
  (_s, r) => {
    const q = new URLSearchParams();
    for (const k of keep) {
      const v = r.query.get(k);
      if (v !== null) q.set(k, v);
    }
    const qs = q.toString();
    return { status: 302, location: `/sandbox/jump/${name}${qs ? `?${qs}` : ''}` };
  };

/** The attribute list of a createJumpOutToken body as name -> value (text values only, cut to 200). */
function attributesOf(body: Record<string, unknown>): Record<string, string> {
  const list = (body.list as { attribList?: unknown } | undefined)?.attribList;
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list.slice(0, 64) as unknown[]) {
    const { name, value } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name === 'string' && name.length <= 64) out[name] = str(value).slice(0, 200);
  }
  return out;
}

/** The payment jump-out token of this session for `accountNumber`, newest first (it names a biller). */
function paymentTokenFor(s: SignedIn, accountNumber: string): string | undefined {
  const found = [...s.jumpTokens.entries()]
    .reverse()
    .find(
      ([, t]) =>
        t.kind === 'jump-out' && t.attributes.accountNumber === accountNumber && 'biller' in t.attributes,
    );
  return found?.[0];
}

const rebootReply: Handler = (s, r) => {
  const modem = bodies(s, r).modemInfo;
  // The spec's only rule: a reply containing 'Error' is a failure.
  return modem.isConnected
    ? { status: 200, text: 'Reboot initiated' }
    : { status: 200, text: 'Error: the modem is offline' };
};

const setCurrentAccount: Handler = (s, r) => {
  const pid = str(r.body.pid);
  const index = s.persona.accounts.findIndex((a) => a.pid === pid);
  if (index < 0) return ok({ data: 'Failure' } satisfies SetCurrentAccount);
  s.accountIndex = index;
  return ok({ data: 'Success' } satisfies SetCurrentAccount);
};

const authorizePayment: Handler = (s) => {
  const answer: AuthorizePayment = current(s).authorizePayment ?? defaultAuthorizePayment;
  const paid = answer.statusInfo?.status === '0' || answer.authorizePaymentResponse?.status === 0;
  if (paid) {
    // Paying clears the walled-garden flags and the failed payment, as the real back end would.
    writable(s).wgStatus = { status: true, response: { isSoftWG: false, wgstatus: 'NONE' } };
    withProfile(s, (p) => {
      delete p.failedPaymentDate;
      delete p.failedCreditCardLastFourDigits;
      p.currentAmountDue = 0;
    });
  }
  return ok(answer);
};

const cancelOrder: Handler = (s, r) => {
  const orderNumber = str(r.body.siteOrderNumber);
  let found = false;
  withProfile(s, (p) => {
    const outer = p.earlyAccessProductOrderResponse;
    const inner = outer?.earlyAccessProductOrderResponse;
    if (outer && (inner?.orderNumber === orderNumber || p.orderNumber === orderNumber)) {
      found = true;
      outer.orderStatus = 'CANCELLED';
      if (inner) inner.orderStatus = 'CANCELLED';
    }
  });
  const history = materialize(s, r, 'orderHistory');
  const tracker = history.orderTrackerResponse;
  if (typeof tracker === 'object') {
    const i = tracker.inflightOrders.findIndex((o) => o.orderNumber === orderNumber);
    const order = tracker.inflightOrders[i];
    if (order) {
      found = true;
      tracker.inflightOrders.splice(i, 1);
      tracker.cancelledOrders.unshift({
        ...order,
        orderStatus: 'CANCELLED',
        normalizedOrderStatus: 'CANCELLED',
        orderCancelDate: isoDate(r.today),
      });
    }
  }
  if (!found) return ok({ data: { reasonCode: '404', message: 'Order not found' } } satisfies CancelOrder);
  const services = materialize(s, r, 'myServices');
  if (services.dioProductEligibility) services.dioProductEligibility.hasPendingOrder = false;
  return ok({ data: { reasonCode: '200', message: 'Order cancelled' } } satisfies CancelOrder);
};

const paperless =
  (kind: 'cris' | 'ens'): Handler =>
  (s, r) => {
    const on = kind === 'cris' ? r.body.paperlessBillingInd === true : r.body.paperlessBilling === 'Y';
    const email = str(kind === 'cris' ? r.body.updatedEmailAddress : r.body.email);
    if (on && !EMAIL.test(email)) {
      return ok({
        data: { code: '400', message: 'A valid email address is required' },
      } satisfies PaperlessUpdate);
    }
    withProfile(s, (p) => {
      p.paperlessBilling = on;
      if (on) p.billingEmailAddress = email;
    });
    const answer: PaperlessUpdate =
      kind === 'cris'
        ? { data: { serviceResponse: { statusCode: 1 }, code: '200' } }
        : { data: { code: '200' } };
    return ok(answer);
  };

const validateEmail: Handler = (_s, r) => {
  const email = r.query.get('emailAddress') ?? '';
  // Addresses containing 'invalid' fail on purpose, so QA can reach the Confirm Email dialog.
  const good = EMAIL.test(email) && !email.toLowerCase().includes('invalid');
  return ok({ status: good ? 'SUCCESS' : 'ERROR' } satisfies ValidateEmail);
};

const offerAnswer: Handler = (s, r) => {
  const answer = str(r.body.answer).toLowerCase();
  const offerName = str(r.body.offerName);
  const reply = (status: string, message: string, offerStatus?: string): Reply =>
    ok({ response: { status, message, ...(offerStatus ? { offerStatus } : {}) } } satisfies OfferAnswer);
  if (answer !== 'accepted' && answer !== 'declined')
    return reply('ERROR', "answer must be 'accepted' or 'declined'");
  if (offerName === 'OutOfServiceCredit') {
    const offer = materialize(s, r, 'creditOffer');
    if (offer.offerStatus.toUpperCase() !== 'ELIGIBLE') return reply('ERROR', 'No offer available');
    offer.offerStatus = answer;
    offer.message = answer === 'accepted' ? 'Offer accepted' : 'Offer declined';
    return reply('OK', offer.message, answer === 'accepted' ? 'Accepted' : 'Declined');
  }
  if (offerName === 'ModemReplacement') {
    const offer = materialize(s, r, 'modemReplacementOffer');
    if (!offer.eligible) return reply('ERROR', 'No offer available');
    offer.eligible = false;
    return answer === 'accepted'
      ? reply('OK', 'Modem replacement submitted', 'Accepted')
      : reply('OK', 'Modem replacement declined', 'Declined');
  }
  return reply('ERROR', 'Unknown offer');
};

const updateTicket: Handler = (s, r) => {
  const action = str(r.body.action);
  const number = str(r.body.nativeTroubleTicketNumber) || str(r.body.ticketNumber);
  const tickets = materialize(s, r, 'repairTickets');
  const ticket = tickets.troubleReports.find((t) => t.nativeTroubleReportIdentifier === number);
  const fail: UpdateTicket = {
    statusInfo: { status: 'FAILURE' },
    updateTicketResponse: { apiResponse: { code: 1, message: 'FAILURE', type: 'fail' } },
  };
  if (!ticket || ticket.troubleReportStatus !== 'OPN') return ok(fail);
  const now = `${isoDate(r.today)}T${String(r.today.getHours()).padStart(2, '0')}:00:00`;
  if (action === 'Cancel') {
    Object.assign(ticket, {
      troubleReportStatus: 'CAN',
      normalizedOrderStatus: 'Cancel',
      canCancel: false,
      canReschedule: false,
      completionDateTime: now,
    });
  } else if (action === 'Reschedule') {
    const slot = bodies(s, r).rescheduleAppointment.appointmentResult.find(
      (a) => a.appointmentID === str(r.body.selectedAppointmentId),
    );
    if (!slot) return ok(fail);
    const { startTime, endTime } = slot.appointmentDetail;
    Object.assign(ticket, {
      commitmentDateTime: endTime,
      completionDateTime: endTime,
      isPast: false,
      appointmentInfo: { ...ticket.appointmentInfo, startDateTime: startTime, endDateTime: endTime },
    });
  } else {
    return ok(fail);
  }
  return ok({
    statusInfo: { status: 'SUCCESS' },
    updateTicketResponse: { apiResponse: { code: 0, message: 'SUCCESS', type: 'success' } },
  } satisfies UpdateTicket);
};

const invoiceDetails: Handler = (s, r) => {
  const number = str(r.body.invoiceNumber);
  const b = bodies(s, r);
  const found = [...b.invoiceHistory.invoice, ...b.prepaidInvoiceHistory.invoices].find(
    (i) => i.invoiceNumber === number,
  );
  if (!found) {
    return ok({
      status: 'FAILURE',
      invoiceNumber: number,
      invoiceAmount: 0,
      lineItems: [],
    } satisfies InvoiceDetails);
  }
  const amount = found.invoiceAmount;
  const taxes = Math.round(amount * 0.08 * 100) / 100;
  return ok({
    status: 'SUCCESS',
    invoiceNumber: found.invoiceNumber,
    invoiceDate: found.invoiceDate,
    invoiceAmount: amount,
    lineItems: [
      { description: 'Internet service', amount: Math.round((amount - taxes) * 100) / 100 },
      { description: 'Taxes and fees', amount: taxes },
    ],
  } satisfies InvoiceDetails);
};

const cancelPayment: Handler = (s, r) => {
  const id = str(r.body.paymentId);
  let removed = false;
  withProfile(s, (p) => {
    const before = p.scheduledPayments ?? [];
    p.scheduledPayments = before.filter((x) => x.paymentId !== id && x.confirmationNumber !== id);
    removed = p.scheduledPayments.length < before.length;
  });
  return ok(
    (removed
      ? { status: 'success' }
      : { status: 'failure', message: 'Payment not found' }) satisfies CancelPayment,
  );
};

function renameWifi(s: SignedIn, r: OrchRequest, name: string, key: string): void {
  const wifi = materialize(s, r, 'wifiInfo');
  wifi.SSIDName = name;
  wifi.WirelessKey = key;
  for (const w of wifi.wifiList) {
    w.SSIDName = name;
    w.WirelessKey = key;
  }
}

const resetCredentials: Handler = (s, r) => {
  const params = (r.body.operationParams ?? {}) as Record<string, unknown>;
  const name = str(params.SSIDName);
  const key = str(params.WirelessKey);
  const fixed = current(s).resetCredentials;
  if (fixed) {
    if (fixed.status !== '0') renameWifi(s, r, name, key);
    return ok(fixed);
  }
  if (!name || key.length < 8) {
    return ok({
      status: '0',
      message: 'WiFi name is required and the password needs 8 characters or more.',
    } satisfies ResetCredentials);
  }
  renameWifi(s, r, name, key);
  return ok({ status: '1', message: 'WiFi info updated' } satisfies ResetCredentials);
};

const updateCredentials: Handler = (s, r) => {
  const list = Array.isArray(r.body.ssidParams) ? (r.body.ssidParams as Record<string, unknown>[]) : [];
  const first = list[0];
  const name = str(first?.ssidName);
  const key = str(first?.wirelessKey);
  const fixed = current(s).updateCredentials;
  if (fixed) {
    if (fixed.status === '0') renameWifi(s, r, name, key);
    return ok(fixed);
  }
  if (!name || key.length < 8) {
    return ok({
      status: '1',
      message: 'WiFi name is required and the password needs 8 characters or more.',
    } satisfies UpdateCredentials);
  }
  renameWifi(s, r, name, key);
  return ok({ status: '0', message: 'WiFi info updated' } satisfies UpdateCredentials);
};

const updateDevice: Handler = (s, r) => {
  const id = str(r.body.deviceId);
  const modem = materialize(s, r, 'modemInfo');
  const device: ConnectedDevice | undefined = modem.modemInfo
    .flatMap((m) => m.deviceList ?? [])
    .find((d) => d.deviceId === id);
  if (!device) {
    return ok({
      statusInfo: { stateCode: 404, status: 'failure' },
      message: 'Device not found',
    } satisfies UpdateDevice);
  }
  if (str(r.body.deviceName)) device.deviceName = str(r.body.deviceName);
  if (str(r.body.deviceType)) device.deviceType = str(r.body.deviceType);
  return ok({
    statusInfo: { stateCode: 200, status: 'success' },
    message: 'Device has been updated Successfully',
    deviceList: { code: 200 },
  } satisfies UpdateDevice);
};

const techTracker: Handler = (s, r) => {
  const tracker = bodies(s, r).orderHistory.orderTrackerResponse;
  const present =
    typeof tracker === 'object' &&
    tracker.inflightOrders.some((o) => o.techInstall === 'true' && (o.dispatches ?? []).length > 0);
  return ok(
    (present
      ? {
          techTrackerPresent: true,
          interactions: [{ interactionId: token('TT'), status: 'ENROUTE', url: '/sandbox/jump/techTracker' }],
        }
      : { techTrackerPresent: false, interactions: [] }) satisfies TechTracker,
  );
};

const techTrackerForRepair: Handler = (s, r) => {
  const number = str(r.body.ticketNumber);
  const present = bodies(s, r).repairTickets.troubleReports.some(
    (t) => t.nativeTroubleReportIdentifier === number && t.showTechLocation === true,
  );
  return ok(
    (present
      ? {
          techTrackerPresent: true,
          interactions: [{ interactionId: token('TT'), status: 'ENROUTE', url: '/sandbox/jump/techTracker' }],
        }
      : { techTrackerPresent: false, interactions: [] }) satisfies TechTracker,
  );
};

/** Signed-in Orch calls: `METHOD path` -> handler. */
export const orchRoutes: Readonly<Record<string, Handler>> = {
  'GET /Orch/checkHeader': read('checkHeader'),
  'GET /Orch/dssh/homeEarlyInit': read('homeEarlyInit'),
  'GET /Orch/dssh/getProfileFromRequest': read('accountList'),
  'GET /Orch/dssh/signIn': read('signIn'),
  'POST /Orch/dssh/setCurrentAccount': setCurrentAccount,
  'GET /Orch/dh/adapt/token': () => ok({ accessToken: token('AT'), expiresIn: 1200 }),
  'GET /Orch/dssh/rx/getOutageDetails': read('outage'),
  'GET /Orch/dssh/aos/ppp/getWGStatus': read('wgStatus'),
  'POST /Orch/dssh/pbs/authorizePayment': authorizePayment,
  'POST /Orch/dssh/acs/deviceReboot': rebootReply,
  'GET /Orch/dssh/adapt/deviceReboot': rebootReply,
  'GET /Orch/dssh/orderHistory': read('orderHistory'),
  'GET /Orch/dss/api/checkPaperCharge': read('checkPaperCharge'),
  'GET /Orch/dssh/bm/getRateIncreaseData': read('rateIncrease'),
  'POST /Orch/dssh/ecom/createJumpOutToken': (s, r) =>
    ok({
      data: {
        token: keepToken(s, 'JT', {
          kind: 'jump-out',
          accountIndex: s.accountIndex,
          attributes: attributesOf(r.body),
        }),
      },
    } satisfies JumpOutToken),
  // The payment site gets the session's newest payment token for that account (the token carries what the
  // site shows and pays); without one the stand-in says so.
  'GET /Orch/dssh/redirectEntry/jumpOutPayBill': (s, r) => {
    const accountNumber = r.query.get('accountNumber') ?? '';
    const payment = paymentTokenFor(s, accountNumber);
    const q = new URLSearchParams(payment ? { token: payment } : { accountNumber });
    return { status: 302, location: `/sandbox/jump/payBill?${q.toString()}` };
  },
  'GET /Orch/dssh/redirectEntry/jumpOutManageAutoPay': jump('manageAutoPay'),
  'GET /Orch/dssh/redirectEntry/jumpOutTechTracker': jump('techTracker', ['accountNumber']),
  'GET /Orch/dssh/redirectEntry/jumpOutVacationRestore': jump('vacationRestore', ['accountNumber']),
  'GET /Orch/dssh/redirectEntry/jumpOutMovers': jump('movers', ['discount']),
  'GET /Orch/dssh/redirectEntry/jumpOutChangeDueDate': jump('changeDueDate', ['accountNumber']),
  'GET /Orch/dssh/profile/declineAltTn': (s) => {
    // The back end remembers the answer on the account: the profile says so from now on, after a reload too.
    withProfile(s, (p) => {
      p.altTnDeclined = true;
    });
    return ok({ statusMessage: 'SUCCESS' } satisfies DeclineAltTn);
  },
  // The record itself is kept by the server's session store (bounded), which sees it before this answer.
  'POST /Orch/dssh/ui/sanitize': () => ok({ status: 'SUCCESS' }),
  'POST /Orch/dssh/services/myServices': read('myServices'),
  'GET /Orch/dssh/rx/getRepairTicketDetails': read('repairTickets'),
  'GET /Orch/dssh/offers/outOfServiceCredit': read('creditOffer'),
  'POST /Orch/dssh/offers/setAccptRejectMdmRplcmt': offerAnswer,
  'GET /Orch/dssh/offers/modemReplacement': read('modemReplacementOffer'),
  'GET /Orch/dssh/adapt/modemInfo': read('modemInfo'),
  'GET /Orch/dssh/adapt/getWifiInfo': read('wifiInfo'),
  'POST /Orch/dssh/bm/cancelOrder': cancelOrder,
  'GET /Orch/dssh/bm/validateEmail': validateEmail,
  'POST /Orch/dss/api/crisUpdatePaperless': paperless('cris'),
  'POST /Orch/dss/api/ensupdatepaperless': paperless('ens'),
  'POST /Orch/dssh/rx/rescheduleAppointmentDetails': read('rescheduleAppointment'),
  'POST /Orch/dssh/rx/updateTicket': updateTicket,
  'GET /Orch/dssh/pbs/prepaid/paymentHistory': read('prepaidPaymentHistory'),
  'POST /Orch/dssh/aos/getInvoiceHistory': read('invoiceHistory'),
  'GET /Orch/dssh/pbs/brim/getPrepaidInvoiceHistory': read('prepaidInvoiceHistory'),
  'POST /Orch/dssh/aos/brim/invoiceDetails': invoiceDetails,
  'GET /Orch/dssh/postpaid/getBillDates': read('billDates'),
  [`GET ${billPdfPath}`]: (s, r) => {
    const b = bodies(s, r);
    const profile = typeof b.homeEarlyInit.response === 'object' ? b.homeEarlyInit.response : null;
    return billPdfReply({ ...b, profile }, r.query);
  },
  'POST /Orch/dssh/postpaid/cancelPayment': cancelPayment,
  'POST /Orch/dssh/adapt/resetCredentials': resetCredentials,
  'POST /Orch/dssh/acs/updateCredentials': updateCredentials,
  'POST /Orch/dssh/adapt/updateDevice': updateDevice,
  'GET /Orch/dssh/adapt/historicalSpeeds': read('historicalSpeeds'),
  'GET /Orch/dssh/ecom/getQfPurl': read('qfPurl'),
  'POST /Orch/dssh/pbs/paymentPlanToken': (s, r) =>
    ok({
      statusCode: 1,
      token: keepToken(s, 'PP', {
        kind: 'payment-plan',
        accountIndex: s.accountIndex,
        attributes: { accountNumber: str(r.body.accountNumber).slice(0, 64) },
      }),
    } satisfies PaymentPlanToken),
  'POST /Orch/dssh/techTracker': techTracker,
  'POST /Orch/dssh/rx/techTrackerForRepair': techTrackerForRepair,
};

/** Answers a signed-in Orch call, or 404 when the path is not an Orch call the spec names. */
export function handleOrch(session: SignedIn, request: OrchRequest): Reply {
  const handler = orchRoutes[`${request.method} ${request.path}`];
  if (!handler) {
    const other = Object.keys(orchRoutes).some((k) => k.endsWith(` ${request.path}`));
    return other
      ? { status: 405, json: { error: `${request.method} not allowed on ${request.path}` } }
      : { status: 404, json: { error: `No such call: ${request.path}` } };
  }
  return handler(session, request);
}
