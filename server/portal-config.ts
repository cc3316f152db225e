/**
 * What the server reads of config/portal.json (the portal's own configuration, also bundled into the app):
 * where sign-in and logout are, the redirect allowlist, and the pre-auth application key's header.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SignInConfig {
  signInUrl: string;
  redirectParam: string;
  logoutUrl: string;
}

export interface PortalConfig {
  signIn: SignInConfig;
  redirectAllowlist: readonly string[];
  /** the header every /preauth call carries its application key in */
  applicationKeyHeader: string;
}

const FALLBACK: PortalConfig = {
  signIn: { signInUrl: '/sandbox/signin', redirectParam: 'redirect', logoutUrl: '/Orch/logout' },
  redirectAllowlist: [],
  applicationKeyHeader: 'X-Application-Key',
};

/** config/portal.json's server-side part; the fallback when the file is missing or unreadable. */
export function readPortalConfig(configDir: string): PortalConfig {
  try {
    const config = JSON.parse(readFileSync(join(configDir, 'portal.json'), 'utf8')) as {
      signIn?: Partial<SignInConfig>;
      redirectAllowlist?: string[];
      preauth?: { applicationKeyHeader?: string };
    };
    return {
      signIn: { ...FALLBACK.signIn, ...config.signIn },
      redirectAllowlist: config.redirectAllowlist ?? [],
      applicationKeyHeader: config.preauth?.applicationKeyHeader ?? FALLBACK.applicationKeyHeader,
    };
  } catch {
    return FALLBACK;
  }
}
