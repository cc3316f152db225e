import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Api, ReportIssue } from './api-port';
import type { LoadOptions } from './session-store';
import type { AccountList } from '../generated/types';

/** The account list ('posts'): the account selector's entries and the currently managed pid. */
export class AccountsStore {
  status: 'idle' | 'loading' | 'ok' | 'failure' = 'idle';
  list: AccountList | null = null;

  constructor(
    private readonly api: Api,
    private readonly report: ReportIssue,
  ) {
    // The list is replaced, never changed in place: observed by reference, plain data inside.
    makeAutoObservable<AccountsStore, 'api' | 'report'>(this, {
      list: observable.ref,
      api: false,
      report: false,
    });
  }

  get accounts(): AccountList['accountNumbers'] {
    return this.list?.accountNumbers ?? [];
  }

  get currentPid(): string | null {
    return this.list?.currentlyManagingPId ?? null;
  }

  /** The account number of a pid of the list (the current one by default), when listed. */
  accountNumberOf(pid: string | null = this.currentPid): string | null {
    if (pid === null) return null;
    return this.accounts.find((a) => a.pid === pid)?.accountNumber ?? null;
  }

  /** Spec: the selector shows Account Unavailable when statusCode is 0 and no accounts are listed. */
  get unavailable(): boolean {
    return this.list !== null && this.list.statusCode === 0 && this.list.accountNumbers.length === 0;
  }

  async load({ quietIfSignedOut = false }: LoadOptions = {}): Promise<'done' | 'signed-out'> {
    this.status = 'loading';
    const result = await this.api.accountList();
    if (quietIfSignedOut && !result.ok && result.kind === 'unauthenticated') {
      runInAction(() => (this.status = 'idle'));
      return 'signed-out';
    }
    runInAction(() => {
      if (result.ok) {
        this.list = result.data;
        this.status = 'ok';
      } else {
        this.status = 'failure';
        this.report('getProfileFromRequest', result.message);
      }
    });
    return 'done';
  }
}
