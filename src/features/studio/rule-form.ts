/**
 * What the rule form (RuleEditor) reads from a rule and writes back: the conditions it can show as a flat
 * list, and each input's text turned into the value the rule holds (and back). Pure: nothing here judges the
 * rule; rules:check's validator and analysis check the draft as typed.
 */
import type { DecisionSpec } from '../../engine/decisions';
import { ARRAY_OPERATORS, OPERATORS_BY_TYPE } from '../../engine/schema-builder';
import type { RuleCondition } from '../../engine/types';
import { factDefinition, type FactDefinition } from '../../facts/vocabulary';

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

/** The comparison on another fact: its operator kept when the new fact's type allows it, else 'equal'. */
export function withFact(leaf: Leaf, fact: string): Leaf {
  const next = factDefinition(fact);
  const operator = next && !OPERATORS_BY_TYPE[next.type].includes(leaf.operator) ? 'equal' : leaf.operator;
  return { fact, operator, value: leaf.value };
}

/** A comma-separated list, each item trimmed, empty items dropped. */
export function listFromInput(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A condition's value from its text input, by the operator and the fact's type. */
export function valueFromInput(def: FactDefinition | undefined, operator: string, raw: string): unknown {
  if ((ARRAY_OPERATORS as readonly string[]).includes(operator)) return listFromInput(raw);
  if (raw.startsWith('constant.')) return { fact: raw };
  // Text that is not a number stays text, so the check says what is wrong with it.
  if (def?.type === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (def?.type === 'boolean') return raw === 'true';
  return raw;
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

/** An event param's value from its text input: a number, a list, or the text. */
export function paramFromInput(p: ParamSchema, raw: string): unknown {
  if (p.type === 'number' || p.type === 'integer') return Number(raw);
  return p.items ? listFromInput(raw) : raw;
}
