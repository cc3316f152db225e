/** What a change does, rule by rule, in an analyst's words: the history's lines. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeChange } from '../../src/engine/rule-diff';

const read = (path: string): string => readFileSync(`rules/${path}`, 'utf8');

describe('describeChange', () => {
  it('says a threshold change with its unit: card-almost-expired: 60 → 45 days', () => {
    const before = { 'prepaid-card.json': read('prepaid-card.json') };
    const after = {
      'prepaid-card.json': before['prepaid-card.json'].replace(
        /("lessThanInclusive",\s*"value": )60/,
        '$145',
      ),
    };
    expect(describeChange(before, after)).toEqual([
      { file: 'prepaid-card.json', rule: 'card-almost-expired', text: 'card-almost-expired: 60 → 45 days' },
    ]);
  });

  it('says a toggle and a constant as themselves', () => {
    const toggles = read('toggles.json');
    const constants = read('constants.json');
    const lines = describeChange(
      { 'toggles.json': toggles, 'constants.json': constants },
      {
        'toggles.json': toggles.replace(/("toggle": "techTracker",\s*"on": )false/, '$1true'),
        'constants.json': constants.replace(/("name": "archiveAfterDays",\s*"value": )90/, '$160'),
      },
    );
    expect(lines.map((l) => l.text)).toEqual([
      'constant archiveAfterDays: 90 → 60 days',
      'toggle techTracker: off → on',
    ]);
  });

  it('says rules added, removed and moved, and cases changed', () => {
    const file = JSON.parse(read('prepaid-card.json')) as { rules: { name: string }[] };
    const moved = {
      ...file,
      rules: [file.rules[1], file.rules[0], ...file.rules.slice(2, 3), { ...file.rules[3], name: 'card-ok' }],
    };
    const lines = describeChange(
      { 'prepaid-card.json': JSON.stringify(file) },
      { 'prepaid-card.json': JSON.stringify(moved) },
    ).map((l) => l.text);
    expect(lines).toEqual([
      'card-fine: rule removed (was #4)',
      'card-expired: moved from #2 to #1',
      'not-prepaid: moved from #1 to #2',
      'card-ok: rule added as #4',
    ]);
  });

  it('says a file that is no longer JSON, and the population key by key', () => {
    expect(describeChange({ 'brand.json': '{}' }, { 'brand.json': 'not json' })).toEqual([
      { file: 'brand.json', text: 'edited: not valid JSON' },
    ]);
    expect(
      describeChange(
        { 'population/distributions.json': '{"seed": 1, "accounts": 100}' },
        { 'population/distributions.json': '{"seed": 2, "accounts": 100}' },
      ),
    ).toEqual([{ file: 'population/distributions.json', text: 'seed: 1 → 2' }]);
  });
});
