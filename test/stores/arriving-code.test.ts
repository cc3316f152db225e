import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../src/stores/root-store';
import { arrivingCode, codeArriving, homeShown } from '../../src/stores/arriving-code';
import type { HomeDecisions } from '../../src/engine/types';
import { decidedOnEveryAnswer, type ServerState } from '../../src/stores/hydration';
import { baseProfile, fakeApi, fakeEnv, fakeOrch, fixedDecisions } from '../features/harness';

/** A signed-in store on /home whose rules decided the billing card and the greeting, the account loaded. */
async function homeStore(): Promise<RootStore> {
  const decisions: HomeDecisions = {
    ...fixedDecisions,
    dataLoading: { calls: [] },
    sections: [{ section: 'billing-info' }, { section: 'greeting' }] as HomeDecisions['sections'],
  };
  const store = new RootStore(
    fakeEnv(),
    fakeApi(baseProfile),
    () => Promise.resolve({ decisions, explain: () => Promise.resolve([]) }),
    fakeOrch(),
  );
  await store.guard('/home');
  await vi.waitFor(() => expect(store.homeComplete).toBe(true));
  return store;
}

function pending(): { code: Promise<void>; arrive: () => void } {
  let arrive = () => {};
  const code = new Promise<void>((resolve) => (arrive = resolve));
  return { code, arrive };
}

afterEach(() => {
  homeShown();
  vi.useRealTimers();
});

describe('the home waits for the code of the cards it shows (issue 12: no card pushes the sections below it)', () => {
  it('keeps the loading overlay on /home while a decided card’s code is on its way, and shows the home when it arrives', async () => {
    const store = await homeStore();
    const billing = pending();
    codeArriving('billing-info', billing.code, 3_000);
    expect(store.isLoadingFor('/home')).toBe(true);
    // Other pages do not render the home's cards: they never wait for them.
    expect(store.isLoadingFor('/billing')).toBe(false);
    billing.arrive();
    await vi.waitFor(() => expect(store.isLoadingFor('/home')).toBe(false));
  });

  it('does not wait for the code of a card the rules did not decide', async () => {
    const store = await homeStore();
    codeArriving('vacation-alert', pending().code, 3_000);
    expect(store.isLoadingFor('/home')).toBe(false);
  });

  it('a card whose code fails to load holds the home no longer (its part shows the error)', async () => {
    const store = await homeStore();
    codeArriving('billing-info', Promise.reject(new Error('chunk failed')), 3_000);
    await vi.waitFor(() => expect(store.isLoadingFor('/home')).toBe(false));
  });

  it('waits at most homeCompleteMs, as for the data: past it the card appears when its code does', async () => {
    const store = await homeStore();
    vi.useFakeTimers();
    codeArriving('billing-info', pending().code, 3_000);
    vi.advanceTimersByTime(2_999);
    expect(store.isLoadingFor('/home')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.isLoadingFor('/home')).toBe(false);
  });

  it('once the home has shown it is never taken away again for a card', async () => {
    const store = await homeStore();
    codeArriving('billing-info', pending().code, 3_000);
    homeShown();
    expect(arrivingCode.size).toBe(0);
    expect(store.isLoadingFor('/home')).toBe(false);
  });
});

describe("the other cards' code waits for the first input only on a home decided on every answer (docs/decisions/057)", () => {
  const served = (over: {
    current?: HomeDecisions | null;
    homeComplete?: boolean;
    pending?: string[];
  }): ServerState =>
    ({
      decisions: { current: 'current' in over ? over.current : fixedDecisions, facts: null, failed: false },
      guard: { homeComplete: over.homeComplete ?? true, blockedRedirect: false },
      accountData: { data: {}, pending: over.pending ?? [] },
    }) as unknown as ServerState;

  it('a home the server decided with every call answered: yes', () => {
    expect(decidedOnEveryAnswer(served({}))).toBe(true);
  });

  it('a call still pending, the server past its wait, or no decision: no (a late answer may decide a card)', () => {
    expect(decidedOnEveryAnswer(served({ pending: ['modemReplacementOffer'] }))).toBe(false);
    expect(decidedOnEveryAnswer(served({ homeComplete: false }))).toBe(false);
    expect(decidedOnEveryAnswer(served({ current: null }))).toBe(false);
  });
});
