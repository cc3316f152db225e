import { describe, expect, it } from 'vitest';
import type { ExplainTrace, HomeDecisions } from '../../src/engine';
import { DecisionStore, EngineUnavailable } from '../../src/stores/decision-store';

/** A decide whose answers the test releases one by one, recording which facts it was asked about. */
function controlledDecide() {
  const asked: number[] = [];
  const pending: Array<{ facts: number; resolve: () => void; reject: (e: Error) => void }> = [];
  const decide = (facts: number) =>
    new Promise<{ decisions: HomeDecisions; explain: () => Promise<ExplainTrace> }>((resolve, reject) => {
      asked.push(facts);
      pending.push({
        facts,
        // The decisions carry the facts they were made from, so the test can tell which one is shown.
        resolve: () =>
          resolve({ decisions: { facts } as unknown as HomeDecisions, explain: () => Promise.resolve([]) }),
        reject,
      });
    });
  const release = async (error?: Error) => {
    const next = pending.shift();
    if (!next) throw new Error('no decision is running');
    if (error) next.reject(error);
    else next.resolve();
    // Let the store's loop take its next step.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { decide, asked, release, pending };
}

/** The clock of the stores whose facts do not read it. */
const PINNED = () => new Date('2026-11-30T10:00:00.000Z');

const shown = (store: DecisionStore<number>) => (store.current as unknown as { facts: number } | null)?.facts;

describe('the decision store', () => {
  it('decides the facts it is given and shows the result', async () => {
    const c = controlledDecide();
    const store = new DecisionStore<number>(
      () => 1,
      c.decide,
      () => {},
      PINNED,
    );
    const done = store.evaluate(1);
    await c.release();
    await done;
    expect(shown(store)).toBe(1);
    expect(store.facts).toBe(1);
  });

  it('facts that arrive while a decision runs wait for it, and only the latest of them is decided next', async () => {
    const c = controlledDecide();
    const store = new DecisionStore<number>(
      () => 1,
      c.decide,
      () => {},
      PINNED,
    );
    const first = store.evaluate(1);
    const second = store.evaluate(2);
    const third = store.evaluate(3);
    await c.release(); // the decision on 1 ends: 2 and 3 arrived meanwhile
    expect(shown(store), 'the result for 1 is not shown: newer facts are waiting').toBeUndefined();
    await c.release(); // the decision on 3
    await Promise.all([first, second, third]);
    expect(c.asked).toEqual([1, 3]);
    expect(shown(store)).toBe(3);
  });

  it('a stale result never overwrites a newer one, and facts arriving after it is idle are decided again', async () => {
    const c = controlledDecide();
    const store = new DecisionStore<number>(
      () => 1,
      c.decide,
      () => {},
      PINNED,
    );
    const a = store.evaluate(1);
    await c.release();
    await a;
    const b = store.evaluate(2);
    await c.release();
    await b;
    expect(c.asked).toEqual([1, 2]);
    expect(shown(store)).toBe(2);
  });

  it('an engine that fails outright shows the error view and is reported; the next success clears it', async () => {
    const c = controlledDecide();
    const errors: unknown[] = [];
    const store = new DecisionStore<number>(
      () => 1,
      c.decide,
      (e) => errors.push(e),
      PINNED,
    );
    const a = store.evaluate(1);
    await c.release(new Error('boom'));
    await a;
    expect(store.failed).toBe(true);
    expect(store.homeView?.view).toBe('profile-error');
    expect(errors).toHaveLength(1);
    const b = store.evaluate(2);
    await c.release();
    await b;
    expect(store.failed).toBe(false);
    expect(shown(store)).toBe(2);
  });

  it('pauses between deciding and showing, and shows nothing stale when facts arrive during the pause', async () => {
    const c = controlledDecide();
    let resume: () => void = () => {};
    const store = new DecisionStore<number>(
      () => 1,
      c.decide,
      () => {},
      PINNED,
      () => new Promise<void>((r) => (resume = r)),
    );
    const a = store.evaluate(1);
    await c.release();
    expect(shown(store), 'not shown before the pause ends').toBeUndefined();
    const b = store.evaluate(2); // arrives during the pause
    resume();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(shown(store), 'the result for 1 is dropped').toBeUndefined();
    await c.release();
    resume();
    await Promise.all([a, b]);
    expect(c.asked).toEqual([1, 2]);
    expect(shown(store)).toBe(2);
  });

  describe('an engine whose code cannot be fetched (a chunk that failed to load, the network)', () => {
    /** A store showing decisions for account A (as hydrated from the server's), with its timers recorded. */
    function showing(account: { current: string }) {
      const c = controlledDecide();
      const errors: unknown[] = [];
      const timers: Array<{ fn: () => void; ms: number }> = [];
      // The server's decisions were made on facts 0: starting decides nothing.
      let facts = 0;
      const store = new DecisionStore<number>(
        () => facts,
        c.decide,
        (e) => errors.push(e),
        PINNED,
        undefined,
        {
          accountOf: () => account.current,
          setTimeout: (fn, ms) => timers.push({ fn, ms }),
          retries: [2_000, 10_000],
        },
      );
      store.hydrate({ current: { facts: 0 } as unknown as HomeDecisions, facts: 0, failed: false });
      store.start();
      return { c, errors, timers, store, setFacts: (f: number) => (facts = f) };
    }
    const unavailable = () =>
      new EngineUnavailable(new TypeError('Failed to fetch dynamically imported module'));

    it('keeps the decisions the page shows, reports it, and decides again after a wait until it loads', async () => {
      const { c, errors, timers, store, setFacts } = showing({ current: 'A' });
      setFacts(1);
      const a = store.evaluate(1);
      await c.release(unavailable());
      await a;
      expect(store.failed).toBe(false);
      expect(store.homeView?.view).not.toBe('profile-error');
      expect(shown(store)).toBe(0);
      expect(errors).toHaveLength(1);
      expect(timers.map((t) => t.ms)).toEqual([2_000]);
      // The wait ends: the latest facts are decided, and this time the engine loads.
      timers[0]!.fn();
      await c.release();
      expect(shown(store)).toBe(1);
      expect(c.asked).toEqual([1, 1]);
    });

    it('tries a bounded number of times, then waits for the next change of facts', async () => {
      const { c, timers, store, setFacts } = showing({ current: 'A' });
      setFacts(1);
      const a = store.evaluate(1);
      await c.release(unavailable());
      await a;
      timers[0]!.fn();
      await c.release(unavailable());
      timers[1]!.fn();
      await c.release(unavailable());
      expect(timers.map((t) => t.ms)).toEqual([2_000, 10_000]);
      expect(store.failed).toBe(false);
      expect(c.pending).toHaveLength(0);
      expect(shown(store)).toBe(0);
    });

    it("another account's decisions are not kept, nor is any other failure: the error view", async () => {
      const account = { current: 'A' };
      const switched = showing(account);
      switched.setFacts(1);
      account.current = 'B';
      const a = switched.store.evaluate(1);
      await switched.c.release(unavailable());
      await a;
      expect(switched.store.failed).toBe(true);
      expect(switched.timers).toEqual([]);

      const broken = showing({ current: 'A' });
      broken.setFacts(1);
      const b = broken.store.evaluate(1);
      await broken.c.release(new Error('boom'));
      await b;
      expect(broken.store.failed).toBe(true);
    });
  });

  describe('after hydration: the facts of a clock-reading fact (the token seconds left)', () => {
    // The facts are the seconds left on a token obtained at T0 with a 1200 s life, plus a data value.
    const T0 = Date.parse('2026-11-30T10:00:00.000Z');
    function hydrated(serverAt: number) {
      const c = controlledDecide();
      const data = { value: 0 };
      let now = serverAt + 1_500;
      const facts = (today: Date) => 1200 - Math.floor((today.getTime() - T0) / 1000) + data.value * 10_000;
      const store = new DecisionStore<number>(
        facts,
        c.decide,
        () => {},
        () => new Date(now),
      );
      store.hydrate({
        current: { facts: facts(new Date(serverAt)) } as unknown as HomeDecisions,
        facts: facts(new Date(serverAt)),
        failed: false,
        factsAt: new Date(serverAt).toISOString(),
      });
      return { c, store, data, tick: (ms: number) => (now += ms), facts };
    }

    it("decides nothing when the page's data is the server's, though the clock has moved on", () => {
      const { c, store } = hydrated(T0 + 400);
      store.start();
      expect(c.asked).toEqual([]);
      expect(store.factsAt?.toISOString()).toBe('2026-11-30T10:00:00.400Z');
    });

    it('decides on the present when the data differs at the first look or changes later', async () => {
      const first = hydrated(T0 + 400);
      first.data.value = 1;
      first.store.start();
      // Derived at the clock's instant (1.9 s after T0: 1199 s left), not at the server's.
      expect(first.c.asked).toEqual([1199 + 10_000]);
      await first.c.release();
      expect(first.store.factsAt?.toISOString()).toBe('2026-11-30T10:00:01.900Z');

      // A token's use later asks the decisions now: they are derived at that instant (3.9 s: 1197 s left).
      const later = hydrated(T0 + 400);
      later.store.start();
      later.tick(2_000);
      const decided = later.store.evaluateNow();
      expect(later.c.asked).toEqual([1197]);
      await later.c.release();
      await decided;
      expect(later.store.factsAt?.toISOString()).toBe('2026-11-30T10:00:03.900Z');
    });

    it('reads an instant that is not one as none: the facts are then the clock’s', () => {
      const c = controlledDecide();
      const store = new DecisionStore<number>(
        (today) => Math.floor(today.getTime() / 1000),
        c.decide,
        () => {},
        () => new Date(T0 + 5_000),
      );
      store.hydrate({
        current: { facts: 0 } as unknown as HomeDecisions,
        facts: 0,
        failed: false,
        factsAt: 'junk',
      });
      expect(store.factsAt).toBeNull();
      store.start();
      expect(c.asked).toEqual([Math.floor((T0 + 5_000) / 1000)]);
    });
  });
});
