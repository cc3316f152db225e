import { computed, makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { ExplainTrace, HomeDecisions } from '../engine';

/**
 * Evaluates the rules for a set of facts (src/engine's runtime.decisions; tests pass fakes): the decisions, and
 * their explain trace when asked (the QA panel).
 */
export type Decide<F> = (
  facts: F,
) => Promise<{ decisions: HomeDecisions; explain: () => Promise<ExplainTrace> }>;

const NO_TRACE = (): Promise<ExplainTrace> => Promise.resolve([]);

/**
 * The engine's code or the rules could not be fetched (a chunk that did not load, the network): no fault of
 * the rules or of the facts. A page that shows decisions already keeps them and tries again (DecisionStore).
 */
export class EngineUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(
      `the rules engine could not be loaded: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    this.name = 'EngineUnavailable';
  }
}

/** How a page that shows decisions meets an engine it cannot load: it keeps them and tries again later. */
export interface KeepOnUnavailable {
  /** whose decisions they are (the managed account): another account's are never kept */
  accountOf: () => string | null;
  /** schedules a retry (the env's timer) */
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** the waits before each retry, in ms; after the last, the next change of facts tries again */
  retries?: readonly number[];
}

/** Waits before the retries of an engine that could not be loaded: a chunk or the network back soon. */
export const ENGINE_RETRIES_MS = [2_000, 10_000, 30_000] as const;

/**
 * Keeps the decisions current: whenever the facts change (a call answered, a flag flipped), the rules run
 * again and the result replaces the old one. A stale answer never overwrites a newer one.
 */
export class DecisionStore<F> {
  current: HomeDecisions | null = null;
  /** The trace of the current decisions, worked out when asked (none for decisions the server made). */
  explain: () => Promise<ExplainTrace> = NO_TRACE;
  /** The facts of the current decisions, kept for the explain view and path capture. */
  facts: F | null = null;
  /**
   * The instant the current facts were derived at: a fact can read the clock (the token's seconds left), so
   * the same data gives the same facts only at the same instant.
   */
  factsAt: Date | null = null;
  /** The last evaluation failed outright (the engine could not run at all). */
  failed = false;
  /** The instant the reaction last derived the facts at: `factsAt`, or the clock's when there was none. */
  private readAt: Date | null = null;
  /** The latest facts not decided yet, with their instant, and the loop deciding them (null when idle). */
  private waiting: { facts: F; at: Date } | null = null;
  private running: Promise<void> | null = null;
  private dispose: IReactionDisposer | null = null;
  /** The account the current decisions were made for, and the retries of an unavailable engine so far. */
  private decidedFor: string | null = null;
  private retried = 0;

  constructor(
    /** The facts as of `today` (the clock's instant, or the server's for the first look after hydration). */
    private readonly readFacts: (today: Date) => F | null,
    private readonly decide: Decide<F>,
    private readonly onError: (error: unknown) => void,
    /** The clock the facts are derived at (the env's: tests and QA pin it). */
    private readonly clock: () => Date,
    /** Between deciding and showing the result: a new task, so the two are not one long task. */
    private readonly pause: () => Promise<void> = () => Promise.resolve(),
    /** Without it, an engine that cannot load shows the error view, as any failure does. */
    private readonly keep?: KeepOnUnavailable,
  ) {
    makeObservable(this, {
      current: observable.ref,
      explain: observable.ref,
      facts: observable.ref,
      failed: observable,
      homeView: computed,
      sections: computed,
      navigation: computed,
      brand: computed,
    });
  }

  get homeView(): HomeDecisions['homeView'] | null {
    if (this.failed) return { view: 'profile-error', params: {} };
    return this.current?.homeView ?? null;
  }

  get sections(): HomeDecisions['sections'] {
    return this.current?.sections ?? [];
  }

  get navigation(): HomeDecisions['navigation'] | null {
    return this.current?.navigation ?? null;
  }

  /** Whose brand the footer and banner show; the rules decide (rules/brand.json). */
  get brand(): 'provider' | 'second-provider' {
    return this.current?.brand.brand === 'second-provider' ? 'second-provider' : 'provider';
  }

  start(): void {
    this.dispose ??= reaction(
      // The data is looked at as of the instant the current facts were derived at: one fact reads the clock (the
      // token's seconds left), so facts derived later differ by the time gone by alone (every page load decided
      // its home again in the browser, a second after the server). So the server's decisions
      // (src/stores/hydration.ts), or the last made here, stay until the data itself changes.
      () => {
        this.readAt = this.factsAt ?? this.clock();
        return this.readFacts(this.readAt);
      },
      (f) => {
        if (this.current && !this.failed && sameJson(f, this.facts)) return;
        // What is decided is derived at the clock's instant: facts of the current decisions' instant again.
        if (this.readAt === this.factsAt) void this.evaluateNow();
        else void this.evaluate(f, this.readAt ?? undefined);
      },
      { fireImmediately: true, equals: sameJson },
    );
  }

  /**
   * The decisions the server's render made, their facts and the instant those were derived at: the browser's
   * first render shows them. An instant that does not read as one is none (the facts are then the clock's).
   */
  hydrate(state: {
    current: HomeDecisions | null;
    facts: F | null;
    failed: boolean;
    factsAt?: string | null;
  }): void {
    const at = typeof state.factsAt === 'string' ? new Date(state.factsAt) : null;
    runInAction(() => {
      this.current = state.current;
      this.facts = state.facts;
      this.failed = state.failed;
    });
    this.factsAt = at && Number.isFinite(at.getTime()) ? at : null;
    this.decidedFor = this.keep?.accountOf() ?? null;
  }

  stop(): void {
    this.dispose?.();
    this.dispose = null;
  }

  /**
   * The engine could not be loaded for `facts`: a page showing this account's decisions keeps them (the
   * customer's home stays, one decision behind) and decides again after a wait, a few times; anything else
   * is a failure the error view shows.
   */
  private keeps(error: unknown): boolean {
    const keep = this.keep;
    if (!keep || !(error instanceof EngineUnavailable) || !this.current || this.failed) return false;
    if (this.decidedFor === null || this.decidedFor !== keep.accountOf()) return false;
    const waits = keep.retries ?? ENGINE_RETRIES_MS;
    if (this.retried < waits.length) {
      const wait = waits[this.retried]!;
      this.retried += 1;
      keep.setTimeout(() => {
        if (this.dispose && !this.running && !this.waiting) void this.evaluateNow();
      }, wait);
    }
    return true;
  }

  /** Decides now from the current facts (e.g. which calls to make once the profile is in). */
  async evaluateNow(): Promise<HomeDecisions | null> {
    const at = this.clock();
    await this.evaluate(this.readFacts(at), at);
    return this.current;
  }

  /**
   * Decides on these facts. While a decision is running, newer facts wait for it and only the latest of them
   * is decided next: the calls of a page load answer in bursts, and deciding every intermediate set of facts
   * (fourteen times for one home, each a few milliseconds of a phone's main thread) showed nothing the last
   * one does not. A result is shown only if no newer facts arrived meanwhile. Resolves when the facts given
   * (or newer ones) are decided.
   */
  evaluate(facts: F | null, at: Date = this.clock()): Promise<void> {
    if (!facts) return Promise.resolve();
    this.waiting = { facts, at };
    this.running ??= this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting) {
        const { facts, at } = this.waiting;
        this.waiting = null;
        try {
          const { decisions, explain } = await this.decide(facts);
          if (this.waiting) continue;
          await this.pause();
          if (this.waiting) continue;
          runInAction(() => {
            this.current = decisions;
            this.explain = explain;
            this.facts = facts;
            this.failed = false;
          });
          this.factsAt = at;
          this.decidedFor = this.keep?.accountOf() ?? null;
          this.retried = 0;
        } catch (e) {
          // The engine survives bad rules itself; should it still fail, the customer gets the error view
          // (unless it only could not be loaded while the page shows this account's decisions: keeps).
          this.onError(e);
          if (this.waiting || this.keeps(e)) continue;
          runInAction(() => {
            this.failed = true;
          });
        }
      }
    } finally {
      // In the same step as the loop's last look at `waiting`: facts arriving later start a new drain.
      this.running = null;
    }
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
