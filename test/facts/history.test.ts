import { describe, expect, it } from 'vitest';
import { alertTickets, historyOrders, mergedHistory, missedFirst } from '../../src/facts/history';
import { selectableDays, slotsOn } from '../../src/facts/appointments';
import type { HistoryOrder, OrderHistory, TroubleReport } from '../../src/generated/types';

const order = (orderNumber: string, orderStatus: string, apptmtDate: string): HistoryOrder => ({
  orderNumber,
  orderStatus,
  apptmtDate,
});
const ticket = (id: string, status: string, commitment?: string, completion?: string): TroubleReport => ({
  nativeTroubleReportIdentifier: id,
  troubleReportStatus: status,
  ...(commitment ? { commitmentDateTime: commitment } : {}),
  ...(completion ? { completionDateTime: completion } : {}),
});

describe('Order & Ticket History (home spec 2.3, 4)', () => {
  it('hides INACTIVE orders', () => {
    const history: OrderHistory = {
      statusInfo: { status: 'SUCCESS' },
      orderTrackerResponse: {
        inflightOrders: [order('A', 'IN PROGRESS', '2026-03-11')],
        completedOrders: [order('B', 'inactive', '2026-01-01')],
        cancelledOrders: [order('C', 'CANCELLED', '2026-02-01')],
      },
    };
    expect(historyOrders(history)?.map((o) => o.orderNumber)).toEqual(['A', 'C']);
  });

  it('gives no list when the order lookup answered FAILURERESP', () => {
    expect(
      historyOrders({ statusInfo: { status: 'FAILURE' }, orderTrackerResponse: 'FAILURERESP' }),
    ).toBeNull();
  });

  it('lists in-progress and open items first by ascending appointment date, then the rest by descending appointment date', () => {
    const items = mergedHistory(
      [
        order('done-old', 'COMPLETED', '2025-01-10'),
        order('late', 'IN PROGRESS', '2026-03-20'),
        order('cancelled', 'CANCELLED', '2026-02-01'),
        order('soon', 'OPEN', '2026-03-12'),
      ],
      [
        ticket('T-open', 'OPN', '2026-03-15T12:00:00', '2026-03-15T12:00:00'),
        ticket('T-closed', 'CLD', '2026-03-01T12:00:00', '2026-03-01T12:00:00'),
      ],
    );
    expect(
      items.map((i) => (i.kind === 'order' ? i.order.orderNumber : i.ticket.nativeTroubleReportIdentifier)),
    ).toEqual(['soon', 'T-open', 'late', 'T-closed', 'cancelled', 'done-old']);
  });

  it('does not append tickets after all orders: an open ticket comes before closed orders', () => {
    const items = mergedHistory(
      [order('old', 'COMPLETED', '2025-01-10')],
      [ticket('T', 'OPN', '2026-03-15T12:00:00', '2026-03-15T12:00:00')],
    );
    expect(items[0]?.kind).toBe('ticket');
  });
});

describe('repair-ticket alerts (home spec 2.4)', () => {
  it('skips tickets with status CAN or CLD, or with no completion date, and sorts by commitment date, newest first', () => {
    const listed = alertTickets({
      troubleReports: [
        ticket('old', 'OPN', '2026-03-09T12:00:00', '2026-03-09T12:00:00'),
        ticket('can', 'CAN', '2026-03-11T12:00:00', '2026-03-11T12:00:00'),
        ticket('cld', 'CLD', '2026-03-11T12:00:00', '2026-03-11T12:00:00'),
        ticket('no-completion', 'OPN', '2026-03-11T12:00:00'),
        ticket('new', 'OPN', '2026-03-12T12:00:00', '2026-03-12T12:00:00'),
      ],
    });
    expect(listed.map((t) => t.nativeTroubleReportIdentifier)).toEqual(['new', 'old']);
  });

  it('lists missed tickets before active ones, each group in its order', () => {
    expect(missedFirst(['a', 'b', 'c', 'd'], (x) => x === 'c' || x === 'd')).toEqual(['c', 'd', 'a', 'b']);
  });

  it('lists nothing when the ticket lookup failed', () => {
    expect(
      alertTickets({
        statusInfo: { status: 'FAILURE' },
        troubleReports: [ticket('x', 'OPN', '2026-03-12T12:00:00', '2026-03-12T12:00:00')],
      }),
    ).toEqual([]);
  });
});

describe('reschedule slots (home spec 5 Selectable dates)', () => {
  const slots = [
    { appointmentId: 'A3', startTime: '2026-03-14T13:00:00', endTime: '2026-03-14T17:00:00' },
    { appointmentId: 'A2', startTime: '2026-03-12T13:00:00', endTime: '2026-03-12T17:00:00' },
    { appointmentId: 'A1', startTime: '2026-03-12T08:00:00', endTime: '2026-03-12T12:00:00' },
    { appointmentId: 'bad', startTime: 'soon', endTime: 'later' },
  ];

  it('only days with at least one slot are selectable, between the earliest and latest slot dates', () => {
    expect(selectableDays(slots)).toEqual({
      days: ['2026-03-12', '2026-03-14'],
      first: '2026-03-12',
      last: '2026-03-14',
    });
  });

  it("lists that day's slots, earliest first, and none before a date is chosen", () => {
    expect(slotsOn(slots, '2026-03-12').map((s) => s.appointmentId)).toEqual(['A1', 'A2']);
    expect(slotsOn(slots, null)).toEqual([]);
  });
});
