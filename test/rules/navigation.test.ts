import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

const full = ['home', 'billing', 'services', 'support', 'settings'];

describe('signed-in navigation (rules/navigation.json)', () => {
  it.each([
    ['Items: Home, Billing, Services, Support, Settings', {}, full, true, false],
    [
      'and Messages (only when SMS communication is on: an early-access order in progress, not a disconnect)',
      { pendingOrderStatus: 'IN PROGRESS', pendingOrderActivity: 'INSTALL' },
      [...full, 'messages'],
      true,
      false,
    ],
    [
      'no Messages for a disconnect order',
      { pendingOrderStatus: 'IN PROGRESS', pendingOrderActivity: 'DISCONNECT' },
      full,
      true,
      false,
    ],
    [
      'Blocked accounts see only Home and Support',
      { blockedAccount: true },
      ['home', 'support'],
      true,
      false,
    ],
    [
      'archived accounts in the Active life cycle see only Home and Support',
      { accountStatus: 'ARCHIVED' },
      ['home', 'support'],
      true,
      false,
    ],
    [
      'embargoed accounts in the Active life cycle see only Home and Support',
      { embargo: 1 },
      ['home', 'support'],
      true,
      false,
    ],
    [
      'archived in Early Life keeps the full bar',
      { accountStatus: 'ARCHIVED', accountLifeCycle: 'Early Life' },
      full,
      true,
      false,
    ],
    ['BGS accounts see only an empty item, and the search is hidden', { bgsAccount: true }, [], false, true],
    [
      'federal accounts see only an empty item, and the search is hidden',
      { fedAccount: true, blockedAccount: true },
      [],
      false,
      true,
    ],
  ] as const)('%s', async (_, facts, items, search, emptyItem) => {
    expect((await decide(facts)).navigation).toEqual({ items, search, emptyItem });
  });
});
