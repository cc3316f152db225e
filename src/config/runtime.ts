/**
 * The part of the configuration a server sets at run time, without a rebuild: the time-outs of calls and
 * flows (docs/decisions/036-runtime-config-and-test-time.md). The bundled config/portal.json holds the
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

/** What a server may override; what it leaves out keeps the bundled value. */
export interface RuntimeConfig {
  timeouts?: Partial<Record<TimeoutName, number>>;
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
  const timeouts = (block as { timeouts?: unknown }).timeouts;
  if (timeouts === undefined) return {};
  if (typeof timeouts !== 'object' || timeouts === null) {
    warn(`${RUNTIME_CONFIG_ID}: timeouts is not an object; the bundled time-outs apply`);
    return {};
  }
  const chosen: Partial<Record<TimeoutName, number>> = {};
  for (const [key, value] of Object.entries(timeouts)) {
    if (!isTimeoutName(key)) warn(`${RUNTIME_CONFIG_ID}: unknown time-out '${key}' ignored`);
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TIMER_MS)
      chosen[key] = value;
    else warn(`${RUNTIME_CONFIG_ID}: timeouts.${key} is not a time in ms; the bundled value applies`);
  }
  return { timeouts: chosen };
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

/** The bundled configuration with a server's overrides applied. */
export function withRuntime<C extends Pick<Config, 'timeouts'>>(bundled: C, runtime: RuntimeConfig): C {
  if (!runtime.timeouts || Object.keys(runtime.timeouts).length === 0) return bundled;
  return { ...bundled, timeouts: { ...bundled.timeouts, ...runtime.timeouts } };
}
