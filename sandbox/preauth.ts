/**
 * The simulated pre-auth calls (/preauth/...): sign-in recovery flows answered from the loaded personas'
 * logins, emails and account numbers, with plausible success and error shapes (docs/contracts.md).
 */
import type {
  ChangePasswordWithToken,
  CreateProfile,
  ForgotPassword,
  RetrieveAuthCode,
  ResetPasswordWithToken,
  SignIn,
  ValidateEmailUn,
} from '../src/generated/types';
import type { OrchRequest, Reply } from './orch';
import { profileOf, type Persona } from './personas';

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const ok = (json: unknown): Reply => ({ status: 200, json });
const success = (extra: Record<string, unknown> = {}): Reply =>
  ok({ status: 'SUCCESS', errorMessage: '', ...extra });
const error = (errorMessage: string): Reply => ok({ status: 'ERROR', errorMessage });

/** "alex@mail.example" -> "a***@mail.example" */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

interface Directory {
  emailOf(login: string): string | undefined;
  loginOfEmail(email: string): string | undefined;
  emailOfAccount(accountNumber: string): string | undefined;
}

function directory(personas: readonly Persona[]): Directory {
  const logins = new Map<string, string>();
  const emails = new Map<string, string>();
  const accounts = new Map<string, string>();
  for (const p of personas) {
    for (const a of p.accounts) {
      const email = profileOf(a)?.emailAddress ?? '';
      if (!email) continue;
      if (!logins.has(p.login.toLowerCase())) logins.set(p.login.toLowerCase(), email);
      emails.set(email.toLowerCase(), p.login);
      accounts.set(a.accountNumber, email);
    }
  }
  return {
    emailOf: (login) => logins.get(login.toLowerCase()),
    loginOfEmail: (email) => emails.get(email.toLowerCase()),
    emailOfAccount: (n) => accounts.get(n),
  };
}

export interface PreauthContext {
  personas: readonly Persona[];
  /** Signs the browser in as a persona (performSSO); returns the SSO body. */
  signIn(persona: Persona): SignIn;
}

/** Answers a pre-auth call, or 404 for an unknown path. */
export function handlePreauth(ctx: PreauthContext, r: OrchRequest): Reply {
  const dir = directory(ctx.personas);
  const q = (k: string): string => r.query.get(k)?.trim() ?? '';
  const route = `${r.method} ${r.path}`;
  switch (route) {
    case 'POST /preauth/dssh/ui/sanitize':
      return ok({ status: 'SUCCESS' });
    case 'POST /preauth/dssh/redirectEntry/sso/performSSO': {
      // The sandbox's SSO token is a persona id: the app hands it over, the session is signed in.
      const persona = ctx.personas.find((p) => p.id === str(r.body.token));
      if (!persona)
        return ok({ authenticated: false, errorMessage: 'Invalid or expired token' } satisfies SignIn);
      return ok(ctx.signIn(persona));
    }
    case 'GET /preauth/dssh/Orch/forgotFlow/getForgottenUserName2': {
      const email = q('email');
      if (!email) return error('Email address is required.');
      return dir.loginOfEmail(email)
        ? success()
        : error('We could not find a profile with that email address.');
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
    case 'GET /preauth/dssh/Orch/forgotFlow/retrieveAccountNumber': {
      const email = q('email');
      if (!email || !dir.loginOfEmail(email))
        return error('We could not find an account with that email address.');
      return success({ maskedEmail: maskEmail(email) });
    }
    case 'GET /preauth/dssh/Orch/forgotFlow/retrieveAuthCode': {
      const email = dir.emailOfAccount(q('accountNumber'));
      if (!email) return error('We could not find that account number.');
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        options: [{ type: 'email', maskedValue: maskEmail(email) }],
      } satisfies RetrieveAuthCode);
    }
    case 'GET /preauth/dssh/Orch/forgotFlow/resetPasswordWithToken': {
      const t = q('token');
      // 'expired' lets QA reach the link-expired screen.
      if (!t || t === 'expired') return error('This link has expired.');
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        tokenValid: true,
        login: 'alex.postpaid',
      } satisfies ResetPasswordWithToken);
    }
    case 'POST /preauth/dssh/Orch/forgotFlow/checkEmailForForgottenPassword': {
      const email = dir.emailOf(str(r.body.login));
      return email && email.toLowerCase() === str(r.body.emailAddress).toLowerCase()
        ? success()
        : error('That email address does not match our records.');
    }
    case 'POST /preauth/dssh/Orch/forgotFlow/authCodeByEmail':
      return dir.emailOfAccount(str(r.body.accountNumber))
        ? success()
        : error('We could not find that account number.');
    case 'POST /preauth/dssh/Orch/ACOD/createProfile2': {
      const profile = r.body.profile;
      if (profile === null || typeof profile !== 'object' || Object.keys(profile).length === 0) {
        return error('Profile details are required.');
      }
      const p = profile as Record<string, unknown>;
      return ok({
        status: 'SUCCESS',
        errorMessage: '',
        login: str(p.login) || str(p.emailAddress),
      } satisfies CreateProfile);
    }
    case 'POST /preauth/dssh/orch/ecom/changePasswordWithToken':
      return ok({
        response: str(r.body.token) && str(r.body.password) ? 'Success' : 'Failure',
      } satisfies ChangePasswordWithToken);
    case 'GET /preauth/dssh/bm/validateEmailUn': {
      const email = q('emailAddress');
      if (!EMAIL.test(email)) return error('Please enter a valid email address.');
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
