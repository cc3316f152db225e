import { describe, expect, it } from 'vitest';
import { loadPersonas } from '../../server/personas';
import { PREVIEW_DATE, dayAt, personaFacts } from '../../lib/personas';
import { ACCOUNT_LAYOUT } from '../../src/engine/compile';
import { DATA_CALLS } from '../../src/engine/decisions';
import { ALL_CALLS, callBits, withCalls } from '../../src/impact/calls';
import { factsObject } from '../../src/impact/population';

const today = dayAt(PREVIEW_DATE);
const vector = (facts: object): unknown[] => ACCOUNT_LAYOUT.map((n) => (facts as Record<string, unknown>)[n]);

describe('the facts each account call supplies (src/impact/calls.ts)', () => {
  it('taking a call away gives exactly the facts deriveFacts gives without its answer, for every persona and call', () => {
    let compared = 0;
    for (const persona of loadPersonas()) {
      for (let i = 0; i < persona.accounts.length; i++) {
        const all = vector(personaFacts(persona, today, i, DATA_CALLS));
        for (const call of DATA_CALLS) {
          const without = DATA_CALLS.filter((c) => c !== call);
          expect(factsObject(withCalls(all, callBits(without))), `${persona.id} without ${call}`).toEqual(
            personaFacts(persona, today, i, without),
          );
          compared++;
        }
        expect(factsObject(withCalls(all, 0))).toEqual(personaFacts(persona, today, i, []));
        expect(withCalls(all, ALL_CALLS)).toEqual(all);
      }
    }
    expect(compared).toBeGreaterThan(400);
  });
});
