import { describe, expect, it } from 'vitest';
import { handlePreauth } from '../../sandbox/preauth';
import { loadPersonas, schemaValidator, signInOf } from '../../sandbox/personas';

const personas = loadPersonas([], () => undefined);
const ctx = { personas, signIn: (p: (typeof personas)[number]) => signInOf(p, 0) };
const today = new Date(2025, 2, 10, 12);

function call(route: string, query = '', body: Record<string, unknown> = {}) {
  const [method = 'GET', path = ''] = route.split(' ');
  const reply = handlePreauth(ctx, { method, path, query: new URLSearchParams(query), body, today });
  if (!('json' in reply)) throw new Error('not JSON');
  return { status: reply.status, body: reply.json as Record<string, unknown> };
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
      ['token=abc', {}],
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
      ['', { profile: { login: 'new.user' } }],
      ['', { profile: {} }],
    ],
    [
      'POST /preauth/dssh/orch/ecom/changePasswordWithToken',
      'change-password-with-token',
      ['', { token: 't', password: 'p' }],
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
    const validate = schemaValidator().ajv.getSchema(`${schema}.schema.json`)!;
    const ok = call(route, good[0], good[1]);
    expect(ok.status).toBe(200);
    expect(validate(ok.body) ? null : validate.errors).toBeNull();
    if ('errorMessage' in ok.body && schema !== 'sign-in') expect(ok.body.errorMessage).toBe('');
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
