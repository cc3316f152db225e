import { describe, expect, it } from 'vitest';
import {
  accountNumberKindOf,
  billingEntityOf,
  customerTypeOf,
  emailMatchesPattern,
  isPrepaidAccount,
  isTechInstall,
  territoryDisplayOf,
} from '../../src/facts/derive';

describe('customer type', () => {
  it.each([
    ['I', 'RES'],
    ['CX', 'RES'],
    ['H', 'RES'],
    ['B', 'SMB'],
    ['CXSB', 'SMB'],
    ['Postpaid', null],
    [undefined, null],
  ])('is derived from accountType %s as %s (RES for I, CX, H; SMB for B, CXSB)', (accountType, expected) => {
    expect(customerTypeOf(accountType)).toBe(expected);
  });
});

describe('billing entity', () => {
  it('13-character account number gives CRIS', () => {
    expect(billingEntityOf('3035550100123', false, 'LC')).toBe('CRIS');
    expect(billingEntityOf('3035550100123', true, 'LC')).toBe('CRIS');
  });
  it('9-character account number on an account that is not on the newer billing system gives ENSEMBLE', () => {
    expect(billingEntityOf('310245781', false, 'LQ')).toBe('ENSEMBLE');
  });
  it('newer-billing-system accounts (flag c2e) give BM- plus the territory', () => {
    expect(billingEntityOf('310245781', true, 'LQ')).toBe('BM-LQ');
    expect(billingEntityOf('PPB12345678', true, 'LC')).toBe('BM-LC');
  });
  it('otherwise territory LC gives ENSEMBLE and territory LQ gives CRIS', () => {
    expect(billingEntityOf('PPB12345678', false, 'LC')).toBe('ENSEMBLE');
    expect(billingEntityOf('PPB12345678', false, 'LQ')).toBe('CRIS');
    expect(billingEntityOf('PPB12345678', false, undefined)).toBeNull();
  });
  it('territory LC is displayed as L-CTL and LQ as L-Q', () => {
    expect(territoryDisplayOf('LC')).toBe('L-CTL');
    expect(territoryDisplayOf('LQ')).toBe('L-Q');
  });
});

describe('account number', () => {
  it.each([
    ['310245781', 'BAN'],
    ['31024578101', 'BAID'],
    ['3035550100123', 'CRIS'],
    ['PPB10020030', 'PPB'],
    ['12345', null],
  ])('%s is a %s account (9 BAN, 11 BAID, 13 CRIS, prefix PPB prepaid)', (accountNumber, kind) => {
    expect(accountNumberKindOf(accountNumber)).toBe(kind);
  });
  it('prefix PPB means prepaid', () => {
    expect(isPrepaidAccount('PPB10020030')).toBe(true);
    expect(isPrepaidAccount('310245781')).toBe(false);
  });
});

describe('email pattern', () => {
  it.each(['alex.postpaid@mail.example', 'a_b%c+d-e@sub.domain.org', 'X9@d.io'])('accepts %s', (email) => {
    expect(emailMatchesPattern(email)).toBe(true);
  });
  it.each(['no-at-sign.example', 'a@b.c', 'a b@c.de', 'a@domain.c0m', '', undefined])(
    'rejects %s',
    (email) => {
      expect(emailMatchesPattern(email)).toBe(false);
    },
  );
});

describe('techInstall', () => {
  it.each([
    [0, false],
    ['0', false],
    ['false', false],
    [false, false],
    [1, true],
    ['true', true],
    [undefined, null],
  ] as const)('%s means technician install %s', (value, expected) => {
    expect(isTechInstall(value)).toBe(expected);
  });
});
