/**
 * The part of the configuration a server sets at run time, without a rebuild: the time-outs of calls and
 * flows (docs/decisions/036-runtime-config-and-test-time.md), and the addresses outside the portal that a
 * deployment provides (the customer sign-in, the QA session view, the payment-plan site, the application
 * key, the chat widget: config/portal.json's point at the sandbox's stand-ins). The bundled config/portal.json holds the
 * shipped values; a server writes the ones it overrides into every HTML page it serves as a JSON data block
 * (`<script type="application/json" id="portal-runtime">`: data, never run, so the strict CSP stays), and
 * src/config reads that block at start-up. The tests run the very build that ships with short time-outs.
 *
 * Browser-safe and tiny: it is part of the first load.
 */
import type { Config } from '../generated/types';

export type Timeouts = Config['timeouts'];

/** The id of the data block in the page. */
export const RUNTIME_CONFIG_ID = 'portal-runtime';

/**
 * Each time-out a server may set, and the environment variable it reads it from. The bounds are those of
 * schemas/config.schema.json (`timeouts`), which the server checks the values against.
 */
export const RUNTIME_TIMEOUTS = {
  callMs: 'CALL_TIMEOUT_MS',
  homeCompleteMs: 'HOME_COMPLETE_MS',
  chunkLoadMs: 'CHUNK_LOAD_MS',
} as const satisfies Record<keyof Timeouts, string>;

export type TimeoutName = keyof typeof RUNTIME_TIMEOUTS;

/** The addresses a deployment sets (server/config.ts reads each from its own variable). */
export const ADDRESS_NAMES = [
  'signInUrl',
  'qaSessionInfoUrl',
  'paymentPlanUrl',
  'applicationKeyUrl',
  'chatWidgetUrl',
] as const;

export type AddressName = (typeof ADDRESS_NAMES)[number];
export type Addresses = Record<AddressName, string>;

/** What a server may override; what it leaves out keeps the bundled value. */
export interface RuntimeConfig {
  timeouts?: Partial<Record<TimeoutName, number>>;
  addresses?: Partial<Addresses>;
}

/** The longest address a page takes from its server (a longer one keeps the bundled value). */
const MAX_ADDRESS_LENGTH = 2048;

/** An address the page can use: a path on this origin or an absolute http(s) URL, nothing else. */
function isAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ADDRESS_LENGTH) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return !/[\s\\]/.test(value);
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** The longest delay a browser timer takes (a longer one fires at once). */
export const MAX_TIMER_MS = 2_147_483_647;

const isTimeoutName = (key: string): key is TimeoutName => Object.hasOwn(RUNTIME_TIMEOUTS, key);

/**
 * The overrides of a parsed data block that can be used: known time-outs whose value is a whole number of
 * milliseconds a timer takes. The server has checked them against the schema already; here a block that
 * is not what this build expects (an older or newer server) falls back to the bundled value, key by key,
 * with a warning, instead of stopping the portal.
 */
export function runtimeOverrides(block: unknown, warn: (message: string) => void = () => {}): RuntimeConfig {
  if (typeof block !== 'object' || block === null) return {};
  const addresses = addressOverrides((block as { addresses?: unknown }).addresses, warn);
  const timeouts = timeoutOverrides((block as { timeouts?: unknown }).timeouts, warn);
  return { ...(timeouts ? { timeouts } : {}), ...(addresses ? { addresses } : {}) };
}

/** The usable addresses of a block; an unknown name or a value that is no address is warned about and left. */
function addressOverrides(
  addresses: unknown,
  warn: (message: string) => void,
): Partial<Addresses> | undefined {
  if (addresses === undefined) return undefined;
  if (typeof addresses !== 'object' || addresses === null) {
    warn(`${RUNTIME_CONFIG_ID}: addresses is not an object; the bundled addresses apply`);
    return undefined;
  }
  const chosen: Partial<Addresses> = {};
  for (const [key, value] of Object.entries(addresses)) {
    if (!(ADDRESS_NAMES as readonly string[]).includes(key))
      warn(`${RUNTIME_CONFIG_ID}: unknown address '${key}' ignored`);
    else if (isAddress(value)) chosen[key as AddressName] = value;
    else warn(`${RUNTIME_CONFIG_ID}: addresses.${key} is not an address; the bundled value applies`);
  }
  return chosen;
}

function timeoutOverrides(
  timeouts: unknown,
  warn: (message: string) => void,
): Partial<Record<TimeoutName, number>> | undefined {
  if (timeouts === undefined) return undefined;
  if (typeof timeouts !== 'object' || timeouts === null) {
    warn(`${RUNTIME_CONFIG_ID}: timeouts is not an object; the bundled time-outs apply`);
    return undefined;
  }
  const chosen: Partial<Record<TimeoutName, number>> = {};
  for (const [key, value] of Object.entries(timeouts)) {
    if (!isTimeoutName(key)) warn(`${RUNTIME_CONFIG_ID}: unknown time-out '${key}' ignored`);
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TIMER_MS)
      chosen[key] = value;
    else warn(`${RUNTIME_CONFIG_ID}: timeouts.${key} is not a time in ms; the bundled value applies`);
  }
  return chosen;
}

/** The page's runtime configuration, or nothing (no page, no block, a block that is not JSON). */
export function readRuntimeConfig(
  doc: Pick<Document, 'getElementById'> | undefined,
  warn: (message: string) => void = () => {},
): RuntimeConfig {
  const text = doc?.getElementById(RUNTIME_CONFIG_ID)?.textContent;
  if (!text) return {};
  try {
    return runtimeOverrides(JSON.parse(text), warn);
  } catch {
    warn(`${RUNTIME_CONFIG_ID} is not JSON; the bundled configuration applies`);
    return {};
  }
}

/** The parts of the configuration a server may override. */
type Overridable = Pick<
  Config,
  'timeouts' | 'signIn' | 'qa' | 'jumpOuts' | 'preauth' | 'chat' | 'redirectAllowlist'
>;

/** The origin of an absolute address; none for a path on this origin. */
const originOf = (address: string): string | null =>
  address.startsWith('/') ? null : URL.canParse(address) ? new URL(address).origin : null;

/**
 * The bundled configuration with a server's overrides applied. An address on another origin that the browser
 * is sent to (the sign-in, the payment-plan site) joins the redirect allowlist: the deployment named it.
 */
export function withRuntime<C extends Overridable>(bundled: C, runtime: RuntimeConfig): C {
  const timeouts = runtime.timeouts ?? {};
  const a = runtime.addresses ?? {};
  if (Object.keys(timeouts).length === 0 && Object.keys(a).length === 0) return bundled;
  const out: C = { ...bundled };
  if (Object.keys(timeouts).length > 0) out.timeouts = { ...bundled.timeouts, ...timeouts };
  // Each part is replaced only where the server set something in it (the rest stays the bundled object).
  if (a.signInUrl) out.signIn = { ...bundled.signIn, signInUrl: a.signInUrl };
  if (a.qaSessionInfoUrl) out.qa = { ...bundled.qa, sessionInfoUrl: a.qaSessionInfoUrl };
  if (a.paymentPlanUrl) out.jumpOuts = { ...bundled.jumpOuts, paymentPlan: a.paymentPlanUrl };
  if (a.applicationKeyUrl) out.preauth = { ...bundled.preauth, applicationKeyUrl: a.applicationKeyUrl };
  if (a.chatWidgetUrl) out.chat = { ...bundled.chat, widgetScriptUrl: a.chatWidgetUrl };
  const allowlist = redirectAllowlistWith(bundled.redirectAllowlist, runtime);
  if (allowlist !== bundled.redirectAllowlist) out.redirectAllowlist = [...allowlist];
  return out;
}

/**
 * The redirect allowlist with a server's overrides: an address on another origin that the browser is sent to
 * (the sign-in, the payment-plan site) joins it. The same list the pages check and the server's Orch proxy
 * checks Orch's redirects against; `bundled` itself when nothing joins.
 */
export function redirectAllowlistWith(bundled: readonly string[], runtime: RuntimeConfig): readonly string[] {
  const a = runtime.addresses ?? {};
  const sentTo = [a.signInUrl, a.paymentPlanUrl].map((x) => (x ? originOf(x) : null));
  const allow = sentTo.filter((o): o is string => o !== null && !bundled.includes(o));
  return allow.length > 0 ? [...bundled, ...new Set(allow)] : bundled;
}
