import { describe, expect, it } from 'vitest';
import { decide, order, rulesRuntime } from './support/facts';

describe('appointment timing (rules/appointment-timing.json)', () => {
  it.each([
    [-0.5, 'missed'],
    [0, 'near-term'],
    [24, 'near-term'],
    [24.5, 'scheduled'],
    [null, 'none'],
  ])(
    '%s hours to the appointment -> %s (missed below 0, near-term 0 to 24, date and window over 24)',
    async (hoursUntilAppointment, timing) => {
      expect((await decide({ hoursUntilAppointment })).appointmentTiming.timing).toBe(timing);
    },
  );
});

describe('Appointment Messages link per order (rules/appointment-messages.json)', () => {
  const toggles = async () => (await decide()).toggles;
  it.each([
    [
      'a completed order within 48 hours of completion',
      { orderStatus: 'COMPLETED', hoursSinceOrderClosed: 47 },
      true,
    ],
    [
      'a completed order 48 hours after completion',
      { orderStatus: 'COMPLETED', hoursSinceOrderClosed: 48 },
      false,
    ],
    [
      'a cancelled order within 48 hours of the cancel date',
      { orderStatus: 'CANCELED', hoursSinceOrderClosed: 2 },
      true,
    ],
    ['a pending non-disconnect order', { orderStatus: 'PENDING', orderActivity: 'INSTALL' }, true],
    ['an in-progress disconnect order', { orderStatus: 'IN PROGRESS', orderActivity: 'DISCONNECT' }, false],
    ['an open order', { orderStatus: 'OPEN' }, false],
  ] as const)('%s -> %s', async (_, facts, show) => {
    expect((await rulesRuntime().decideOrder(order(facts), await toggles())).show).toBe(show);
  });
});
