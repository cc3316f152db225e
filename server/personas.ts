/**
 * Persona fixtures of the sandbox: loading (validated with ajv against schemas/persona.schema.json, which
 * references every API schema), relative dates, and the exact bodies the sandbox serves for an account.
 *
 * Pure apart from reading files: no node:http here, so the rules tools (preview, golden tests) can import it
 * and render every persona's screen from the same data the sandbox serves.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import Ajv from 'ajv';
import { validatePersona } from '../src/generated/validators/persona.js';
import type { ValidationError } from '../src/generated/validators';
import type {
  AccountList,
  AuthorizePayment,
  BillDates,
  CheckHeader,
  CheckPaperCharge,
  CreditOffer,
  HistoricalSpeeds,
  HomeEarlyInit,
  InvoiceHistory,
  IsAuth,
  ModemInfo,
  ModemReplacementOffer,
  MyServices,
  OrderHistory,
  Outage,
  PrepaidInvoiceHistory,
  PrepaidPaymentHistory,
  Profile,
  QfPurl,
  RateIncrease,
  RepairTickets,
  RescheduleAppointment,
  ResetCredentials,
  SignIn,
  UpdateCredentials,
  WgStatus,
  WifiInfo,
} from '../src/generated/types';
import { folders } from './paths';

/** Directory of the built-in personas (sandbox/personas). */
export const builtInPersonasDir = folders.personas;
const schemasDir = folders.schemas;

/** Per-call bodies a persona account may carry; a missing one means the sandbox's plain default. */
export interface PersonaAccount {
  pid: string;
  accountNumber: string;
  homeEarlyInit: HomeEarlyInit;
  outage?: Outage;
  wgStatus?: WgStatus;
  myServices?: MyServices;
  repairTickets?: RepairTickets;
  orderHistory?: OrderHistory;
  creditOffer?: CreditOffer;
  modemReplacementOffer?: ModemReplacementOffer;
  modemInfo?: ModemInfo;
  wifiInfo?: WifiInfo;
  rateIncrease?: RateIncrease;
  checkPaperCharge?: CheckPaperCharge;
  historicalSpeeds?: HistoricalSpeeds;
  prepaidPaymentHistory?: PrepaidPaymentHistory;
  prepaidInvoiceHistory?: PrepaidInvoiceHistory;
  invoiceHistory?: InvoiceHistory;
  billDates?: BillDates;
  qfPurl?: QfPurl;
  rescheduleAppointment?: RescheduleAppointment;
  authorizePayment?: AuthorizePayment;
  /** The answer to every wifi change by resetCredentials (a refusal with its message, for QA). */
  resetCredentials?: ResetCredentials;
  /** The answer to every wifi change by updateCredentials. */
  updateCredentials?: UpdateCredentials;
}

/** A persona file (schemas/persona.schema.json). */
export interface Persona {
  $schema?: string;
  id: string;
  description: string;
  login: string;
  smsCommunication?: boolean;
  accountList?: AccountList;
  accounts: PersonaAccount[];
}

/** What personaResponses returns: one body per read call, keyed by schema name. */
export interface PersonaResponses {
  isAuth: IsAuth;
  checkHeader: CheckHeader;
  homeEarlyInit: HomeEarlyInit;
  accountList: AccountList;
  signIn: SignIn;
  outage: Outage;
  wgStatus: WgStatus;
  myServices: MyServices;
  repairTickets: RepairTickets;
  orderHistory: OrderHistory;
  creditOffer: CreditOffer;
  modemReplacementOffer: ModemReplacementOffer;
  modemInfo: ModemInfo;
  wifiInfo: WifiInfo;
  rateIncrease: RateIncrease;
  checkPaperCharge: CheckPaperCharge;
  historicalSpeeds: HistoricalSpeeds;
  prepaidPaymentHistory: PrepaidPaymentHistory;
  prepaidInvoiceHistory: PrepaidInvoiceHistory;
  invoiceHistory: InvoiceHistory;
  billDates: BillDates;
  qfPurl: QfPurl;
  rescheduleAppointment: RescheduleAppointment;
}

export interface PersonaProblem {
  file: string;
  message: string;
}

// ---------------------------------------------------------------- validation

let ajvCache: { ajv: Ajv } | undefined;

/**
 * One ajv instance holding every API schema, compiled on demand (the tests check served bodies with it).
 * Personas are checked with the validator compiled by `npm run generate` (validatePersona): compiling the
 * persona schema here cost each server about 3 s of CPU as it started.
 */
export function schemaValidator(): { ajv: Ajv } {
  if (ajvCache) return ajvCache;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const apiDir = join(schemasDir, 'api');
  for (const f of readdirSync(apiDir).filter((n) => n.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(join(apiDir, f), 'utf8')) as object);
  }
  ajvCache = { ajv };
  return ajvCache;
}

function describeErrors(v: { errors?: ValidationError[] | null }): string {
  return (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
    .join('; ');
}

/** Validates one parsed persona file; returns the problem text or null. */
export function personaProblem(data: unknown, fileName: string): string | null {
  if (!validatePersona(data)) return describeErrors(validatePersona);
  const id = (data as Persona).id;
  if (basename(fileName, '.json') !== id) return `id '${id}' does not match the file name`;
  const pids = (data as Persona).accounts.map((a) => a.pid);
  if (new Set(pids).size !== pids.length) return 'two accounts share a pid';
  return null;
}

/**
 * Loads the built-in personas and those of `dirs` (in that order; a later file with the same id replaces
 * an earlier one, so a QA folder can override a built-in persona). An invalid file is reported through
 * `onProblem` (default: console.warn) with its name and skipped, never fatal.
 */
export function loadPersonas(
  dirs: readonly string[] = [],
  onProblem: (p: PersonaProblem) => void = (p) => console.warn(`persona ${p.file} skipped: ${p.message}`),
): Persona[] {
  const byId = new Map<string, Persona>();
  for (const dir of [builtInPersonasDir, ...dirs]) {
    if (!existsSync(dir)) {
      onProblem({ file: dir, message: 'directory not found' });
      continue;
    }
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = join(dir, name);
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, 'utf8'));
      } catch (e) {
        onProblem({ file, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` });
        continue;
      }
      const problem = personaProblem(data, name);
      if (problem) onProblem({ file, message: problem });
      else byId.set((data as Persona).id, data as Persona);
    }
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------- relative dates

/** `@today`, `@today+N`, `@today-N`, optionally `THH:mm` or `THH:mm:ss`. */
export const RELATIVE_DATE = /^@today(?:([+-])(\d{1,5}))?(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `@now+Nh`, `@now-Nh`: a local timestamp N hours from the moment served (an appointment later today). */
export const RELATIVE_TIME = /^@now([+-])(\d{1,3})h$/;

const pad = (n: number): string => String(n).padStart(2, '0');

/** Local calendar date as YYYY-MM-DD (the portal compares calendar days, not instants). */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local date and time as YYYY-MM-DDTHH:mm:ss (what the sandbox says its clock is, /sandbox/session). */
export function isoDateTime(d: Date): string {
  return `${isoDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * SANDBOX_TODAY: `YYYY-MM-DD` pins the day (at noon, so a time-zone difference never moves it);
 * `YYYY-MM-DDTHH:mm[:ss]` pins the moment as well (a replayed session's clock, so `@now+Nh` times come out as
 * they were captured). Local time. Anything else: null.
 */
export function parseSandboxToday(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, hh, mm, ss] = m;
  const at = new Date(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(hh ?? 12),
    Number(mm ?? 0),
    Number(ss ?? 0),
  );
  return isoDate(at) === `${y}-${mo}-${d}` ? at : null;
}

/** Resolves one token against `today`; any other string comes back unchanged. */
export function resolveDateToken(value: string, today: Date): string {
  const hours = RELATIVE_TIME.exec(value);
  if (hours) {
    const at = new Date(today.getTime() + Number(hours[2]) * (hours[1] === '-' ? -1 : 1) * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${isoDate(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
  }
  const m = RELATIVE_DATE.exec(value);
  if (!m) return value;
  const [, sign, days, hh, mm, ss] = m;
  const offset = days === undefined ? 0 : Number(days) * (sign === '-' ? -1 : 1);
  // Built from calendar parts so a daylight-saving change never shifts the day.
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  const date = isoDate(day);
  return hh === undefined ? date : `${date}T${hh}:${mm}:${ss ?? '00'}`;
}

/** Deep copy with every relative-date token resolved. */
export function resolveDates<T>(value: T, today: Date): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return resolveDateToken(v, today);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}

// ---------------------------------------------------------------- bodies

/** The Profile inside the account's early-init envelope, when there is one. */
export function profileOf(account: PersonaAccount): Profile | undefined {
  const r = account.homeEarlyInit.response;
  return typeof r === 'object' ? r : undefined;
}

export function accountListOf(persona: Persona, accountIndex: number): AccountList {
  if (persona.accountList) return persona.accountList;
  return {
    statusCode: 200,
    accountNumbers: persona.accounts.map((a) => ({ accountNumber: a.accountNumber, pid: a.pid })),
    currentlyManagingPId: persona.accounts[accountIndex]?.pid ?? '',
  };
}

export function signInOf(persona: Persona, accountIndex: number): SignIn {
  const account = persona.accounts[accountIndex];
  const profile = account ? profileOf(account) : undefined;
  const list = accountListOf(persona, accountIndex);
  return {
    authenticated: true,
    currentlyManagingAccountId: account?.accountNumber ?? '',
    currentlyManagingPId: account?.pid ?? '',
    accountNumbers: list.accountNumbers,
    userName: persona.login,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    intent: '',
    territory: profile?.territory ?? '',
    errorMessage: '',
  };
}

function defaultServices(profile: Profile | undefined): MyServices {
  if (profile?.c2e === true) {
    return {
      statusInfo: { status: 'SUCCESS' },
      dioProductEligibility: {
        hasHsi: true,
        hsiAvailable: true,
        ownedHsiSpeedInKbps: 200000,
        availableHsiSpeedInKbps: 200000,
        ecFlowsAvailable: [],
        valueAddedServices: [],
        specialConsiderations: [],
        hasPendingOrder: false,
        ponrStatus: false,
      },
      specialConsiderations: [],
    };
  }
  return {
    statusInfo: { status: 'SUCCESS' },
    servicesAndOffersResponse: {
      internet: { isOwned: 'true', downloadSpeed: '100 Mbps' },
      phone: { isOwned: 'false' },
    },
    specialConsiderations: [],
  };
}

/** Repair slots: three days from tomorrow, as tokens so they resolve like persona data. */
const defaultSlots: RescheduleAppointment = {
  statusInfo: { status: 'SUCCESS' },
  apiResponse: { code: 0, message: 'SUCCESS' },
  appointmentResult: [
    {
      appointmentID: 'APT-1',
      appointmentDetail: { startTime: '@today+1T08:00:00', endTime: '@today+1T12:00:00' },
    },
    {
      appointmentID: 'APT-2',
      appointmentDetail: { startTime: '@today+1T13:00:00', endTime: '@today+1T17:00:00' },
    },
    {
      appointmentID: 'APT-3',
      appointmentDetail: { startTime: '@today+2T08:00:00', endTime: '@today+2T12:00:00' },
    },
    {
      appointmentID: 'APT-4',
      appointmentDetail: { startTime: '@today+3T13:00:00', endTime: '@today+3T17:00:00' },
    },
  ],
  customerProductId: 'CP-1001',
  rxSessionIdentifier: 'RX-SESSION-1',
};

/** Payment answer when the persona sets none: success. */
export const defaultAuthorizePayment: AuthorizePayment = {
  statusInfo: { status: '0' },
  authorizePaymentResponse: {
    status: 0,
    paymentRecord: { paymentId: 'PAY-100001', confirmationNumber: 'CNF-100001' },
  },
  responseInfo: {
    responseInfo: { paymentRecord: { paymentId: 'PAY-100001', confirmationNumber: 'CNF-100001' } },
  },
};

/**
 * The exact JSON bodies the sandbox serves for the read calls of one account of `persona`
 * (default: its first account), relative dates resolved against `today`.
 */
export function personaResponses(
  persona: Persona,
  { today, accountIndex = 0 }: { today: Date; accountIndex?: number },
): PersonaResponses {
  const account = persona.accounts[accountIndex];
  if (!account) throw new RangeError(`persona ${persona.id} has no account ${accountIndex}`);
  const profile = profileOf(account);
  const raw: PersonaResponses = {
    isAuth: { authenticated: true },
    checkHeader: { data: persona.login },
    homeEarlyInit: account.homeEarlyInit,
    accountList: accountListOf(persona, accountIndex),
    signIn: signInOf(persona, accountIndex),
    outage: account.outage ?? { currentOutage: false, outageHangover: false, rebootModem: false },
    wgStatus: account.wgStatus ?? { status: true, response: { isSoftWG: false, wgstatus: 'NONE' } },
    myServices: account.myServices ?? defaultServices(profile),
    repairTickets: account.repairTickets ?? {
      statusInfo: { status: 'SUCCESS' },
      wtn: profile?.wtn ?? '',
      troubleReports: [],
    },
    orderHistory: account.orderHistory ?? {
      statusInfo: { status: 'SUCCESS' },
      orderTrackerResponse: { inflightOrders: [], completedOrders: [], cancelledOrders: [] },
    },
    creditOffer: account.creditOffer ?? {
      status: 200,
      message: 'No offer',
      offerName: 'OutOfServiceCredit',
      offerStatus: 'INELIGIBLE',
      value: 0,
    },
    modemReplacementOffer: account.modemReplacementOffer ?? { eligible: false },
    modemInfo: account.modemInfo ?? {
      isConnected: true,
      modemInfo: [{ hasAssia: true, byom: false, thirdPartyModem: false, deviceList: [] }],
    },
    wifiInfo: account.wifiInfo ?? {
      SSIDName: 'HomeWiFi',
      WirelessKey: 'change-me-please',
      totalActiveDevices: 0,
      wifiList: [],
    },
    rateIncrease: account.rateIncrease ?? { statusInfo: { status: 'SUCCESS' }, rateChangeNotification: [] },
    checkPaperCharge: account.checkPaperCharge ?? { paperBillChargeApplies: false },
    historicalSpeeds: account.historicalSpeeds ?? {
      statusInfo: { status: 'SUCCESS' },
      sevenDaysHistoricalSpeed: [],
    },
    prepaidPaymentHistory: account.prepaidPaymentHistory ?? { status: 'SUCCESS', invoice: [] },
    prepaidInvoiceHistory: account.prepaidInvoiceHistory ?? { status: 'SUCCESS', invoices: [] },
    invoiceHistory: account.invoiceHistory ?? { status: 'SUCCESS', invoice: [] },
    billDates: account.billDates ?? { errorNo: 0, details: [] },
    qfPurl: account.qfPurl ?? {
      statusInfo: { status: 'SUCCESS' },
      purl: 'https://fiber.provider.example/shop',
    },
    rescheduleAppointment: account.rescheduleAppointment ?? defaultSlots,
  };
  // Each call serves one body or two of these: each is resolved when it is read, not the whole account's
  // every time (that walk was a quarter of the sandbox's CPU per home). Each call still gives fresh trees.
  const lazy = {} as PersonaResponses;
  for (const key of Object.keys(raw) as Array<keyof PersonaResponses>) {
    let resolved: PersonaResponses[typeof key] | undefined;
    Object.defineProperty(lazy, key, {
      enumerable: true,
      get: () => (resolved ??= resolveDates(raw[key], today)),
    });
  }
  return lazy;
}
