import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/messages';
import { CONSTANT_NAMES } from '../../src/engine/decisions';

describe('machine messages', () => {
  it('a {placeholder} in a text names a constant of rules/constants.json (fillConstants fills it)', () => {
    const placeholders = Object.values(MESSAGES).flatMap((m) =>
      [...m.text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
    );
    expect(placeholders).toEqual(['modemRestartMinutes']);
    for (const p of placeholders) expect(CONSTANT_NAMES).toContain(p);
  });
});
