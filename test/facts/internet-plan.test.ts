import { describe, expect, it } from 'vitest';
import { dateNumber, internetPlanFacts, kbpsFromText } from '../../src/facts';
import type { MyServices } from '../../src/generated/types';

describe('internet plan facts (home spec 3 services, 4 upgrade offer indicator)', () => {
  it("reads the 'number unit' speeds of the other billing systems in kbps", () => {
    expect(kbpsFromText('100 Mbps')).toBe(100_000);
    expect(kbpsFromText('940 Mbps')).toBe(940_000);
    expect(kbpsFromText('1 Gbps')).toBe(1_000_000);
    expect(kbpsFromText('1 Gig')).toBe(1_000_000);
    expect(kbpsFromText('512 kbps')).toBe(512);
    expect(kbpsFromText('0 Mbps')).toBe(0);
    expect(kbpsFromText('fast')).toBeNull();
    expect(kbpsFromText(undefined)).toBeNull();
  });

  it('measures the headroom between the available and the owned speed, and the flows offered', () => {
    const bm: MyServices = {
      statusInfo: { status: 'SUCCESS' },
      dioProductEligibility: {
        hasHsi: true,
        biwfQualified: true,
        ownedHsiSpeedInKbps: 200_000,
        availableHsiSpeedInKbps: 940_000,
        ecFlowsAvailable: ['UPGRADE', 'CHANGE_MODEM'],
        canVacationRestore: true,
      },
    };
    expect(internetPlanFacts(bm)).toEqual({
      ownedSpeedKbps: 200_000,
      availableSpeedKbps: 940_000,
      speedHeadroomKbps: 740_000,
      upgradeFlowAvailable: true,
      changeModemFlowAvailable: true,
      fiberUpgradeQualified: true,
      canVacationRestore: true,
    });
    const other: MyServices = {
      statusInfo: { status: 'SUCCESS' },
      servicesAndOffersResponse: {
        internet: { isOwned: 'true', downloadSpeed: '100 Mbps', maxSpeedHSIAvailable: '940 Mbps' },
      },
    };
    expect(internetPlanFacts(other)).toMatchObject({
      speedHeadroomKbps: 840_000,
      upgradeFlowAvailable: false,
      fiberUpgradeQualified: false,
      canVacationRestore: null,
    });
  });

  it('knows nothing of a failed services answer or a speed that cannot be one', () => {
    expect(internetPlanFacts({ statusInfo: { status: 'FAILURE' } }).speedHeadroomKbps).toBeNull();
    const corrupt: MyServices = {
      statusInfo: { status: 'SUCCESS' },
      dioProductEligibility: {
        hasHsi: true,
        ownedHsiSpeedInKbps: -5,
        availableHsiSpeedInKbps: Number.POSITIVE_INFINITY,
      },
    };
    expect(internetPlanFacts(corrupt)).toMatchObject({
      ownedSpeedKbps: null,
      availableSpeedKbps: null,
      speedHeadroomKbps: null,
    });
  });

  it('writes today as YYYYMMDD to compare with the rate-change start date', () => {
    expect(dateNumber(new Date(2023, 0, 1, 12))).toBe(20230101);
    expect(dateNumber(new Date(2026, 11, 31))).toBe(20261231);
  });
});
