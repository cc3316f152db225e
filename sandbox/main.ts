/**
 * The sandbox as a process of its own (dist/sandbox/main.js): the stand-in Orch, pre-auth and sign-in on one
 * loopback port, the analysts' identity provider stand-in on another. start.ts (`npm start`) forks it and
 * talks to it over the IPC channel: the sandbox says where it listens and the identity provider's client
 * (its secret travels over the channel, never in an argument or a log), start.ts answers with the portal's
 * address, whose callback the provider then accepts. Started by hand (no channel) it prints both addresses
 * and accepts the callback of SANDBOX_PORTAL_URL.
 *
 * SIGTERM or SIGINT closes both listeners and exits.
 */
import { randomBytes } from 'node:crypto';
import { createFastify } from '../server/fastify';
import { identityAccountsOf, readSandboxAnalysts } from './analysts';
import { readSandboxConfig, SandboxConfigError, type SandboxConfig } from './config';
import { startIdentityProvider } from './identity-provider';
import { createSandboxServer } from './server';

/** What the sandbox tells start.ts, and what start.ts answers. */
export type SandboxMessage =
  | { type: 'sandbox-ready'; url: string; issuer: string; clientId: string; clientSecret: string }
  | { type: 'idp-ready' };
export type LauncherMessage = { type: 'portal'; url: string };

/** The portal's OpenID client at the stand-in provider. */
export const SANDBOX_CLIENT_ID = 'portal-studio';

/** The callback addresses of a portal at `url`, under each loopback name the browser may use. */
export function callbacksOf(url: string): string[] {
  const u = new URL('/studio/auth/callback', url);
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!names.includes(u.hostname)) return [u.href];
  return names.map((name) => {
    const v = new URL(u);
    v.hostname = name;
    return v.href;
  });
}

function configOrExit(): SandboxConfig {
  try {
    return readSandboxConfig();
  } catch (e) {
    if (!(e instanceof SandboxConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

const config = configOrExit();
// A stand-in's log: what it was asked, for a developer; the portal's own log is the one that matters.
const { log } = createFastify({ logger: { level: config.logLevel } });
const analysts = readSandboxAnalysts();
const portalUrl = process.env.SANDBOX_PORTAL_URL;
const sandbox = createSandboxServer({
  analysts,
  ...(portalUrl ? { portalUrl } : {}),
  logger: { level: config.logLevel },
  ...(config.personaDirs ? { personaDirs: config.personaDirs } : {}),
  ...(config.today ? { today: () => config.today! } : {}),
  ...(config.timeoutHoldMs ? { timeoutHoldMs: config.timeoutHoldMs } : {}),
  ...(config.allowedHosts ? { allowedHosts: config.allowedHosts } : {}),
});
// The client's secret: SANDBOX_IDP_CLIENT_SECRET when a portal started apart must know it, else a new one.
const client = {
  id: SANDBOX_CLIENT_ID,
  secret: process.env.SANDBOX_IDP_CLIENT_SECRET || randomBytes(32).toString('base64url'),
};
const idp = await startIdentityProvider({
  accounts: identityAccountsOf(analysts),
  client,
  title: "The sandbox's identity provider",
  signInByHint: true,
  listAccounts: true,
  port: config.idpPort,
});
const url = await sandbox.listen(config.port);

let closing = false;
async function stop(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info(`${signal}: the sandbox stops`);
  await Promise.allSettled([sandbox.close(), idp.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

if (process.send) {
  const send = process.send.bind(process);
  process.on('message', (message: LauncherMessage) => {
    if (message.type !== 'portal') return;
    void idp
      .register(callbacksOf(message.url))
      .then(() => send({ type: 'idp-ready' } satisfies SandboxMessage));
  });
  // The launcher went away: so does the sandbox.
  process.on('disconnect', () => void stop('disconnect'));
  send({
    type: 'sandbox-ready',
    url,
    issuer: idp.issuer,
    clientId: client.id,
    clientSecret: client.secret,
  } satisfies SandboxMessage);
} else {
  if (portalUrl) await idp.register(callbacksOf(portalUrl));
  log.info(`Sandbox running at ${url}; its identity provider at ${idp.issuer} (client ${client.id})`);
}
log.info(`${sandbox.personas.length} personas`);
