import { describe, expect, it } from 'vitest';
import { validateRuleset as schemaValidate } from '../../src/generated/validators.js';
import { formatIssue, validateRuleset, type RulesetIssue } from '../../src/engine/validate';
import { loadRulesDir } from '../../lib/rules-files';

type Json = Record<string, unknown>;

/** A minimal valid home-view file; each test breaks one thing. */
function homeView(rules: Json[] = []): Json {
  return {
    $schema: '../schemas/ruleset.schema.json',
    decision: 'home-view',
    kind: 'first-match',
    description: 'test',
    rules: [
      ...rules,
      {
        name: 'full',
        priority: 1,
        conditions: { all: [] },
        event: { type: 'home-view', params: { view: 'full' } },
      },
    ],
  };
}

const rule = (conditions: Json, extra: Json = {}): Json => ({
  name: 'blocked',
  priority: 80,
  conditions,
  event: { type: 'home-view', params: { view: 'blocked' } },
  ...extra,
});

const messages = (issues: RulesetIssue[]): string[] => issues.map(formatIssue);

describe('validateRuleset', () => {
  it('accepts every committed rule file', () => {
    const rulesets = loadRulesDir();
    for (const [id, file] of Object.entries(rulesets))
      expect(validateRuleset(`${id}.json`, file), id).toEqual([]);
  });

  it("names the file, the rule and the path of a misspelt fact, with 'did you mean'", () => {
    const issues = validateRuleset(
      'home-view.json',
      homeView([rule({ all: [{ fact: 'acountStatus', operator: 'equal', value: 'ACTIVE' }] })]),
    );
    expect(messages(issues)).toEqual([
      "rules/home-view.json, rule #1 'blocked', at rules[0].conditions.all[0].fact: unknown fact 'acountStatus': did you mean 'accountStatus'?",
    ]);
  });

  it('rejects in with a non-array value (json-rules-engine throws on it, issue #412)', () => {
    const file = homeView([rule({ all: [{ fact: 'accountStatus', operator: 'in', value: 'ACTIVE' }] })]);
    expect(messages(validateRuleset('home-view.json', file))).toEqual([
      `rules/home-view.json, rule #1 'blocked', at rules[0].conditions.all[0].value: 'in' needs a list of values in [ ], for example ["RES", "SMB"]; got "ACTIVE"`,
    ]);
    // The precompiled schema the browser uses rejects it too.
    expect(schemaValidate(file)).toBe(false);
  });

  it('accepts a constant as the value a number is compared with, and nothing else written as a fact', () => {
    const compare = (value: unknown, decision = 'walled-garden.json') =>
      validateRuleset(decision, {
        ...loadRulesDir()['walled-garden'],
        rules: [
          {
            name: 'soft-grace',
            priority: 60,
            conditions: { all: [{ fact: 'daysSinceFailedPayment', operator: 'lessThanInclusive', value }] },
            event: { type: 'walled-garden', params: { state: 'soft' } },
          },
        ],
      }).map((i) => `${i.path}: ${i.message}`);
    expect(compare({ fact: 'constant.walledGardenGraceDays' })).toEqual([]);
    expect(compare({ fact: 'constant.walledGardenGraceDay' })).toEqual([
      "rules[0].conditions.all[0].value.fact: a condition can compare with a constant only, and 'constant.walledGardenGraceDay' is not one: did you mean 'constant.walledGardenGraceDays'?",
    ]);
    expect(compare({ fact: 'accountTenure' })[0]).toContain(
      "a condition can compare with a constant only, and 'accountTenure' is not one",
    );
    expect(compare({ fact: 'constant.walledGardenGraceDays', path: 'x' })[0]).toContain(
      'a value is a number, or a constant written as {"fact": "constant.walledGardenGraceDays"}',
    );
  });

  it('rejects duplicate rule names', () => {
    const dup = rule({ all: [{ fact: 'blockedAccount', operator: 'equal', value: true }] });
    const issues = validateRuleset('home-view.json', homeView([dup, { ...dup, priority: 70 }]));
    expect(messages(issues)).toEqual([
      "rules/home-view.json, rule #2 'blocked', at rules[1].name: the name 'blocked' is already used by rule #1 'blocked': names must be unique in a file",
    ]);
  });

  it('rejects an unknown event type', () => {
    const bad = rule(
      { all: [{ fact: 'blockedAccount', operator: 'equal', value: true }] },
      { event: { type: 'view', params: { view: 'blocked' } } },
    );
    const issues = validateRuleset('home-view.json', homeView([bad]));
    expect(messages(issues)).toEqual([
      `rules/home-view.json, rule #1 'blocked', at rules[0].event.type: unknown event type "view" for home-view rules: the type is "home-view"`,
    ]);
  });

  it('rejects an unknown event param value with a suggestion', () => {
    const bad = rule({ all: [] }, { event: { type: 'home-view', params: { view: 'blokced' } } });
    expect(messages(validateRuleset('home-view.json', homeView([bad])))[0]).toContain(
      "did you mean 'blocked'?",
    );
  });

  it('rejects an operator that does not fit the fact type', () => {
    const issues = validateRuleset(
      'home-view.json',
      homeView([rule({ all: [{ fact: 'blockedAccount', operator: 'greaterThan', value: 1 }] })]),
    );
    expect(issues[0]?.message).toBe(
      "'greaterThan' cannot compare 'blockedAccount', which is true or false: use one of equal, notEqual",
    );
  });

  it('rejects a number written as text, and a value a closed fact cannot have', () => {
    const issues = validateRuleset(
      'home-view.json',
      homeView([
        rule({
          all: [
            { fact: 'accountNumberLength', operator: 'equal', value: '9' },
            { fact: 'customerType', operator: 'in', value: ['RES', 'SMBB'] },
          ],
        }),
      ]),
    );
    expect(issues.map((i) => i.message)).toEqual([
      '\'accountNumberLength\' is a number, so compare it with a number, not "9"',
      `"SMBB" is not a value 'customerType' can have ("RES", "SMB"): did you mean 'SMB'?`,
    ]);
  });

  it('warns (without failing) on a near miss of a known value of an open fact', () => {
    const issues = validateRuleset(
      'home-view.json',
      homeView([rule({ all: [{ fact: 'accountStatus', operator: 'equal', value: 'ARCHIVD' }] })]),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: 'warning' });
    expect(issues[0]?.message).toContain("did you mean 'ARCHIVED'?");
  });

  it('rejects a decision fact used by a decision that runs before or alongside it', () => {
    const file = {
      decision: 'payment',
      kind: 'all-ordered',
      description: 'test',
      rules: [
        {
          name: 'x',
          priority: 1,
          conditions: { all: [{ fact: 'walledGarden.state', operator: 'equal', value: 'soft' }] },
          event: { type: 'payment-flag', params: { flag: 'late' } },
        },
      ],
    };
    expect(validateRuleset('payment.json', file)[0]?.message).toContain(
      "'walledGarden.state' is decided by another rule file",
    );
  });

  it('rejects two rules setting the same lookup entry with the same priority', () => {
    const toggle = (on: boolean) => ({
      name: `cancel-${String(on)}`,
      priority: 1,
      conditions: { all: [] },
      event: { type: 'toggle', params: { toggle: 'cancel', on } },
    });
    const file = { ...loadRulesDir().toggles, rules: [...loadRulesDir().toggles.rules, toggle(false)] };
    expect(messages(validateRuleset('toggles.json', file))).toEqual([
      "rules/toggles.json, rule #9 'cancel-false', at rules[8].priority: rules #2 'cancel' and #9 'cancel-false' set 'cancel' with the same priority 1: which value applies would depend on their order in the file; give them different priorities",
    ]);
  });

  it('rejects a lookup that leaves an entry without a value', () => {
    const file = {
      decision: 'toggles',
      kind: 'lookup',
      description: 'test',
      rules: [
        {
          name: 'cancel',
          priority: 1,
          conditions: { all: [] },
          event: { type: 'toggle', params: { toggle: 'cancel', on: true } },
        },
      ],
    };
    expect(validateRuleset('toggles.json', file).map((i) => i.message)).toContain(
      "no rule sets 'outageCredits': every toggle needs a value",
    );
  });

  it('rejects a misspelt rule field, a missing priority and a bare fact at the top of conditions', () => {
    const bad = {
      name: 'blocked',
      priorty: 5,
      conditions: { fact: 'blockedAccount', operator: 'equal', value: true },
      event: { type: 'home-view', params: { view: 'blocked' } },
    };
    const text = validateRuleset('home-view.json', homeView([bad])).map((i) => i.message);
    expect(text).toContain("'priorty' is not a field of a rule: did you mean 'priority'?");
    expect(text).toContain(
      '"priority" must be a whole number of 1 or more (higher runs first), not undefined',
    );
    expect(text).toContain(
      'the conditions of a rule start with "all", "any" or "not" (wrap a single condition in {"all": [ ... ]})',
    );
  });

  it('rejects a file whose decision does not match its name, or an unknown decision', () => {
    expect(validateRuleset('navigation.json', homeView())[0]?.message).toBe(
      "the rules of 'home-view' live in rules/home-view.json, not rules/navigation.json",
    );
    expect(validateRuleset('home-veiw.json', { ...homeView(), decision: 'home-veiw' })[0]?.message).toBe(
      "unknown decision 'home-veiw': did you mean 'home-view'?",
    );
  });

  it('rejects a variant a section does not have', () => {
    const file = {
      decision: 'home-sections',
      kind: 'all-ordered',
      description: 'test',
      rules: [
        {
          name: 'g',
          priority: 1,
          conditions: { all: [] },
          event: { type: 'section', params: { section: 'greeting', order: 1, variant: 'big' } },
        },
      ],
    };
    expect(validateRuleset('home-sections.json', file)[0]?.message).toBe(
      "the section 'greeting' has no variants",
    );
  });
});
