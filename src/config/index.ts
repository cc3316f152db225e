/**
 * The portal's configuration: product and provider names, every external address and the redirect
 * allowlist (config/portal.json). It is bundled at build time and validated there (the build stops on an
 * invalid file: lib/vite-first-load.ts, and test/config.test.ts in `npm test`), so a broken
 * configuration never reaches a browser, and the browser does not carry the configuration's validator.
 * The time-outs are the exception: the server that serves the page may set them at run time (the page's
 * `portal-runtime` data block, read once here at start-up; src/config/runtime.ts), so the tests run the
 * build that ships with short ones.
 */
import raw from '../../config/portal.json';
import type { Config } from '../generated/types';
import { readRuntimeConfig, withRuntime, type RuntimeConfig } from './runtime';

export type PortalConfig = Config;

export const config: PortalConfig = withRuntime<PortalConfig>(
  raw,
  readRuntimeConfig(globalThis.document, (message) => console.warn(message)),
);

/**
 * Applies a server's runtime configuration to this module's `config`, in place: the server's render
 * (src/entry-server.tsx) has no page to read the block from, so the server that loads it passes the very
 * values it writes into its pages, once at start-up (one configuration per server process).
 */
export function applyRuntimeConfig(runtime: RuntimeConfig): void {
  Object.assign(config, withRuntime<PortalConfig>(raw, runtime));
}

/** A jump-out address by name; a missing name is a configuration bug, reported loudly. */
export function jumpOut(name: string): string {
  const url = config.jumpOuts[name];
  if (!url) throw new Error(`config/portal.json has no jumpOuts.${name}`);
  return url;
}
