import { makeAutoObservable, runInAction } from 'mobx';
import type { Api } from './api-port';

export type AuthState = 'unknown' | 'checking' | 'authenticated' | 'unauthenticated' | 'error';

/** Whether the browser has a session (GET /Orch/isAuth) and who is signed in (GET /Orch/checkHeader). */
export class SessionStore {
  auth: AuthState = 'unknown';
  profileId: string | null = null;

  constructor(private readonly api: Api) {
    makeAutoObservable<SessionStore, 'api'>(this, { api: false });
  }

  async checkAuth(): Promise<AuthState> {
    if (this.auth === 'unknown') this.auth = 'checking';
    const result = await this.api.isAuth();
    runInAction(() => {
      if (result.ok) this.auth = result.data.authenticated ? 'authenticated' : 'unauthenticated';
      else if (result.kind === 'unauthenticated') this.auth = 'unauthenticated';
      else {
        this.auth = 'error';
        this.api.logIssue({ page: 'shell', operation: 'isAuth', message: result.message, level: 'error' });
      }
    });
    return this.auth;
  }

  /** getProfileId: the login name, needed to switch accounts. A failure leaves it unknown (logged). */
  async loadProfileId(): Promise<void> {
    const result = await this.api.checkHeader();
    runInAction(() => {
      if (result.ok && result.data.data) this.profileId = result.data.data;
      else {
        this.profileId = null;
        this.api.logIssue({
          page: 'shell',
          operation: 'checkHeader',
          message: result.ok ? 'empty profile id' : result.message,
          level: 'error',
        });
      }
    });
  }
}
