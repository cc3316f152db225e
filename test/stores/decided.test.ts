import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleFile } from '../../src/engine/types';
import { constantOf, constantsOf, graceDaysOf } from '../../src/stores/decided';
import type { RootStore } from '../../src/stores/root-store';

const storeWith = (constants: Record<string, number | null> | null): RootStore =>
  ({ decisions: { current: constants === null ? null : { constants } } }) as unknown as RootStore;

const shipped = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../rules/constants.json'), 'utf8'),
) as RuleFile;
const shippedValue = (name: string): unknown =>
  shipped.rules.find((r) => r.event.params.name === name)?.event.params.value;

describe('the constants texts show (src/stores/decided.ts)', () => {
  it('are those the rules decided for the account', () => {
    const store = storeWith({ walledGardenGraceDays: 5, modemRestartMinutes: 7 });
    expect(graceDaysOf(store)).toBe(5);
    expect(constantOf(store, 'modemRestartMinutes')).toBe(7);
  });

  it('before the rules have decided, are those of the rules/constants.json built into the app', () => {
    const store = storeWith(null);
    for (const [name, value] of Object.entries(constantsOf(store))) expect(value).toBe(shippedValue(name));
  });
});
