import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../src/facts/vocabulary';
import { decide } from './support/facts';

const calls = async (facts: Partial<AccountFacts>) => (await decide(facts)).dataLoading.calls;

describe('calls after the profile (rules/data-loading.json)', () => {
  it('a plain postpaid account loads outage, order history, tickets, services, the credit offer, the modem offer and modem info', async () => {
    expect(await calls({})).toEqual([
      'outage',
      'orderHistory',
      'tickets',
      'services',
      'creditOffer',
      'modemReplacementOffer',
      'modemInfo',
    ]);
  });
  it.each(['DISCONNECTED', 'INACTIVE', 'FINAL', 'ARCHIVED'])(
    'the HSI/services call is skipped when accountStatus is %s',
    async (accountStatus) => {
      expect(await calls({ accountStatus })).not.toContain('services');
    },
  );
  it('HSI info, ticket info, outage, order history and rate-change checks are skipped when prepaid suspended', async () => {
    const c = await calls({ isPrepaid: true, accountStatus: 'SUSPENDED', isBlueMarble: true });
    for (const skipped of ['services', 'tickets', 'outage', 'orderHistory', 'rateIncrease'])
      expect(c).not.toContain(skipped);
    expect(c).toContain('wgStatus');
  });
  it('the rate-change check runs for Blue Marble accounts only', async () => {
    expect(await calls({ isBlueMarble: true })).toContain('rateIncrease');
    expect(await calls({})).not.toContain('rateIncrease');
  });
  it('the paper-charge check runs only when the account is not paperless and has a 9-character account number', async () => {
    expect(await calls({ paperless: false })).toContain('paperCharge');
    expect(await calls({ paperless: false, accountNumberLength: 13 })).not.toContain('paperCharge');
    expect(await calls({ paperless: true })).not.toContain('paperCharge');
  });
  it('the walled-garden status is asked for PPB accounts', async () => {
    expect(await calls({ isPrepaid: true })).toContain('wgStatus');
  });
  it('modem info runs when HSI is owned (or not known yet), not when it is not owned', async () => {
    expect(await calls({ hsiOwned: null })).toContain('modemInfo');
    expect(await calls({ hsiOwned: false })).not.toContain('modemInfo');
  });
  it('nothing loads without a profile', async () => {
    expect(await calls({ profileStatus: 'failure' })).toEqual([]);
  });
});

describe('brand (rules/brand.json)', () => {
  it("customers whose account owner is the second provider ('4') see the second provider's banner and footer", async () => {
    expect((await decide({ isSecondProviderCustomer: true })).brand.brand).toBe('second-provider');
    expect((await decide()).brand.brand).toBe('provider');
  });
});
