import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('feature toggles (rules/toggles.json)', () => {
  it("match section 9: 'outage credits call on, cancel on, 3-day grace on, tech tracker off, adapt call on, acs call off, maintenance off, embargo message off', BRIM on", async () => {
    expect((await decide()).toggles).toEqual({
      outageCredits: true,
      cancel: true,
      threeDayGrace: true,
      techTracker: false,
      adaptCall: true,
      acsCall: false,
      maintenance: false,
      embargoMessage: false,
      brim: true,
    });
  });
  it('give the constants shown to customers', async () => {
    expect((await decide()).constants).toEqual({
      archiveAfterDays: 90,
      embargoMaintenanceHours: 6,
      modemRestartMinutes: 5,
      rescheduleApplyMinutes: 15,
      emailRetryLimit: 2,
      paperBillFee: 1,
      // Spec section 9: walled-garden grace, 3 days after the failed payment.
      walledGardenGraceDays: 3,
    });
  });
});
