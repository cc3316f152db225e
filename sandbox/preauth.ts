/**
 * The simulated pre-auth calls (/preauth/...): the sign-in recovery flows and the cancel-service single sign-on,
 * answered from the loaded personas' logins, emails and account numbers (plus the profiles created online),
 * with plausible success and error shapes (docs/contracts.md). What a flow would email goes to the visitor's
 * outbox (`mail`); what its links and codes stand for is kept in the ledger (sandbox/outbox.ts).
 *
 * Pure of HTTP: the route module (sandbox/preauth-routes.ts) checks the application key, applies faults and
 * hands the parsed request here.
 */
import { isAccountNumber, isBlank, isEmail, isStrongPassword } from '../machines/recovery-input';
import type {
  ChangePasswordWithToken,
  CreateProfile,
  ForgotPassword,
  RetrieveAccountNumber,
  RetrieveAuthCode,
  ResetPasswordWithToken,
  SignIn,
  ValidateEmailUn,
} from '../src/generated/types';
import type { OrchRequest, Reply } from './orch';
import type { NewEmail, RecoveryLedger } from './outbox';
import { profileOf, type Persona } from '../server/personas';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const ok = (json: unknown): Reply => ({ status: 200, json });
const success = (extra: Record<string, unknown> = {}): Reply =>
  ok({ status: 'SUCCESS', errorMessage: '', ...extra });
const error = (errorMessage: string, extra: Record<string, unknown> = {}): Reply =>
  ok({ status: 'ERROR', errorMessage, ...extra });

/** "alex@mail.example" -> "a***@mail.example" */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** The sandbox's SSO tokens: a persona id, or `<persona id>:<account number>` to name one of its accounts. */
export function parseSsoToken(
  personas: readonly Persona[],
  token: string,
): { persona: Persona; accountIndex: number } | undefined {
  const [id = '', account] = token.split(':', 2);
  const persona = personas.find((p) => p.id === id);
  if (!persona) return undefined;
  if (account === undefined) return { persona, accountIndex: 0 };
  const accountIndex = persona.accounts.findIndex((a) => a.accountNumber === account);
  return accountIndex < 0 ? undefined : { persona, accountIndex };
}

interface Account {
  accountNumber: string;
  login: string;
  /** the account's email, '' when it has none */
  email: string;
}

interface Directory {
  /** the email of a login (a persona's first account with an email, or a profile created online) */
  emailOf(login: string): string | undefined;
  loginOfEmail(email: string): string | undefined;
  account(accountNumber: string): Account | undefined;
  accountsOfEmail(email: string): string[];
}

function directory(personas: readonly Persona[], ledger: RecoveryLedger): Directory {
  const logins = new Map<string, string>();
  const emails = new Map<string, string>();
  const accounts = new Map<string, Account>();
  const byEmail = new Map<string, string[]>();
  for (const p of personas) {
    for (const a of p.accounts) {
      const email = profileOf(a)?.emailAddress ?? '';
      accounts.set(a.accountNumber, { accountNumber: a.accountNumber, login: p.login, email });
      if (!email) continue;
      const key = email.toLowerCase();
      if (!logins.has(p.login.toLowerCase())) logins.set(p.login.toLowerCase(), email);
      emails.set(key, p.login);
      byEmail.set(key, [...(byEmail.get(key) ?? []), a.accountNumber]);
    }
  }
  return {
    emailOf: (login) => logins.get(login.toLowerCase()) ?? ledger.createdByLogin(login)?.email,
    loginOfEmail: (email) => emails.get(email.toLowerCase()) ?? ledger.createdByEmail(email)?.login,
    account: (n) => accounts.get(n),
    accountsOfEmail: (email) => byEmail.get(email.toLowerCase()) ?? [],
  };
}

export interface PreauthContext {
  personas: readonly Persona[];
  ledger: RecoveryLedger;
  /** Signs the browser in as a persona on one of its accounts (performSSO); returns the SSO body. */
  signIn(persona: Persona, accountIndex: number): SignIn;
  /** Puts an email in this browser's outbox. */
  mail(email: NewEmail): void;
}

const RESET_PAGE = '/login/forgotPasswordStep3';
const SET_PAGE = '/login/setPassword';

/** Answers a pre-auth call, or 404 for an unknown path. */
export function handlePreauth(ctx: PreauthContext, r: OrchRequest): Reply {
  const dir = directory(ctx.personas, ctx.ledger);
  const q = (k: string): string => r.query.get(k)?.trim() ?? '';
  const b = (k: string): string => str(r.body[k]).trim();
  const route = `${r.method} ${r.path}`;
  switch (route) {
    case 'POST /preauth/dssh/ui/sanitize':
      return ok({ status: 'SUCCESS' });

    case 'POST /preauth/dssh/redirectEntry/sso/performSSO': {
      const found = parseSsoToken(ctx.personas, b('token'));
      if (!found)
        return ok({ authenticated: false, errorMessage: 'Invalid or expired token' } satisfies SignIn);
      return ok(ctx.signIn(found.persona, found.accountIndex));
    }

    case 'GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2': {
      const email = q('email');
      if (!email) return error('Email address is required.');
      if (!isEmail(email)) return error('Please enter a valid email address.');
      const login = dir.loginOfEmail(email);
      if (!login) return error('We could not find a profile with that email address.');
      ctx.mail({
        to: email,
        kind: 'username',
        subject: 'Your username',
        lines: [`The username of your profile is ${login}.`, 'Use it to sign in to My Account.'],
        link: { label: 'Sign in', href: '/home' },
      });
      return success();
    }

    case 'GET /preauth/dssh/Orch/forgotFlow/getForgottenPassword': {
      const login = q('login');
      if (!login) return error('Username is required.');
      const email = dir.emailOf(login);
      if (!email) return error('We could not find that username.');
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        maskedEmail: maskEmail(email),
      } satisfies ForgotPassword);
    }

    case 'POST /preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword':
      return sendResetLink(ctx, dir, b('login'), b('emailAddress'));

    case 'GET /preauth/dssh/Orch/forgotFlow/retrieveAccountNumber': {
      const email = q('email');
      if (!isEmail(email)) return error('Please enter a valid email address.');
      const numbers = dir.accountsOfEmail(email);
      if (numbers.length === 0) return error('We could not find an account with that email address.');
      ctx.mail({
        to: email,
        kind: 'account-number',
        subject: numbers.length === 1 ? 'Your account number' : 'Your account numbers',
        lines: [
          `The account ${numbers.length === 1 ? 'number' : 'numbers'} on file for this email address: ${numbers.join(', ')}.`,
          'You also find it at the top of your bill.',
        ],
        link: { label: 'Get an authorization code', href: '/login/retrieveAuthCode' },
      });
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        maskedEmail: maskEmail(email),
      } satisfies RetrieveAccountNumber);
    }

    case 'GET /preauth/dssh/Orch/forgotFlow/retrieveAuthCode': {
      const account = dir.account(q('accountNumber'));
      if (!account) return error('We could not find that account number.');
      // An account without an email has no option the portal can use: the email step is then skipped.
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        options: account.email ? [{ type: 'email', maskedValue: maskEmail(account.email) }] : [],
      } satisfies RetrieveAuthCode);
    }

    case 'POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail': {
      const account = dir.account(b('accountNumber'));
      if (!account?.email) return error('We could not find an email address for that account number.');
      const code = ctx.ledger.issueCode(account.accountNumber);
      ctx.mail({
        to: account.email,
        kind: 'auth-code',
        subject: 'Your authorization code',
        lines: [
          `Your authorization code for account ${account.accountNumber} is ${code}.`,
          `It works once and expires in ${Math.round(ctx.ledger.limits.codeMs / 60_000)} minutes.`,
        ],
        link: { label: 'Create your profile', href: '/login/profileRegistration' },
      });
      return success();
    }

    case 'GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken': {
      const token = q('token');
      const read = token ? ctx.ledger.readToken(token) : { status: 'unknown' as const };
      if (read.status !== 'ok') return error('This link has expired.', { tokenValid: false });
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        tokenValid: true,
        login: read.login,
      } satisfies ResetPasswordWithToken);
    }

    case 'POST /preauth/dssh/orch/ecom/changePasswordWithToken':
      return changePassword(ctx, str(r.body.password), b('token'));

    case 'POST /preauth/dssh/Orch/ACOD/createProfile2':
      return createProfile(ctx, dir, r.body.profile);

    case 'GET /preauth/dssh/bm/validateEmailUn': {
      const email = q('emailAddress');
      if (!isEmail(email)) return error('Please enter a valid email address.');
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        available: dir.loginOfEmail(email) === undefined,
      } satisfies ValidateEmailUn);
    }

    default:
      return { status: 404, json: { error: `No such call: ${r.path}` } };
  }
}

/** checkEmailForForgottenPassword: a reset link to the profile's email, when the email given is that one. */
function sendResetLink(ctx: PreauthContext, dir: Directory, login: string, given: string): Reply {
  const email = dir.emailOf(login);
  if (!email || email.toLowerCase() !== given.toLowerCase())
    return error('That email address does not match our records.');
  const token = ctx.ledger.issueToken(login, email, 'reset');
  ctx.mail({
    to: email,
    kind: 'reset-link',
    subject: 'Reset your password',
    lines: [
      `We received a request to reset the password of ${login}.`,
      `The link works once and expires in ${Math.round(ctx.ledger.limits.tokenMs / 60_000)} minutes. If you did not ask for it, ignore this email.`,
    ],
    link: { label: 'Reset your password', href: `${RESET_PAGE}?token=${encodeURIComponent(token)}` },
  });
  return success();
}

/** changePasswordWithToken: a strong password spends the reset (or set) token, and the owner is told. */
function changePassword(ctx: PreauthContext, password: string, token: string): Reply {
  if (!isStrongPassword(password)) return ok({ response: 'Failure' } satisfies ChangePasswordWithToken);
  const spent = ctx.ledger.spendToken(token);
  if (spent.status !== 'ok') return ok({ response: 'Failure' } satisfies ChangePasswordWithToken);
  ctx.mail({
    to: spent.email,
    kind: 'password-changed',
    subject: spent.purpose === 'set' ? 'Your password is set' : 'Your password was changed',
    lines: [
      `The password of ${spent.login} was ${spent.purpose === 'set' ? 'set' : 'changed'}.`,
      'If you did not do this, chat with us right away.',
    ],
    link: { label: 'Sign in', href: '/home' },
  });
  return ok({ response: 'Success' } satisfies ChangePasswordWithToken);
}

/**
 * createProfile2 {profile: {accountNumber, authCode, firstName, lastName, emailAddress, password?}}: the email
 * becomes the username (validateEmailUn checks it first). Without a password the confirmation email carries a
 * set-password link. The authorization code is spent last, so a refusal for another reason keeps it usable.
 */
function createProfile(ctx: PreauthContext, dir: Directory, raw: unknown): Reply {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length === 0) {
    return error('Profile details are required.');
  }
  const p = raw as Record<string, unknown>;
  const field = (k: string): string => str(p[k]).trim();
  const accountNumber = field('accountNumber');
  const email = field('emailAddress');
  const password = str(p.password);
  if (!isAccountNumber(accountNumber) || !dir.account(accountNumber))
    return error('We could not find that account number.');
  if (isBlank(field('firstName')) || isBlank(field('lastName')))
    return error('First and last name are required.');
  if (!isEmail(email)) return error('Please enter a valid email address.');
  if (dir.loginOfEmail(email)) return error('A profile already uses that email address.');
  if (password !== '' && !isStrongPassword(password))
    return error('The password does not meet the requirements.');
  if (!ctx.ledger.spendCode(accountNumber, field('authCode')))
    return error('The authorization code is not valid or has expired.');
  const login = email;
  ctx.ledger.addProfile(login, email, accountNumber);
  const link =
    password === ''
      ? {
          label: 'Set your password',
          href: `${SET_PAGE}?token=${encodeURIComponent(ctx.ledger.issueToken(login, email, 'set'))}`,
        }
      : { label: 'Sign in', href: '/home' };
  ctx.mail({
    to: email,
    kind: 'profile-created',
    subject: 'Your profile is ready',
    lines: [
      `Welcome, ${field('firstName')}. Your profile for account ${accountNumber} is ready.`,
      `Your username is ${login}.`,
      password === '' ? 'Set your password to finish.' : 'Sign in with your username and password.',
    ],
    link,
  });
  return ok({ status: 'SUCCESS', errorMessage: '', login } satisfies CreateProfile);
}
