/** The impact report as text for a terminal (the JSON form is the report object itself). Browser-safe. */
import type { ImpactReport } from './impact';

const n = (x: number): string => x.toLocaleString('en-US');
const ms = (x: number): string => `${n(Math.round(x))} ms`;
const pct = (part: number, whole: number): string =>
  whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(part * 1000 < whole ? 2 : 1)}%`;

export interface RenderOptions {
  /** What was compared, e.g. "rules/ against main". */
  comparing: string;
  /** The command that shows one generated account again, given its index. */
  showCommand?: (index: number) => string;
  /** Milliseconds the whole run may take (the bench's budget), shown beside the time. */
  budget?: number;
}

export function renderImpact(report: ImpactReport, options: RenderOptions): string {
  const lines: string[] = [];
  const p = report.population;
  const population =
    p.source === 'generated'
      ? `${n(report.accounts)} generated accounts (seed ${String(p.seed)})`
      : `${n(report.accounts)} accounts from ${String(p.file)}`;
  lines.push(`Impact of ${options.comparing} on ${population}`, '');
  if (report.rules.length === 0) lines.push('No rule differs.');
  for (const r of report.rules) {
    const parts = [
      ...(r.added.length ? [`added ${r.added.join(', ')}`] : []),
      ...(r.removed.length ? [`removed ${r.removed.join(', ')}`] : []),
      ...(r.changed.length ? [`changed ${r.changed.join(', ')}`] : []),
    ];
    lines.push(`rules/${r.decision}.json: ${parts.join('; ')}`);
  }
  lines.push(
    '',
    `${n(report.changedAccounts)} of ${n(report.accounts)} accounts (${pct(report.changedAccounts, report.accounts)}) see a change.`,
  );
  const labelOf = new Map(report.examples.map((e) => [e.index, e.label]));
  for (const d of report.decisions) {
    lines.push(
      '',
      `${d.decision}: ${n(d.accounts)} account${d.accounts === 1 ? '' : 's'} change; ${d.changes
        .map((c) => `${c.change} ${n(c.accounts)}`)
        .join('; ')}`,
    );
    for (const c of d.changes) {
      lines.push(`  ${c.change}: e.g. ${c.examples.map((i) => labelOf.get(i) ?? `#${i}`).join(', ')}`);
    }
  }
  if (report.examples.length > 0) {
    lines.push('', `Examples (${report.keyFacts.join(', ')}):`);
    for (const e of report.examples) {
      const facts = Object.entries(e.facts)
        .map(([k, v]) => `${k} ${JSON.stringify(v) ?? 'absent'}`)
        .join(', ');
      lines.push(`  ${e.label}: ${facts}`);
    }
    const first = report.examples[0];
    if (options.showCommand && p.source === 'generated' && first)
      lines.push(`Every fact and decision of one of them: ${options.showCommand(first.index)}`);
  }
  const t = report.timings;
  lines.push(
    '',
    `Time: ${ms(t.total)} for ${n(report.accounts)} accounts${t.threads ? ` on ${t.threads} threads` : ''}${options.budget ? ` (budget ${ms(options.budget)})` : ''}: ` +
      `generating ${ms(t.generate)}, current rules ${ms(t.current)}, base rules ${ms(t.base)}, comparing ${ms(t.compare)}` +
      `${t.threads ? ' (each summed over the threads)' : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}
