/** The personas' decisions under the live rules and the draft, changed ones marked. */
import { useEffect, useState } from 'react';
import type { LiveRules, PersonaData } from './api';
import { previewRows, rulesetsOf, type Files, type PreviewRow } from './model';

const DEFAULT_PREVIEW = ['card-expiring', 'prepaid', 'postpaid'];

export function PreviewPanel({
  live,
  files,
  personas,
}: {
  live: LiveRules;
  files: Files;
  personas: PersonaData[];
}) {
  const [chosen, setChosen] = useState<string[]>(DEFAULT_PREVIEW);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [all, setAll] = useState(false);
  useEffect(() => {
    const a = rulesetsOf(live.files);
    const b = rulesetsOf(files);
    if (!a || !b) return undefined;
    let stale = false;
    const t = setTimeout(() => {
      previewRows(
        a,
        b,
        personas.filter((p) => chosen.includes(p.id)),
        live.today,
      ).then(
        (r) => !stale && setRows(r),
        () => !stale && setRows(null),
      );
    }, 300);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [live, files, personas, chosen]);
  const shown = (rows ?? []).filter((r) => all || r.changed);
  const changedPersonas = new Set((rows ?? []).filter((r) => r.changed).map((r) => r.persona));
  return (
    <section aria-labelledby="studio-preview-title" className="studio-panel">
      <h3 id="studio-preview-title">Preview: decisions under live and draft rules ({live.today})</h3>
      <details>
        <summary>Personas ({chosen.length} chosen)</summary>
        <fieldset className="studio-personas">
          <legend>Personas to preview</legend>
          {personas.map((p) => (
            <label key={p.id} className="studio-check" title={p.description}>
              <input
                type="checkbox"
                checked={chosen.includes(p.id)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))
                }
              />{' '}
              {p.id}
            </label>
          ))}
        </fieldset>
      </details>
      <p role="status">
        {rows === null
          ? 'The preview needs valid rule files.'
          : changedPersonas.size === 0
            ? 'No chosen persona’s decisions change.'
            : `Changed for ${[...changedPersonas].join(', ')}.`}
      </p>
      <label className="studio-check">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show unchanged
        decisions too
      </label>
      {shown.length > 0 ? (
        <div className="studio-scroll" tabIndex={0} role="region" aria-label="Decisions per persona">
          <table className="studio-table">
            <caption>Decisions per persona, live and draft</caption>
            <thead>
              <tr>
                <th scope="col">Persona</th>
                <th scope="col">Decision</th>
                <th scope="col">Live</th>
                <th scope="col">Draft</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={`${r.persona}-${r.account}-${r.decision}`}
                  className={r.changed ? 'studio-changed' : undefined}
                >
                  <th scope="row">
                    {r.persona}
                    {r.account > 1 ? ` #${r.account}` : ''}
                  </th>
                  <td>{r.decision}</td>
                  <td>{r.live}</td>
                  <td>
                    {r.changed ? <strong>changed: </strong> : null}
                    {r.draft}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
