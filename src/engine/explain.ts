/** Text rendering of explain traces, for the explain CLI and any debug view. Browser-safe. */
import { ruleRef } from './rule-ref';
import type { ConditionTrace, DecisionTrace, ExplainTrace } from './types';

// JSON.stringify gives undefined only for undefined and functions, which facts never are.
const show = (v: unknown): string =>
  v === undefined ? '(not evaluated)' : (JSON.stringify(v) ?? 'undefined');
const mark = (held: boolean | null): string => (held === null ? 'skipped' : held ? 'held' : 'failed');

function conditionLines(c: ConditionTrace, indent: string): string[] {
  if ('fact' in c) {
    const expected = c.expectedFact
      ? `${c.expectedFact}${c.held === null ? '' : ` (${show(c.expected)})`}`
      : show(c.expected);
    return [`${indent}[${mark(c.held)}] ${c.fact} ${c.operator} ${expected}   (value: ${show(c.value)})`];
  }
  if (c.group === 'not') return [`${indent}not [${mark(c.held)}]`, ...conditionLines(c.child, `${indent}  `)];
  return [
    `${indent}${c.group} [${mark(c.held)}]`,
    ...c.children.flatMap((child) => conditionLines(child, `${indent}  `)),
  ];
}

export function formatDecisionTrace(d: DecisionTrace, { onlyMatched = false } = {}): string {
  const ref = (name: string): string => {
    const r = d.rules.find((x) => x.name === name);
    return r ? ruleRef(r.position, r.name) : `'${name}'`;
  };
  const head =
    d.kind === 'first-match'
      ? `winner: ${d.winner === null ? '(none)' : ref(d.winner)}`
      : `matched: ${d.matched.length > 0 ? d.matched.map(ref).join(', ') : '(none)'}`;
  const lines = [
    `== ${d.decision} (${d.kind}) ${head}${d.defaulted ? '  [no rule decided everything: defaults used]' : ''}`,
  ];
  for (const r of d.rules) {
    if (onlyMatched && !r.matched) continue;
    const winner = d.winner === r.name ? '  <= winner' : '';
    lines.push(
      `  ${r.matched ? 'MATCH' : 'no   '} ${ruleRef(r.position, r.name)} (priority ${r.priority}) -> ${show(r.event.params)}${winner}`,
    );
    if (r.error) lines.push(`      error: ${r.error} (treated as not matched)`);
    lines.push(...conditionLines(r.conditions, '      '));
  }
  return lines.join('\n');
}

export function formatExplain(trace: ExplainTrace): string {
  return trace.map((d) => formatDecisionTrace(d)).join('\n\n');
}
