/** Bounds on the rules folder's JSON files: nesting measured without recursion, refused before any walk. */
import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, textBoundsProblem, textDepth, valueDepth } from '../../src/engine/json-bounds';
import { validateRuleset } from '../../src/engine/validate';

const leaf = '{"fact":"isPrepaid","operator":"equal","value":true}';
const nested = (levels: number): string => '{"all":['.repeat(levels) + leaf + ']}'.repeat(levels);
const ruleFile = (conditions: string): string =>
  `{"decision":"prepaid-card","kind":"first-match","description":"x","rules":[{"name":"a","priority":1,"conditions":${conditions},"event":{"type":"prepaid-card","params":{"status":0}}}]}`;

describe('JSON bounds', () => {
  it('measures nesting in the text, skipping brackets in strings', () => {
    expect(textDepth('{"a": "[[[{{{", "b": [1, {"c": []}]}')).toBe(4);
    expect(textDepth('"\\"[["')).toBe(0);
    expect(textDepth(nested(20_000), 32)).toBe(33);
  });

  it('measures nesting of a parsed value without recursion', () => {
    expect(valueDepth(JSON.parse('{"a": [1, {"b": {}}]}'))).toBe(4);
    expect(valueDepth(JSON.parse(nested(20_000)) as unknown, 32)).toBe(33);
  });

  it('refuses 20,000 nested "all" groups in the validator with a message instead of a stack overflow', () => {
    const issues = validateRuleset('prepaid-card.json', JSON.parse(ruleFile(nested(20_000))));
    expect(issues).toEqual([
      {
        file: 'rules/prepaid-card.json',
        path: '',
        message:
          'it nests lists and objects more than 32 levels deep: group the conditions in fewer levels, or split the rule',
      },
    ]);
  });

  it('keeps a file at the bound valid as far as nesting goes', () => {
    // The rule file itself is 4 levels (file, rules, rule, conditions): conditions may nest 28 more.
    const atBound = JSON.parse(ruleFile(nested(13))) as unknown;
    expect(valueDepth(atBound)).toBeLessThanOrEqual(JSON_LIMITS.depth);
    expect(
      validateRuleset('prepaid-card.json', atBound)
        .map((i) => i.message)
        .join(),
    ).not.toMatch(/levels deep/);
  });

  it('refuses a text longer than a file may be, saying how long it is', () => {
    expect(textBoundsProblem('x'.repeat(JSON_LIMITS.fileChars + 1))).toBe(
      'it is 262,145 characters long: a file of the rules folder may have at most 262,144',
    );
    expect(textBoundsProblem('{}')).toBeNull();
  });
});
