import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ConfigError, REQUIRED_IN_PRODUCTION, readServerConfig } from '../../server/config';

/** Everything production mode needs, sane. */
const PRODUCTION: Record<string, string> = {
  ORCH_UPSTREAM: 'https://orch.internal.example',
  OIDC_ISSUER_URL: 'https://id.example/realms/portal',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'client-secret',
  RULES_REMOTE: 'git@git.example:portal/rules.git',
  COOKIE_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://portal.example',
};

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
  it('is the sandbox by default, on loopback, with nothing of production', () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({ mode: 'sandbox', port: 5173, host: '127.0.0.1', secureCookies: false });
    expect(config.production).toBeUndefined();
  });

  it.each([
    ['PORTAL_MODE=production', { PORTAL_MODE: 'production' }],
    ['ORCH_UPSTREAM alone', {}],
  ])('is production with %s', (_, extra) => {
    const config = readServerConfig({ ...PRODUCTION, ...extra });
    expect(config.mode).toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(config.secureCookies).toBe(true);
    expect(config.allowedHosts).toContain('portal.example');
  });

  it('passes on what production needs, typed, with the defaults', () => {
    expect(readServerConfig(PRODUCTION).production).toEqual({
      upstream: 'https://orch.internal.example',
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

  it('reads the sandbox variables in the sandbox', () => {
    const config = readServerConfig({
      SANDBOX_TODAY: '2025-03-10',
      SANDBOX_TIMEOUT_MS: '300',
      SESSION_IDLE_MINUTES: '5',
      TRUST_PROXY: '1',
      ALLOWED_HOSTS: 'portal.test, other.test',
      STUDIO_REQUIRE_APPROVAL: '0',
    });
    expect(config.sandbox).toMatchObject({ timeoutHoldMs: 300 });
    expect(config.sandbox.today?.getDate()).toBe(10);
    expect(config.sessions).toEqual({ idleMs: 300_000 });
    expect(config.trustProxy).toBe(true);
    expect(config.allowedHosts).toEqual(['localhost', '127.0.0.1', '::1', 'portal.test', 'other.test']);
    expect(config.studio).toEqual({ requireApproval: false });
  });
});

describe('the server configuration: what the sandbox may share with production', () => {
  it('has no identity provider and no rules remote unless told', () => {
    const config = readServerConfig({});
    expect([config.oidc, config.rulesRemote, config.publicUrl, config.cookieSecret]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes an identity provider and a rules remote, checked as in production', () => {
    const config = readServerConfig({
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
    const error = problemsOf({ OIDC_ISSUER_URL: 'https://id.example', COOKIE_SECRET: 'short' });
    expect(error.mode).toBe('sandbox');
    expect(error.missing).toEqual(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    expect(error.problems.join()).toContain('COOKIE_SECRET must be at least 32 characters');
  });
});

describe('the server configuration: production refuses to start without what it needs', () => {
  it.each(REQUIRED_IN_PRODUCTION.filter((name) => name !== 'ORCH_UPSTREAM'))(
    'names %s when it is missing',
    (name) => {
      const env: Record<string, string> = { ...PRODUCTION, PORTAL_MODE: 'production' };
      delete env[name];
      const error = problemsOf(env);
      expect(error.missing).toEqual([name]);
      expect(error.message).toContain(`missing: ${name}`);
    },
  );

  it('names ORCH_UPSTREAM when PORTAL_MODE=production has no upstream', () => {
    const env: Record<string, string> = { ...PRODUCTION, PORTAL_MODE: 'production' };
    delete env.ORCH_UPSTREAM;
    expect(problemsOf(env).missing).toEqual(['ORCH_UPSTREAM']);
  });

  it('names every missing variable in one message', () => {
    const error = problemsOf({ PORTAL_MODE: 'production' });
    expect(error.missing).toEqual([...REQUIRED_IN_PRODUCTION]);
    expect(error.message).toBe(
      `The server cannot start in production mode:\n- missing: ${REQUIRED_IN_PRODUCTION.join(', ')}\n` +
        '(docs/deploy.md lists every variable)',
    );
  });

  it.each([
    ['COOKIE_SECRET', 'short', 'COOKIE_SECRET must be at least 32 characters (it has 5)'],
    ['PUBLIC_URL', 'http://portal.example', "PUBLIC_URL must be an https URL, not 'http://portal.example'"],
    ['PUBLIC_URL', 'https://portal.example/app', 'PUBLIC_URL must be an origin'],
    ['OIDC_ISSUER_URL', 'id.example', "OIDC_ISSUER_URL must be a URL, not 'id.example'"],
    ['ORCH_UPSTREAM', 'ftp://orch', "ORCH_UPSTREAM must be an http(s) URL, not 'ftp://orch'"],
    ['RULES_FETCH_SECONDS', '0', "RULES_FETCH_SECONDS must be a positive number, not '0'"],
    ['SANDBOX_TODAY', '2025-03-10', "SANDBOX_TODAY is the sandbox's: unset it in production mode"],
  ])('refuses %s=%s', (name, value, message) => {
    const error = problemsOf({ ...PRODUCTION, [name]: value });
    expect(error.problems.join('\n')).toContain(message);
  });

  it('takes plain http on loopback (a local trial against a test identity provider)', () => {
    const config = readServerConfig({
      ...PRODUCTION,
      PUBLIC_URL: 'http://127.0.0.1:5215',
      OIDC_ISSUER_URL: 'http://localhost:9000',
    });
    expect(config.production?.publicUrl).toBe('http://127.0.0.1:5215');
  });

  it('refuses ORCH_UPSTREAM with PORTAL_MODE=sandbox, and a mode it does not know', () => {
    expect(problemsOf({ ...PRODUCTION, PORTAL_MODE: 'sandbox' }).problems.join()).toContain(
      'ORCH_UPSTREAM runs the server in production mode',
    );
    expect(problemsOf({ PORTAL_MODE: 'staging' }).problems.join()).toContain(
      "PORTAL_MODE must be 'sandbox' or 'production', not 'staging'",
    );
  });

  it('stops the real start (sandbox/main.ts) with that message and exit code 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION, PORT: '0' };
    delete env.OIDC_CLIENT_SECRET;
    delete env.COOKIE_SECRET;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
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
