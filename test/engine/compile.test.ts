/**
 * The compiled evaluator against json-rules-engine (the portal's runtime, the reference): on the shipped
 * rule files with generated facts, on generated rule files, and on rule files using json-rules-engine's
 * features beyond our schema. Every difference is a bug in src/engine/compile.ts. The properties run a
 * sample of their inputs in the suite (new ones each run) and the full count with SWEEP=1
 * (test/support/sweep.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPersonas, personaResponses } from '../../server/personas';
import { PREVIEW_DATE, dayAt, personaFacts } from '../../lib/personas';
import { loadRulesDir } from '../../lib/rules-files';
import { ACCOUNT_LAYOUT, Layout, ORDER_LAYOUT, compileRules } from '../../src/engine/compile';
import { ORDER_ACTIONS, type DataCall, type DecisionId } from '../../src/engine/decisions';
import { createRuntime, type ItemContext } from '../../src/engine/runtime';
import type { ExplainTrace, HomeDecisions, Rulesets, Toggles } from '../../src/engine/types';
import { profileFromEnvelope } from '../../src/facts/responses';
import { TOGGLE_NAMES, type AccountFacts, type OrderFacts } from '../../src/facts/vocabulary';
import { itemFactsOf } from '../../src/stores/item-decisions';
import { callBits, notCalled } from '../../src/impact/calls';
import { sameFiles } from '../../src/impact/impact';
import {
  accountFactsArbitrary,
  extendedRulesetsArbitrary,
  mutatedFactsArbitrary,
  mutatedItemsArbitrary,
  orderFactsArbitrary,
  rulesetsArbitrary,
  thresholdsOf,
} from './support/arbitraries';
import { sized } from '../support/sweep';

/** Read and checked once (about 0.1 s each time); every test gets its own copy. */
const SHIPPED = loadRulesDir();
const shipped = (): Rulesets => structuredClone(SHIPPED);
const thresholds = thresholdsOf(shipped());
const today = dayAt(PREVIEW_DATE);
const personaAccounts: AccountFacts[] = loadPersonas().flatMap((p) =>
  p.accounts.map((_, i) => personaFacts(p, today, i)),
);

/**
 * Every order and repair ticket of the personas' histories, as the item store derives them: each distinct
 * one once (many personas share a history; an item's decisions depend only on its facts and context).
 */
const personaItems: OrderFacts[] = [
  ...new Map(
    loadPersonas()
      .flatMap((p) =>
        p.accounts.flatMap((_, accountIndex) => {
          const r = personaResponses(p, { today, accountIndex });
          const profile = profileFromEnvelope(r.homeEarlyInit);
          return itemFactsOf(
            {
              orderHistory: r.orderHistory,
              tickets: r.repairTickets,
              profile: profile.status === 'ok' ? profile.data : undefined,
            },
            today,
          ).map((i) => i.facts);
        }),
      )
      .map((item) => [JSON.stringify(item), item] as const),
  ).values(),
];

const anyFacts = fc.oneof(
  accountFactsArbitrary(thresholds),
  mutatedFactsArbitrary(personaAccounts, thresholds),
);
const anyItem = fc.oneof(orderFactsArbitrary(thresholds), mutatedItemsArbitrary(personaItems, thresholds));
const anyToggles = fc.record(
  Object.fromEntries(TOGGLE_NAMES.map((t) => [t, fc.boolean()])),
) as unknown as fc.Arbitrary<Toggles>;
/** What the per-item rules read of the account's decisions: the toggles and the alert's offers. */
const anyContext: fc.Arbitrary<Pick<HomeDecisions, 'toggles' | 'orderActions'>> = fc.record({
  toggles: anyToggles,
  orderActions: fc.record(
    Object.fromEntries(ORDER_ACTIONS.map((a) => [a, fc.boolean()])),
  ) as unknown as fc.Arbitrary<HomeDecisions['orderActions']>,
});

const matchedOf = (explain: ExplainTrace): Partial<Record<DecisionId, string[]>> =>
  Object.fromEntries(explain.map((d) => [d.decision, d.matched]));

type Runtime = ReturnType<typeof createRuntime>;
type Compiled = ReturnType<typeof compileRules>;
const orderVector = (o: OrderFacts) =>
  ORDER_LAYOUT.map((n) => (n in o ? (o[n as keyof OrderFacts] ?? null) : undefined));

/** One order or ticket: the per-item decisions and each per-item file's matching rules, and decideOrder. */
async function expectSameItem(
  runtime: Runtime,
  compiled: Compiled,
  item: OrderFacts,
  context: Pick<HomeDecisions, 'toggles' | 'orderActions'>,
) {
  const reference = await runtime.decideItem(item, context);
  expect(compiled.decideItem(item, context)).toStrictEqual(reference.decisions);
  expect(compiled.decideItemVector(orderVector(item), context)).toStrictEqual(reference.decisions);
  expect(compiled.matchedItem(item, context)).toStrictEqual(matchedOf(reference.explain));
  const order = await runtime.decideOrder(item, context.toggles);
  expect(compiled.decideOrder(item, context.toggles)).toBe(order.show);
  expect(compiled.decideOrderVector(orderVector(item), context.toggles)).toBe(order.show);
}

/**
 * Both evaluators on the same rules (json-rules-engine on a copy: it writes into condition objects) and
 * facts: every decision, every file's matching rules in order, the per-item decisions (with
 * the account's own decisions, and with the given context).
 */
async function expectSame(
  rulesets: Rulesets,
  facts: AccountFacts[],
  items: OrderFacts[],
  context: Pick<HomeDecisions, 'toggles' | 'orderActions'> | null,
) {
  const runtime = createRuntime(structuredClone(rulesets));
  const compiled = compileRules(rulesets);
  for (const f of facts) {
    const reference = await runtime.decide(f);
    expect(compiled.decide(f)).toStrictEqual(reference.decisions);
    expect(compiled.matched(f)).toStrictEqual(matchedOf(reference.explain));
    expect(
      compiled.planCalls(
        ACCOUNT_LAYOUT.map((n) => (n in f ? (f[n as keyof AccountFacts] ?? null) : undefined)),
      ),
    ).toStrictEqual(reference.decisions.dataLoading.calls);
    for (const item of items) await expectSameItem(runtime, compiled, item, reference.decisions);
  }
  if (context) for (const item of items) await expectSameItem(runtime, compiled, item, context);
}

describe('the compiled evaluator decides exactly as json-rules-engine', () => {
  it('on the shipped rule files, for every persona account and every order and ticket of their histories', async () => {
    expect(personaItems.some((i) => i.itemKind === 'ticket')).toBe(true);
    expect(personaItems.some((i) => i.isPendingOrder === true)).toBe(true);
    await expectSame(shipped(), personaAccounts, [], null);
    const runtime = createRuntime(shipped());
    const compiled = compileRules(shipped());
    // Every item under the decisions of every persona account: the per-item rules read only what an
    // account's decisions hand them (ItemContext: the toggles and the alert's offers), so one account per
    // distinct context stands for the others (a few instead of every one of the 90 accounts).
    const contexts = new Map<string, HomeDecisions>();
    for (const account of personaAccounts) {
      const { decisions } = await runtime.decide(account);
      const context: ItemContext = { toggles: decisions.toggles, orderActions: decisions.orderActions };
      const key = JSON.stringify(context);
      if (!contexts.has(key)) contexts.set(key, decisions);
    }
    expect(contexts.size).toBeGreaterThan(1);
    for (const decisions of contexts.values())
      for (const item of personaItems) await expectSameItem(runtime, compiled, item, decisions);
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
      { numRuns: sized(150, 400) },
    );
  });

  it('on the shipped per-item rule files, for generated orders and tickets with any toggles and alert offers', async () => {
    const rulesets = shipped();
    const runtime = createRuntime(structuredClone(rulesets));
    const compiled = compileRules(structuredClone(rulesets));
    await fc.assert(
      fc.asyncProperty(anyItem, anyContext, (item, context) =>
        expectSameItem(runtime, compiled, item, context),
      ),
      { numRuns: 400 },
    );
  });

  it('on generated rule files (conditions over the vocabulary, priorities with ties, schema-allowed values including null)', async () => {
    await fc.assert(
      fc.asyncProperty(
        rulesetsArbitrary(shipped(), thresholds),
        fc.array(anyFacts, { minLength: 1, maxLength: 4 }),
        fc.array(anyItem, { maxLength: 3 }),
        anyContext,
        (rulesets, facts, items, context) => expectSame(rulesets, facts, items, context),
      ),
      { numRuns: sized(50, 150) },
    );
  });

  it("on generated rule files using json-rules-engine's features beyond the schema (decorators, fact values, condition priorities, throwing rules)", async () => {
    await fc.assert(
      fc.asyncProperty(
        extendedRulesetsArbitrary(shipped(), thresholds),
        fc.array(anyFacts, { minLength: 1, maxLength: 3 }),
        fc.array(anyItem, { maxLength: 2 }),
        anyContext,
        (rulesets, facts, items, context) => expectSame(rulesets, facts, items, context),
      ),
      { numRuns: sized(40, 100) },
    );
  });

  it('reusing the answers of another rule set for the files both share, decides exactly as deciding afresh', () => {
    const base = shipped();
    const compiledBase = compileRules(structuredClone(base));
    const after = (calls: readonly DataCall[]) => notCalled(callBits(calls));
    fc.assert(
      fc.property(
        rulesetsArbitrary(shipped(), thresholds),
        fc.array(anyFacts, { minLength: 1, maxLength: 6 }),
        (current, facts) => {
          const compiled = compileRules(structuredClone(current));
          const same = sameFiles(current, base);
          for (const f of facts) {
            const v = ACCOUNT_LAYOUT.map((n) => (n in f ? (f[n as keyof AccountFacts] ?? null) : undefined));
            const known = compiled.decidePlanned(v, notCalled(0), after);
            const reused = compiledBase.decidePlannedReusing(v, notCalled(0), after, known, same);
            expect(reused).toStrictEqual(compiledBase.decidePlanned(v, notCalled(0), after));
            const final = compiled.decideVector(v);
            expect(compiledBase.decideVectorReusing(v, final, same)).toStrictEqual(
              compiledBase.decideVector(v),
            );
          }
        },
      ),
      { numRuns: sized(100, 300) },
    );
  });
});

describe('a work vector from a record of facts (Layout.fromObject)', () => {
  // The runtime's pick(): a name the record has (own or inherited) gives its value, null for undefined; a
  // name it lacks gives undefined. The decided slots after the inputs are the decider's to fill.
  const picked = (names: readonly string[], facts: Record<string, unknown>) =>
    names.map((n) => (n in facts ? (facts[n] ?? null) : undefined));
  const names = ['hasAutoPay', 'balance', 'constructor', 'toString', 'plan'];
  const layout = new Layout(names.slice(0, 3), names.slice(3), ['decided']);
  const inputsOf = (facts: object) => layout.fromObject(facts).slice(0, layout.inputs);

  it('reads each fact as the runtime picks it: absent, undefined, null, inherited, and keys it does not know', () => {
    const facts = { hasAutoPay: true, balance: undefined, plan: null, other: 1 };
    expect(inputsOf(facts)).toStrictEqual(picked(names, facts));
    // What every record inherits: its constructor and toString.
    expect(inputsOf(facts)).toStrictEqual([true, null, Object, ({} as { toString: unknown }).toString, null]);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, {
      constructor: 0,
      balance: 5,
    });
    expect(inputsOf(bare)).toStrictEqual([undefined, 5, 0, undefined, undefined]);
  });

  it('for any record over the names and others, with any values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...names, 'other', 'balance2'),
          fc.oneof(fc.anything(), fc.constant(undefined)),
        ),
        (facts) => {
          expect(inputsOf(facts)).toStrictEqual(picked(names, facts));
        },
      ),
      { numRuns: sized(200, 2000) },
    );
  });

  it('gives a fresh vector each time, its decided slots unset', () => {
    const a = layout.fromObject({ hasAutoPay: true });
    const b = layout.fromObject({ hasAutoPay: false });
    expect(a).not.toBe(b);
    expect(a[0]).toBe(true);
    expect(a.length).toBe(layout.size);
    expect(a[layout.decidedBase]).toBeUndefined();
  });
});
