/**
 * The three worked examples of rules/README.md, applied to in-memory copies of the rule files (and rule
 * cases) exactly as the README tells an analyst to edit them: each must pass the checker and have the
 * described effect.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadCases, runCases, type LoadedCases, type RuleCase } from '../../lib/rule-cases';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { createRuntime } from '../../src/engine/runtime';
import type { RuleCondition, RuleDefinition, Rulesets } from '../../src/engine/types';
import { validateRuleset } from '../../src/engine/validate';
import { account, sectionIds } from './support/facts';

const copy = (): Rulesets => structuredClone(loadRulesDir());
const ruleNamed = (rules: RuleDefinition[], name: string): RuleDefinition =>
  rules.find((r) => r.name === name)!;
const conditionsOf = (rule: RuleDefinition): RuleCondition[] =>
  'all' in rule.conditions ? rule.conditions.all : [];

/** The rule cases (rules/cases/) that fail on these rules, by `#N 'name'`. */
const failingCases = async (rulesets: Rulesets, cases: LoadedCases): Promise<string[]> =>
  (await runCases(rulesets, cases)).filter((r) => r.failures.length > 0).map((r) => r.ref);
const casesOf = (cases: LoadedCases, decision: string): RuleCase[] =>
  cases.files.find((f) => f.cases.decision === decision)!.cases.cases;
/**
 * Only the case file of `decision`. Once the README's edit of that file is made, only its cases run again:
 * every other file's cases are unchanged on unchanged rules, and passed in the run before the edit.
 */
const fileOf = (cases: LoadedCases, decision: string): LoadedCases => ({
  ...cases,
  files: cases.files.filter((f) => f.cases.decision === decision),
});

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

    const cases = loadCases(join(repoRoot, 'rules'));
    expect(await failingCases(rules, cases)).toEqual([
      "#1 'show in the spec's order: paper-charge, suspended, vacation, late-payment, rate-increase, modem-migration, out-of-service credits, alternate-phone, first-bill, no-email ... rewards'",
    ]);
    const specOrder = casesOf(cases, 'home-sections')[0]!;
    const order = specOrder.expect.inOrder as string[];
    order.splice(order.indexOf('no-email-alert'), 1);
    order.unshift('no-email-alert');
    expect(await failingCases(rules, fileOf(cases, 'home-sections'))).toEqual([]);
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

    const cases = loadCases(join(repoRoot, 'rules'));
    expect(await failingCases(rules, cases)).toEqual([
      "#55 'rewards section: accountType B, company owner 1 -> hidden'",
    ]);
    const sections = casesOf(cases, 'home-sections');
    sections[
      sections.findIndex((c) => c.name === 'rewards section: accountType B, company owner 1 -> hidden')
    ] = {
      name: 'rewards section: an SMB customer -> hidden',
      facts: { customerType: 'SMB', accountType: 'B' },
      expect: { excludes: ['rewards'] },
    };
    expect(await failingCases(rules, fileOf(cases, 'home-sections'))).toEqual([]);
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

    // rules:test names the case at the old boundary; updated as the README says, every case passes.
    const cases = loadCases(join(repoRoot, 'rules'));
    expect(await failingCases(rules, cases)).toEqual([
      "#3 'card expiring in 60 days -> status 2 (1 when expired, 2 when it expires within 60 days)'",
    ]);
    const card = casesOf(cases, 'prepaid-card');
    card[2] = {
      name: 'card expiring in 45 days -> status 2 (1 when expired, 2 when it expires within 45 days)',
      facts: { isPrepaid: true, daysToCardExpiry: 45 },
      expect: { status: 2 },
    };
    card.push({
      name: 'card expiring in 46 days -> status 0 (1 when expired, 2 when it expires within 45 days)',
      facts: { isPrepaid: true, daysToCardExpiry: 46 },
      expect: { status: 0 },
    });
    expect(await failingCases(rules, fileOf(cases, 'prepaid-card'))).toEqual([]);
  });
});
