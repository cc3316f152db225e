/**
 * What the rule form reads from a rule and writes back (src/features/studio/rule-form.ts): which conditions
 * it can list, and each input's text as the value the rule holds.
 */
import { describe, expect, it } from 'vitest';
import { DECISIONS } from '../../src/engine/decisions';
import {
  conditionsOf,
  flatConditions,
  listFromInput,
  paramFromInput,
  paramsOf,
  valueFromInput,
  valueToInput,
  withFact,
} from '../../src/features/studio/rule-form';
import { factDefinition } from '../../src/facts/vocabulary';

const number = factDefinition('daysToCardExpiry');
const boolean = factDefinition('isPrepaid');
const string = factDefinition('profileStatus');

describe('rule form', () => {
  it('lists a top-level all or any of plain comparisons, and no nested group', () => {
    const leaf = { fact: 'isPrepaid', operator: 'equal', value: true };
    expect(flatConditions({ all: [leaf] })).toEqual({ group: 'all', leaves: [leaf] });
    expect(flatConditions({ any: [] })).toEqual({ group: 'any', leaves: [] });
    expect(flatConditions({ all: [leaf, { any: [leaf] }] })).toBeNull();
    expect(flatConditions({ not: leaf })).toBeNull();
    expect(conditionsOf({ group: 'any', leaves: [leaf] })).toEqual({ any: [leaf] });
  });

  it("keeps the operator when the new fact's type allows it, else compares with equal; the value stays", () => {
    const leaf = { fact: 'daysToCardExpiry', operator: 'lessThan', value: 3 };
    expect(withFact(leaf, 'isPrepaid')).toEqual({ fact: 'isPrepaid', operator: 'equal', value: 3 });
    expect(withFact({ ...leaf, operator: 'notEqual' }, 'isPrepaid')).toMatchObject({ operator: 'notEqual' });
    // A fact the vocabulary does not know keeps the operator: the check names what is wrong.
    expect(withFact(leaf, 'noSuchFact')).toEqual({ fact: 'noSuchFact', operator: 'lessThan', value: 3 });
  });

  it('reads a list item by item, trimmed, without empty items', () => {
    expect(listFromInput(' a, b ,,c, ')).toEqual(['a', 'b', 'c']);
    expect(listFromInput('')).toEqual([]);
  });

  it("reads a condition's value by operator and fact type; text that is no number stays text", () => {
    expect(valueFromInput(string, 'in', 'ok, failure')).toEqual(['ok', 'failure']);
    expect(valueFromInput(number, 'notIn', '1,2')).toEqual(['1', '2']);
    expect(valueFromInput(number, 'lessThan', 'constant.paperBillFee')).toEqual({
      fact: 'constant.paperBillFee',
    });
    expect(valueFromInput(number, 'lessThan', '-4.5')).toBe(-4.5);
    expect(valueFromInput(number, 'lessThan', 'soon')).toBe('soon');
    expect(valueFromInput(number, 'lessThan', ' ')).toBe(' ');
    expect(valueFromInput(number, 'lessThan', 'Infinity')).toBe('Infinity');
    expect(valueFromInput(boolean, 'equal', 'true')).toBe(true);
    expect(valueFromInput(boolean, 'equal', 'yes')).toBe(false);
    expect(valueFromInput(string, 'equal', '42')).toBe('42');
    expect(valueFromInput(undefined, 'equal', '42')).toBe('42');
  });

  it('shows every value as text', () => {
    expect(valueToInput(['a', 'b'])).toBe('a, b');
    expect(valueToInput({ fact: 'constant.paperBillFee' })).toBe('constant.paperBillFee');
    expect(valueToInput(null)).toBe('');
    expect(valueToInput(undefined)).toBe('');
    expect(valueToInput('text')).toBe('text');
    expect(valueToInput(60)).toBe('60');
    expect(valueToInput(false)).toBe('false');
    expect(valueToInput({ other: 1 })).toBe('{"other":1}');
  });

  it("reads an event param by its schema and lists a decision's params", () => {
    expect(paramFromInput({ type: 'integer' }, '7')).toBe(7);
    expect(paramFromInput({ type: 'number' }, '1.5')).toBe(1.5);
    expect(paramFromInput({ type: 'array', items: {} }, 'home, billing')).toEqual(['home', 'billing']);
    expect(paramFromInput({ type: 'string' }, 'wide')).toBe('wide');
    expect(Object.keys(paramsOf(DECISIONS.find((d) => d.id === 'navigation')!))).toEqual([
      'items',
      'emptyItem',
      'search',
    ]);
  });
});
