import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../src/facts/vocabulary';
import { decide } from './support/facts';

/** A PPB account the server says is soft, whose payment failed yesterday, with a card type on file. */
const soft: Partial<AccountFacts> = {
  isPrepaid: true,
  wgCallStatus: 'ok',
  wgServerStatus: true,
  wgIsSoft: true,
  wgStatus: 'SOFT',
  daysSinceFailedPayment: 1,
  cardTypePresent: true,
};

const state = async (facts: Partial<AccountFacts>) => (await decide(facts)).walledGarden.state;

describe('walled garden (rules/walled-garden.json)', () => {
  it('soft only when the server says soft with status true, the last failed payment is within 3 days and a credit card type exists', async () => {
    expect(await state(soft)).toBe('soft');
    expect(await state({ ...soft, daysSinceFailedPayment: 0 })).toBe('soft');
    expect(await state({ ...soft, daysSinceFailedPayment: 3 })).toBe('soft');
  });
  it.each([
    ['the failed payment is 4 days old', { daysSinceFailedPayment: 4 }],
    ['no credit card type exists', { cardTypePresent: false }],
    ['the server status is false', { wgServerStatus: false }],
    ['the server does not say soft', { wgIsSoft: false, wgStatus: 'HARD' }],
    ['the account is not Active', { accountStatus: 'SUSPENDED' }],
    ['the call failed (on call failure it is hard)', { wgCallStatus: 'failed' }],
  ] as const)('otherwise hard: %s', async (_, change) => {
    expect(await state({ ...soft, ...change })).toBe('hard');
  });
  it('only PPB accounts have a walled garden', async () => {
    expect(await state({ ...soft, isPrepaid: false })).toBe('none');
  });
  it('none when the server says NONE or was not asked', async () => {
    expect(await state({ ...soft, wgStatus: 'NONE' })).toBe('none');
    expect(await state({ ...soft, wgCallStatus: 'not-called' })).toBe('none');
  });
  it('on a successful Pay now the soft and hard flags clear', async () => {
    expect(await state({ ...soft, wgCallStatus: 'failed', wgPaymentSuccess: true })).toBe('none');
  });
});
