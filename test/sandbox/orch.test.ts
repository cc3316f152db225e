import { describe, expect, it } from 'vitest';
import { handleOrch, orchRoutes, type OrchRequest, type Reply } from '../../sandbox/orch';
import { arrangePlanWithToken, isSignedIn, payWithToken } from '../../sandbox/session-view';
import { loadPersonas, schemaValidator } from '../../server/personas';
import { SessionStore } from '../../sandbox/session';

const today = new Date(2025, 2, 10, 12);
const personas = loadPersonas([], () => undefined);

function signedIn(id: string) {
  const persona = personas.find((p) => p.id === id);
  if (!persona) throw new Error(id);
  const session = new SessionStore().signIn(undefined, persona);
  if (!isSignedIn(session)) throw new Error('not signed in');
  return session;
}

function call(
  id: string | ReturnType<typeof signedIn>,
  route: string,
  body: Record<string, unknown> = {},
  query = '',
) {
  const [method = 'GET', path = ''] = route.split(' ');
  const session = typeof id === 'string' ? signedIn(id) : id;
  const request: OrchRequest = { method, path, query: new URLSearchParams(query), body, today };
  return handleOrch(session, request);
}

const json = (r: Reply): Record<string, unknown> => {
  if (!('json' in r)) throw new Error('not JSON');
  return r.json as Record<string, unknown>;
};

/** Which schema each Orch call answers with (docs/contracts.md). Jump-outs are 302s. */
const schemaOf: Record<string, string | null> = {
  'GET /Orch/checkHeader': 'check-header',
  'GET /Orch/dssh/homeEarlyInit': 'home-early-init',
  'GET /Orch/dssh/getProfileFromRequest': 'account-list',
  'GET /Orch/dssh/signIn': 'sign-in',
  'POST /Orch/dssh/setCurrentAccount': 'set-current-account',
  'GET /Orch/dh/adapt/token': 'adapt-token',
  'GET /Orch/dssh/rx/getOutageDetails': 'outage',
  'GET /Orch/dssh/aos/ppp/getWGStatus': 'wg-status',
  'POST /Orch/dssh/pbs/authorizePayment': 'authorize-payment',
  'POST /Orch/dssh/acs/deviceReboot': 'device-reboot',
  'GET /Orch/dssh/adapt/deviceReboot': 'device-reboot',
  'GET /Orch/dssh/orderHistory': 'order-history',
  'GET /Orch/dss/api/checkPaperCharge': 'check-paper-charge',
  'GET /Orch/dssh/bm/getRateIncreaseData': 'rate-increase',
  'POST /Orch/dssh/ecom/createJumpOutToken': 'jump-out-token',
  'GET /Orch/dssh/redirectEntry/jumpOutPayBill': null,
  'GET /Orch/dssh/redirectEntry/jumpOutManageAutoPay': null,
  'GET /Orch/dssh/redirectEntry/jumpOutTechTracker': null,
  'GET /Orch/dssh/redirectEntry/jumpOutVacationRestore': null,
  'GET /Orch/dssh/redirectEntry/jumpOutMovers': null,
  'GET /Orch/dssh/redirectEntry/jumpOutChangeDueDate': null,
  'GET /Orch/dssh/profile/declineAltTn': 'decline-alt-tn',
  'POST /Orch/dssh/ui/sanitize': 'sanitize',
  'POST /Orch/dssh/services/myServices': 'my-services',
  'GET /Orch/dssh/rx/getRepairTicketDetails': 'repair-tickets',
  'GET /Orch/dssh/offers/outOfServiceCredit': 'credit-offer',
  'POST /Orch/dssh/offers/setAccptRejectMdmRplcmt': 'offer-answer',
  'GET /Orch/dssh/offers/modemReplacement': 'modem-replacement-offer',
  'GET /Orch/dssh/adapt/modemInfo': 'modem-info',
  'GET /Orch/dssh/adapt/getWifiInfo': 'wifi-info',
  'POST /Orch/dssh/bm/cancelOrder': 'cancel-order',
  'GET /Orch/dssh/bm/validateEmail': 'validate-email',
  'POST /Orch/dss/api/crisUpdatePaperless': 'paperless-update',
  'POST /Orch/dss/api/ensupdatepaperless': 'paperless-update',
  'POST /Orch/dssh/rx/rescheduleAppointmentDetails': 'reschedule-appointment',
  'POST /Orch/dssh/rx/updateTicket': 'update-ticket',
  'GET /Orch/dssh/pbs/prepaid/paymentHistory': 'prepaid-payment-history',
  'POST /Orch/dssh/aos/getInvoiceHistory': 'invoice-history',
  'GET /Orch/dssh/pbs/brim/getPrepaidInvoiceHistory': 'prepaid-invoice-history',
  'POST /Orch/dssh/aos/brim/invoiceDetails': 'invoice-details',
  'GET /Orch/dssh/postpaid/getBillDates': 'bill-dates',
  // Not JSON: the bill as a PDF (its query's schema is bill-pdf-request; test/sandbox/bill-pdf.test.ts).
  'GET /Orch/dssh/postpaid/getBillPdf': 'application/pdf',
  'POST /Orch/dssh/postpaid/cancelPayment': 'cancel-payment',
  'POST /Orch/dssh/adapt/resetCredentials': 'reset-credentials',
  'POST /Orch/dssh/acs/updateCredentials': 'update-credentials',
  'POST /Orch/dssh/adapt/updateDevice': 'update-device',
  'GET /Orch/dssh/adapt/historicalSpeeds': 'historical-speeds',
  'GET /Orch/dssh/ecom/getQfPurl': 'qf-purl',
  'POST /Orch/dssh/pbs/paymentPlanToken': 'payment-plan-token',
  'POST /Orch/dssh/techTracker': 'tech-tracker',
  'POST /Orch/dssh/rx/techTrackerForRepair': 'tech-tracker',
};

/** The newest bill of the persona's bill dates as a PDF; a persona with no bill dates gets a 404. */
async function expectBillPdf(id: string, route: string): Promise<void> {
  const s = signedIn(id);
  const dates = json(call(s, 'GET /Orch/dssh/postpaid/getBillDates')) as { details: { billDate: string }[] };
  const account = s.persona.accounts[s.accountIndex]?.accountNumber ?? '';
  const billDate = dates.details[0]?.billDate;
  const reply = call(
    s,
    route,
    {},
    new URLSearchParams({ acctNo: account, billDate: billDate ?? '2000-01-01' }).toString(),
  );
  if (!billDate) {
    expect(reply.status).toBe(404);
    return;
  }
  if (!('stream' in reply)) throw new Error(`no PDF for ${id}: ${JSON.stringify(reply)}`);
  expect([reply.status, reply.type]).toEqual([200, 'application/pdf']);
  const chunks: Buffer[] = [];
  for await (const chunk of reply.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('every Orch call answers in its contract', () => {
  it('names a schema for every route', () => {
    expect(Object.keys(orchRoutes).sort()).toEqual(Object.keys(schemaOf).sort());
  });

  it.each(Object.entries(schemaOf))('%s', async (route, schema) => {
    const { ajv } = schemaValidator();
    for (const id of ['postpaid', 'early-life-tech-install', 'repair-tickets', 'credit-offer']) {
      if (schema === 'application/pdf') {
        await expectBillPdf(id, route);
        continue;
      }
      const reply = call(id, route);
      if (schema === null) {
        expect(reply.status).toBe(302);
        continue;
      }
      expect(reply.status).toBe(200);
      const body = 'json' in reply ? reply.json : 'text' in reply ? reply.text : undefined;
      const validate = ajv.getSchema(`${schema}.schema.json`)!;
      expect(validate(body) ? null : validate.errors).toBeNull();
    }
  });
});

describe('state-changing calls change the session copy', () => {
  it('cancelling the pending order answers reasonCode 200 and moves it to the cancelled orders', () => {
    const s = signedIn('early-life-tech-install');
    const reply = json(
      call(s, 'POST /Orch/dssh/bm/cancelOrder', { ban: '501400221', siteOrderNumber: 'N80040001' }),
    );
    expect(reply).toEqual({ data: { reasonCode: '200', message: 'Order cancelled' } });
    const history = json(call(s, 'GET /Orch/dssh/orderHistory')) as {
      orderTrackerResponse: { inflightOrders: unknown[]; cancelledOrders: { orderStatus: string }[] };
    };
    expect(history.orderTrackerResponse.inflightOrders).toHaveLength(0);
    expect(history.orderTrackerResponse.cancelledOrders[0]?.orderStatus).toBe('CANCELLED');
    const again = json(call(s, 'POST /Orch/dssh/bm/cancelOrder', { siteOrderNumber: 'N0' }));
    expect(again).toEqual({ data: { reasonCode: '404', message: 'Order not found' } });
  });

  it('accepting the out-of-service credit records Accepted and the offer is no longer available', () => {
    const s = signedIn('credit-offer');
    const reply = json(
      call(s, 'POST /Orch/dssh/offers/setAccptRejectMdmRplcmt', {
        offerName: 'OutOfServiceCredit',
        answer: 'accepted',
      }),
    );
    expect(reply).toEqual({ response: { status: 'OK', message: 'Offer accepted', offerStatus: 'Accepted' } });
    expect(json(call(s, 'GET /Orch/dssh/offers/outOfServiceCredit'))).toMatchObject({
      message: 'Offer accepted',
    });
  });

  it('paying clears the walled-garden flags', () => {
    const s = signedIn('walled-garden-soft');
    json(
      call(s, 'POST /Orch/dssh/pbs/authorizePayment', { accountNumber: 'PPB20030011', paymentAmount: 55 }),
    );
    expect(json(call(s, 'GET /Orch/dssh/aos/ppp/getWGStatus'))).toEqual({
      status: true,
      response: { isSoftWG: false, wgstatus: 'NONE' },
    });
  });
});

describe('tokens handed out are kept for the stand-in sites, in this session', () => {
  it('the payment jump-out token is kept with its attributes; jumpOutPayBill hands it to the payment site, whose Pay pays the balance in this session', () => {
    const s = signedIn('late-payment');
    const attribList = [
      { name: 'biller', value: 'ENSEMBLE' },
      { name: 'accountNumber', value: '310555656' },
      { name: 'adjustedAmount', value: '120.50' },
    ];
    const { data } = json(call(s, 'POST /Orch/dssh/ecom/createJumpOutToken', { list: { attribList } })) as {
      data: { token: string };
    };
    expect(s.jumpTokens.get(data.token)).toEqual({
      kind: 'jump-out',
      accountIndex: 0,
      attributes: { biller: 'ENSEMBLE', accountNumber: '310555656', adjustedAmount: '120.50' },
    });
    expect(call(s, 'GET /Orch/dssh/redirectEntry/jumpOutPayBill', {}, 'accountNumber=310555656')).toEqual({
      status: 302,
      location: `/sandbox/jump/payBill?token=${data.token}`,
    });
    // Another account's payment has no token here.
    expect(call(s, 'GET /Orch/dssh/redirectEntry/jumpOutPayBill', {}, 'accountNumber=1')).toEqual({
      status: 302,
      location: '/sandbox/jump/payBill?accountNumber=1',
    });

    expect(payWithToken(s, 'JT-unknown', today)).toBeNull();
    expect(payWithToken(s, data.token, today)).toMatchObject({ amount: 120.5, accountNumber: '310555656' });
    const profile = (json(call(s, 'GET /Orch/dssh/homeEarlyInit')) as { response: Record<string, unknown> })
      .response;
    expect(profile.currentAmountDue).toBe(0);
    // Another session of the persona still owes it.
    const other = (
      json(call('late-payment', 'GET /Orch/dssh/homeEarlyInit')) as { response: Record<string, unknown> }
    ).response;
    expect(other.currentAmountDue).toBe(120.5);
  });

  it('a token without the payment attributes (the shop jump-out) is not a payment', () => {
    const s = signedIn('postpaid');
    const { data } = json(
      call(s, 'POST /Orch/dssh/ecom/createJumpOutToken', {
        list: { attribList: [{ name: 'profileId', value: 'alex.postpaid' }] },
      }),
    ) as { data: { token: string } };
    expect(payWithToken(s, data.token, today)).toBeNull();
  });

  it('the payment-plan token is kept; the payment-plan site sets up an arrangement for this session', () => {
    const s = signedIn('late-payment');
    const { token } = json(
      call(s, 'POST /Orch/dssh/pbs/paymentPlanToken', { accountNumber: '310555656' }),
    ) as {
      token: string;
    };
    expect(arrangePlanWithToken(s, 'PP-unknown')).toBeNull();
    expect(arrangePlanWithToken(s, token)).toEqual({ accountNumber: '310555656' });
    const profile = (json(call(s, 'GET /Orch/dssh/homeEarlyInit')) as { response: Record<string, unknown> })
      .response;
    expect(profile.hasPaymentArrangement).toBe(true);
  });

  it('a session keeps its 20 newest tokens', () => {
    const s = signedIn('postpaid');
    for (let i = 0; i < 25; i++)
      call(s, 'POST /Orch/dssh/pbs/paymentPlanToken', { accountNumber: '310245781' });
    expect(s.jumpTokens.size).toBe(20);
  });
});

describe('other state-changing calls', () => {
  it('a retry declined again answers a non-zero status', () => {
    const reply = json(call('prepaid-suspended-failed-payment', 'POST /Orch/dssh/pbs/authorizePayment'));
    expect(reply).toMatchObject({ statusInfo: { status: '1' } });
  });

  it('cancelling a repair appointment marks the ticket CAN; rescheduling moves it to the chosen slot', () => {
    const s = signedIn('repair-tickets');
    const cancel = json(
      call(s, 'POST /Orch/dssh/rx/updateTicket', { action: 'Cancel', nativeTroubleTicketNumber: 'TR-55001' }),
    );
    expect(cancel).toMatchObject({ updateTicketResponse: { apiResponse: { type: 'success' } } });
    const moved = json(
      call(s, 'POST /Orch/dssh/rx/updateTicket', {
        action: 'Reschedule',
        nativeTroubleTicketNumber: 'TR-55002',
        selectedAppointmentId: 'APT-3',
      }),
    );
    expect(moved).toMatchObject({ updateTicketResponse: { apiResponse: { message: 'SUCCESS' } } });
    const tickets = json(call(s, 'GET /Orch/dssh/rx/getRepairTicketDetails')) as {
      troubleReports: { troubleReportStatus: string; commitmentDateTime: string }[];
    };
    expect(tickets.troubleReports[0]?.troubleReportStatus).toBe('CAN');
    expect(tickets.troubleReports[1]?.commitmentDateTime).toBe('2025-03-12T12:00:00');
  });

  it('wifi edit: a short password fails with a message (adapt status 0), a good one updates the network', () => {
    const s = signedIn('postpaid');
    const bad = json(
      call(s, 'POST /Orch/dssh/adapt/resetCredentials', {
        operationParams: { SSIDName: 'x', WirelessKey: '1' },
      }),
    );
    expect(bad.status).toBe('0');
    const good = json(
      call(s, 'POST /Orch/dssh/adapt/resetCredentials', {
        operationParams: { SSIDName: 'NewNet', WirelessKey: 'long-enough' },
      }),
    );
    expect(good.status).not.toBe('0');
    expect(json(call(s, 'GET /Orch/dssh/adapt/getWifiInfo'))).toMatchObject({ SSIDName: 'NewNet' });
  });

  it('validateEmail answers ERROR for a malformed address or one containing "invalid"', () => {
    const get = (q: string) => json(call('postpaid', 'GET /Orch/dssh/bm/validateEmail', {}, q));
    expect(get('emailAddress=a@b.example')).toEqual({ status: 'SUCCESS' });
    expect(get('emailAddress=invalid@b.example')).toEqual({ status: 'ERROR' });
    expect(get('emailAddress=nope')).toEqual({ status: 'ERROR' });
  });

  it('answers 404 for an unknown call and 405 for a wrong method', () => {
    expect(call('postpaid', 'GET /Orch/dssh/nothing').status).toBe(404);
    expect(call('postpaid', 'POST /Orch/dssh/homeEarlyInit').status).toBe(405);
  });
});
