import { when } from 'mobx';
import { issuePageOf } from '../api/issue-log';
import { trackIssueError } from './analytics';
import type { Api, ReportIssue } from './api-port';
import type { Env } from './env';
import type { AccountsStore } from './accounts-store';
import type { ProfileStore } from './profile-store';

/**
 * Where a failure is recorded from: the page the customer is on (named after its route, 'home', 'billing',
 * 'settings/accountInfo') and the account the failure concerns. Every UI issue-log record goes through here,
 * so each names the page where the failing call was made and the account it was made for.
 */
export class IssueReporter {
  /** The page the customer is on; the shell sets it on each navigation. */
  page = 'home';
  /** The address's path (no query: it may hold a token), for analytics events' page_path. */
  path = '/home';
  /** Values already reported as impossible to show, by page (each is logged once). */
  private readonly unshowable = new Set<string>();

  constructor(
    private readonly env: Pick<Env, 'track'>,
    private readonly api: Pick<Api, 'logIssue'>,
    private readonly profile: Pick<ProfileStore, 'data'>,
    private readonly accounts: Pick<AccountsStore, 'status' | 'accountNumberOf'>,
  ) {}

  setPage(pathname: string): void {
    this.page = issuePageOf(pathname);
    this.path = pathname;
  }

  /**
   * The account number a failure concerns when the caller names none: the profile's, or, while the profile is
   * unknown or failed, the account the account list says is current.
   */
  get currentAccountNumber(): string | undefined {
    return this.profile.data?.currentlyManagedAccount ?? this.accounts.accountNumberOf() ?? undefined;
  }

  /**
   * Records a failure in the UI issue log: the page where it happened and the account number it concerns (the
   * current one unless the caller names another, e.g. the account a switch was going to).
   */
  log(page: string, operation: string, message: string, accountNumber?: string): void {
    // Every record is also an analytics error event (seed 001 §8), without the record's message.
    trackIssueError(this.env, page, operation);
    const p = this.profile.data;
    const account = accountNumber ?? this.currentAccountNumber;
    this.api.logIssue({
      page,
      operation,
      message,
      level: 'error',
      ...(account ? { accountNumber: account } : {}),
      ...(p?.emailAddress && p.currentlyManagedAccount === account ? { emailAddress: p.emailAddress } : {}),
    });
  }

  /** Reports under the page the customer is on when the failure is reported. */
  readonly report: ReportIssue = (operation, message) => this.log(this.page, operation, message);

  /** A reporter bound to the page and account of the moment a call starts (the answer may come later). */
  reporterFor(accountNumber: string): ReportIssue {
    const page = this.page;
    return (operation, message) => this.log(page, operation, message, accountNumber);
  }

  /**
   * A value of an answer that a page could not show (an amount of 1e308, a date of year 10000, an invoice
   * number that cannot be put in a link): the page shows it as not available, and the issue log gets it once
   * per page and value, however often the page renders it.
   */
  logUnshowable(kind: string, value: string): void {
    const key = `${this.page}\n${kind}\n${value}`;
    if (this.unshowable.has(key)) return;
    this.unshowable.add(key);
    this.log(this.page, 'display', `${kind} cannot be shown: ${value}`);
  }

  /**
   * A profile failure names the account the account list says is current. That list loads beside the
   * profile, so the record waits for it to settle (never longer: a list that fails or never loads leaves the
   * account number empty).
   */
  reportProfileIssue(operation: string, message: string): void {
    const page = this.page;
    const log = () => this.log(page, operation, message);
    if (this.accounts.status !== 'loading') return log();
    void when(() => this.accounts.status !== 'loading').then(log, log);
  }
}
