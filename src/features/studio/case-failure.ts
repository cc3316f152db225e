/**
 * A failing rule case in an analyst's words (issue 31, item 3): which case, what it expects and what the
 * draft decides, each value by its name ('2 (almost expired)'), and the value of the case to change (the
 * fact a rule that would decide what was expected tested and found otherwise), so the link goes to that
 * input, not to a case to search through.
 */
import type { CaseResult } from '../../engine/cases';
import { explainTrace } from '../../engine/cases';
import { DECISIONS } from '../../engine/decisions';
import type { ConditionTrace } from '../../engine/types';

export interface CaseFailure {
  text: string;
  /** The case's number in its file, from 1. */
  n: number;
  /** The fact of the case to change, when one is to blame. */
  fact: string | null;
}

/** 'status 2' as 'status 2 (almost expired)', by the decision's declared labels. */
export function outcomeWords(decision: string, text: string): string {
  const d = DECISIONS.find((x) => x.id === decision);
  const o = d?.outcome;
  if (!o || o.type !== 'value' || !o.labels) return text;
  const labels = o.labels;
  return text.replace(new RegExp(`\\b${o.field} ([^,;\\s]+)`, 'g'), (whole, v: string) =>
    labels[v] ? `${o.field} ${labels[v]}` : whole,
  );
}

function leaves(c: ConditionTrace): Extract<ConditionTrace, { fact: string }>[] {
  if ('fact' in c) return [c];
  return c.group === 'not' ? leaves(c.child) : c.children.flatMap(leaves);
}

/** The fact of the case that stopped a rule deciding what the case expects (else one such a rule tests). */
export function factToChange(r: CaseResult): string | null {
  const own = Object.keys(r.case.facts ?? {});
  // A passing case carries no trace (src/engine/cases.ts): there is nothing to change.
  if (own.length === 0 || !r.trace) return null;
  const trace = explainTrace(r.decision, r.trace, r.case);
  const expected = trace.rules.filter((rule) => rule.name !== trace.winner);
  const failed = expected.flatMap((rule) => leaves(rule.conditions)).filter((l) => l.held === false);
  const tested = trace.rules.flatMap((rule) => leaves(rule.conditions));
  return (
    failed.find((l) => own.includes(l.fact))?.fact ?? tested.find((l) => own.includes(l.fact))?.fact ?? null
  );
}

export function caseFailure(r: CaseResult): CaseFailure {
  const n = Number(/^#(\d+)/.exec(r.ref)?.[1] ?? 0);
  const fact = factToChange(r);
  const value = fact ? r.case.facts?.[fact] : undefined;
  const change = fact
    ? `change its ${fact} (now ${JSON.stringify(value)}), or what it expects`
    : r.case.persona
      ? `persona ${r.case.persona} is decided so: change the rules, or what the case expects`
      : 'change its facts, or what it expects';
  const text = `Case ${n} “${r.case.name}” of ${r.decision} expects ${outcomeWords(r.decision, r.expected)}; the draft decides ${outcomeWords(r.decision, r.got)}: ${change}`;
  return { text, n, fact };
}
