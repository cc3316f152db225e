import { makeAutoObservable, runInAction } from 'mobx';
import type { Api } from './api-port';
import type { Env } from './env';
import type { Profile } from '../generated/types';

export type ProfileStatus = 'idle' | 'loading' | 'ok' | 'failure' | '223' | '222';

/**
 * The early-init profile (GET /Orch/dssh/homeEarlyInit). Reading the envelope is the contract, not a
 * business decision: statusCode 222 with a string response is a redirect, status '223' means no account
 * is linked yet, statusCode -7 or a missing accountLifeCycle means the load failed.
 */
export class ProfileStore {
  status: ProfileStatus = 'idle';
  data: Profile | null = null;
  /** The URL of a 222 answer, unchecked: the shell checks it against the allowlist before going there. */
  redirectUrl: string | null = null;
  private failureRecorded = false;

  constructor(
    private readonly api: Api,
    private readonly env: Env,
  ) {
    makeAutoObservable<ProfileStore, 'api' | 'env'>(this, { api: false, env: false });
  }

  get accountNumber(): string | null {
    return this.data?.currentlyManagedAccount ?? null;
  }

  async load(): Promise<ProfileStatus> {
    this.status = 'loading';
    const result = await this.api.homeEarlyInit();
    runInAction(() => {
      if (!result.ok) return this.fail(result.message);
      const env = result.data;
      if (env.statusCode === 222 && typeof env.response === 'string') {
        this.redirectUrl = env.response;
        this.status = '222';
        return;
      }
      if (env.status === '223' || env.statusCode === 223) {
        this.status = '223';
        return;
      }
      if (env.statusCode === -7 || !env.accountLifeCycle || typeof env.response !== 'object' || !env.response) {
        return this.fail(`profile failure: statusCode ${env.statusCode}`);
      }
      this.data = { ...env.response, accountLifeCycle: env.response.accountLifeCycle ?? env.accountLifeCycle };
      this.status = 'ok';
    });
    return this.status;
  }

  /**
   * Spec, Loading and skipping: the issue is recorded once, the profile is marked failed, the customer is
   * marked not a customer of the second provider, and account_profile_data_error is pushed.
   */
  private fail(message: string): void {
    this.status = 'failure';
    this.data = null;
    if (this.failureRecorded) return;
    this.failureRecorded = true;
    this.api.logIssue({ page: 'home', operation: 'getprofiledata', message, level: 'error' });
    this.env.track({ event: 'error', errorName: 'account_profile_data_error' });
  }
}
