import { validateConfig } from '../generated/validators/config.js';
import type { PortalConfig } from './index';

/** Checks a configuration against schemas/config.schema.json; the error names the first wrong place. */
export function loadConfig(input: unknown): PortalConfig {
  if (!validateConfig(input)) {
    const first = validateConfig.errors?.[0];
    throw new Error(
      `config/portal.json is invalid at ${first?.instancePath || '/'}: ${first?.message ?? 'unknown error'}`,
    );
  }
  return input;
}
