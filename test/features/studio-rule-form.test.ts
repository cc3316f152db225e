/**
 * What the rule form reads from a rule and writes back (src/features/studio/rule-form.ts): which conditions
 * it can list, a comparison moved to another fact or operator; and each input's text read as typed by the
 * vocabulary's types (src/features/studio/input-check.ts): a value, or what to type instead.
 */
import { describe, expect, it } from 'vitest';
import { DECISIONS } from '../../src/engine/decisions';
import {
  listFromInput,
  readConditionValue,
  readFactValue,
  readParam,
} from '../../src/features/studio/input-check';
import {
  conditionsOf,
  flatConditions,
  leafProblem,
  paramsOf,
  valueToInput,
  withFact,
  withOperator,
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

  it("keeps the operator when the new fact's type allows it, else equal; a value of another type goes", () => {
    const leaf = { fact: 'daysToCardExpiry', operator: 'lessThan', value: 3 };
    // A number never stays behind in a true-or-false condition: true is the first choice.
    expect(withFact(leaf, 'isPrepaid')).toEqual({ fact: 'isPrepaid', operator: 'equal', value: true });
    expect(withFact({ ...leaf, operator: 'notEqual' }, 'isPrepaid')).toMatchObject({ operator: 'notEqual' });
    // Another number fact keeps the number.
    expect(withFact(leaf, 'accountTenure')).toEqual({
      fact: 'accountTenure',
      operator: 'lessThan',
      value: 3,
    });
    // A value that is not one of a closed list's values goes.
    expect(withFact(leaf, 'profileStatus')).toEqual({
      fact: 'profileStatus',
      operator: 'equal',
      value: null,
    });
    // A fact the vocabulary does not know keeps the operator: the check names what is wrong.
    expect(withFact(leaf, 'noSuchFact')).toEqual({ fact: 'noSuchFact', operator: 'lessThan', value: 3 });
  });

  it('turns a value into a list for "is one of", and back', () => {
    const leaf = { fact: 'profileStatus', operator: 'equal', value: 'ok' };
    expect(withOperator(leaf, 'in')).toEqual({ ...leaf, operator: 'in', value: ['ok'] });
    expect(withOperator({ ...leaf, operator: 'in', value: ['ok', 'failure'] }, 'notEqual')).toEqual({
      ...leaf,
      operator: 'notEqual',
    });
    expect(withOperator({ ...leaf, value: null }, 'notIn')).toMatchObject({ value: [] });
  });

  it('reads a list item by item, trimmed, without empty items', () => {
    expect(listFromInput(' a, b ,,c, ')).toEqual(['a', 'b', 'c']);
    expect(listFromInput('')).toEqual([]);
  });

  it("reads a condition's value by operator and fact type", () => {
    const none: string[] = [];
    expect(readConditionValue(string, 'in', 'ok, failure', none)).toEqual({ value: ['ok', 'failure'] });
    expect(
      readConditionValue(number, 'lessThan', 'constant.paperBillFee', ['constant.paperBillFee']),
    ).toEqual({
      value: { fact: 'constant.paperBillFee' },
    });
    expect(readConditionValue(number, 'lessThan', '-4.5', none)).toEqual({ value: -4.5 });
    expect(readConditionValue(boolean, 'equal', 'true', none)).toEqual({ value: true });
    expect(readConditionValue(string, 'equal', 'ok', none)).toEqual({ value: 'ok' });
    expect(readConditionValue(undefined, 'equal', '42', none)).toEqual({ value: '42' });
  });

  it('refuses at once what does not read, saying what to type', () => {
    const none: string[] = [];
    const problem = (r: ReturnType<typeof readConditionValue>) => ('problem' in r ? r.problem : null);
    expect(problem(readConditionValue(number, 'lessThan', 'fifty', none))).toBe(
      '“fifty” is not a number: type a number in digits, like 45',
    );
    expect(problem(readConditionValue(number, 'lessThan', 'forty-five', none))).toMatch(/is not a number/);
    expect(problem(readConditionValue(number, 'lessThan', ' ', none))).toBe(
      'Type a number for daysToCardExpiry, like 45',
    );
    for (const text of ['Infinity', '0x10', '1e', '4,5'])
      expect(problem(readConditionValue(number, 'lessThan', text, none))).toMatch(/is not a number/);
    expect(problem(readConditionValue(number, 'lessThan', 'constant.nope', ['constant.paperBillFee']))).toBe(
      '“constant.nope” is not a constant: pick one from the list, or type a number',
    );
    expect(problem(readConditionValue(boolean, 'equal', 'yes', none))).toBe('Choose true or false');
    // A closed list of values: one of them, in a list each item.
    expect(problem(readConditionValue(string, 'equal', 'fine', none))).toBe(
      '“fine” is not a value profileStatus can have: type one of pending, ok, failure, 223, 222',
    );
    expect(problem(readConditionValue(string, 'in', 'ok, fine', none))).toMatch(/“fine” is not a value/);
    expect(problem(readConditionValue(string, 'in', ' , ', none))).toBe(
      'Type one value or more, separated by commas',
    );
  });

  it('reads a date fact as a date: YYYYMMDD or YYYY-MM-DD, a calendar day', () => {
    const date = factDefinition('todayDate');
    expect(readConditionValue(date, 'greaterThanInclusive', '2026-03-10', [])).toEqual({ value: 20260310 });
    expect(readConditionValue(date, 'greaterThanInclusive', '20260310', [])).toEqual({ value: 20260310 });
    expect(readConditionValue(date, 'greaterThanInclusive', '20260230', [])).toEqual({
      problem: '“20260230” is not a date: type the date as YYYYMMDD, like 20260310',
    });
  });

  it('reads a fact of a case or an account: null and absent where they are allowed', () => {
    expect(readFactValue(number, 'null')).toEqual({ value: null });
    expect(readFactValue(number, '')).toEqual({ value: null });
    expect(readFactValue(number, '(absent)')).toEqual({ value: undefined });
    expect(readFactValue(number, '(absent)', false)).toMatchObject({
      problem: expect.stringContaining('not a number') as string,
    });
    expect(readFactValue(number, 'fifty')).toEqual({
      problem: '“fifty” is not a number: type a number in digits, like 45 (or null for unknown)',
    });
    expect(readFactValue(string, '')).toMatchObject({
      problem: expect.stringContaining('is not a value') as string,
    });
    expect(readFactValue(factDefinition('billingEntity'), '')).toEqual({ value: '' });
  });

  it("says what is wrong with a comparison's value as it stands", () => {
    expect(leafProblem({ fact: 'daysToCardExpiry', operator: 'equal', value: null }, [])).toBe(
      'Type a value',
    );
    expect(leafProblem({ fact: 'isPrepaid', operator: 'equal', value: 3 }, [])).toBe('Choose true or false');
    expect(leafProblem({ fact: 'daysToCardExpiry', operator: 'lessThan', value: 60 }, [])).toBeNull();
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
    expect(readParam({ type: 'integer' }, 'order', '7')).toEqual({ value: 7 });
    expect(readParam({ type: 'integer' }, 'order', '7.5')).toEqual({
      problem: '“7.5” is not a whole number: type digits only, like 90',
    });
    expect(readParam({ type: 'number' }, 'x', '1.5')).toEqual({ value: 1.5 });
    expect(readParam({ type: 'array', items: {} }, 'items', 'home, billing')).toEqual({
      value: ['home', 'billing'],
    });
    expect(readParam({ type: 'string' }, 'variant', 'wide')).toEqual({ value: 'wide' });
    expect(Object.keys(paramsOf(DECISIONS.find((d) => d.id === 'navigation')!))).toEqual([
      'items',
      'emptyItem',
      'search',
    ]);
  });
});
