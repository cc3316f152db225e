/**
 * The column evaluator (src/engine/columns.ts: a block of accounts decided at once, for rules:impact and the
 * studio's impact) against the compiled evaluator it is built from and against json-rules-engine (the
 * portal's runtime, the reference): on the shipped and on generated rule files (json-rules-engine's wider
 * format included: decorators, fact values, condition priorities, throwing and refused rules), on generated
 * facts and on generated populations, with the calls planned and without, afresh and reusing another rule
 * set's columns. Every difference is a bug in the column evaluator. The properties run a sample of their
 * inputs in the suite (new ones each run) and the full count with SWEEP=1 (test/support/sweep.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import {
  ACCOUNT_LAYOUT,
  ORDER_LAYOUT,
  compileRules,
  type CompiledRules,
  type FactVector,
} from '../../src/engine/compile';
import {
  FactBlock,
  accountBlock,
  aloneBlock,
  compileColumns,
  type AccountBlock,
  type BlockDecisions,
  type ColumnRules,
} from '../../src/engine/columns';
import type { DataCall } from '../../src/engine/decisions';
import { createRuntime } from '../../src/engine/runtime';
import type { HomeDecisions, Rulesets } from '../../src/engine/types';
import type { AccountFacts, OrderFacts } from '../../src/facts/vocabulary';
import { CALL_MODEL, callBits, notCalled } from '../../src/impact/calls';
import { parseDistributions } from '../../src/impact/distributions';
import { generatedPopulation, sameFiles } from '../../src/impact/impact';
import { factsObject } from '../../src/impact/population';
import {
  accountFactsArbitrary,
  extendedRulesetsArbitrary,
  orderFactsArbitrary,
  rulesetsArbitrary,
  thresholdsOf,
} from './support/arbitraries';
import { sized } from '../support/sweep';

/** Read and checked once (about 0.1 s each time); every test gets its own copy. */
const SHIPPED = loadRulesDir();
const shipped = (): Rulesets => structuredClone(SHIPPED);
const thresholds = thresholdsOf(shipped());
const distributions = parseDistributions(
  JSON.parse(readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8')),
);
const after = (calls: readonly DataCall[]) => notCalled(callBits(calls));

const vectorOf = (f: AccountFacts): unknown[] =>
  ACCOUNT_LAYOUT.map((n) => (n in f ? (f[n as keyof AccountFacts] ?? null) : undefined));
const orderVectorOf = (o: OrderFacts): unknown[] =>
  ORDER_LAYOUT.map((n) => (n in o ? (o[n as keyof OrderFacts] ?? null) : undefined));

/** Accounts with their items (each account's items follow one another) as a block. */
function blockOf(accounts: readonly { facts: FactVector; items: readonly FactVector[] }[]): AccountBlock {
  const items = accounts.flatMap((a) => a.items);
  const owner = Int32Array.from(accounts.flatMap((a, k) => a.items.map(() => k)));
  return accountBlock(
    FactBlock.ofRows(
      accounts.map((a) => a.facts),
      ACCOUNT_LAYOUT.length,
    ),
    FactBlock.ofRows(items, ORDER_LAYOUT.length),
    owner,
  );
}

/**
 * A block decided by the column evaluator, account by account against the compiled closures of the same
 * rules: the calls (planned, or every call for final facts), every decision, and each item's decisions on
 * its account's.
 */
function expectAsCompiled(
  compiled: CompiledRules,
  accounts: readonly { facts: FactVector; items: readonly FactVector[] }[],
  columns: ColumnRules,
  decided: BlockDecisions,
  planned: boolean,
) {
  let j = 0;
  accounts.forEach((a, k) => {
    let reference: HomeDecisions;
    if (planned) {
      const p = compiled.decidePlanned(a.facts, notCalled(0), after);
      expect(decided.calls![k]).toBe(callBits(p.calls));
      reference = p.decisions;
    } else {
      expect(decided.calls).toBeNull();
      reference = compiled.decideVector(a.facts);
    }
    expect(columns.decisionsOf(decided, k)).toStrictEqual(reference);
    for (const item of a.items)
      expect(decided.items[j++]).toStrictEqual(compiled.decideItemVector(item, reference));
  });
}

const anyAccounts = fc.array(
  fc.record({
    facts: accountFactsArbitrary(thresholds).map(vectorOf),
    items: fc.array(orderFactsArbitrary(thresholds).map(orderVectorOf), { maxLength: 3 }),
  }),
  // Across a word of 32 accounts now and then.
  { minLength: 1, maxLength: 45 },
);

// Each property run compiles a rule set twice (columns, closures) and decides a block or two with both: the
// suite runs a sample of the runs (new ones each time), SWEEP=1 every one (test/support/sweep.ts).
describe('the column evaluator decides a block exactly as the compiled evaluator decides each account', () => {
  it('on the shipped rule files, for generated facts and items, with final facts and with the calls planned', () => {
    const columns = compileColumns(shipped());
    const compiled = compileRules(shipped());
    fc.assert(
      fc.property(anyAccounts, (accounts) => {
        const block = blockOf(accounts);
        expectAsCompiled(compiled, accounts, columns, columns.decide(block, null), false);
        expectAsCompiled(compiled, accounts, columns, columns.decide(block, CALL_MODEL), true);
      }),
      { numRuns: sized(25, 60) },
    );
  });

  it('on generated rule files (priorities with ties, schema-allowed values including null), block after block', () => {
    fc.assert(
      fc.property(
        rulesetsArbitrary(shipped(), thresholds),
        anyAccounts,
        anyAccounts,
        (rulesets, one, two) => {
          // One compiled rule set for both blocks: its tables of answers grow from one block to the next.
          const columns = compileColumns(structuredClone(rulesets));
          const compiled = compileRules(structuredClone(rulesets));
          expectAsCompiled(compiled, one, columns, columns.decide(blockOf(one), CALL_MODEL), true);
          expectAsCompiled(compiled, two, columns, columns.decide(blockOf(two), null), false);
          expectAsCompiled(compiled, two, columns, columns.decide(blockOf(two), CALL_MODEL), true);
        },
      ),
      { numRuns: sized(30, 80) },
    );
  });

  it("on generated rule files using json-rules-engine's features beyond the schema (decorators, fact values, condition priorities, throwing and refused rules)", () => {
    fc.assert(
      fc.property(extendedRulesetsArbitrary(shipped(), thresholds), anyAccounts, (rulesets, accounts) => {
        const columns = compileColumns(structuredClone(rulesets));
        const compiled = compileRules(structuredClone(rulesets));
        const block = blockOf(accounts);
        expectAsCompiled(compiled, accounts, columns, columns.decide(block, null), false);
        expectAsCompiled(compiled, accounts, columns, columns.decide(block, CALL_MODEL), true);
      }),
      { numRuns: sized(40, 120) },
    );
  });

  it('on generated populations (any seed), with the calls planned, for generated rule files', () => {
    fc.assert(
      fc.property(
        rulesetsArbitrary(shipped(), thresholds),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 300 }),
        (rulesets, seed, size) => {
          const population = generatedPopulation(distributions, { seed, accounts: size });
          const accounts = Array.from({ length: size }, (_, i) => {
            const a = population.account(i);
            return { facts: a.facts, items: [...a.orders, ...a.tickets] };
          });
          const columns = compileColumns(structuredClone(rulesets));
          const compiled = compileRules(structuredClone(rulesets));
          expectAsCompiled(compiled, accounts, columns, columns.decide(blockOf(accounts), CALL_MODEL), true);
        },
      ),
      { numRuns: sized(10, 25) },
    );
  });

  it("reusing another rule set's columns for the files both share decides exactly as deciding afresh", () => {
    const base = shipped();
    fc.assert(
      fc.property(
        fc.oneof(rulesetsArbitrary(shipped(), thresholds), extendedRulesetsArbitrary(shipped(), thresholds)),
        anyAccounts,
        fc.boolean(),
        (current, accounts, planned) => {
          const calls = planned ? CALL_MODEL : null;
          const block = blockOf(accounts);
          const mine = compileColumns(structuredClone(current));
          const theirs = compileColumns(structuredClone(base));
          const known = mine.decide(block, calls);
          // Both ways round: the base rules reusing the current rules' columns, and the reverse.
          const reused = theirs.decide(block, calls, { decided: known, same: sameFiles(current, base) });
          const afresh = theirs.decide(aloneBlock(block), calls);
          expect(reused.calls).toStrictEqual(afresh.calls);
          expect(reused.items).toStrictEqual(afresh.items);
          accounts.forEach((_, k) =>
            expect(theirs.decisionsOf(reused, k)).toStrictEqual(theirs.decisionsOf(afresh, k)),
          );
          const back = mine.decide(block, calls, { decided: reused, same: sameFiles(base, current) });
          expectAsCompiled(compileRules(structuredClone(current)), accounts, mine, back, planned);
        },
      ),
      { numRuns: sized(40, 120) },
    );
  });
});

describe('the column evaluator decides as json-rules-engine', () => {
  /** json-rules-engine on final facts: every decision, then each item with its account's decisions. */
  async function expectAsRuntime(
    rulesets: Rulesets,
    accounts: readonly { facts: FactVector; items: readonly FactVector[] }[],
  ) {
    const runtime = createRuntime(structuredClone(rulesets));
    const columns = compileColumns(structuredClone(rulesets));
    const decided = columns.decide(blockOf(accounts), null);
    let j = 0;
    for (let k = 0; k < accounts.length; k++) {
      const a = accounts[k]!;
      const facts = Object.fromEntries(
        ACCOUNT_LAYOUT.flatMap((n, i) => (a.facts[i] === undefined ? [] : [[n, a.facts[i]]])),
      ) as unknown as AccountFacts;
      const { decisions } = await runtime.decide(facts);
      expect(columns.decisionsOf(decided, k)).toStrictEqual(decisions);
      for (const item of a.items) {
        const o = factsObject(item, ORDER_LAYOUT) as OrderFacts;
        for (const n of ORDER_LAYOUT)
          if (o[n as keyof OrderFacts] === undefined) delete o[n as keyof OrderFacts];
        expect(decided.items[j++]).toStrictEqual((await runtime.decideItem(o, decisions)).decisions);
      }
    }
  }

  it('on generated rule files and facts, the wider format included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(rulesetsArbitrary(shipped(), thresholds), extendedRulesetsArbitrary(shipped(), thresholds)),
        anyAccounts.map((a) => a.slice(0, 12)),
        (rulesets, accounts) => expectAsRuntime(rulesets, accounts),
      ),
      { numRuns: sized(25, 60) },
    );
  });

  // json-rules-engine decides 80 accounts and their items: seconds of work on a busy machine.
  it('on rules whose conditions throw: a shared-condition reference, an operator on a value it cannot take, in a priority set reached or not', async () => {
    const rulesets = shipped();
    const spec = rulesets['home-view'];
    // Above every shipped rule, each with a view of its own.
    const rule = (name: string, conditions: unknown, priority: number, view: string) => ({
      name,
      priority,
      conditions: conditions as never,
      event: { type: spec.rules[0]!.event.type, params: { view } },
    });
    const late = { fact: 'daysPastDueDate', operator: 'greaterThan', value: 0 };
    const throwing = { fact: 'accountStatus', operator: 'in', value: 5 };
    rulesets['home-view'] = {
      ...spec,
      rules: [
        // The reference throws (json-rules-engine synchronously: alone in its group, see compile.test.ts).
        rule('reference', { all: [{ condition: 'shared' }] }, 400, 'embargo'),
        // The throwing condition is in a lower priority set: reached only where `late` holds, never matches.
        rule(
          'after-late',
          {
            all: [
              { ...late, priority: 3 },
              { ...throwing, priority: 1 },
            ],
          },
          300,
          'suspended',
        ),
        // In an `any`, reached only where `late` does not hold: matches where it does.
        rule(
          'unless-late',
          {
            any: [
              { ...late, priority: 3 },
              { ...throwing, priority: 1 },
            ],
          },
          200,
          'closed',
        ),
        rule('throws-under-not', { not: { any: [throwing] } }, 150, 'archived'),
        ...spec.rules,
      ],
    };
    const population = generatedPopulation(distributions, { seed: 4, accounts: 80 });
    const accounts = Array.from({ length: population.size }, (_, i) => {
      const a = population.account(i);
      return { facts: a.facts, items: [...a.orders, ...a.tickets] };
    });
    const columns = compileColumns(structuredClone(rulesets));
    const decided = columns.decide(blockOf(accounts), null);
    const views = accounts.map((_, k) => columns.decisionsOf(decided, k).homeView.view);
    expect(views.filter((v) => v === 'closed').length).toBeGreaterThan(5);
    expect(views.filter((v) => v === 'closed').length).toBeLessThan(75);
    await expectAsRuntime(rulesets, accounts);
    expectAsCompiled(
      compileRules(structuredClone(rulesets)),
      accounts,
      columns,
      columns.decide(blockOf(accounts), CALL_MODEL),
      true,
    );
  });
});
