/** A recorded change as the pending list and the history show it. */
import type { Change } from './api';
import { readFigures } from './impact-client';
import { ImpactFiguresView } from './ImpactPanel';
import { Diff } from './parts';

export function ChangeView({ c, children }: { c: Change; children?: React.ReactNode }) {
  return (
    <article className="studio-change" aria-label={`Change: ${c.reason}`}>
      <h3>{c.reason}</h3>
      <p>
        {c.kind === 'restore' ? `Restores ${c.restores?.slice(0, 8) ?? ''}. ` : ''}
        By {c.author.name} on {c.author.date}
        {c.approvedBy ? `, approved by ${c.approvedBy.replace(/ <.*>$/, '')}` : ''}. Files:{' '}
        {c.files.join(', ') || '(none)'}.
      </p>
      <ChangeImpact impact={c.impact} kind={c.kind} />
      <details>
        <summary>Diff of {c.id.slice(0, 8)}</summary>
        <Diff text={c.diff} label={`Diff of the change ${c.reason}`} />
      </details>
      {children}
    </article>
  );
}

function ChangeImpact({ impact, kind }: { impact: unknown; kind: string }) {
  const figures = readFigures(impact);
  if (figures) return <ImpactFiguresView figures={figures} />;
  return kind === 'change' ? <p className="studio-muted">No impact figures were recorded.</p> : null;
}
