import { describe, expect, it } from 'vitest';
import { RecoveryLedger, type NewEmail } from '../../sandbox/outbox';
import { handlePreauth, parseSsoToken } from '../../sandbox/preauth';
import { loadPersonas, schemaValidator, signInOf } from '../../server/personas';

const personas = loadPersonas([], () => undefined);
const today = new Date(2025, 2, 10, 12);

function context(now = { ms: 1_000_000 }) {
  const ledger = new RecoveryLedger({}, () => now.ms);
  const sent: NewEmail[] = [];
  const ctx = {
    personas,
    ledger,
    signIn: (p: (typeof personas)[number], index: number) => signInOf(p, index),
    mail: (e: NewEmail) => void sent.push(e),
  };
  const call = (route: string, query = '', body: Record<string, unknown> = {}) => {
    const [method = 'GET', path = ''] = route.split(' ');
    const reply = handlePreauth(ctx, { method, path, query: new URLSearchParams(query), body, today });
    if (!('json' in reply)) throw new Error('not JSON');
    return { status: reply.status, body: reply.json as Record<string, unknown> };
  };
  return { ctx, ledger, sent, call, now };
}

/** route, schema, a succeeding request, a failing request */
const cases: [string, string, [string, Record<string, unknown>], [string, Record<string, unknown>] | null][] =
  [
    ['POST /preauth/dssh/ui/sanitize', 'sanitize', ['', { message: 'x' }], null],
    [
      'POST /preauth/dssh/redirectEntry/sso/performSSO',
      'sign-in',
      ['', { token: 'postpaid' }],
      ['', { token: 'nope' }],
    ],
    [
      'GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2',
      'forgot-username',
      ['email=alex.postpaid@mail.example', {}],
      ['email=who@x.example', {}],
    ],
    [
      'GET /preauth/dssh/Orch/forgotFlow/getForgottenPassword',
      'forgot-password',
      ['login=alex.postpaid', {}],
      ['login=nobody', {}],
    ],
    [
      'GET /preauth/dssh/Orch/forgotFlow/retrieveAccountNumber',
      'retrieve-account-number',
      ['email=alex.postpaid@mail.example', {}],
      ['email=', {}],
    ],
    [
      'GET /preauth/dssh/Orch/forgotFlow/retrieveAuthCode',
      'retrieve-auth-code',
      ['accountNumber=310245781', {}],
      ['accountNumber=1', {}],
    ],
    [
      'GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken',
      'reset-password-with-token',
      ['token=__issued__', {}],
      ['token=expired', {}],
    ],
    [
      'POST /preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword',
      'check-email',
      ['', { login: 'alex.postpaid', emailAddress: 'alex.postpaid@mail.example' }],
      ['', { login: 'alex.postpaid', emailAddress: 'x@y.example' }],
    ],
    [
      'POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail',
      'auth-code-by-email',
      ['', { accountNumber: '310245781' }],
      ['', { accountNumber: '0' }],
    ],
    [
      'POST /preauth/dssh/Orch/ACOD/createProfile2',
      'create-profile',
      ['', { profile: '__valid__' }],
      ['', { profile: {} }],
    ],
    [
      'POST /preauth/dssh/orch/ecom/changePasswordWithToken',
      'change-password-with-token',
      ['', { token: '__issued__', password: 'Secret123' }],
      ['', { token: '' }],
    ],
    [
      'GET /preauth/dssh/bm/validateEmailUn',
      'validate-email-un',
      ['emailAddress=new@x.example', {}],
      ['emailAddress=bad', {}],
    ],
  ];

describe('pre-auth recovery calls answer in their contract', () => {
  it.each(cases)('%s', (route, schema, good, bad) => {
    const { call, ledger } = context();
    const token = ledger.issueToken('alex.postpaid', 'alex.postpaid@mail.example', 'reset');
    const code = ledger.issueCode('310245781');
    const fill = (v: unknown): unknown =>
      v === '__issued__'
        ? token
        : v === '__valid__'
          ? {
              accountNumber: '310245781',
              authCode: code,
              firstName: 'Pat',
              lastName: 'Doe',
              emailAddress: 'pat.new@mail.example',
              password: 'Secret123',
            }
          : v;
    const body = Object.fromEntries(Object.entries(good[1]).map(([k, v]) => [k, fill(v)]));
    const validate = schemaValidator().ajv.getSchema(`${schema}.schema.json`)!;
    const ok = call(route, good[0].replace('__issued__', token), body);
    expect(ok.status).toBe(200);
    expect(validate(ok.body) ? null : validate.errors).toBeNull();
    if ('errorMessage' in ok.body && schema !== 'sign-in') expect(ok.body.errorMessage).toBe('');
    if (schema === 'change-password-with-token') expect(ok.body.response).toBe('Success');
    if (bad) {
      const failed = call(route, bad[0], bad[1]);
      expect(validate(failed.body) ? null : validate.errors).toBeNull();
      const failedVisibly =
        (typeof failed.body.errorMessage === 'string' && failed.body.errorMessage !== '') ||
        failed.body.response === 'Failure';
      expect(failedVisibly).toBe(true);
    }
  });
});

describe('what the flows email', () => {
  it('forgot username emails the username to the address given', () => {
    const { call, sent } = context();
    call('GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2', 'email=Alex.Postpaid@mail.example');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'username', to: 'Alex.Postpaid@mail.example' });
    expect(sent[0]?.lines.join(' ')).toContain('alex.postpaid');
  });

  it('a checked email gets a single-use reset link to step 3; spent, it reads as expired', () => {
    const { call, sent } = context();
    call('POST /preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword', '', {
      login: 'alex.postpaid',
      emailAddress: 'alex.postpaid@mail.example',
    });
    const href = sent[0]?.link?.href ?? '';
    expect(href).toMatch(/^\/login\/forgotPasswordStep3\?token=[A-Za-z0-9_-]{22}$/);
    const token = new URL(href, 'http://x').searchParams.get('token') ?? '';
    const check = () => call('GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken', `token=${token}`);
    expect(check().body).toMatchObject({ status: 'SUCCESS', tokenValid: true, login: 'alex.postpaid' });
    const change = (password: string) =>
      call('POST /preauth/dssh/orch/ecom/changePasswordWithToken', '', { token, password }).body;
    expect(change('short')).toEqual({ response: 'Failure' });
    expect(check().body.status).toBe('SUCCESS');
    expect(change('NewSecret42')).toEqual({ response: 'Success' });
    expect(sent.at(-1)).toMatchObject({ kind: 'password-changed', to: 'alex.postpaid@mail.example' });
    expect(check().body).toMatchObject({ status: 'ERROR', tokenValid: false });
    expect(change('NewSecret43')).toEqual({ response: 'Failure' });
  });

  it('a reset link expires after its lifetime', () => {
    const { call, ledger, now } = context();
    const token = ledger.issueToken('alex.postpaid', 'alex.postpaid@mail.example', 'reset');
    now.ms += ledger.limits.tokenMs;
    expect(
      call('GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken', `token=${token}`).body.status,
    ).toBe('ERROR');
  });

  it('the account numbers of an email go to that email', () => {
    const { call, sent } = context();
    const reply = call(
      'GET /preauth/dssh/Orch/forgotFlow/retrieveAccountNumber',
      'email=alex.postpaid@mail.example',
    );
    expect(reply.body).toMatchObject({ status: 'SUCCESS', maskedEmail: 'a***@mail.example' });
    expect(sent[0]?.lines[0]).toContain('310245781');
  });

  it('an account without an email offers no option, and the code cannot be emailed', () => {
    const { call } = context();
    expect(
      call('GET /preauth/dssh/Orch/forgotFlow/retrieveAuthCode', 'accountNumber=310444423').body,
    ).toEqual({ status: 'SUCCESS', errorMessage: '', options: [] });
    expect(
      call('POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail', '', { accountNumber: '310444423' }).body
        .status,
    ).toBe('ERROR');
  });

  it('an emailed authorization code creates one profile; the email is then taken', () => {
    const { call, sent } = context();
    call('POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail', '', { accountNumber: '310245781' });
    const code = /is (\d{6})\./.exec(sent[0]?.lines[0] ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const profile = {
      accountNumber: '310245781',
      authCode: code,
      firstName: 'Pat',
      lastName: 'Doe',
      emailAddress: 'pat.doe@mail.example',
    };
    const create = (p: Record<string, unknown>) =>
      call('POST /preauth/dssh/Orch/ACOD/createProfile2', '', { profile: p }).body;
    expect(create({ ...profile, authCode: '000000' === code ? '111111' : '000000' }).status).toBe('ERROR');
    expect(create(profile)).toEqual({ status: 'SUCCESS', errorMessage: '', login: 'pat.doe@mail.example' });
    // No password given: the confirmation carries a set-password link.
    expect(sent.at(-1)?.link?.href).toMatch(/^\/login\/setPassword\?token=/);
    expect(
      call('GET /preauth/dssh/bm/validateEmailUn', 'emailAddress=pat.doe@mail.example').body.available,
    ).toBe(false);
    expect(create(profile).status).toBe('ERROR');
    expect(
      call('GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2', 'email=pat.doe@mail.example').body
        .status,
    ).toBe('SUCCESS');
  });
});

describe('the sandbox SSO token', () => {
  it('names a persona, or a persona and one of its accounts', () => {
    expect(parseSsoToken(personas, 'postpaid')).toMatchObject({ accountIndex: 0 });
    const multi = personas.find((p) => p.id === 'multi-account');
    const second = multi?.accounts[1]?.accountNumber ?? '';
    expect(parseSsoToken(personas, `multi-account:${second}`)).toMatchObject({ accountIndex: 1 });
    expect(parseSsoToken(personas, 'multi-account:000')).toBeUndefined();
    expect(parseSsoToken(personas, 'nobody')).toBeUndefined();
  });
});
