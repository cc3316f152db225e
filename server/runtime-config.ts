/**
 * The runtime configuration a server writes into every HTML page it serves: the time-outs of calls and
 * flows, from the environment (CALL_TIMEOUT_MS, HOME_COMPLETE_MS, CHUNK_LOAD_MS), so the build that ships
 * runs with short ones in the tests, without a rebuild; and the addresses outside the portal a deployment
 * provides (server/config.ts). It is a JSON data block, never an executable
 * script: `script-src 'self'` stays strict. The portal reads it at start-up (src/config/runtime.ts) and
 * keeps the bundled value of whatever is not set. docs/decisions/036-runtime-config-and-test-time.md.
 *
 * On its own so that whatever serves the pages (the static fallback today, server rendering next) writes
 * the same block.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MAX_TIMER_MS,
  RUNTIME_CONFIG_ID,
  RUNTIME_TIMEOUTS,
  type RuntimeConfig,
  type TimeoutName,
} from '../src/config/runtime';
import { serverFolders } from './paths';

export type { RuntimeConfig } from '../src/config/runtime';

type TimeoutSchema = { type?: string; minimum?: number };

/** The bounds of each time-out, from schemas/config.schema.json: the schema is where they are declared. */
function timeoutSchemas(): Record<string, TimeoutSchema> {
  // Found as every folder of the server is (server/paths.ts): the same from the sources and from a bundle.
  const file = join(serverFolders().schemas, 'config.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as {
    properties: { timeouts: { properties: Record<string, TimeoutSchema> } };
  };
  return schema.properties.timeouts.properties;
}

/**
 * The runtime configuration the environment asks for. A variable that is unset or empty leaves the bundled
 * value; a value that is not a whole number of milliseconds within the schema's bounds stops the start with
 * the variable's name, as every other setting of the server does.
 */
export function runtimeConfigFromEnv(env: Readonly<Record<string, string | undefined>>): RuntimeConfig {
  const bounds = timeoutSchemas();
  const timeouts: Partial<Record<TimeoutName, number>> = {};
  for (const [name, variable] of Object.entries(RUNTIME_TIMEOUTS) as [TimeoutName, string][]) {
    const raw = env[variable]?.trim();
    if (raw === undefined || raw === '') continue;
    const min = bounds[name]?.minimum ?? 0;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > MAX_TIMER_MS)
      throw new Error(
        `${variable} must be a whole number of milliseconds from ${min} to ${MAX_TIMER_MS} ` +
          `(config timeouts.${name}), not '${raw}'`,
      );
    timeouts[name] = value;
  }
  return Object.keys(timeouts).length > 0 ? { timeouts } : {};
}

/**
 * The data block: `<script type="application/json" id="portal-runtime">{...}</script>`. Characters that could
 * end the element or start markup are escaped (the JSON stays the same), so no value can break out of it.
 */
export function runtimeConfigBlock(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${json}</script>`;
}

/**
 * The page with the block at the end of its head, or at its end for a page without one: either way it is
 * parsed before the portal's module scripts run (they are deferred).
 */
export function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  if (!config.timeouts && !config.addresses) return html;
  const at = html.indexOf('</head>');
  const block = runtimeConfigBlock(config);
  return at === -1 ? `${html}${block}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}
