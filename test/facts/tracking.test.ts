import { describe, expect, it } from 'vitest';
import type { MyServices } from '../../src/generated/types';
import { TRACKING_FIELDS, speedMbps, trackingCookieValue, trackingValuesOf } from '../../src/facts/tracking';
import { baseProfile } from '../features/harness';

const ensembleServices: MyServices = {
  statusInfo: { status: 'SUCCESS' },
  servicesAndOffersResponse: {
    internet: { isOwned: 'true', downloadSpeed: '100 Mbps', maxSpeedHSIAvailable: '940 Mbps' },
    phone: { isOwned: 'true' },
    directv: { isOwned: 'false' },
    canShopIndicator: 'Y',
  },
};

const blueMarbleServices: MyServices = {
  statusInfo: { status: 'SUCCESS' },
  dioProductEligibility: {
    hasHsi: true,
    hsiAvailable: true,
    hasDtv: true,
    ownedHsiSpeedInKbps: 200000,
    availableHsiSpeedInKbps: 940000,
    ecFlowsAvailable: ['UPGRADE', 'DISCONNECT'],
  },
};

describe('the tracking cookie carries the fields of shell spec §3', () => {
  it('account type, billing entity, state code, zip code, autopay, paperless billing, shopping ability, HSI ownership, DTV ownership, upgrade eligibility, current speed, max speed, customer type', () => {
    expect(trackingValuesOf(baseProfile, ensembleServices)).toEqual({
      accountType: 'I',
      billingEntity: 'ENSEMBLE',
      stateCode: 'CO',
      zip: '80202',
      autopay: true,
      paperless: false,
      canShop: true,
      hsiOwned: true,
      dtvOwned: false,
      upgradeEligible: true,
      currentSpeed: 100,
      maxSpeed: 940,
      customerType: 'RES',
    });
    expect(TRACKING_FIELDS).toHaveLength(13);
  });

  it('reads the newer billing system from its own answer', () => {
    const values = trackingValuesOf(
      { ...baseProfile, c2e: true, currentlyManagedAccount: '501400221' },
      blueMarbleServices,
    );
    expect(values).toMatchObject({
      billingEntity: 'BM-LC',
      canShop: true,
      hsiOwned: true,
      dtvOwned: true,
      upgradeEligible: true,
      currentSpeed: 200,
      maxSpeed: 940,
    });
  });

  it('leaves unknown what was not loaded or failed', () => {
    const values = trackingValuesOf(baseProfile, { statusInfo: { status: 'FAILURE' } });
    expect(values).toMatchObject({ canShop: null, hsiOwned: null, currentSpeed: null });
    expect(trackingCookieValue(values)).toContain('|hsiOwned:|');
  });

  it('never holds a name, an email address or an account number', () => {
    const value = trackingCookieValue(trackingValuesOf(baseProfile, ensembleServices));
    expect(value).toBe(
      'accountType:I|billingEntity:ENSEMBLE|stateCode:CO|zip:80202|autopay:1|paperless:0|canShop:1|hsiOwned:1|dtvOwned:0|upgradeEligible:1|currentSpeed:100|maxSpeed:940|customerType:RES',
    );
    for (const personal of [
      baseProfile.firstName,
      baseProfile.lastName,
      baseProfile.emailAddress,
      baseProfile.currentlyManagedAccount,
      'ana.lopez',
    ]) {
      expect(value).not.toContain(personal);
    }
  });

  it('keeps only cookie-safe characters of what an answer holds', () => {
    const value = trackingCookieValue(
      trackingValuesOf({
        ...baseProfile,
        accountType: 'I; Secure=0, x="y"',
        serviceAddress: { zip: '80202\r\n' },
      }),
    );
    expect(value).toMatch(/^[A-Za-z0-9.:|-]*$/);
    expect(value.startsWith('accountType:ISecure0xy|')).toBe(true);
  });

  it('reads speeds in Mbps', () => {
    expect([speedMbps('100 Mbps'), speedMbps('1 Gbps'), speedMbps('512 kbps'), speedMbps('fast')]).toEqual([
      100,
      1000,
      1,
      null,
    ]);
  });
});
