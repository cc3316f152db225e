import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  ADDRESSES_REQUIRED_IN_PRODUCTION,
  ConfigError,
  REQUIRED_IN_PRODUCTION,
  readServerConfig,
} from '../../server/config';
import { optionsOf } from '../../server/app';

/** Everything production mode needs, sane. */
const PRODUCTION: Record<string, string> = {
  ORCH_UPSTREAM: 'https://orch.internal.example',
  OIDC_ISSUER_URL: 'https://id.example/realms/portal',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'client-secret',
  RULES_REMOTE: 'git@git.example:portal/rules.git',
  COOKIE_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://portal.example',
  SIGN_IN_URL: 'https://login.provider.example/signin',
  QA_SESSION_INFO_URL: 'https://qa.provider.example/session',
  PAYMENT_PLAN_URL: 'https://pay.provider.example/plan?token=',
  APPLICATION_KEY_URL: 'https://keys.provider.example/key',
  CHAT_WIDGET_URL: 'https://chat.vendor.example/widget.js',
};

/** The sandbox's portal as sandbox/start.ts starts it. */
const SANDBOX: Record<string, string> = { PORTAL_MODE: 'sandbox', ORCH_UPSTREAM: 'http://127.0.0.1:5999' };

/** Every variable production cannot start without, in the order the message names them. */
const ALL_REQUIRED = [...REQUIRED_IN_PRODUCTION, ...ADDRESSES_REQUIRED_IN_PRODUCTION];

function problemsOf(env: Record<string, string>): ConfigError {
  try {
    readServerConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('the configuration was accepted');
}

describe('the server configuration: modes', () => {
  it('is the sandbox with PORTAL_MODE=sandbox, on loopback, with nothing of production', () => {
    const config = readServerConfig(SANDBOX);
    expect(config).toMatchObject({ mode: 'sandbox', port: 5173, host: '127.0.0.1', secureCookies: false });
    expect(config.upstream).toBe('http://127.0.0.1:5999');
    expect(config.production).toBeUndefined();
    // The addresses are config/portal.json's: the sandbox's stand-ins, on the portal's origin.
    expect(config.addresses).toEqual({
      signInUrl: '/sandbox/signin',
      qaSessionInfoUrl: '/sandbox/session',
      paymentPlanUrl: '/sandbox/jump/paymentPlan?token=',
      applicationKeyUrl: '/sandbox/application-key',
      chatWidgetUrl: '/sandbox/chat-widget.js',
    });
    expect(config.runtimeConfig.addresses).toEqual(config.addresses);
    expect(config.previewSignInUrl).toBe('/sandbox/signin?persona=');
    expect(config.cspReportUri).toBe('/sandbox/csp-report');
  });

  it.each([
    ['PORTAL_MODE=production', { PORTAL_MODE: 'production' }],
    ['no PORTAL_MODE (production is the default)', {}],
  ])('is production with %s', (_, extra) => {
    const config = readServerConfig({ ...PRODUCTION, ...extra });
    expect(config.mode).toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(config.secureCookies).toBe(true);
    expect(config.allowedHosts).toContain('portal.example');
  });

  it('passes on what production needs, typed, with the defaults', () => {
    const config = readServerConfig(PRODUCTION);
    expect(config.upstream).toBe('https://orch.internal.example');
    expect(config.addresses).toEqual({
      signInUrl: 'https://login.provider.example/signin',
      qaSessionInfoUrl: 'https://qa.provider.example/session',
      paymentPlanUrl: 'https://pay.provider.example/plan?token=',
      applicationKeyUrl: 'https://keys.provider.example/key',
      chatWidgetUrl: 'https://chat.vendor.example/widget.js',
    });
    expect(config.cspReportUri).toBe('/csp-report');
    expect(config.previewSignInUrl).toBeUndefined();
    expect(config.production).toEqual({
      publicUrl: 'https://portal.example',
      cookieSecret: 'x'.repeat(32),
      oidc: {
        issuerUrl: 'https://id.example/realms/portal',
        clientId: 'portal',
        clientSecret: 'client-secret',
        roleClaim: 'roles',
        authorRole: 'rule-author',
        approverRole: 'rule-approver',
      },
      rulesRemote: { url: 'git@git.example:portal/rules.git', fetchSeconds: 5 },
    });
    const custom = readServerConfig({
      ...PRODUCTION,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_AUTHOR_ROLE: 'authors',
      OIDC_APPROVER_ROLE: 'approvers',
      RULES_FETCH_SECONDS: '2',
    }).production;
    expect(custom?.oidc).toMatchObject({
      roleClaim: 'groups',
      authorRole: 'authors',
      approverRole: 'approvers',
    });
    expect(custom?.rulesRemote.fetchSeconds).toBe(2);
  });

  it('reads the shared variables in the sandbox, and leaves the sandbox process its own', () => {
    const config = readServerConfig({
      ...SANDBOX,
      SANDBOX_TODAY: '2025-03-10',
      SANDBOX_TIMEOUT_MS: '300',
      SESSION_IDLE_MINUTES: '5',
      TRUST_PROXY: '1',
      ALLOWED_HOSTS: 'portal.test, other.test',
      STUDIO_REQUIRE_APPROVAL: '0',
    });
    expect(config.sessions).toEqual({ idleMs: 300_000 });
    expect(config.trustProxy).toBe(true);
    expect(config.allowedHosts).toEqual(['localhost', '127.0.0.1', '::1', 'portal.test', 'other.test']);
    expect(config.studio).toEqual({ requireApproval: false });
  });

  it("takes the rollout guard's thresholds over config/studio.json's, and names a bad one", () => {
    const config = readServerConfig({ ...SANDBOX, ROLLOUT_GUARD_MIN_ERRORS: '3' });
    expect(config.studio).toEqual({ rolloutGuard: { minErrors: 3 } });
    expect(optionsOf(config).rolloutGuard).toEqual({ factor: 3, minErrors: 3 });
    expect(optionsOf(readServerConfig(SANDBOX)).rolloutGuard).toBeUndefined();
    const bad = problemsOf({ ...SANDBOX, ROLLOUT_GUARD_MIN_ERRORS: '2.5', ROLLOUT_GUARD_FACTOR: '0.5' });
    expect(bad.message).toContain("ROLLOUT_GUARD_MIN_ERRORS must be a whole number, not '2.5'");
    expect(bad.message).toContain("ROLLOUT_GUARD_FACTOR must be at least 1, not '0.5'");
  });
});

describe('the server configuration: the Prometheus the studio reads', () => {
  it('takes PROMETHEUS_URL and its time-out, and names a bad one', () => {
    const config = readServerConfig({
      ...SANDBOX,
      PROMETHEUS_URL: 'http://127.0.0.1:9090',
      PROMETHEUS_TIMEOUT_MS: '2000',
    });
    expect(config.prometheus).toEqual({ url: 'http://127.0.0.1:9090', timeoutMs: 2000 });
    expect(optionsOf(config).prometheus).toEqual({ url: 'http://127.0.0.1:9090', timeoutMs: 2000 });
    expect(readServerConfig(SANDBOX).prometheus).toBeUndefined();
    const bad = problemsOf({ ...SANDBOX, PROMETHEUS_URL: 'prometheus:9090', PROMETHEUS_TIMEOUT_MS: '60000' });
    expect(bad.message).toContain("PROMETHEUS_URL must be an http(s) URL, not 'prometheus:9090'");
    expect(bad.message).toContain("PROMETHEUS_TIMEOUT_MS must be at most 30000, not '60000'");
  });
});

describe('the server configuration: what the sandbox may share with production', () => {
  it('has no identity provider and no rules remote unless told', () => {
    const config = readServerConfig(SANDBOX);
    expect([config.oidc, config.rulesRemote, config.publicUrl, config.cookieSecret]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes an identity provider and a rules remote, checked as in production', () => {
    const config = readServerConfig({
      ...SANDBOX,
      OIDC_ISSUER_URL: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ROLE_CLAIM: 'groups',
      RULES_REMOTE: '/srv/rules.git',
      RULES_FETCH_SECONDS: '1',
      PUBLIC_URL: 'http://127.0.0.1:5173/',
    });
    expect(config.mode).toBe('sandbox');
    expect(config.oidc).toMatchObject({
      issuerUrl: 'http://127.0.0.1:9000',
      clientId: 'portal',
      roleClaim: 'groups',
    });
    expect(config.rulesRemote).toEqual({ url: '/srv/rules.git', fetchSeconds: 1 });
    expect(config.publicUrl).toBe('http://127.0.0.1:5173');
  });

  it('names the client id and secret an identity provider needs, and a short cookie secret', () => {
    const error = problemsOf({ ...SANDBOX, OIDC_ISSUER_URL: 'https://id.example', COOKIE_SECRET: 'short' });
    expect(error.mode).toBe('sandbox');
    expect(error.missing).toEqual(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    expect(error.problems.join()).toContain('COOKIE_SECRET must be at least 32 characters');
  });
});

describe('the server configuration: production refuses to start without what it needs', () => {
  it.each(ALL_REQUIRED)('names %s when it is missing', (name) => {
    const env: Record<string, string> = { ...PRODUCTION, PORTAL_MODE: 'production' };
    delete env[name];
    const error = problemsOf(env);
    expect(error.missing).toEqual([name]);
    expect(error.message).toContain(`missing: ${name}`);
  });

  it('names ORCH_UPSTREAM in the sandbox too: the sandbox is an upstream', () => {
    expect(problemsOf({ PORTAL_MODE: 'sandbox' }).missing).toEqual(['ORCH_UPSTREAM']);
  });

  it('names every missing variable in one message', () => {
    const error = problemsOf({ PORTAL_MODE: 'production' });
    expect(error.missing).toEqual(ALL_REQUIRED);
    expect(error.message).toBe(
      `The server cannot start in production mode:\n- missing: ${ALL_REQUIRED.join(', ')}\n` +
        '(docs/deploy.md lists every variable)',
    );
  });

  it.each([
    ['SIGN_IN_URL', '/sandbox/signin'],
    ['QA_SESSION_INFO_URL', '/sandbox/session'],
    ['PAYMENT_PLAN_URL', '/sandbox/jump/paymentPlan?token='],
    ['APPLICATION_KEY_URL', '/sandbox/application-key'],
    ['CHAT_WIDGET_URL', '/sandbox/chat-widget.js'],
    ['CSP_REPORT_URI', '/sandbox/csp-report'],
    ['PREVIEW_SIGN_IN_URL', '/sandbox/signin?persona='],
  ])('refuses %s pointing into the sandbox (%s), which production answers with 404', (name, value) => {
    expect(problemsOf({ ...PRODUCTION, [name]: value }).problems.join('\n')).toContain(
      `${name} points into the sandbox ('${value}'), which production does not serve`,
    );
  });

  it('takes an address on the portal itself outside /sandbox, and the sandbox running apart as an upstream', () => {
    const config = readServerConfig({
      ...PRODUCTION,
      SIGN_IN_URL: '/signin',
      APPLICATION_KEY_URL: 'http://127.0.0.1:6001/sandbox/application-key',
    });
    expect(config.addresses.signInUrl).toBe('/signin');
    expect(config.addresses.applicationKeyUrl).toBe('http://127.0.0.1:6001/sandbox/application-key');
  });

  it.each([
    ['COOKIE_SECRET', 'short', 'COOKIE_SECRET must be at least 32 characters (it has 5)'],
    ['PUBLIC_URL', 'http://portal.example', "PUBLIC_URL must be an https URL, not 'http://portal.example'"],
    ['PUBLIC_URL', 'https://portal.example/app', 'PUBLIC_URL must be an origin'],
    ['OIDC_ISSUER_URL', 'id.example', "OIDC_ISSUER_URL must be a URL, not 'id.example'"],
    ['ORCH_UPSTREAM', 'ftp://orch', "ORCH_UPSTREAM must be an http(s) URL, not 'ftp://orch'"],
    ['SIGN_IN_URL', 'javascript:alert(1)', "SIGN_IN_URL must be an http(s) URL, not 'javascript:alert(1)'"],
    ['RULES_FETCH_SECONDS', '0', "RULES_FETCH_SECONDS must be a positive number, not '0'"],
    ['SANDBOX_TODAY', '2025-03-10', "SANDBOX_TODAY is the sandbox's: unset it in production mode"],
  ])('refuses %s=%s', (name, value, message) => {
    const error = problemsOf({ ...PRODUCTION, [name]: value });
    expect(error.problems.join('\n')).toContain(message);
  });

  it.each([
    ['a / in the password', 'https://bot:Ab3/xY+9z@git.example/rules.git', 'Ab3/xY+9z'],
    [
      'a / after digits (a URL parser reads a port)',
      'https://bot:123/xY+9z@git.example/rules.git',
      '123/xY+9z',
    ],
    ['a token alone with a /', 'https://tok/9z+Q@git.example/rules.git', 'tok/9z+Q'],
    ['an @ in the password', 'https://bot:Ab3@xY+9z@git.example/rules.git', 'Ab3@xY+9z'],
    ['a # in the password', 'https://bot:12#xY+9z@git.example/rules.git', '12#xY+9z'],
    ['a password in user@host:path', 'bot:Ab3xY+9z@git.example:portal/rules.git', 'Ab3xY+9z'],
  ])('refuses a RULES_REMOTE with %s, naming the setting but not its value', (_, value, password) => {
    for (const env of [
      { ...PRODUCTION, RULES_REMOTE: value },
      { ...SANDBOX, RULES_REMOTE: value },
    ]) {
      const error = problemsOf(env);
      expect(error.problems).toEqual([
        'RULES_REMOTE must be a path, user@host:path or a URL that parses, with its user name and password ' +
          'percent-encoded (%2F for /, %40 for @, %3F for ?, %23 for #, %3A for : in the user name); ' +
          'its value is not shown, as it may hold a password',
      ]);
      expect(error.message).not.toContain(password);
      expect(error.message).not.toContain('xY+9z');
    }
  });

  it.each([
    'https://bot:Ab3%2FxY%2B9z@git.example/rules.git',
    'https://bot:Ab3%40xY@git.example/rules.git',
    'https://TOKEN@git.example:8443/rules.git',
    'ssh://git@git.example:2222/portal/rules.git',
    'git@git.example:portal/rules.git',
    'git.example:portal/rules.git',
    'file:///srv/rules.git',
    '/srv/rules@2024.git',
    '../rules.git',
  ])('takes RULES_REMOTE=%s', (value) => {
    expect(readServerConfig({ ...PRODUCTION, RULES_REMOTE: value }).production?.rulesRemote.url).toBe(value);
  });

  it('takes plain http on loopback (a local trial against a test identity provider)', () => {
    const config = readServerConfig({
      ...PRODUCTION,
      PUBLIC_URL: 'http://127.0.0.1:5215',
      OIDC_ISSUER_URL: 'http://localhost:9000',
    });
    expect(config.production?.publicUrl).toBe('http://127.0.0.1:5215');
  });

  it('refuses a mode it does not know', () => {
    expect(problemsOf({ PORTAL_MODE: 'staging' }).problems.join()).toContain(
      "PORTAL_MODE must be 'sandbox' or 'production', not 'staging'",
    );
  });

  it('stops the real start (server/main.ts) with that message and exit code 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION, PORT: '0' };
    delete env.OIDC_CLIENT_SECRET;
    delete env.COOKIE_SECRET;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start in production mode:');
    expect(run.stderr).toContain('- missing: OIDC_CLIENT_SECRET, COOKIE_SECRET');
    expect(run.stdout).not.toContain('Portal running');
  });
});
