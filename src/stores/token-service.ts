import { makeObservable, observable, runInAction } from 'mobx';
import type { ApiClient, Result } from '../api/client';
import { getAdaptToken } from '../api/calls/adapt-token';
import type { HomeDecisions } from '../engine';
import type { Env } from './env';

/** The adapt (OAuth) token the modem, wifi and device calls carry, and when it was obtained. */
export interface AdaptToken {
  accessToken: string;
  obtainedAt: string;
  expiresIn: number;
}

/**
 * The OAuth (adapt) token for the modem, wifi and device calls: reused while rules/token.json says it is
 * fresh (spec: valid when at least 120 of its 1200 seconds remain), fetched anew otherwise. Calls asking at
 * the same time share one request.
 */
export class TokenService {
  /** The current token (the token rule judges its freshness from obtainedAt and expiresIn). */
  token: AdaptToken | null = null;
  private request: Promise<Result<string>> | null = null;

  constructor(
    private readonly orch: ApiClient,
    private readonly env: Pick<Env, 'now'>,
    /** The decisions on the current facts (the token's freshness is one of them). */
    private readonly decided: () => Promise<HomeDecisions | null>,
  ) {
    makeObservable(this, { token: observable.ref });
  }

  get(): Promise<Result<string>> {
    this.request ??= this.fresh().finally(() => {
      this.request = null;
    });
    return this.request;
  }

  /** Forgets the token (an account switch): the next call asks for a new one. */
  clear(): void {
    runInAction(() => (this.token = null));
  }

  /** A token brought by the server's render of the page (src/stores/hydration.ts). */
  restore(token: AdaptToken | null): void {
    runInAction(() => (this.token = token));
  }

  private async fresh(): Promise<Result<string>> {
    if (this.token) {
      const decided = await this.decided();
      if (decided?.token.fresh && this.token) return { ok: true, data: this.token.accessToken };
    }
    const answer = await getAdaptToken(this.orch);
    if (!answer.ok) return answer;
    runInAction(() => {
      this.token = {
        accessToken: answer.data.accessToken,
        obtainedAt: this.env.now().toISOString(),
        expiresIn: answer.data.expiresIn,
      };
    });
    return { ok: true, data: answer.data.accessToken };
  }
}
