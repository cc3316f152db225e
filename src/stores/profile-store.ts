import { ANALYTICS_EVENTS, trackEvent } from './analytics';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Api, ReportIssue } from './api-port';
import type { LoadOptions } from './session-store';
import type { Env } from './env';
import type { Profile } from '../generated/types';
import { profileFromValidEnvelope } from '../facts/snapshot';

export type ProfileStatus = 'idle' | 'loading' | 'ok' | 'failure' | '223' | '222';

/**
 * The early-init profile (GET /Orch/dssh/homeEarlyInit), read with src/facts' profileFromValidEnvelope
 * (222 redirect, 223 no account yet, -7 or no accountLifeCycle = failure).
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
    private readonly report: ReportIssue,
  ) {
    // The profile is replaced, never changed in place: observed by reference, plain data inside.
    makeAutoObservable<ProfileStore, 'api' | 'env' | 'report'>(this, {
      data: observable.ref,
      api: false,
      env: false,
      report: false,
    });
  }

  get accountNumber(): string | null {
    return this.data?.currentlyManagedAccount ?? null;
  }

  /**
   * Loads the profile. A reload (`{ background: true }`, e.g. after a credit is accepted) keeps the current
   * profile on screen until the answer arrives, so the page is not swapped for the loading overlay and the
   * customer's focus stays where it was.
   */
  async load({
    background = false,
    quietIfSignedOut = false,
  }: { background?: boolean } & LoadOptions = {}): Promise<ProfileStatus | 'signed-out'> {
    if (!background || this.status !== 'ok') this.status = 'loading';
    const result = await this.api.homeEarlyInit();
    if (quietIfSignedOut && !result.ok && result.kind === 'unauthenticated') {
      runInAction(() => (this.status = 'idle'));
      return 'signed-out';
    }
    runInAction(() => {
      if (!result.ok) return this.fail(result.message);
      const parsed = profileFromValidEnvelope(result.data);
      if (parsed.status === 'failure' || parsed.status === 'pending') {
        return this.fail(
          `profile failure: statusCode ${result.data.statusCode}, status ${result.data.status}`,
        );
      }
      if (parsed.status === '222')
        this.redirectUrl = typeof result.data.response === 'string' ? result.data.response : null;
      this.data = parsed.data ?? null;
      this.status = parsed.status;
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
    this.report('getprofiledata', message);
    trackEvent(this.env, ANALYTICS_EVENTS.accountProfileDataError);
  }
}
