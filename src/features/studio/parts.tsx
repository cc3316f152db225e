/** Small pieces of the studio's pages: fact names with their meaning, a condition, a diff, a list of issues. */
import { useId } from 'react';
import { factDefinition } from '../../facts/vocabulary';
import { formatIssue, type RulesetIssue } from '../../engine/validate';
import { factValueWords, operatorWords } from './words';

/** A fact's name; its meaning from the vocabulary shows on hover and on keyboard focus (a tooltip). */
export function Fact({ name }: { name: string }) {
  const id = useId();
  const def = factDefinition(name);
  if (!def) return <code>{name}</code>;
  return (
    <span className="studio-fact" tabIndex={0} aria-describedby={id}>
      <code>{name}</code>
      <span role="tooltip" id={id} className="studio-fact__tip">
        ({def.type}) {def.description}
      </span>
    </span>
  );
}

/** A value compared with, as the analyst reads it: a decided value by its name, a list item by item. */
const show = (fact: string, v: unknown): string =>
  Array.isArray(v) ? v.map((x) => factValueWords(fact, x)).join(', ') : factValueWords(fact, v);

/** A comparison in words: `daysToCardExpiry at most 60`, `prepaidCard.status equals 2 (almost expired)`. */
export function ConditionText({ fact, operator, value }: { fact: string; operator: string; value: unknown }) {
  const ref =
    value !== null && typeof value === 'object' && !Array.isArray(value) && 'fact' in value
      ? String(value.fact)
      : null;
  return (
    <>
      <Fact name={fact} /> <span className="studio-op">{operatorWords(operator)}</span>{' '}
      {ref ? <Fact name={ref} /> : <code>{show(fact, value)}</code>}
    </>
  );
}

/** A unified diff with added and removed lines marked (by sign and colour, not colour alone). */
export function Diff({ text, label }: { text: string; label: string }) {
  if (!text.trim()) return <p className="studio-muted">No diff: the first version of the rules.</p>;
  return (
    <pre className="studio-diff" aria-label={label} tabIndex={0}>
      {text.split('\n').map((line, i) => (
        <span
          key={i}
          className={
            line.startsWith('+') && !line.startsWith('+++')
              ? 'studio-diff__add'
              : line.startsWith('-') && !line.startsWith('---')
                ? 'studio-diff__del'
                : undefined
          }
        >
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

export function IssueList({ issues, label }: { issues: readonly RulesetIssue[]; label: string }) {
  if (issues.length === 0) return null;
  return (
    <ul className="studio-issues" aria-label={label}>
      {issues.map((i, n) => (
        <li key={n} className={i.severity === 'warning' ? 'studio-issues__warning' : 'studio-issues__error'}>
          {formatIssue(i)}
        </li>
      ))}
    </ul>
  );
}
