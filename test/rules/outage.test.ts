import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('outage alert (rules/outage.json)', () => {
  it.each([
    [
      'estimated repair time known: a resolution time',
      { currentOutage: true, outageEtaKnown: true, hoursUntilRepair: 3 },
      'eta',
    ],
    [
      'time already past: softer wording',
      { currentOutage: true, outageEtaKnown: true, hoursUntilRepair: -0.5 },
      'eta-past',
    ],
    [
      'time unknown: the duration is still being determined',
      { currentOutage: true, outageEtaKnown: false },
      'eta-unknown',
    ],
    [
      'outage hangover with the modem connected: restart dialog',
      { outageHangover: true, modemConnected: true },
      'hangover-restart',
    ],
    [
      'outage hangover otherwise: an instruction link',
      { outageHangover: true, modemConnected: false },
      'hangover-instructions',
    ],
    ['an outage wins over a hangover', { currentOutage: true, outageHangover: true }, 'eta-unknown'],
    ['no outage', {}, 'none'],
  ] as const)('%s', async (_, facts, alert) => {
    expect((await decide(facts)).outage.alert).toBe(alert);
  });
});
