/**
 * The three worked examples of rules/README.md, applied to in-memory copies of the rule files exactly as
 * the README tells an analyst to edit them: each must pass the checker and have the described effect.
 */
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../scripts/rules-lib';
import { createRuntime } from '../../src/engine/runtime';
import type { RuleCondition, RuleDefinition, Rulesets } from '../../src/engine/types';
import { validateRuleset } from '../../src/engine/validate';
import { account, sectionIds } from './support/facts';

const copy = (): Rulesets => structuredClone(loadRulesDir());
const ruleNamed = (rules: RuleDefinition[], name: string): RuleDefinition =>
  rules.find((r) => r.name === name)!;
const conditionsOf = (rule: RuleDefinition): RuleCondition[] =>
  'all' in rule.conditions ? rule.conditions.all : [];

describe('rules/README.md worked examples', () => {
  it("1. move the 'no-email' alert above the paper-charge alert by editing its order", async () => {
    const rules = copy();
    ruleNamed(rules['home-sections'].rules, 'no-email-alert').event.params.order = 9;
    expect(validateRuleset('home-sections.json', rules['home-sections'])).toEqual([]);
    const both = account({
      emailPresent: false,
      accountNumberLength: 9,
      isBlueMarble: true,
      paperless: false,
    });
    const before = sectionIds((await createRuntime(copy()).decide(both)).decisions);
    const after = sectionIds((await createRuntime(rules).decide(both)).decisions);
    expect(before.indexOf('paper-charge-alert')).toBeLessThan(before.indexOf('no-email-alert'));
    expect(after.indexOf('no-email-alert')).toBeLessThan(after.indexOf('paper-charge-alert'));
  });

  it('2. limit the rewards section to residential customers (customerType RES)', async () => {
    const rules = copy();
    const rewards = ruleNamed(rules['home-sections'].rules, 'rewards');
    const conditions = conditionsOf(rewards);
    const i = conditions.findIndex((c) => 'fact' in c && c.fact === 'accountType');
    conditions[i] = { fact: 'customerType', operator: 'equal', value: 'RES' };
    expect(validateRuleset('home-sections.json', rules['home-sections'])).toEqual([]);
    const runtime = createRuntime(rules);
    expect(sectionIds((await runtime.decide(account({ customerType: 'RES' }))).decisions)).toContain(
      'rewards',
    );
    expect(
      sectionIds((await runtime.decide(account({ customerType: 'SMB', accountType: 'B' }))).decisions),
    ).not.toContain('rewards');
  });

  it('3. change the card warning from 60 to 45 days', async () => {
    const rules = copy();
    const warning = conditionsOf(ruleNamed(rules['prepaid-card'].rules, 'card-almost-expired'))[0]!;
    expect(warning).toEqual({ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 60 });
    rules['prepaid-card'].rules = rules['prepaid-card'].rules.map((r) =>
      r.name === 'card-almost-expired'
        ? {
            ...r,
            conditions: { all: [{ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 45 }] },
          }
        : r,
    );
    expect(validateRuleset('prepaid-card.json', rules['prepaid-card'])).toEqual([]);
    const status = async (rulesets: Rulesets, days: number) =>
      (await createRuntime(rulesets).decide(account({ isPrepaid: true, daysToCardExpiry: days }))).decisions
        .prepaidCard.status;
    expect(await status(copy(), 50)).toBe(2);
    expect(await status(rules, 50)).toBe(0);
    expect(await status(rules, 45)).toBe(2);
  });
});
