import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../src/facts/vocabulary';
import { decide, sectionIds } from './support/facts';

const shows = async (facts: Partial<AccountFacts>, section: string): Promise<boolean> =>
  sectionIds(await decide(facts)).includes(section);

/** Facts under which every alert and section of the full home shows at once. */
const everything: Partial<AccountFacts> = {
  accountNumberLength: 9,
  isBlueMarble: true,
  paperless: false,
  autoPay: false,
  accountTenure: 1,
  isVacationSuspend: true,
  amountDue: 50,
  daysPastDueDate: 5,
  rateChangeCount: 2,
  showModemMigrationAlert: true,
  creditOfferResponseStatus: 200,
  creditOfferMessage: 'Offer available',
  creditOfferStatus: 'eligible',
  creditOfferValue: 5,
  hasContactNumber: false,
  emailPresent: false,
  pendingOrderStatus: 'IN PROGRESS',
  pendingOrderActivity: 'INSTALL',
  pendingOrderTechInstall: false,
  accountStatus: 'SUSP',
  disconnectFlowAvailable: true,
  currentOutage: true,
};

describe('full home sections (rules/home-sections.json)', () => {
  it("show in the spec's order: paper-charge, suspended, vacation, late-payment, rate-increase, modem-migration, out-of-service credits, alternate-phone, first-bill, no-email ... rewards", async () => {
    const ids = sectionIds(await decide(everything));
    const specOrder = [
      'paper-charge-alert',
      'suspended-alert',
      'vacation-alert',
      'late-payment-alert',
      'rate-increase-alert',
      'modem-migration-alert',
      'outage-credit-alert',
      'alternate-phone-alerts',
      'first-bill-alert',
      'no-email-alert',
      'greeting',
      'network-status',
      'early-life-order',
      'order-history-link',
      'quick-links',
      'billing-info',
      'internet-wifi',
      'self-install-app',
      'early-life-billing',
      'cancel-service',
      'support',
      'blue-marble',
      'rewards',
    ];
    expect(ids.filter((id) => specOrder.includes(id))).toEqual(specOrder);
  });

  it('the invalid-email alert comes 11th, after no-email, before the greeting', async () => {
    const ids = sectionIds(await decide({ emailValid: false }));
    expect(ids.indexOf('invalid-email-alert')).toBeLessThan(ids.indexOf('greeting'));
  });

  it('a plain account sees the greeting, network status, order-history link, quick links, billing, internet, cancel (chat), support, rewards', async () => {
    const d = await decide();
    expect(sectionIds(d)).toEqual([
      'greeting',
      'network-status',
      'order-history-link',
      'quick-links',
      'billing-info',
      'internet-wifi',
      'cancel-service',
      'support',
      'rewards',
    ]);
    expect(d.sections.find((s) => s.section === 'cancel-service')?.params.variant).toBe('chat');
  });

  describe('paper-charge alert: 9-character account, company owner 1, billing entity starting BM, RES or SMB, not paperless, not January 1', () => {
    const eligible: Partial<AccountFacts> = { accountNumberLength: 9, isBlueMarble: true, paperless: false };
    it('shows when all hold', async () => expect(await shows(eligible, 'paper-charge-alert')).toBe(true));
    it.each([
      ['an 11-character account', { accountNumberLength: 11 }],
      ['company owner 4', { companyIdentifier: '4' }],
      ['a billing entity not starting BM', { isBlueMarble: false }],
      ['no customer type', { customerType: null }],
      ['paperless billing', { paperless: true }],
      ['January 1', { isJanuaryFirst: true }],
      ['the paper-charge check saying the fee does not apply', { paperChargeApplies: false }],
    ] as const)('hidden for %s', async (_, change) => {
      expect(await shows({ ...eligible, ...change }, 'paper-charge-alert')).toBe(false);
    });
    it('shows for SMB customers too', async () =>
      expect(await shows({ ...eligible, customerType: 'SMB' }, 'paper-charge-alert')).toBe(true));
  });

  describe('suspended alert', () => {
    it.each([
      ['postpaid SUSP: Suspended Account', { accountStatus: 'SUSP' }, 'postpaid'],
      ['postpaid S', { accountStatus: 'S' }, 'postpaid'],
      [
        'prepaid SUSPENDED with an expired card: the card-expired variant',
        { isPrepaid: true, accountStatus: 'SUSPENDED', daysToCardExpiry: -1 },
        'prepaid-card-expired',
      ],
      [
        'prepaid SUSPENDED otherwise: the failed-payment variant',
        { isPrepaid: true, accountStatus: 'SUSPENDED', daysToCardExpiry: 0 },
        'prepaid-failed-payment',
      ],
    ] as const)('%s', async (_, facts, variant) => {
      const d = await decide(facts);
      expect(d.sections.find((s) => s.section === 'suspended-alert')?.params.variant).toBe(variant);
    });
    it('not for an active account', async () => expect(await shows({}, 'suspended-alert')).toBe(false));
  });

  it('vacation alert for an account on vacation service', async () => {
    expect(await shows({ isVacationSuspend: true }, 'vacation-alert')).toBe(true);
  });

  it('late-payment alert when the amount due is over 10 and today is past the due date plus one day', async () => {
    expect(await shows({ amountDue: 10.01, daysPastDueDate: 2 }, 'late-payment-alert')).toBe(true);
    expect(await shows({ amountDue: 10, daysPastDueDate: 2 }, 'late-payment-alert')).toBe(false);
    expect(await shows({ amountDue: 50, daysPastDueDate: 1 }, 'late-payment-alert')).toBe(false);
  });

  it('rate-increase alerts for Blue Marble accounts with a rate change', async () => {
    expect(await shows({ isBlueMarble: true, rateChangeCount: 1 }, 'rate-increase-alert')).toBe(true);
    expect(await shows({ isBlueMarble: false, rateChangeCount: 1 }, 'rate-increase-alert')).toBe(false);
  });

  it('out-of-service credits alert when the offer shows', async () => {
    const offer = {
      creditOfferStatus: 'eligible',
      creditOfferValue: 1,
      creditOfferMessage: 'Offer available',
    };
    expect(await shows(offer, 'outage-credit-alert')).toBe(true);
    expect(await shows({ ...offer, creditOfferValue: 0.99 }, 'outage-credit-alert')).toBe(false);
  });

  describe('alternate-phone alerts', () => {
    it('one appears when no contact number is on the account, until dismissed (altnumshow)', async () => {
      const d = await decide({ hasContactNumber: false });
      expect(d.sections.find((s) => s.section === 'alternate-phone-alerts')?.params.variant).toBe(
        'no-contact-number',
      );
      expect(
        await shows({ hasContactNumber: false, altnumshowDismissed: true }, 'alternate-phone-alerts'),
      ).toBe(false);
    });
    it('a declined alert (the decline call succeeded) stays away for the session', async () => {
      expect(
        await shows({ hasContactNumber: false, altNumberDeclined: true }, 'alternate-phone-alerts'),
      ).toBe(false);
    });
    it('one asks to re-verify an outdated contact number', async () => {
      const d = await decide({ hasExpiredAltNumber: true });
      expect(d.sections.find((s) => s.section === 'alternate-phone-alerts')?.params.variant).toBe(
        'reverify-contact-number',
      );
    });
  });

  it.each([
    [0, true],
    [1, true],
    [2, false],
  ])('first-bill alert: accountTenure %i -> %s (tenure 0 or 1)', async (accountTenure, expected) => {
    expect(await shows({ accountTenure }, 'first-bill-alert')).toBe(expected);
  });

  describe('email alerts', () => {
    it("'No official account email address on record.' when there is none", async () => {
      expect(await shows({ emailPresent: false }, 'no-email-alert')).toBe(true);
      expect(await shows({ emailPresent: false }, 'invalid-email-alert')).toBe(false);
    });
    it("'Do we have your correct email address?' when the address fails the pattern or the provider's check, until dismissed", async () => {
      expect(await shows({ emailValid: false }, 'invalid-email-alert')).toBe(true);
      expect(await shows({ emailAddressValid: false }, 'invalid-email-alert')).toBe(true);
      expect(await shows({ emailValid: false, emailvalidshowDismissed: true }, 'invalid-email-alert')).toBe(
        false,
      );
      expect(await shows({}, 'invalid-email-alert')).toBe(false);
    });
  });

  it("'No services' when the services answer lists no products", async () => {
    expect(await shows({ productCount: 0 }, 'no-services')).toBe(true);
    expect(await shows({ productCount: 0, servicesStatus: 'failed' }, 'no-services')).toBe(false);
  });

  describe('early-life order block', () => {
    it('pending-order alert: alert flag on, accountLifeCycle Active, an early-access order IN PROGRESS', async () => {
      const d = await decide({ pendingOrderStatus: 'IN PROGRESS' });
      expect(d.sections.find((s) => s.section === 'early-life-order')?.params.variant).toBe('pending-order');
      expect(
        await shows({ pendingOrderStatus: 'IN PROGRESS', pendingOrderAlertClosed: true }, 'early-life-order'),
      ).toBe(false);
      expect(await shows({ pendingOrderStatus: 'COMPLETED' }, 'early-life-order')).toBe(false);
    });
    it('during Early Life, the early-life variant', async () => {
      const d = await decide({ pendingOrderStatus: 'IN PROGRESS', accountLifeCycle: 'Early Life' });
      expect(d.sections.find((s) => s.section === 'early-life-order')?.params.variant).toBe('early-life');
    });
  });

  it('internet plan and WiFi blocks for accounts that own internet', async () => {
    expect(await shows({ hsiOwned: false }, 'internet-wifi')).toBe(false);
  });

  it.each([
    [{ accountTenure: 9, autoPay: false }, true],
    [{ accountTenure: 9, paperless: false }, true],
    [{ accountTenure: 10, autoPay: false }, false],
    [{ accountTenure: 3 }, false],
    [{ accountTenure: 3, autoPay: false, isPrepaid: true }, false],
  ])(
    'early-life billing card: tenure below 10, AutoPay or paperless off, non-prepaid (%o -> %s)',
    async (facts, expected) => {
      expect(await shows(facts, 'early-life-billing')).toBe(expected);
    },
  );

  it('cancel service: a button for Blue Marble accounts with the DISCONNECT flow, otherwise a chat link', async () => {
    const d = await decide({ isBlueMarble: true, disconnectFlowAvailable: true });
    expect(d.sections.find((s) => s.section === 'cancel-service')?.params.variant).toBe('button');
  });

  it.each([
    ['I', '1', true],
    ['CX', '1', true],
    ['H', '1', true],
    ['B', '1', false],
    ['I', '4', false],
  ])(
    'rewards section: accountType %s, company owner %s -> %s',
    async (accountType, companyIdentifier, expected) => {
      expect(await shows({ accountType, companyIdentifier }, 'rewards')).toBe(expected);
    },
  );

  it('Blue Marble section for Blue Marble accounts', async () => {
    expect(await shows({ isBlueMarble: true }, 'blue-marble')).toBe(true);
    expect(await shows({}, 'blue-marble')).toBe(false);
  });

  describe('can also show', () => {
    it('an outage alert, first', async () => {
      expect(sectionIds(await decide({ currentOutage: true }))[0]).toBe('outage-alert');
    });
    it("the walled-garden 'Avoid a service interruption' alert in the soft walled garden", async () => {
      const soft: Partial<AccountFacts> = {
        isPrepaid: true,
        wgCallStatus: 'ok',
        wgServerStatus: true,
        wgIsSoft: true,
        wgStatus: 'SOFT',
        daysSinceFailedPayment: 2,
      };
      expect(await shows(soft, 'walled-garden-alert')).toBe(true);
    });
    it('the prepaid card status, until closed', async () => {
      expect(await shows({ isPrepaid: true, daysToCardExpiry: 30 }, 'prepaid-card-alert')).toBe(true);
      expect(
        await shows(
          { isPrepaid: true, daysToCardExpiry: 30, prepaidCardAlertClosed: true },
          'prepaid-card-alert',
        ),
      ).toBe(false);
    });
    it('payment-retry success, in its soft-guard variant after a walled-garden payment', async () => {
      const d = await decide({ retryPaymentSuccess: true, wgPaymentSuccess: true });
      expect(d.sections.find((s) => s.section === 'payment-retry-success')?.params.variant).toBe(
        'soft-guard',
      );
    });
    it('a modem replacement offer until answered', async () => {
      expect(await shows({ modemReplacementEligible: true }, 'modem-replacement-offer')).toBe(true);
      expect(
        await shows(
          { modemReplacementEligible: true, modemReplacementAnswered: true },
          'modem-replacement-offer',
        ),
      ).toBe(false);
    });
    it('repair tickets when one is open', async () => {
      expect(await shows({ openRepairTicketCount: 1 }, 'repair-tickets')).toBe(true);
    });
  });
});
