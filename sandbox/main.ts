/**
 * Starts the sandbox (`npm start` builds first, then runs this with tsx). Environment: see the table in
 * sandbox/README.md (PORT, HOST, RULES_DIR, SANDBOX_PERSONAS_DIR, ORCH_UPSTREAM, SANDBOX_TODAY,
 * SANDBOX_TIMEOUT_MS, CALL_TIMEOUT_MS, HOME_COMPLETE_MS, CHUNK_LOAD_MS,
 * SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS, SESSION_MAX, TRUST_PROXY,
 * SECURE_COOKIES, SERVE_SOURCEMAPS, STUDIO_GIT_DIR, STUDIO_REQUIRE_APPROVAL, RULES_REMOTE,
 * RULES_FETCH_SECONDS, OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ROLE_CLAIM, OIDC_AUTHOR_ROLE,
 * OIDC_APPROVER_ROLE, PUBLIC_URL, COOKIE_SECRET).
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandboxServer, type SandboxOptions } from './server';
import { readStudioConfig } from './studio';
import type { SessionLimits } from './session';
import { LOOPBACK_HOSTS } from './security';
import { parseSandboxToday } from './personas';
import { runtimeConfigFromEnv } from './runtime-config';

const env = process.env;

/** A positive number from the environment, or undefined; a bad value stops the start with its name. */
function positive(name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not '${raw}'`);
  return n;
}

const options: SandboxOptions = {};
if (env.RULES_DIR) options.rulesDir = env.RULES_DIR;
// The rule studio: where its git history of the rules lives, and whether a change needs a second analyst.
if (env.STUDIO_GIT_DIR || env.STUDIO_REQUIRE_APPROVAL) {
  const config = readStudioConfig();
  if (env.STUDIO_REQUIRE_APPROVAL === '0') config.requireApproval = false;
  options.studio = { config, ...(env.STUDIO_GIT_DIR ? { gitDir: env.STUDIO_GIT_DIR } : {}) };
}
// The rules' history shared by every server (docs/decisions/033-rules-shared-through-a-git-remote.md).
if (env.RULES_REMOTE) {
  options.studio = { ...options.studio, remote: env.RULES_REMOTE };
  const every = positive('RULES_FETCH_SECONDS');
  if (every) options.studio.fetchSeconds = every;
}
// Analysts through OpenID Connect (docs/decisions/032-analysts-sign-in-through-openid-connect.md).
if (env.OIDC_ISSUER_URL) {
  const { OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret)
    throw new Error('OIDC_ISSUER_URL needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  options.oidc = {
    issuer: env.OIDC_ISSUER_URL,
    clientId,
    clientSecret,
    ...(env.OIDC_ROLE_CLAIM ? { roleClaim: env.OIDC_ROLE_CLAIM } : {}),
    ...(env.OIDC_AUTHOR_ROLE ? { authorRole: env.OIDC_AUTHOR_ROLE } : {}),
    ...(env.OIDC_APPROVER_ROLE ? { approverRole: env.OIDC_APPROVER_ROLE } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.COOKIE_SECRET ? { cookieSecret: env.COOKIE_SECRET } : {}),
  };
}
if (env.SANDBOX_PERSONAS_DIR) options.personaDirs = env.SANDBOX_PERSONAS_DIR.split(delimiter).filter(Boolean);
if (env.ORCH_UPSTREAM) options.upstream = env.ORCH_UPSTREAM;
const hold = positive('SANDBOX_TIMEOUT_MS');
if (hold) options.timeoutHoldMs = hold;
// CALL_TIMEOUT_MS, HOME_COMPLETE_MS, CHUNK_LOAD_MS: the portal's time-outs, written into every page.
options.runtimeConfig = runtimeConfigFromEnv(env);
if (env.SANDBOX_TODAY) {
  const day = parseSandboxToday(env.SANDBOX_TODAY);
  if (!day)
    throw new Error(`SANDBOX_TODAY must be YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss], not '${env.SANDBOX_TODAY}'`);
  options.today = () => day;
}
const sessions: Partial<SessionLimits> = {};
const idle = positive('SESSION_IDLE_MINUTES');
if (idle) sessions.idleMs = idle * 60_000;
const absolute = positive('SESSION_ABSOLUTE_HOURS');
if (absolute) sessions.absoluteMs = absolute * 3_600_000;
const max = positive('SESSION_MAX');
if (max) sessions.maxSessions = Math.floor(max);
options.sessions = sessions;
// TRUST_PROXY: 1/true trusts any proxy's X-Forwarded-*; otherwise a comma-separated list of addresses/CIDRs.
const trust = env.TRUST_PROXY?.trim();
if (trust) options.trustProxy = trust === '1' || trust === 'true' ? true : trust;
if (env.SECURE_COOKIES === '1') options.secureCookies = true;
if (env.SERVE_SOURCEMAPS === '1') options.serveSourcemaps = true;
// ALLOWED_HOSTS: host names (no ports) answered besides the loopback ones; '*' for any (DNS rebinding guard).
const allowed = env.ALLOWED_HOSTS?.split(',')
  .map((h) => h.trim())
  .filter(Boolean);
if (allowed?.length) options.allowedHosts = [...LOOPBACK_HOSTS, ...allowed];

const host = env.HOST ?? '127.0.0.1';
const sandbox = createSandboxServer(options);
const url = await sandbox.listen(Number(env.PORT ?? 5173), host);
console.log(`Portal running at ${url}`);
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.warn(
    `Listening on ${host}, beyond this machine: the sandbox signs anyone in as any persona without a ` +
      'password. It is a stand-in for development and tests, never to be exposed as it is.',
  );
}
if (options.upstream) console.log(`Proxying /Orch and /preauth to ${options.upstream}`);
console.log(`${sandbox.personas.length} personas; sign in at ${url}/sandbox/signin`);
const dist = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.warn(`dist/ is missing (${dist}): the app is not built. Run npm run build, or npm start.`);
}
