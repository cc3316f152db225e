import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('payment flags (rules/payment.json)', () => {
  it.each([
    [10.01, 2, true],
    [10, 2, false],
    [50, 1, false],
    [50, 0, false],
    [null, 5, false],
  ])(
    'amount due %s, %s days past the due date: late %s (over 10, past the due date plus one day)',
    async (amountDue, daysPastDueDate, late) => {
      expect((await decide({ amountDue, daysPastDueDate })).payment.late).toBe(late);
    },
  );

  it.each([
    [true, 3, false],
    [true, 4, true],
    [false, 1, true],
    [false, 0, false],
    [true, null, false],
  ])(
    'autopay %s, failed payment %s days ago: late-payment-date-in-period %s',
    async (autoPay, daysSinceFailedPayment, expected) => {
      expect((await decide({ autoPay, daysSinceFailedPayment })).payment.lateInPeriod).toBe(expected);
    },
  );
});

describe('billing offers (rules/billing-actions.json)', () => {
  it('payment-plan prompt: only when a late payment exists within the period, no current arrangement, not prepaid, and eligible', async () => {
    const lateInPeriod = { autoPay: false, daysSinceFailedPayment: 2, eligibleForPaymentArrangement: true };
    expect((await decide(lateInPeriod)).billingActions['payment-plan-prompt']).toBe(true);
    expect(
      (await decide({ ...lateInPeriod, hasPaymentArrangement: true })).billingActions['payment-plan-prompt'],
    ).toBe(false);
    expect((await decide({ ...lateInPeriod, isPrepaid: true })).billingActions['payment-plan-prompt']).toBe(
      false,
    );
    expect(
      (await decide({ ...lateInPeriod, eligibleForPaymentArrangement: false })).billingActions[
        'payment-plan-prompt'
      ],
    ).toBe(false);
  });
  it('Set up Payment plan: amount due above 0, no arrangement, not prepaid; View Payment plan: amount due above 0 and an arrangement', async () => {
    expect((await decide({ amountDue: 5 })).billingActions).toMatchObject({
      'set-up-payment-plan': true,
      'view-payment-plan': false,
    });
    expect((await decide({ amountDue: 5, hasPaymentArrangement: true })).billingActions).toMatchObject({
      'set-up-payment-plan': false,
      'view-payment-plan': true,
    });
    expect(
      (await decide({ amountDue: 0, hasPaymentArrangement: true })).billingActions['view-payment-plan'],
    ).toBe(false);
    expect((await decide({ amountDue: 5, isPrepaid: true })).billingActions['set-up-payment-plan']).toBe(
      false,
    );
  });
});

describe('Retry Payment (rules/billing-actions.json, home spec: Suspended prepaid)', () => {
  const complete = {
    isPrepaid: true,
    nextPaymentAmount: 55,
    accountNumberLength: 11,
    emailPresent: true,
    firstNamePresent: true,
    lastNamePresent: true,
    serviceAddressComplete: true,
    creditCardType: 'VISA',
  };
  const retry = async (facts: Partial<typeof complete> | Record<string, unknown>) =>
    (await decide({ ...complete, ...facts })).billingActions['retry-payment'];

  it('shows when next payment amount, account number, email, first and last name and a full service address are all present', async () => {
    expect(await retry({})).toBe(true);
    expect(await retry({ creditCardType: null })).toBe(true);
    expect(await retry({ creditCardType: 'PAYPAL' })).toBe(true);
  });

  it.each([
    ['no next payment amount', { nextPaymentAmount: null }],
    ['a next payment amount of 0', { nextPaymentAmount: 0 }],
    ['no account number', { accountNumberLength: null }],
    ['no email', { emailPresent: false }],
    ['no first name', { firstNamePresent: false }],
    ['no last name', { lastNamePresent: false }],
    ['no full service address', { serviceAddressComplete: false }],
    ['an ACH payment method', { creditCardType: 'ACH' }],
    ['an account-type payment method', { creditCardType: 'ACCOUNT' }],
    ['a postpaid account', { isPrepaid: false }],
  ])('does not show with %s', async (_, facts) => {
    expect(await retry(facts)).toBe(false);
  });
});
