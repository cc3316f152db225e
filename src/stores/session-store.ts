import { makeAutoObservable, runInAction } from 'mobx';
import type { SignIn } from '../generated/types';
import type { Api, ReportIssue } from './api-port';

/** A call made before the session is known stays quiet about a 401 (the guard sends the browser to sign in). */
export interface LoadOptions {
  quietIfSignedOut?: boolean;
}

export type AuthState = 'unknown' | 'checking' | 'authenticated' | 'unauthenticated' | 'error';

/** Whether the browser has a session (GET /Orch/isAuth) and who is signed in (GET /Orch/checkHeader). */
export class SessionStore {
  auth: AuthState = 'unknown';
  profileId: string | null = null;
  /** The session's single-sign-on response (callSignIn), once asked for: who is signed in, to which account. */
  signIn: SignIn | null = null;

  constructor(
    private readonly api: Api,
    private readonly report: ReportIssue,
  ) {
    makeAutoObservable<SessionStore, 'api' | 'report'>(this, { api: false, report: false });
  }

  async checkAuth(): Promise<AuthState> {
    if (this.auth === 'unknown') this.auth = 'checking';
    const result = await this.api.isAuth();
    runInAction(() => {
      if (result.ok) this.auth = result.data.authenticated ? 'authenticated' : 'unauthenticated';
      else if (result.kind === 'unauthenticated') this.auth = 'unauthenticated';
      else {
        this.auth = 'error';
        this.report('isAuth', result.message);
      }
    });
    return this.auth;
  }

  /**
   * callSignIn (shell spec §4 'Switching accounts', step 4: 'sign-in, profile id and profile data reload'). A
   * failure, or an unauthenticated answer, is recorded; the switch goes on with the profile it reloads.
   */
  async callSignIn(): Promise<void> {
    const result = await this.api.signIn();
    runInAction(() => {
      this.signIn = result.ok ? result.data : null;
      if (!result.ok) this.report('callSignIn', result.message);
      else if (!result.data.authenticated)
        this.report('callSignIn', `not authenticated: ${result.data.errorMessage ?? ''}`.trim());
    });
  }

  /**
   * getProfileId: the login name, needed to switch accounts. A failure leaves it unknown (logged), except a
   * 401 asked before the session was known (`quietIfSignedOut`): that answers 'signed-out', unrecorded.
   */
  async loadProfileId({ quietIfSignedOut = false }: LoadOptions = {}): Promise<'done' | 'signed-out'> {
    const result = await this.api.checkHeader();
    if (quietIfSignedOut && !result.ok && result.kind === 'unauthenticated') return 'signed-out';
    runInAction(() => {
      if (result.ok && result.data.data) this.profileId = result.data.data;
      else {
        this.profileId = null;
        this.report('checkHeader', result.ok ? 'empty profile id' : result.message);
      }
    });
    return 'done';
  }
}
