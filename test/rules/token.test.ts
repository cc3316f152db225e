import { describe, expect, it } from 'vitest';
import { decide } from './support/facts';

describe('token freshness (rules/token.json)', () => {
  it.each([
    [1200, true],
    [120, true],
    [119, false],
    [null, false],
  ])(
    '%s seconds remaining -> fresh %s (valid when at least 120 of 1200 seconds remain)',
    async (tokenSecondsRemaining, fresh) => {
      expect((await decide({ tokenSecondsRemaining })).token.fresh).toBe(fresh);
    },
  );
});
