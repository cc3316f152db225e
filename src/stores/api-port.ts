/**
 * The calls the stores make, as one interface. The root store receives an implementation built on
 * src/api (see create-api.ts); tests hand in fakes. Every method resolves, never rejects: failures are
 * values (`ok: false`) so each one ends in the spec's handling.
 */
import type {
  AccountList,
  CheckHeader,
  CreditOffer,
  HomeEarlyInit,
  IsAuth,
  Outage,
  SetCurrentAccount,
  WgStatus,
} from '../generated/types';

import type { Result } from '../api/client';
import type { OutageParams } from '../api/calls/outage';

export type CallResult<T> = Result<T>;

export interface IssueEntry {
  page: string;
  operation: string;
  message: string;
  level: 'error' | 'warn' | 'info';
}

export interface Api {
  isAuth(): Promise<CallResult<IsAuth>>;
  checkHeader(): Promise<CallResult<CheckHeader>>;
  homeEarlyInit(): Promise<CallResult<HomeEarlyInit>>;
  accountList(): Promise<CallResult<AccountList>>;
  setCurrentAccount(loginName: string, pid: string): Promise<CallResult<SetCurrentAccount>>;
  outage(params: OutageParams): Promise<CallResult<Outage>>;
  wgStatus(baid: string): Promise<CallResult<WgStatus>>;
  creditOffer(accountNumber: string): Promise<CallResult<CreditOffer>>;
  /** The UI issue log (POST /Orch/dssh/ui/sanitize); never fails loudly. */
  logIssue(entry: IssueEntry & { accountNumber?: string; emailAddress?: string }): void;
}
