import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/generated/types';
import { deriveFacts, isPrepaidSuspended, outageIdentifierTypeOf } from '../../src/facts/derive';
import type { UiState } from '../../src/facts/snapshot';
import { snapshotFromResponses, type AccountResponses } from '../../src/facts/responses';
import { ACCOUNT_FACTS } from '../../src/facts/vocabulary';

// A Tuesday mid-morning, local time: the clock is always injected.
const today = new Date(2026, 2, 10, 10, 30);

const baseProfile: Profile = {
  currentlyManagedAccount: '310245781',
  accountStatus: 'active',
  accountLifeCycle: 'Active',
  accountType: 'I',
  companyIdentifier: '1',
  territory: 'LC',
};

function envelope(profile: Partial<Profile> = {}) {
  return {
    statusCode: 200,
    status: 'SUCCESS',
    accountLifeCycle: 'Active',
    response: { ...baseProfile, ...profile },
  };
}

function facts(profile: Partial<Profile> = {}, more: AccountResponses = {}, ui: Partial<UiState> = {}) {
  return deriveFacts(
    snapshotFromResponses({ homeEarlyInit: envelope(profile), ...more }, { ui, receivedAt: today }),
    {
      today,
    },
  );
}

describe('deriveFacts', () => {
  it('gives a value (or null) for exactly the facts of the vocabulary', () => {
    expect(Object.keys(facts()).sort()).toEqual(ACCOUNT_FACTS.map((f) => f.name).sort());
  });

  it('upper-cases the account status and keeps the life cycle', () => {
    expect(facts()).toMatchObject({
      accountStatus: 'ACTIVE',
      accountLifeCycle: 'Active',
      profileStatus: 'ok',
    });
  });

  it("reads companyIdentifier '4' as a customer of the second provider", () => {
    expect(facts({ companyIdentifier: '4' }).isSecondProviderCustomer).toBe(true);
    expect(facts().isSecondProviderCustomer).toBe(false);
  });

  describe('profile load', () => {
    it('statusCode -7 means profile failure', () => {
      const f = deriveFacts(snapshotFromResponses({ homeEarlyInit: { statusCode: -7, status: 'FAILURE' } }), {
        today,
      });
      expect(f.profileStatus).toBe('failure');
      expect(f.isSecondProviderCustomer).toBe(false);
    });
    it('a missing accountLifeCycle means the profile load failed', () => {
      const { accountLifeCycle: _omit, ...noLifeCycle } = envelope();
      const f = deriveFacts(snapshotFromResponses({ homeEarlyInit: noLifeCycle }), { today });
      expect(f.profileStatus).toBe('failure');
    });
    it("status '223' and status code 222 with a URL are passed on for the shell", () => {
      expect(
        deriveFacts(snapshotFromResponses({ homeEarlyInit: { statusCode: 200, status: '223' } }), { today })
          .profileStatus,
      ).toBe('223');
      expect(
        deriveFacts(
          snapshotFromResponses({ homeEarlyInit: { statusCode: 222, status: 'REDIRECT', response: '/x' } }),
          { today },
        ).profileStatus,
      ).toBe('222');
    });
    it('a body that does not match its schema is a failure, and no profile means pending', () => {
      expect(
        deriveFacts(snapshotFromResponses({ homeEarlyInit: { nonsense: true } }), { today }).profileStatus,
      ).toBe('failure');
      expect(deriveFacts(snapshotFromResponses({}), { today }).profileStatus).toBe('pending');
    });
  });

  describe('payment measurements (thresholds are rules, not facts)', () => {
    it('counts days past the bill due date: 0 on the day, 2 two days after', () => {
      expect(facts({ billDueDate: '2026-03-10' }).daysPastDueDate).toBe(0);
      expect(facts({ billDueDate: '2026-03-08' }).daysPastDueDate).toBe(2);
      expect(facts({ billDueDate: '2026-03-24' }).daysPastDueDate).toBe(-14);
    });
    it('counts days since the failed payment date', () => {
      expect(facts({ failedPaymentDate: '2026-03-07' }).daysSinceFailedPayment).toBe(3);
      expect(facts().daysSinceFailedPayment).toBeNull();
    });
    it("compares card expiry with today's start: a card expiring today is not expired", () => {
      expect(facts({ creditCardExpiryDate: '2026-03-10' }).daysToCardExpiry).toBe(0);
      expect(facts({ creditCardExpiryDate: '2026-03-09T23:59:00' }).daysToCardExpiry).toBe(-1);
      expect(facts({ creditCardExpiryDate: '2026-05-09' }).daysToCardExpiry).toBe(60);
    });
    it('reads a month-only card expiry as the end of that month', () => {
      expect(facts({ creditCardExpiryDate: '03/26' }).daysToCardExpiry).toBe(21);
      expect(facts({ creditCardExpiryDate: '2026-02' }).daysToCardExpiry).toBe(-10);
    });
    it('gives the amount due and whether a card type is on the account', () => {
      expect(facts({ currentAmountDue: 10.01, creditCardType: 'visa' })).toMatchObject({
        amountDue: 10.01,
        cardTypePresent: true,
        creditCardType: 'VISA',
      });
      expect(facts({ creditCardType: '' }).cardTypePresent).toBe(false);
    });
  });

  describe('conversion', () => {
    it('lower-cases conversionStatus (c or o, case-insensitive) and counts days since the conversion date', () => {
      const f = facts({ conversionInfo: { conversionStatus: 'C', conversionDate: '2026-02-08' } });
      expect(f.conversionStatus).toBe('c');
      expect(f.daysSinceConversion).toBe(30);
    });
  });

  describe('contact details', () => {
    it('a number counts as expired when its altTnExpirationDate is in the past', () => {
      expect(
        facts({ altTelephoneNumbers: [{ altTnExpirationDate: '2026-03-09' }] }).hasExpiredAltNumber,
      ).toBe(true);
      expect(
        facts({ altTelephoneNumbers: [{ altTnExpirationDate: '2026-03-10' }] }).hasExpiredAltNumber,
      ).toBe(false);
    });
    it('no alternate number means no contact number on the account', () => {
      expect(facts().hasContactNumber).toBe(false);
      expect(facts({ altTelephoneNumbers: [{ altTnExpirationDate: '2027-01-01' }] }).hasContactNumber).toBe(
        true,
      );
    });
    it('checks the email against the spec pattern and keeps the provider flag apart', () => {
      expect(facts({ emailAddress: 'a@b.example', emailAddressValid: false })).toMatchObject({
        emailPresent: true,
        emailValid: true,
        emailAddressValid: false,
      });
      expect(facts({ emailAddress: 'not-an-email' }).emailValid).toBe(false);
      expect(facts({ emailAddress: '  ' }).emailPresent).toBe(false);
    });
  });

  it('knows January 1 (no paper-charge alert that day)', () => {
    const jan1 = new Date(2027, 0, 1, 9);
    const f = deriveFacts(snapshotFromResponses({ homeEarlyInit: envelope() }), { today: jan1 });
    expect(f.isJanuaryFirst).toBe(true);
    expect(facts().isJanuaryFirst).toBe(false);
  });

  it('reads the early-access order from the nested object of the same name', () => {
    const f = facts({
      earlyAccessProductOrderResponse: {
        orderStatus: 'in progress',
        earlyAccessProductOrderResponse: {
          orderStatus: 'In Progress',
          orderActivityType: 'disconnect',
          techInstall: 1,
          apptDate: '2026-03-11',
          apptStartTime: '08:00',
        },
      },
    });
    expect(f).toMatchObject({
      pendingOrderStatus: 'IN PROGRESS',
      pendingOrderActivity: 'DISCONNECT',
      pendingOrderTechInstall: true,
      hoursUntilAppointment: 21.5,
    });
  });

  describe('outage', () => {
    it('estimated repair time known: hours until it (negative when past)', () => {
      const outage = (dateTime: string | null) => ({
        outage: {
          currentOutage: true,
          outageHangover: false,
          rebootModem: false,
          estRepairTime: { dateTime },
        },
      });
      expect(facts({}, outage('2026-03-10T14:30:00'))).toMatchObject({
        outageEtaKnown: true,
        hoursUntilRepair: 4,
      });
      expect(facts({}, outage('2026-03-10T08:30:00')).hoursUntilRepair).toBe(-2);
      expect(facts({}, outage(null))).toMatchObject({ outageEtaKnown: false, hoursUntilRepair: null });
    });
    it('no outage call means no outage facts', () => {
      expect(facts()).toMatchObject({ currentOutage: null, outageEtaKnown: null });
    });
  });

  describe('walled garden', () => {
    it('reads the server answer', () => {
      const f = facts({}, { wgStatus: { status: true, response: { isSoftWG: true, wgstatus: 'soft' } } });
      expect(f).toMatchObject({ wgCallStatus: 'ok', wgServerStatus: true, wgIsSoft: true, wgStatus: 'SOFT' });
    });
    it('a malformed answer is a failed call', () => {
      expect(facts({}, { wgStatus: { status: 'yes' } }).wgCallStatus).toBe('failed');
      expect(facts().wgCallStatus).toBe('not-called');
    });
  });

  it('reads the credit offer, lower-casing its status', () => {
    const f = facts(
      {},
      {
        creditOffer: {
          status: 200,
          message: 'Offer available',
          offerName: 'OutOfServiceCredit',
          offerStatus: 'ELIGIBLE',
          value: 1,
        },
      },
    );
    expect(f).toMatchObject({
      creditOfferStatus: 'eligible',
      creditOfferValue: 1,
      creditOfferMessage: 'Offer available',
    });
  });

  it('counts products, HSI and the DISCONNECT flow from the services answer', () => {
    const bm = facts(
      {},
      {
        myServices: {
          statusInfo: { status: 'SUCCESS' },
          dioProductEligibility: {
            hasHsi: true,
            hasPhone: true,
            hasDtv: false,
            ecFlowsAvailable: ['DISCONNECT'],
          },
        },
      },
    );
    expect(bm).toMatchObject({
      servicesStatus: 'ok',
      hsiOwned: true,
      productCount: 2,
      disconnectFlowAvailable: true,
    });
    const none = facts(
      {},
      {
        myServices: {
          statusInfo: { status: 'SUCCESS' },
          servicesAndOffersResponse: { internet: { isOwned: 'false' }, phone: { isOwned: 'false' } },
        },
      },
    );
    expect(none).toMatchObject({ hsiOwned: false, productCount: 0 });
  });

  it('skips repair tickets with status CAN or CLD, or with no completion date', () => {
    const f = facts(
      {},
      {
        repairTickets: {
          troubleReports: [
            {
              nativeTroubleReportIdentifier: '1',
              troubleReportStatus: 'OPN',
              commitmentDateTime: '2026-03-11T10:00:00',
              completionDateTime: '2026-03-11T10:00:00',
            },
            {
              nativeTroubleReportIdentifier: '2',
              troubleReportStatus: 'CAN',
              commitmentDateTime: '2026-03-11T10:00:00',
            },
            {
              nativeTroubleReportIdentifier: '3',
              troubleReportStatus: 'CLD',
              commitmentDateTime: '2026-03-11T10:00:00',
            },
            { nativeTroubleReportIdentifier: '4', troubleReportStatus: 'OPN' },
            // Open with a commitment date but no completion date: skipped too.
            {
              nativeTroubleReportIdentifier: '5',
              troubleReportStatus: 'OPN',
              commitmentDateTime: '2026-03-11T10:00:00',
            },
          ],
        },
      },
    );
    expect(f.openRepairTicketCount).toBe(1);
  });

  it('gives the seconds left on the OAuth token', () => {
    const obtained = new Date(today.getTime() - 1100 * 1000);
    const snapshot = {
      ...snapshotFromResponses({ homeEarlyInit: envelope() }),
      adaptToken: { obtainedAt: obtained.toISOString(), expiresIn: 1200 },
    };
    expect(deriveFacts(snapshot, { today }).tokenSecondsRemaining).toBe(100);
  });

  it('passes the UI state through', () => {
    expect(facts({}, {}, { orderHistoryOpen: true, altnumshowDismissed: true })).toMatchObject({
      orderHistoryOpen: true,
      altnumshowDismissed: true,
      emailvalidshowDismissed: false,
    });
  });
});

describe('classifications the stores use', () => {
  it("treats 'PPB prefix with status SUSPENDED' as prepaid suspended", () => {
    expect(isPrepaidSuspended({ currentlyManagedAccount: 'PPB40012345', accountStatus: 'SUSPENDED' })).toBe(
      true,
    );
    expect(isPrepaidSuspended({ currentlyManagedAccount: 'PPB40012345', accountStatus: 'ACTIVE' })).toBe(
      false,
    );
    expect(isPrepaidSuspended({ currentlyManagedAccount: '310245781', accountStatus: 'SUSPENDED' })).toBe(
      false,
    );
    expect(isPrepaidSuspended(null)).toBe(false);
  });

  it('sends the outage call identifierType BAN for 9 characters, BAID for 11 and BTNCC otherwise', () => {
    expect(outageIdentifierTypeOf('310245781')).toBe('BAN');
    expect(outageIdentifierTypeOf('PPB40012345')).toBe('BAID');
    expect(outageIdentifierTypeOf('3035550100123')).toBe('BTNCC');
  });
});
