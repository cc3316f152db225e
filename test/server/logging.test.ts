import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createFastify } from '../../server/fastify';
import { scrub, scrubUrl } from '../../server/logging';
import { copyRules, makeDist } from '../sandbox/harness';
import { startPortal, type RunningPortal } from '../support/portal';

/** Every line the logger writes, as written. */
class Captured extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
  json(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

/** What must never reach a log line. */
const SECRETS = [
  'sid-cookie-value-0123456789abcdef',
  'Bearer eyJhbGciOiJIUzI1NiJ9.secret-token',
  'alex.postpaid@mail.example',
  'alex.postpaid%40mail.example',
  'S3cret!password',
  'reset-token-4f9a',
  'JT-jump-token-77',
  'csrf-9c1d',
  'oidc-code-5e2b',
  'oidc-state-8a1c',
  'sealed-login-cookie-3f0e',
];

const log = new Captured();
let running: RunningPortal;
/** The portal (whose log this is), with the sandbox as its upstream. */
let sandbox: RunningPortal['portal'];

beforeAll(async () => {
  running = await startPortal({
    distDir: makeDist(),
    rulesDir: copyRules(),
    logger: { level: 'info', stream: log },
  });
  sandbox = running.portal;
});
afterAll(() => running.close());

describe('structured logs of the real server', () => {
  it('writes one JSON object per line with the request id on each of the request', async () => {
    const before = log.lines.length;
    const res = await sandbox.app.inject('/home');
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log.json().slice(before);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of lines) expect(line.reqId).toBe(id);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/home' } });
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
  });

  it('honours a sane incoming X-Request-Id, echoes it, and replaces one that is not', async () => {
    const sane = await sandbox.app.inject({ url: '/home', headers: { 'x-request-id': 'lb-7f3a:01.x_y' } });
    expect(sane.headers['x-request-id']).toBe('lb-7f3a:01.x_y');
    expect(log.json().at(-1)?.reqId).toBe('lb-7f3a:01.x_y');
    for (const bad of ['has space', 'a'.repeat(129), 'alex.postpaid@mail.example', '<script>']) {
      const res = await sandbox.app.inject({ url: '/home', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('never logs a cookie, an authorization header, a token, a password or an email address', async () => {
    const headers = {
      cookie: `sid=${SECRETS[0]}; other=1`,
      authorization: SECRETS[1] ?? '',
      'x-csrf-token': SECRETS[7] ?? '',
    };
    await sandbox.app.inject({
      url: `/preauth/dssh/Orch/forgotFlow/getForgottenUserName2?email=${SECRETS[2]}`,
      headers,
    });
    await sandbox.app.inject({ url: `/preauth/dssh/bm/validateEmailUn?emailAddress=${SECRETS[3]}`, headers });
    await sandbox.app.inject({
      url: `/preauth/dssh/Orch/forgotFlow/resetPasswordWithToken?token=${SECRETS[5]}`,
      headers,
    });
    await sandbox.app.inject({ url: `/sandbox/jump/payBill?token=${SECRETS[6]}&accountNumber=1`, headers });
    await sandbox.app.inject({ url: `/${SECRETS[2]}`, headers });
    // The identity provider's redirect back: its code and state, the sealed sign-in cookie.
    await sandbox.app.inject({
      url: `/studio/auth/callback?code=${SECRETS[8]}&state=${SECRETS[9]}`,
      headers: { ...headers, cookie: `studio_oidc=${SECRETS[10]}` },
    });
    await sandbox.app.inject({
      method: 'POST',
      url: '/preauth/dssh/orch/ecom/changePasswordWithToken',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { token: SECRETS[5], password: SECRETS[4] },
    });
    expect(log.text).toContain('/sandbox/jump/payBill?token=[redacted]&accountNumber=1');
    expect(log.text).toContain('getForgottenUserName2?email=[redacted]');
    expect(log.text).toContain('"url":"/[email]"');
    expect(log.text).toContain('/studio/auth/callback?code=[redacted]&state=[redacted]');
    for (const secret of SECRETS) expect(log.text, secret).not.toContain(secret);
  });

  it('scrubs what any code logs, at any depth, and an error with an address in its message', async () => {
    const app = createFastify({ logger: { level: 'info', stream: log } });
    app.post('/echo', (req) => {
      req.log.info(
        { body: req.body, headers: req.headers, nested: { deeper: { note: `mail ${SECRETS[2]}` } } },
        `signed in as ${SECRETS[2]}`,
      );
      throw new Error(`cannot mail ${SECRETS[2]}`);
    });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { cookie: `sid=${SECRETS[0]}`, authorization: SECRETS[1] ?? '' },
      payload: { password: SECRETS[4], newPassword: SECRETS[4], accessToken: SECRETS[1], email: SECRETS[2] },
    });
    expect(res.statusCode).toBe(500);
    await app.close();
    const lines = log.json().filter((l) => l.msg === `signed in as [email]`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      body: {
        password: '[redacted]',
        newPassword: '[redacted]',
        accessToken: '[redacted]',
        email: '[redacted]',
      },
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      nested: { deeper: { note: 'mail [email]' } },
    });
    expect(log.text).toContain('cannot mail [email]');
    for (const secret of SECRETS) expect(log.text, secret).not.toContain(secret);
  });
});

describe('the scrubbing functions', () => {
  /** Every name a credential goes by in a query or a body: each value is replaced, whatever the case. */
  const CREDENTIAL_NAMES = [
    'session',
    'sessionId',
    'JSESSIONID',
    'sid',
    'orch_sid',
    'auth',
    'authToken',
    'basic_auth',
    'apikey',
    'api_key',
    'apiKey',
    'key',
    'applicationKey',
    'WirelessKey',
    'secret',
    'client_secret',
    'signature',
    'X-Amz-Signature',
    'sig',
    'token',
    'access_token',
    'id_token',
    'refresh_token',
    'password',
    'passwd',
    'pass',
    'pwd',
    'passphrase',
    'credential',
    'credentials',
    'otp',
    'nonce',
    'code_verifier',
    'csrf',
    'xsrf-token',
    'cookie',
    'authorization',
    'code',
    'state',
    'email',
  ];

  it.each(CREDENTIAL_NAMES)('replaces the value of %s, in a query and in a body', (name) => {
    expect(scrubUrl(`/call?${encodeURIComponent(name)}=the-value&persona=postpaid`)).toBe(
      `/call?${encodeURIComponent(name)}=[redacted]&persona=postpaid`,
    );
    expect(scrub({ [name]: 'the-value', nested: { [name]: 'the-value' } })).toEqual({
      [name]: '[redacted]',
      nested: { [name]: '[redacted]' },
    });
  });

  it('keeps the harmless names it could be mistaken on', () => {
    for (const name of ['persona', 'redirect', 'accountNumber', 'page', 'operation', 'level', 'mode', 'call'])
      expect(scrubUrl(`/x?${name}=v`)).toBe(`/x?${name}=v`);
  });

  it('keep a path and its harmless query as they are', () => {
    expect(scrubUrl('/sandbox/signin?persona=postpaid&redirect=/billing')).toBe(
      '/sandbox/signin?persona=postpaid&redirect=/billing',
    );
  });

  it('replace secret-named query values and mask addresses, encoded ones included', () => {
    expect(scrubUrl('/cb?code=abc&state=xyz&Token=1&access_token=2&q=a%40b.example')).toBe(
      '/cb?code=[redacted]&state=[redacted]&Token=[redacted]&access_token=[redacted]&q=[email]',
    );
  });

  it('keep status codes and counts, and stop at a depth', () => {
    expect(scrub({ statusCode: 500, count: 3, list: ['a@b.example', 2] })).toEqual({
      statusCode: 500,
      count: 3,
      list: ['[email]', 2],
    });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 12; i++) deep = { deep };
    expect(JSON.stringify(scrub(deep))).toContain('[too deep]');
  });
});
