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

export type CallFailureKind = 'http' | 'timeout' | 'malformed' | 'network' | 'unauthenticated';
export type CallResult<T> = { ok: true; data: T } | { ok: false; kind: CallFailureKind; status?: number; message: string };

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
  outage(query: Record<string, string>): Promise<CallResult<Outage>>;
  wgStatus(baid: string): Promise<CallResult<WgStatus>>;
  creditOffer(accountNumber: string): Promise<CallResult<CreditOffer>>;
  /** The UI issue log (POST /Orch/dssh/ui/sanitize); never fails loudly. */
  logIssue(entry: IssueEntry & { accountNumber?: string; emailAddress?: string }): void;
}
