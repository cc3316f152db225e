/**
 * What the rule form (RuleEditor) reads from a rule and writes back: the conditions it can show as a flat
 * list, a comparison moved to another fact or operator, and each value shown as text. Pure. What an input's
 * text reads as is input-check.ts's; what the whole rule means, rules:check's as the draft is typed.
 */
import type { DecisionSpec } from '../../engine/decisions';
import { ARRAY_OPERATORS, OPERATORS_BY_TYPE } from '../../engine/schema-builder';
import type { RuleCondition } from '../../engine/types';
import { factDefinition } from '../../facts/vocabulary';
import { readConditionValue } from './input-check';

/** One plain comparison: a fact, an operator, a value. */
export type Leaf = { fact: string; operator: string; value: unknown };

/** A top-level all/any of plain comparisons: the conditions the form edits. */
export interface FlatConditions {
  group: 'all' | 'any';
  leaves: Leaf[];
}

/** The conditions as the form edits them, or null when they nest groups (those are edited as JSON). */
export function flatConditions(c: RuleCondition): FlatConditions | null {
  const group = 'all' in c ? 'all' : 'any' in c ? 'any' : null;
  if (!group) return null;
  const list = (c as Record<string, RuleCondition[]>)[group]!;
  if (!list.every((x) => 'fact' in x)) return null;
  return { group, leaves: list };
}

/** The rule's conditions for a flat list. */
export function conditionsOf({ group, leaves }: FlatConditions): RuleCondition {
  return { [group]: leaves } as RuleCondition;
}

/**
 * The comparison on another fact: its operator kept when the new fact's type allows it, else 'equal'; its
 * value kept when it reads as a value of the new fact, else emptied (true for a true-or-false fact), so a
 * number never stays behind in a true-or-false condition.
 */
export function withFact(leaf: Leaf, fact: string, constants: readonly string[] = []): Leaf {
  const next = factDefinition(fact);
  const operator = next && !OPERATORS_BY_TYPE[next.type].includes(leaf.operator) ? 'equal' : leaf.operator;
  const kept = readConditionValue(next, operator, valueToInput(leaf.value), constants);
  const value = leaf.value !== null && 'value' in kept ? kept.value : next?.type === 'boolean' ? true : null;
  return { fact, operator, value: next ? value : leaf.value };
}

/** The comparison with another operator: a list for "is one of", one value otherwise. */
export function withOperator(leaf: Leaf, operator: string): Leaf {
  const list = (ARRAY_OPERATORS as readonly string[]).includes(operator);
  if (list === Array.isArray(leaf.value)) return { ...leaf, operator };
  if (list) return { ...leaf, operator, value: leaf.value === null ? [] : [valueToInput(leaf.value)] };
  const first = (leaf.value as unknown[])[0];
  return { ...leaf, operator, value: first === undefined ? null : first };
}

/**
 * What is wrong with a comparison's value as it stands (an empty value, or one of another type), in the
 * words an input gives when it is typed; null when it reads.
 */
export function leafProblem(leaf: Leaf, constants: readonly string[]): string | null {
  if (leaf.value === null || leaf.value === undefined) return 'Type a value';
  const r = readConditionValue(factDefinition(leaf.fact), leaf.operator, valueToInput(leaf.value), constants);
  return 'problem' in r ? r.problem : null;
}

/** The text an input shows for a value (a condition's or an event param's). */
export function valueToInput(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value !== null && typeof value === 'object' && 'fact' in value)
    return JSON.stringify(value.fact).slice(1, -1);
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** What the form needs of an event param's schema. */
export interface ParamSchema {
  enum?: unknown[];
  type?: string;
  items?: { enum?: unknown[] };
}

/** The event params a decision's rules set, by name. */
export function paramsOf(spec: DecisionSpec): Record<string, ParamSchema> {
  return (spec.params as { properties?: Record<string, ParamSchema> }).properties ?? {};
}

/**
 * An event param's value from its list of choices: the choice itself, a number when the choices are numbers
 * (prepaid-card's status 0, 1, 2), never the option's text; '' (none chosen) stays ''.
 */
export function enumFromInput(p: ParamSchema, raw: string): unknown {
  return p.enum?.find((choice) => String(choice) === raw) ?? raw;
}
