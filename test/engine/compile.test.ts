/**
 * The compiled evaluator against json-rules-engine (the portal's runtime, the reference): on the shipped
 * rule files with generated facts, on generated rule files, and on rule files using json-rules-engine's
 * features beyond our schema. Every difference is a bug in src/engine/compile.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPersonas } from '../../sandbox/personas';
import { PREVIEW_DATE, dayAt, loadRulesDir, personaFacts } from '../../scripts/rules-lib';
import { ACCOUNT_LAYOUT, ORDER_LAYOUT, compileRules } from '../../src/engine/compile';
import type { DecisionId } from '../../src/engine/decisions';
import { createRuntime } from '../../src/engine/runtime';
import type { ExplainTrace, Rulesets, Toggles } from '../../src/engine/types';
import { TOGGLE_NAMES, type AccountFacts, type OrderFacts } from '../../src/facts/vocabulary';
import {
  accountFactsArbitrary,
  extendedRulesetsArbitrary,
  mutatedFactsArbitrary,
  orderFactsArbitrary,
  rulesetsArbitrary,
  thresholdsOf,
} from './support/arbitraries';

const shipped = (): Rulesets => structuredClone(loadRulesDir());
const thresholds = thresholdsOf(shipped());
const today = dayAt(PREVIEW_DATE);
const personaAccounts: AccountFacts[] = loadPersonas().flatMap((p) =>
  p.accounts.map((_, i) => personaFacts(p, today, i)),
);

const anyFacts = fc.oneof(
  accountFactsArbitrary(thresholds),
  mutatedFactsArbitrary(personaAccounts, thresholds),
);
const anyToggles = fc.record(
  Object.fromEntries(TOGGLE_NAMES.map((t) => [t, fc.boolean()])),
) as unknown as fc.Arbitrary<Toggles>;

const matchedOf = (explain: ExplainTrace): Partial<Record<DecisionId, string[]>> =>
  Object.fromEntries(explain.map((d) => [d.decision, d.matched]));

/**
 * Both evaluators on the same rules (each from its own copy: json-rules-engine writes into condition
 * objects) and facts: every decision, every file's matching rules in order, the per-order decision.
 */
async function expectSame(rulesets: Rulesets, facts: AccountFacts[], orders: OrderFacts[], toggles: Toggles) {
  const runtime = createRuntime(structuredClone(rulesets));
  const compiled = compileRules(structuredClone(rulesets));
  for (const f of facts) {
    const reference = await runtime.decide(f);
    expect(compiled.decide(f)).toStrictEqual(reference.decisions);
    expect(compiled.matched(f)).toStrictEqual(matchedOf(reference.explain));
    expect(
      compiled.planCalls(
        ACCOUNT_LAYOUT.map((n) => (n in f ? (f[n as keyof AccountFacts] ?? null) : undefined)),
      ),
    ).toStrictEqual(reference.decisions.dataLoading.calls);
  }
  for (const o of orders) {
    const reference = await runtime.decideOrder(o, toggles);
    expect(compiled.decideOrder(o, toggles)).toBe(reference.show);
    expect(
      compiled.decideOrderVector(
        ORDER_LAYOUT.map((n) => (n in o ? (o[n as keyof OrderFacts] ?? null) : undefined)),
        toggles,
      ),
    ).toBe(reference.show);
  }
}

describe('the compiled evaluator decides exactly as json-rules-engine', () => {
  it('on the shipped rule files, for every persona account', async () => {
    await expectSame(shipped(), personaAccounts, [], {} as Toggles);
  });

  it('on the shipped rule files, for generated facts (types, known values, thresholds and neighbours, null, absent, mistyped)', async () => {
    const rulesets = shipped();
    const runtime = createRuntime(structuredClone(rulesets));
    const compiled = compileRules(structuredClone(rulesets));
    await fc.assert(
      fc.asyncProperty(anyFacts, async (facts) => {
        const reference = await runtime.decide(facts);
        expect(compiled.decide(facts)).toStrictEqual(reference.decisions);
        expect(compiled.matched(facts)).toStrictEqual(matchedOf(reference.explain));
      }),
      { numRuns: 400 },
    );
  });

  it('on the shipped per-order rule file, for generated orders and toggles', async () => {
    const rulesets = shipped();
    const runtime = createRuntime(structuredClone(rulesets));
    const compiled = compileRules(structuredClone(rulesets));
    await fc.assert(
      fc.asyncProperty(orderFactsArbitrary(thresholds), anyToggles, async (order, toggles) => {
        expect(compiled.decideOrder(order, toggles)).toBe((await runtime.decideOrder(order, toggles)).show);
      }),
      { numRuns: 300 },
    );
  });

  it('on generated rule files (conditions over the vocabulary, priorities with ties, schema-allowed values including null)', async () => {
    await fc.assert(
      fc.asyncProperty(
        rulesetsArbitrary(shipped(), thresholds),
        fc.array(anyFacts, { minLength: 1, maxLength: 4 }),
        fc.array(orderFactsArbitrary(thresholds), { maxLength: 3 }),
        anyToggles,
        (rulesets, facts, orders, toggles) => expectSame(rulesets, facts, orders, toggles),
      ),
      { numRuns: 150 },
    );
  });

  it("on generated rule files using json-rules-engine's features beyond the schema (decorators, fact values, condition priorities, throwing rules)", async () => {
    await fc.assert(
      fc.asyncProperty(
        extendedRulesetsArbitrary(shipped(), thresholds),
        fc.array(anyFacts, { minLength: 1, maxLength: 3 }),
        (rulesets, facts) => expectSame(rulesets, facts, [], {} as Toggles),
      ),
      { numRuns: 100 },
    );
  });
});
