/**
 * json-rules-engine's behaviour at the edges, one case each, as found reading its source
 * (node_modules/json-rules-engine/dist) and by the differential tests: each case states what
 * json-rules-engine does and checks that the compiled evaluator does the same.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../lib/rules-files';
import { compileRules } from '../../src/engine/compile';
import { createRuntime } from '../../src/engine/runtime';
import type { RuleDefinition, Rulesets } from '../../src/engine/types';
import type { AccountFacts } from '../../src/facts/vocabulary';
import { account } from '../rules/support/facts';

type Facts = Partial<Record<keyof AccountFacts, unknown>>;

/** The account facts with overrides; a fact set to `absent` is left out altogether. */
const absent = Symbol('absent');
function factsWith(overrides: Record<string, unknown>): AccountFacts {
  const facts: Record<string, unknown> = { ...account() };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === absent) delete facts[name];
    else facts[name] = value;
  }
  return facts as AccountFacts;
}

/** Whether rule 'r' (with these conditions) matches, per json-rules-engine and per the compiled evaluator. */
async function holds(
  conditions: unknown,
  overrides: Facts & Record<string, unknown> = {},
  extra: unknown[] = [],
) {
  const rulesets: Rulesets = structuredClone(loadRulesDir());
  const rule = (name: string, c: unknown): RuleDefinition => ({
    name,
    priority: 1,
    conditions: c as RuleDefinition['conditions'],
    event: { type: 'data-call', params: { call: 'outage' } },
  });
  rulesets['data-loading'] = {
    ...rulesets['data-loading'],
    rules: [rule('r', conditions), ...extra.map((c, i) => rule(`other-${i}`, c))],
  };
  const facts = factsWith(overrides);
  const { explain } = await createRuntime(structuredClone(rulesets)).decide(facts);
  const engine = explain.find((d) => d.decision === 'data-loading')!.matched.includes('r');
  const compiled = compileRules(structuredClone(rulesets)).matched(facts)['data-loading']!.includes('r');
  return { engine, compiled };
}

const both = (result: boolean) => ({ engine: result, compiled: result });
const all = (...conditions: unknown[]) => ({ all: conditions });

describe('json-rules-engine edge cases, mirrored by the compiled evaluator', () => {
  it('number operators fail for a fact that is not a number: null, true, empty text', async () => {
    const lt = { fact: 'accountTenure', operator: 'lessThan', value: 10 };
    expect(await holds(all(lt), { accountTenure: null })).toEqual(both(false));
    expect(await holds(all(lt), { accountTenure: true })).toEqual(both(false));
    expect(await holds(all(lt), { accountTenure: '' })).toEqual(both(false));
  });

  it("text that starts with a number passes the number check (parseFloat), then compares as JavaScript does: '5' < 10, '12abc' > 1 is false", async () => {
    expect(
      await holds(all({ fact: 'accountTenure', operator: 'lessThan', value: 10 }), { accountTenure: '5' }),
    ).toEqual(both(true));
    expect(
      await holds(all({ fact: 'accountTenure', operator: 'greaterThan', value: 1 }), {
        accountTenure: '12abc',
      }),
    ).toEqual(both(false));
  });

  it('a comparison with null counts null as 0: -1 lessThan null holds', async () => {
    expect(
      await holds(all({ fact: 'daysPastDueDate', operator: 'lessThan', value: null }), {
        daysPastDueDate: -1,
      }),
    ).toEqual(both(true));
  });

  it('equal null holds for a fact that is null, not for an absent one; notEqual null holds for an absent one', async () => {
    const isNull = { fact: 'creditCardType', operator: 'equal', value: null };
    expect(await holds(all(isNull), { creditCardType: null })).toEqual(both(true));
    expect(await holds(all(isNull), { creditCardType: undefined })).toEqual(both(true));
    expect(await holds(all(isNull), { creditCardType: absent })).toEqual(both(false));
    expect(
      await holds(all({ fact: 'creditCardType', operator: 'notEqual', value: null }), {
        creditCardType: absent,
      }),
    ).toEqual(both(true));
  });

  it('-0 equals 0, and NaN equals nothing and compares false', async () => {
    expect(await holds(all({ fact: 'amountDue', operator: 'equal', value: 0 }), { amountDue: -0 })).toEqual(
      both(true),
    );
    expect(
      await holds(all({ fact: 'amountDue', operator: 'lessThanInclusive', value: 10 }), {
        amountDue: Number.NaN,
      }),
    ).toEqual(both(false));
  });

  it("'in' with a text value searches within the text", async () => {
    expect(
      await holds(all({ fact: 'customerType', operator: 'in', value: 'RESIDENTIAL' }), {
        customerType: 'RES',
      }),
    ).toEqual(both(true));
  });

  it("'in' with null throws (issue #412): the rule is not matched, even in an 'any' with a sibling that holds", async () => {
    const throws = { fact: 'customerType', operator: 'in', value: null };
    const holdsAlways = { fact: 'customerType', operator: 'equal', value: 'RES' };
    expect(await holds({ any: [holdsAlways, throws] }, { customerType: 'RES' })).toEqual(both(false));
    // The other rules of the file are unaffected.
    expect(await holds(all(holdsAlways), { customerType: 'RES' }, [{ any: [throws] }])).toEqual(both(true));
  });

  it('conditions run by priority set: a false condition of higher priority spares a throwing one of lower priority', async () => {
    const no = { fact: 'customerType', operator: 'equal', value: 'SMB', priority: 2 };
    const throws = { fact: 'customerType', operator: 'in', value: null, priority: 1 };
    expect(await holds({ not: { all: [no, throws] } }, { customerType: 'RES' })).toEqual(both(true));
    // Of equal priority, both are evaluated, and the rule throws.
    expect(await holds({ not: { all: [{ ...no, priority: 1 }, throws] } }, { customerType: 'RES' })).toEqual(
      both(false),
    );
  });

  it("an empty 'any' holds, like an empty 'all'; 'not' of it does not", async () => {
    expect(await holds({ any: [] })).toEqual(both(true));
    expect(await holds({ not: { any: [] } })).toEqual(both(false));
  });

  it('contains and doesNotContain are false for a fact that is not a list', async () => {
    expect(
      await holds(all({ fact: 'accountType', operator: 'contains', value: 'I' }), { accountType: 'I' }),
    ).toEqual(both(false));
    expect(
      await holds(all({ fact: 'accountType', operator: 'doesNotContain', value: 'X' }), { accountType: 'I' }),
    ).toEqual(both(false));
  });

  it("decorated operators: 'not:equal', 'someValue:equal', 'swap:in'", async () => {
    expect(
      await holds(all({ fact: 'accountType', operator: 'not:equal', value: 'I' }), { accountType: 'CX' }),
    ).toEqual(both(true));
    expect(
      await holds(all({ fact: 'accountType', operator: 'someValue:equal', value: ['B', 'CX'] }), {
        accountType: 'CX',
      }),
    ).toEqual(both(true));
    // swap:in asks whether the value is in the fact: 'R' in 'RES'.
    expect(
      await holds(all({ fact: 'customerType', operator: 'swap:in', value: 'R' }), { customerType: 'RES' }),
    ).toEqual(both(true));
  });

  it('an unknown operator, or a reference to a shared condition (the portal defines none), fails its rule', async () => {
    expect(await holds(all({ fact: 'accountType', operator: 'sameAs', value: 'I' }))).toEqual(both(false));
    expect(await holds(all({ condition: 'isResidential' }))).toEqual(both(false));
    expect(await holds({ condition: 'isResidential' })).toEqual(both(false));
  });

  it('a value {"fact": ...} compares with that fact; one the runtime does not have reads as undefined', async () => {
    const below = (fact: string) => ({ fact: 'accountTenure', operator: 'lessThan', value: { fact } });
    expect(await holds(all(below('productCount')), { accountTenure: 1, productCount: 2 })).toEqual(
      both(true),
    );
    // 1 < undefined is false; and data-loading runs in stage 1, where the constants are decided.
    expect(await holds(all(below('notAFact')), { accountTenure: 1 })).toEqual(both(false));
    expect(await holds(all(below('constant.walledGardenGraceDays')), { accountTenure: 1 })).toEqual(
      both(true),
    );
    expect(await holds(all(below('outage.alert')), { accountTenure: 1 })).toEqual(both(false));
  });

  it('a rule whose root is a bare fact condition, or whose priority is below 1, never matches; priority 0 counts as 1', async () => {
    expect(await holds({ fact: 'accountType', operator: 'equal', value: 'I' })).toEqual(both(false));
    const rulesets: Rulesets = structuredClone(loadRulesDir());
    const brand = (name: string, priority: unknown, to: string): RuleDefinition => ({
      name,
      priority: priority as number,
      conditions: { all: [] },
      event: { type: 'brand', params: { brand: to } },
    });
    for (const [rules, expected] of [
      [[brand('a', -1, 'second-provider'), brand('b', 1, 'provider')], 'provider'],
      [[brand('a', 0, 'second-provider'), brand('b', 1, 'provider')], 'second-provider'],
      // Equal priorities keep file order; '2' and 2.7 are read with parseInt.
      [[brand('a', 2.7, 'provider'), brand('b', '2', 'second-provider')], 'provider'],
      [[brand('a', 1, 'provider'), brand('b', '2', 'second-provider')], 'second-provider'],
    ] as const) {
      rulesets.brand = { ...rulesets.brand, rules: [...rules] };
      const engine = (await createRuntime(structuredClone(rulesets)).decide(account())).decisions.brand.brand;
      expect(engine).toBe(expected);
      expect(compileRules(structuredClone(rulesets)).decide(account()).brand.brand).toBe(expected);
    }
  });
});
