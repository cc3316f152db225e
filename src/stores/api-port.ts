/**
 * The calls the stores make, as one interface. The root store receives an implementation built on
 * src/api (see create-api.ts); tests hand in fakes. Every method resolves, never rejects: failures are
 * values (`ok: false`) so each one ends in the spec's handling.
 */
import type {
  AccountList,
  CheckHeader,
  HomeEarlyInit,
  IsAuth,
  SetCurrentAccount,
  SignIn,
} from '../generated/types';

import type { Result } from '../api/client';

export type CallResult<T> = Result<T>;

export interface IssueEntry {
  page: string;
  operation: string;
  message: string;
  level: 'error' | 'warn' | 'info';
}

/**
 * How a store records a failed call in the UI issue log: the root store fills in the page the customer is on
 * and the account number the failure concerns.
 */
export type ReportIssue = (operation: string, message: string) => void;

export interface Api {
  isAuth(): Promise<CallResult<IsAuth>>;
  checkHeader(): Promise<CallResult<CheckHeader>>;
  homeEarlyInit(): Promise<CallResult<HomeEarlyInit>>;
  accountList(): Promise<CallResult<AccountList>>;
  setCurrentAccount(loginName: string, pid: string): Promise<CallResult<SetCurrentAccount>>;
  /** callSignIn: the single-sign-on response of the session (GET /Orch/dssh/signIn). */
  signIn(): Promise<CallResult<SignIn>>;
  /** The UI issue log (POST /Orch/dssh/ui/sanitize); never fails loudly. */
  logIssue(entry: IssueEntry & { accountNumber?: string; emailAddress?: string }): void;
}
