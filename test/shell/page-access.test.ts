import { describe, expect, it } from 'vitest';
import { PAGES } from '../../src/engine/decisions';
import { signedInRoutes } from '../../src/shell/route-table';
import { fixedDecisions, makeStore } from '../features/harness';

describe('pages gated by allowPagesAccess and canBeCancelled (rules/page-access.json)', () => {
  it('the pages a rule may close are exactly the signed-in pages of the route table', () => {
    expect([...PAGES]).toEqual(signedInRoutes.map((r) => r.path));
  });

  it('a page is closed when the rules say so, for the top-level page and its children', async () => {
    const store = await makeStore({
      decisions: { ...fixedDecisions, pageAccess: { closed: ['settings', 'Cancel-Services'] } },
    });
    await store.decisions.evaluateNow();
    expect(store.pageClosed('/settings/accountInfo')).toBe(true);
    expect(store.pageClosed('/Cancel-Services')).toBe(true);
    expect(store.pageClosed('/home')).toBe(false);
    expect(store.pageClosed('/billing')).toBe(false);
  });

  it('a profile that failed to load leaves the pages to their own error handling', async () => {
    const store = await makeStore({
      profile: null,
      decisions: { ...fixedDecisions, pageAccess: { closed: ['billing'] } },
    });
    expect(store.pageClosed('/billing')).toBe(false);
  });
});
