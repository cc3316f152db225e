import { describe, expect, it } from 'vitest';
import { deriveOrderFacts, deriveTicketFacts } from '../../src/facts/order';

const today = new Date(2026, 2, 10, 12, 0);

describe('deriveOrderFacts', () => {
  it('upper-cases the status and the activity type, which defaults to UNKNOWN', () => {
    expect(deriveOrderFacts({ orderNumber: 'N1', orderStatus: 'In Progress' }, { today })).toMatchObject({
      itemKind: 'order',
      orderStatus: 'IN PROGRESS',
      orderActivity: 'UNKNOWN',
      hoursSinceOrderClosed: null,
      ticketStatus: null,
    });
  });
  it('measures hours since the completion or cancel date', () => {
    expect(
      deriveOrderFacts(
        { orderNumber: 'N1', orderStatus: 'COMPLETED', orderCompletedDate: '2026-03-08T12:00:00' },
        { today },
      ).hoursSinceOrderClosed,
    ).toBe(48);
    expect(
      deriveOrderFacts(
        { orderNumber: 'N1', orderStatus: 'CANCELLED', orderCancelDate: '2026-03-10T06:00:00' },
        { today },
      ).hoursSinceOrderClosed,
    ).toBe(6);
  });
  it("reads the first dispatch's jobStatus (the technician location follows the first dispatch)", () => {
    const f = deriveOrderFacts(
      {
        orderNumber: 'N1',
        orderStatus: 'IN PROGRESS',
        dispatches: [{ jobStatus: 'enroute' }, { jobStatus: 'scheduled' }],
      },
      { today },
    );
    expect(f.orderJobStatus).toBe('ENROUTE');
  });
  it("knows the account's pending order by its number", () => {
    const order = { orderNumber: 'N1', orderStatus: 'IN PROGRESS' };
    expect(deriveOrderFacts(order, { today, pendingOrderNumber: 'N1' }).isPendingOrder).toBe(true);
    expect(deriveOrderFacts(order, { today, pendingOrderNumber: 'N2' }).isPendingOrder).toBe(false);
    expect(deriveOrderFacts(order, { today }).isPendingOrder).toBe(false);
  });
});

describe('deriveTicketFacts', () => {
  it('measures the hours to the commitment date (negative in the past) and copies the flags', () => {
    const f = deriveTicketFacts(
      {
        nativeTroubleReportIdentifier: 'TR-1',
        troubleReportStatus: 'opn',
        commitmentDateTime: '2026-03-09T12:00:00',
        canCancel: true,
        canReschedule: false,
        showTechLocation: true,
      },
      { today },
    );
    expect(f).toMatchObject({
      itemKind: 'ticket',
      ticketStatus: 'OPN',
      hoursUntilTicketAppointment: -24,
      ticketCanCancel: true,
      ticketCanReschedule: false,
      ticketShowTechLocation: true,
      orderStatus: null,
    });
  });
  it('has no hours without a commitment date, and missing flags are false', () => {
    const f = deriveTicketFacts(
      { nativeTroubleReportIdentifier: 'TR-1', troubleReportStatus: 'OPN' },
      { today },
    );
    expect(f.hoursUntilTicketAppointment).toBeNull();
    expect(f.ticketCanCancel).toBe(false);
  });
});
