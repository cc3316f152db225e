import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApplicationKey } from '../../src/api/application-key';
import { createClient, type ApiClient, type FetchLike, type Result } from '../../src/api/client';
import { config } from '../../src/config';
import * as api from '../../src/api';
import { startPortal, type RunningPortal } from '../support/portal';

// The calls go through the portal's upstream proxy to the sandbox, as a browser's do.
let running: RunningPortal;
let base: string;

beforeAll(async () => {
  running = await startPortal({
    distDir: '/nonexistent',
    sandbox: { today: () => new Date(2025, 2, 10, 12) },
  });
  base = running.base;
});
afterAll(() => running.close());

/** A client whose fetch keeps the sandbox session cookie, as a browser would. */
async function signedInClient(persona: string): Promise<ApiClient> {
  const res = await fetch(`${base}/sandbox/signin?persona=${persona}`, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const fetchWithCookie: FetchLike = (url, init) =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  return createClient({ fetch: fetchWithCookie, baseUrl: base });
}

const expectOk = <T>(name: string, r: Result<T>): T => {
  expect(r.ok ? null : { name, r }).toBeNull();
  if (!r.ok) throw new Error(r.message);
  return r.data;
};

describe('every call module speaks the sandbox contract', () => {
  it('signed-in calls answer valid data (postpaid, repair tickets, early life)', async () => {
    const c = await signedInClient('repair-tickets');
    const t = { wtn: '3035550100', sourceSystem: 'ADAPT', token: 'AT-1' };
    const results: [string, Result<unknown>][] = [
      ['isAuth', await api.getIsAuth(c)],
      ['checkHeader', await api.getCheckHeader(c)],
      ['homeEarlyInit', await api.getHomeEarlyInit(c)],
      ['accountList', await api.getAccountList(c)],
      ['signIn', await api.getSignIn(c)],
      ['adaptToken', await api.getAdaptToken(c)],
      ['outage', await api.getOutage(c, { accountNumber: '310555767', identifierType: 'BAN', wtn: t.wtn })],
      ['wgStatus', await api.getWgStatus(c, { baid: '310555767' })],
      ['orderHistory', await api.getOrderHistory(c, { accountNumber: '310555767' })],
      ['paperCharge', await api.getCheckPaperCharge(c, { ban: '310555767' })],
      ['rateIncrease', await api.getRateIncrease(c, { accountNumber: '310555767' })],
      [
        'jumpOutToken',
        await api.createJumpOutToken(c, { attribList: [{ name: 'profileId', value: 'rae.repair' }] }),
      ],
      ['declineAltTn', await api.declineAltTn(c, { accountNumber: '310555767' })],
      [
        'sanitize',
        await api.postSanitize(
          c,
          { accountNumber: '', emailAddress: '', page: 'home', operation: 'x', message: 'y', level: 'error' },
          true,
        ),
      ],
      [
        'myServices',
        await api.getMyServices(c, {
          accountNumber: '310555767',
          blueMarbleIndicator: false,
          username: 'rae.repair',
        }),
      ],
      [
        'repairTickets',
        await api.getRepairTickets(c, { sourceAppId: 'DIGIHOME', accountNumber: '310555767' }),
      ],
      ['creditOffer', await api.getCreditOffer(c, { accountNumber: '310555767' })],
      [
        'offerAnswer',
        await api.answerOffer(c, {
          accountNumber: '310555767',
          offerName: 'ModemReplacement',
          answer: 'declined',
        }),
      ],
      ['modemReplacementOffer', await api.getModemReplacementOffer(c, { accountNumber: '310555767' })],
      ['modemInfo', await api.getModemInfo(c, t)],
      ['wifiInfo', await api.getWifiInfo(c, t)],
      ['rebootAcs', await api.rebootDevice(c, { wtn: t.wtn })],
      ['rebootAdapt', await api.rebootDeviceAdapt(c, { ...t, serialNumber: 'GW1' })],
      ['cancelOrder', await api.cancelOrder(c, { ban: '310555767', siteOrderNumber: 'N0' })],
      ['validateEmail', await api.validateEmail(c, { emailAddress: 'rae@mail.example' })],
      [
        'paperlessCris',
        await api.updatePaperlessCris(c, {
          accountNumber: '3035551234567',
          paperlessBillingInd: false,
          updatedEmailAddress: '',
        }),
      ],
      [
        'paperlessEns',
        await api.updatePaperlessEns(c, {
          ban: '310555767',
          paperlessBilling: 'Y',
          email: 'rae@mail.example',
        }),
      ],
      [
        'slots',
        await api.getAppointmentSlots(c, {
          ticketNum: 'TR-55002',
          wtn: t.wtn,
          productName: 'VOICE',
          sourceSystem: 'RX',
        }),
      ],
      [
        'updateTicket',
        await api.updateTicket(c, {
          action: 'Reschedule',
          nativeTroubleTicketNumber: 'TR-55002',
          wtn: t.wtn,
          sourceSystem: 'RX',
          ticketNumber: 'TR-55002',
          selectedAppointmentId: 'APT-2',
        }),
      ],
      ['prepaidPaymentHistory', await api.getPrepaidPaymentHistory(c, { accountNumber: 'PPB1' })],
      ['invoiceHistory', await api.getInvoiceHistory(c, { searchCriteriaValue: '310555767' })],
      ['prepaidInvoiceHistory', await api.getPrepaidInvoiceHistory(c, { accountNumber: 'PPB1' })],
      [
        'invoiceDetails',
        await api.getInvoiceDetails(c, {
          invoiceNumber: 'INV-100245',
          billingAccountNumber: '310555767',
          sourceSystem: 'ENS',
        }),
      ],
      ['billDates', await api.getBillDates(c, { acctNo: '310555767' })],
      [
        'cancelPayment',
        await api.cancelPayment(c, {
          accountNumber: '310555767',
          paymentId: 'P',
          userId: 'u',
          sourceSystem: 'ENS',
        }),
      ],
      [
        'resetCredentials',
        await api.resetCredentials(c, {
          wtn: t.wtn,
          ssid: '1',
          sourceSystem: 'ADAPT',
          secureToken: 'x',
          securityProvider: 'ADAPT',
          operationParams: { WirelessKey: 'long-enough-key', SSIDName: 'Net' },
        }),
      ],
      [
        'updateCredentials',
        await api.updateCredentials(c, {
          wtn: t.wtn,
          uniqueId: 'u',
          ssidParams: [
            { ssid: '1', ssidName: 'Net', wirelessKey: 'long-enough-key', encryptionType: 'WPA2-Personal' },
          ],
        }),
      ],
      ['updateDevice', await api.updateDevice(c, { wtn: t.wtn, deviceId: 'dev-1', deviceName: 'TV' })],
      ['historicalSpeeds', await api.getHistoricalSpeeds(c, t)],
      ['qfPurl', await api.getQfPurl(c, { accountNumber: '310555767' })],
      ['paymentPlanToken', await api.getPaymentPlanToken(c, { accountNumber: '310555767' })],
      [
        'orderTechTracker',
        await api.getOrderTechTracker(c, {
          accountNumber: '310555767',
          orderStatus: 'PENDING',
          date: '2025-03-03',
        }),
      ],
      [
        'repairTechTracker',
        await api.getRepairTechTracker(c, { accountNumber: '310555767', ticketNumber: 'TR-55002' }),
      ],
      [
        'authorizePayment',
        await api.authorizePayment(c, {
          accountNumber: '310555767',
          paymentAmount: 75,
          emailAddress: 'rae@mail.example',
        }),
      ],
      ['setCurrentAccount', await api.setCurrentAccount(c, { loginName: 'rae.repair', pid: 'nope' })],
    ];
    for (const [name, r] of results) expectOk(name, r);
    const slots = expectOk('slots', results.find(([n]) => n === 'slots')![1]) as api.RescheduleAppointment;
    expect(api.slotsAvailable(slots)).toBe(true);
    const moved = expectOk(
      'updateTicket',
      results.find(([n]) => n === 'updateTicket')![1],
    ) as api.UpdateTicket;
    expect(api.rescheduleSucceeded(moved)).toBe(true);
  });

  it('the pre-auth calls answer valid data without a session, with the application key', async () => {
    const c = withApplicationKey(createClient({ fetch: (url, init) => fetch(url, init), baseUrl: base }), {
      keyUrl: config.preauth.applicationKeyUrl,
      header: config.preauth.applicationKeyHeader,
      now: Date.now,
    });
    const results: [string, Result<unknown>][] = [
      ['performSso', await api.performSso(c, { token: 'nope' })],
      ['forgotUsername', await api.getForgottenUserName(c, { email: 'alex.postpaid@mail.example' })],
      ['forgotPassword', await api.getForgottenPassword(c, { login: 'nobody' })],
      ['retrieveAccountNumber', await api.retrieveAccountNumber(c, { email: 'alex.postpaid@mail.example' })],
      ['retrieveAuthCode', await api.retrieveAuthCode(c, { accountNumber: '310245781' })],
      ['resetPasswordWithToken', await api.resetPasswordWithToken(c, { token: 'abc' })],
      [
        'checkEmail',
        await api.checkEmailForForgottenPassword(c, {
          login: 'alex.postpaid',
          emailAddress: 'alex.postpaid@mail.example',
        }),
      ],
      ['authCodeByEmail', await api.authCodeByEmail(c, { accountNumber: '310245781' })],
      ['createProfile', await api.createProfile(c, { profile: { login: 'x' } })],
      ['changePassword', await api.changePasswordWithToken(c, { token: 't', password: 'p' })],
      ['validateEmailUn', await api.validateEmailUn(c, { emailAddress: 'new@x.example' })],
      [
        'sanitize',
        await api.postSanitize(
          c,
          {
            accountNumber: '',
            emailAddress: '',
            page: 'login',
            operation: 'x',
            message: 'y',
            level: 'error',
          },
          false,
        ),
      ],
    ];
    for (const [name, r] of results) expectOk(name, r);
    const forgot = expectOk('forgotPassword', results[2]![1]) as api.ForgotPassword;
    expect(forgot.errorMessage).not.toBe('');
  });

  it('sandbox faults reach the client as typed failures', async () => {
    const c = await signedInClient('postpaid');
    await api.getHomeEarlyInit(c); // session exists
    const cookieClient = c;
    const set = async (mode: string) =>
      cookieClient.request({
        method: 'POST',
        path: '/sandbox/faults',
        body: { call: '/Orch/dssh/homeEarlyInit', mode },
        validate: Object.assign((d: unknown): d is unknown => d !== null, { errors: null }),
      });
    await set('500');
    expect(await api.getHomeEarlyInit(c)).toMatchObject({ ok: false, kind: 'http', status: 500 });
    await set('malformed');
    expect(await api.getHomeEarlyInit(c)).toMatchObject({ ok: false, kind: 'malformed' });
    await set('off');
    expect(await api.getHomeEarlyInit(c)).toMatchObject({ ok: true });
  });

  it('without the application key a pre-auth call is refused (401)', async () => {
    const c = createClient({ fetch: (url, init) => fetch(url, init), baseUrl: base });
    expect(await api.getForgottenPassword(c, { login: 'alex.postpaid' })).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('without a session an Orch call is unauthenticated', async () => {
    const c = createClient({ fetch: (url, init) => fetch(url, init), baseUrl: base });
    expect(await api.getHomeEarlyInit(c)).toMatchObject({ ok: false, kind: 'unauthenticated', status: 401 });
    expect(await api.getIsAuth(c)).toEqual({ ok: true, data: { authenticated: false } });
  });
});
