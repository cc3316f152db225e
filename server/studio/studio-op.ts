/**
 * One operation of the rule studio's repository under a deadline (issue 29 item 1), the answer it gives
 * when the deadline passes, and the small pieces every part of the repository shares.
 */

export class RepoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems?: string[],
  ) {
    super(message);
  }
}

/** What an operation was doing when its deadline passed: its answer says so. */
export type OpStage = 'queue' | 'local' | 'remote' | 'check';

/**
 * One operation of the repository (a request's read or write, a fetch's reconciliation): its deadline, an
 * AbortSignal that ends every git it started when the deadline passes, and what it is doing, so the
 * answer names what did not answer. Once its refs have moved (`committed`), the rest (the local ref, the
 * folder) runs to its end: what was saved is never reported as failed.
 */
export class Op {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  stage: OpStage = 'queue';
  committed = false;

  /** when the operation started (ms since the epoch) */
  private readonly started = Date.now();
  /** when its time limit passes (ms since the epoch) */
  readonly deadline: number;

  /** `limitMs`: the operation's time limit, from now; its answer names it, whatever the host's speed. */
  constructor(
    private readonly limitMs: number,
    readonly write: boolean,
  ) {
    this.deadline = this.started + limitMs;
    this.timer = setTimeout(() => this.controller.abort(), limitMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  end(): void {
    clearTimeout(this.timer);
  }

  /** The answer when the deadline passed: 503, what did not answer, and that nothing was saved. */
  failure(): RepoError {
    const s = Math.max(1, Math.round(this.limitMs / 1000));
    const nothing = this.write ? ': nothing was saved. Try again in a moment' : ': try again in a moment';
    const what: Record<OpStage, string> = {
      queue: `The studio was busy with another change for ${s} s`,
      remote: `The rules remote did not answer within ${s} s`,
      check: `The checks of this change did not finish within ${s} s`,
      local: `The rules' history did not answer within ${s} s`,
    };
    return new RepoError(503, `${what[this.stage]}${nothing}`);
  }

  /** `p`, or the deadline's failure when it passes first (the work goes on in the background). */
  race<T>(p: Promise<T>, stage: OpStage): Promise<T> {
    this.stage = stage;
    if (this.committed) return p;
    if (this.expired) return Promise.reject(this.failure());
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(this.failure());
      this.signal.addEventListener('abort', onAbort, { once: true });
      p.then(
        (v) => {
          this.signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (e: unknown) => {
          this.signal.removeEventListener('abort', onAbort);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }
}

/** A small map that forgets the oldest entries beyond `max`. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}
