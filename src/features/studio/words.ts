/**
 * The studio in an analyst's words (issue 31, item 3): one table of the operators as they read ("at most",
 * "is one of"), the names of decided values as their declarations give them ('2 (almost expired)'), the
 * vocabulary's groups of facts, and sentences that end once. The form, the decision table, the cases, the
 * simulator and the review all read them from here, so a word is changed in one place.
 */
import { DECISIONS, type DecisionSpec } from '../../engine/decisions';
import type { FactDefinition } from '../../facts/vocabulary';

/** json-rules-engine's operators as an analyst says them (the rule files keep the engine's names). */
export const OPERATOR_WORDS: Readonly<Record<string, string>> = {
  equal: 'equals',
  notEqual: 'does not equal',
  lessThan: 'less than',
  lessThanInclusive: 'at most',
  greaterThan: 'more than',
  greaterThanInclusive: 'at least',
  in: 'is one of',
  notIn: 'is not one of',
};

export const operatorWords = (operator: string): string => OPERATOR_WORDS[operator] ?? operator;

/** The labels of a decision's value outcome, by value ('2' -> '2 (almost expired)'), if it declares any. */
function outcomeLabels(
  d: (typeof DECISIONS)[number],
): { field: string; labels: Record<string, string> } | null {
  const o = d.outcome;
  return o.type === 'value' && o.labels ? { field: o.field, labels: o.labels } : null;
}

/** The labels of a decided fact's values: `prepaidCard.status` is prepaid-card's `status`. */
const FACT_LABELS: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(
  DECISIONS.flatMap((d) => {
    const l = outcomeLabels(d);
    return l ? [[`${d.key}.${l.field}`, l.labels] as const] : [];
  }),
);

/** A value of a fact as the analyst reads it: a decided value by its name ('2 (almost expired)'). */
export function factValueWords(fact: string, value: unknown): string {
  const label = FACT_LABELS.get(fact)?.[String(value)];
  if (label) return label;
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** A rule's event param value as the analyst reads it: prepaid-card's `status: 2` is '2 (almost expired)'. */
export function paramWords(spec: DecisionSpec, key: string, value: unknown): string {
  const d = DECISIONS.find((x) => x.id === spec.id);
  const l = d ? outcomeLabels(d) : null;
  const label = l && l.field === key ? l.labels[String(value)] : undefined;
  if (label) return label;
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** A case's expectation or outcome ('status 2') with its values named ('status 2 (almost expired)'). */
export function recordWords(spec: DecisionSpec, record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(([k, v]) => `${k} ${paramWords(spec, k, v)}`)
    .join(', ');
}

/** Facts in the vocabulary's groups, in its order (a fact without a group goes under "Other facts"). */
export function factGroups(facts: readonly FactDefinition[]): { group: string; facts: FactDefinition[] }[] {
  const groups = new Map<string, FactDefinition[]>();
  for (const f of facts) {
    const g = f.group ?? 'Other facts';
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  return [...groups].map(([group, list]) => ({ group, facts: list }));
}

/** Whether a fact answers a search: its name, its group or its description has every word typed. */
export function factMatches(f: FactDefinition, search: string): boolean {
  const text = `${f.name} ${f.group ?? ''} ${f.description}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => text.includes(w));
}

/** A sentence ending once: 'Approved: Warn 45 days.' whether or not the reason ends with a full stop. */
export function sentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}
