/**
 * The portal's configuration: product and provider names, every external address and the redirect
 * allowlist (config/portal.json). It is bundled at build time and validated when the app starts, so a
 * broken configuration is a clear start-up error, never a link to `undefined`.
 */
import raw from '../../config/portal.json';
import { validateConfig } from '../generated/validators/config.js';
import type { Config } from '../generated/types';

export type PortalConfig = Config;

export function loadConfig(input: unknown = raw): PortalConfig {
  if (!validateConfig(input)) {
    const first = validateConfig.errors?.[0];
    throw new Error(
      `config/portal.json is invalid at ${first?.instancePath || '/'}: ${first?.message ?? 'unknown error'}`,
    );
  }
  return input;
}

export const config: PortalConfig = loadConfig();

/** A jump-out address by name; a missing name is a configuration bug, reported loudly. */
export function jumpOut(name: string): string {
  const url = config.jumpOuts[name];
  if (!url) throw new Error(`config/portal.json has no jumpOuts.${name}`);
  return url;
}
