import { describe, expect, it } from 'vitest';
import realHash from 'hash-it';
import hash from '../../src/engine/fact-hash';

/**
 * The browser build replaces hash-it with src/engine/fact-hash.ts inside json-rules-engine, which hashes only the
 * almanac's cache keys `{ id, params }`: for those the stand-in must tell apart exactly what hash-it does.
 */
const keys: unknown[] = [
  { id: 'accountStatus', params: {} },
  { id: 'accountStatus', params: {} },
  { id: 'toggle.cancel', params: {} },
  { id: 'constant.trackingCookieDays', params: {} },
  { id: 'walledGarden.state', params: {} },
  { id: 'daysPastDue', params: {} },
  { id: 'daysPastDue', params: { unit: 'days' } },
  { id: 'zip', params: {} },
];

describe('the cache keys json-rules-engine hashes', () => {
  it('are equal under the stand-in exactly when hash-it makes them equal', () => {
    for (const a of keys) for (const b of keys) expect(hash(a) === hash(b)).toBe(realHash(a) === realHash(b));
  });
});
