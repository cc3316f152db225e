import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('account status banners (rules/account-banners.json), in priority order', () => {
  it.each([
    ['1. blockedAccount true: blocked-account message', { blockedAccount: true }, 'blocked'],
    ['2. accountStatus FINAL: account-closed view', { accountStatus: 'FINAL' }, 'account-closed'],
    [
      '4. account-change notice: conversionStatus c, 0 days ago',
      { conversionStatus: 'c', daysSinceConversion: 0 },
      'account-change',
    ],
    [
      '4. account-change notice: conversionStatus o, 29 days ago',
      { conversionStatus: 'o', daysSinceConversion: 29 },
      'account-change',
    ],
    ['no banner 30 days after the conversion', { conversionStatus: 'c', daysSinceConversion: 30 }, null],
    ['no banner for another conversion status', { conversionStatus: 'x', daysSinceConversion: 3 }, null],
    ['no banner before the conversion date', { conversionStatus: 'c', daysSinceConversion: -1 }, null],
    ['no banner for a plain account', {}, null],
  ] as const)('%s', async (_, facts, banner) => {
    expect((await decide(facts)).banner?.banner ?? null).toBe(banner);
  });

  it('3. embargo 1 shows the embargo banner only while the embargo message toggle is on (off by default)', async () => {
    expect((await decide({ embargo: 1 })).banner).toBeNull();
  });

  it('5. the maintenance notice is shown by a flag (the maintenance toggle, off by default)', async () => {
    expect((await decide({})).banner).toBeNull();
  });

  it('the highest banner wins: blocked over closed over account change', async () => {
    const all = {
      blockedAccount: true,
      accountStatus: 'FINAL',
      conversionStatus: 'c',
      daysSinceConversion: 1,
    };
    expect((await decide(all)).banner?.banner).toBe('blocked');
    expect((await decide({ ...all, blockedAccount: false })).banner?.banner).toBe('account-closed');
  });
});
