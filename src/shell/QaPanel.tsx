import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../stores/context';

/** QA only (`?qa` at start-up): the flow paths this session took, ready to save and replay. */
export const QaPanel = observer(function QaPanel() {
  const store = useStores();
  const [open, setOpen] = useState(false);
  if (!store.qa.enabled) return null;
  const paths = store.qa.paths;
  return (
    <aside className="qa-panel" aria-label="QA flow paths">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        QA: flow paths ({paths.length})
      </button>
      {open ? (
        <div className="qa-panel__body">
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
