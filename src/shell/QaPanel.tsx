import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../stores/context';

/**
 * QA and analysts only (`?qa` at start-up): why this screen looks as it does (every decision with its winning
 * rule and each condition with the fact's value, as `npm run rules:explain` prints it), and the flow paths this
 * session took, ready to save and replay.
 */
export const QaPanel = observer(function QaPanel() {
  const store = useStores();
  const [open, setOpen] = useState(false);
  if (!store.qa.enabled) return null;
  const paths = store.qa.paths;
  return (
    <aside className="qa-panel" aria-label="QA panel">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        QA: rules and flow paths ({paths.length})
      </button>
      {open ? (
        <div className="qa-panel__body">
          <RuleFiles />
          <ExplainTrace />
          <h2>Flow paths</h2>
          {paths.length === 0 ? <p>No flow has run yet in this session.</p> : null}
          {paths.map((p) => {
            const json = JSON.stringify(p.file, null, 2);
            return (
              <div key={p.id} className="qa-panel__path">
                <label htmlFor={`qa-path-${p.id}`}>
                  {p.machine}: {p.file.steps.length} steps (save as test/paths/{p.machine}/recorded-{p.id}
                  .json)
                </label>
                <textarea id={`qa-path-${p.id}`} readOnly rows={8} value={json} />
                <button type="button" onClick={() => void navigator.clipboard?.writeText(json)}>
                  Copy {p.machine} path
                </button>
              </div>
            );
          })}
        </div>
      ) : null}
    </aside>
  );
});

/**
 * Each decision's rule file as the portal uses it: served, fallen back (to the copy built into the app) or
 * rejected (the server keeps serving its last valid version), with the validator's message in full.
 */
const RuleFiles = observer(function RuleFiles() {
  const store = useStores();
  const files = store.qa.ruleFiles;
  return (
    <>
      <h2>Rule files</h2>
      {files.length === 0 ? <p>The rules are still loading.</p> : null}
      <ul className="qa-panel__rule-files" aria-label="Rule files">
        {files.map((f) => (
          <li key={f.file}>
            <code>{f.file}</code>: {f.state}
            {f.message ? <p className="qa-panel__message">{f.message}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
});

/** The explain trace of the current decisions; the formatter loads on demand (it is not first-load code). */
const ExplainTrace = observer(function ExplainTrace() {
  const store = useStores();
  const trace = store.decisions.explain;
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../engine/explain').then(({ formatExplain }) => {
      if (live) setText(formatExplain(trace));
    });
    return () => {
      live = false;
    };
  }, [trace]);
  return (
    <>
      <h2>Rules: why this screen</h2>
      <label htmlFor="qa-explain">
        Every decision, its winning rule and each condition with the fact&apos;s value
      </label>
      <textarea id="qa-explain" readOnly rows={14} value={text ?? 'Loading…'} />
    </>
  );
});
