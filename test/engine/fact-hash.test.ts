import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import hash from '../../src/engine/fact-hash';
// The original, loaded by Node itself: the Vite aliases (the build's and Vitest's) resolve it to the stand-in.
const realHash = (createRequire(import.meta.url)('hash-it') as { default: (value: unknown) => number })
  .default;

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
  it('are compared with the original hash-it, not with the stand-in', () => {
    expect(realHash).not.toBe(hash);
    expect(realHash('a')).not.toBe(hash('a'));
  });

  it('are equal under the stand-in exactly when hash-it makes them equal', () => {
    for (const a of keys) for (const b of keys) expect(hash(a) === hash(b)).toBe(realHash(a) === realHash(b));
  });
});
