/**
 * What the server reads of config/portal.json (the portal's own configuration, also bundled into the app):
 * where sign-in and logout are, the redirect allowlist, the pre-auth application key's header, and the
 * addresses outside the portal that the sandbox stands in for (server/config.ts makes each a setting).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADDRESS_NAMES, type AddressName, type Addresses } from '../src/config/runtime';

export { ADDRESS_NAMES, type AddressName, type Addresses };

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
  /** config/portal.json's addresses outside the portal (the sandbox's stand-ins in the shipped file) */
  addresses: Addresses;
}

const FALLBACK: PortalConfig = {
  signIn: { signInUrl: '/sandbox/signin', redirectParam: 'redirect', logoutUrl: '/Orch/logout' },
  redirectAllowlist: [],
  applicationKeyHeader: 'X-Application-Key',
  addresses: {
    signInUrl: '/sandbox/signin',
    qaSessionInfoUrl: '/sandbox/session',
    paymentPlanUrl: '/sandbox/jump/paymentPlan?token=',
    applicationKeyUrl: '/sandbox/application-key',
    chatWidgetUrl: '/sandbox/chat-widget.js',
  },
};

interface PortalFile {
  signIn?: Partial<SignInConfig>;
  redirectAllowlist?: string[];
  preauth?: { applicationKeyHeader?: string; applicationKeyUrl?: string };
  qa?: { sessionInfoUrl?: string };
  jumpOuts?: { paymentPlan?: string };
  chat?: { widgetScriptUrl?: string };
}

/** config/portal.json's server-side part; the fallback when the file is missing or unreadable. */
export function readPortalConfig(configDir: string): PortalConfig {
  let config: PortalFile;
  try {
    config = JSON.parse(readFileSync(join(configDir, 'portal.json'), 'utf8')) as PortalFile;
  } catch {
    return FALLBACK;
  }
  const signIn = { ...FALLBACK.signIn, ...config.signIn };
  const fallback = FALLBACK.addresses;
  return {
    signIn,
    redirectAllowlist: config.redirectAllowlist ?? [],
    applicationKeyHeader: config.preauth?.applicationKeyHeader ?? FALLBACK.applicationKeyHeader,
    addresses: {
      signInUrl: signIn.signInUrl,
      qaSessionInfoUrl: config.qa?.sessionInfoUrl ?? fallback.qaSessionInfoUrl,
      paymentPlanUrl: config.jumpOuts?.paymentPlan ?? fallback.paymentPlanUrl,
      applicationKeyUrl: config.preauth?.applicationKeyUrl ?? fallback.applicationKeyUrl,
      chatWidgetUrl: config.chat?.widgetScriptUrl ?? fallback.chatWidgetUrl,
    },
  };
}
