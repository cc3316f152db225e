import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../src/facts/vocabulary';
import { decide } from './support/facts';

// The spec's list 'Which view appears, in order', one row per item, each with only its own facts set.
const views: [string, Partial<AccountFacts>, string, string?][] = [
  ['BGS account: only an account-messaging panel', { bgsAccount: true }, 'account-messaging', 'bgs'],
  ['federal account: only an account-messaging panel', { fedAccount: true }, 'account-messaging', 'fed'],
  ['Profile load failed: an error view', { profileStatus: 'failure' }, 'profile-error'],
  ['blockedAccount true: blocked-account view', { blockedAccount: true }, 'blocked'],
  [
    'Order history toggle on: order history view with a back action',
    { orderHistoryOpen: true },
    'order-history',
  ],
  ['Active with embargo 1: embargo alert plus early-live support', { embargo: 1 }, 'embargo'],
  ['Hard walled garden: suspended-account view', { isPrepaid: true, wgCallStatus: 'failed' }, 'suspended'],
  ['ARCHIVED with Active life cycle: archived-account view', { accountStatus: 'ARCHIVED' }, 'archived'],
  ['FINAL with Active life cycle: account-closed view with a greeting', { accountStatus: 'FINAL' }, 'closed'],
  [
    'INACTIVE prepaid (PPB): inactive-prepaid notice',
    { isPrepaid: true, accountStatus: 'INACTIVE' },
    'prepaid-inactive',
  ],
  ['Otherwise the full home', {}, 'full'],
];

describe('home view (rules/home-view.json)', () => {
  it.each(views)('%s', async (_, facts, view, messageKind) => {
    const d = await decide(facts);
    expect(d.homeView.view).toBe(view);
    if (messageKind) expect(d.homeView.params.messageKind).toBe(messageKind);
  });

  // Each view wins over every later one: set the facts of a view and of all views after it.
  it.each(views.slice(0, -1).map((row, i) => [row[0], i] as const))(
    '%s wins over every later view',
    async (_, i) => {
      // Later rows first, so where two rows set the same fact (accountStatus) this row's value stays.
      const combined = Object.assign(
        {},
        ...views
          .slice(i)
          .reverse()
          .map((r) => r[1]),
      ) as Partial<AccountFacts>;
      expect((await decide(combined)).homeView.view).toBe(views[i]![2]);
    },
  );

  it('embargo and archived need the Active life cycle', async () => {
    expect((await decide({ embargo: 1, accountLifeCycle: 'Early Life' })).homeView.view).toBe('full');
    expect((await decide({ accountStatus: 'ARCHIVED', accountLifeCycle: 'Early Life' })).homeView.view).toBe(
      'full',
    );
    expect((await decide({ accountStatus: 'FINAL', accountLifeCycle: 'Early Life' })).homeView.view).toBe(
      'full',
    );
  });

  it('an INACTIVE postpaid account gets the full home; only prepaid gets the inactive notice', async () => {
    expect((await decide({ accountStatus: 'INACTIVE' })).homeView.view).toBe('full');
  });

  it('a soft walled garden is not the suspended view', async () => {
    const soft: Partial<AccountFacts> = {
      isPrepaid: true,
      wgCallStatus: 'ok',
      wgServerStatus: true,
      wgIsSoft: true,
      wgStatus: 'SOFT',
      daysSinceFailedPayment: 1,
    };
    expect((await decide(soft)).homeView.view).toBe('full');
  });
});
