import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { StateValue } from 'xstate';
import { placementOf } from '../engine/rollout';
import { useStores } from '../stores/context';
import { useFocusKeptAbove } from '../ui/bottom-overlay';

type Capture = typeof import('./qa-capture');

/** 'idle', or 'declineDialog.sending' for a nested state. */
function stateText(value: StateValue | null): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateText(child)}`))
    .join(', ');
}

/**
 * QA and analysts only (`?qa` at start-up): why this screen looks as it does (every decision with its winning
 * rule and each condition with the fact's value, as `npm run rules:explain` prints it), and the flows this
 * session ran, each with its live state and path, ready to save as a captured session that
 * `npm run qa:replay` replays in a browser. The capture (src/shell/qa-capture.ts) loads only with `?qa`.
 */
export const QaPanel = observer(function QaPanel() {
  const store = useStores();
  const [open, setOpen] = useState(false);
  const [capture, setCapture] = useState<Capture | null>(null);
  const [notice, setNotice] = useState('');
  const enabled = store.qa.enabled;
  const panel = useRef<HTMLElement>(null);
  // The panel sits over the page's bottom right: a control the keyboard focuses is kept above it (WCAG 2.2
  // 2.4.11), closed or open (docs/decisions/062).
  useFocusKeptAbove(panel, enabled);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    // Installed on the page by start.tsx before the first render; here only its save functions are needed.
    void import('./qa-capture').then((module) => {
      if (live) setCapture(module);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  if (!enabled) return null;
  const paths = store.qa.paths;

  const save = async (id: number, how: 'download' | 'copy') => {
    if (!capture) return;
    try {
      const file = await capture.sessionFile(store, store.qa, id);
      if (how === 'download') {
        capture.download(file);
        setNotice(`Saved ${capture.sessionFileName(file)}: put it in test/sessions/${file.machine}/.`);
      } else {
        await navigator.clipboard.writeText(`${JSON.stringify(file, null, 2)}\n`);
        setNotice(`Copied the ${file.machine} session.`);
      }
    } catch (e) {
      setNotice(`Could not save the session: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <aside className="qa-panel" aria-label="QA panel" ref={panel}>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        QA: rules and flow paths ({paths.length})
      </button>
      {/* Kept in the page while closed (hidden): a replay reads each flow's live path (data-qa-path) from it. */}
      <div className="qa-panel__body" hidden={!open}>
        {open ? <RuleFiles /> : null}
        {open ? <Rollouts /> : null}
        {open ? <ExplainTrace /> : null}
        <h2>Flow paths</h2>
        {paths.length === 0 ? <p>No flow has run yet in this session.</p> : null}
        <p role="status">{notice}</p>
        {paths.map((p) => {
          const name = `${p.machine} #${p.id}`;
          const json = JSON.stringify(p.file, null, 2);
          return (
            <section
              key={p.id}
              className="qa-panel__path"
              aria-label={name}
              data-qa-flow={p.machine}
              data-qa-path={json}
            >
              <h3>{name}</h3>
              <p>
                State: <code>{stateText(p.state)}</code>, {p.file.steps.length} steps
              </p>
              {open ? (
                <>
                  <label htmlFor={`qa-path-${p.id}`}>Path of {name}</label>
                  <textarea id={`qa-path-${p.id}`} readOnly rows={8} value={json} />
                </>
              ) : null}
              <div className="qa-panel__actions">
                <button type="button" disabled={!capture} onClick={() => void save(p.id, 'download')}>
                  Save {name} session
                </button>
                <button type="button" disabled={!capture} onClick={() => void save(p.id, 'copy')}>
                  Copy {name} session
                </button>
              </div>
            </section>
          );
        })}
      </div>
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

/**
 * The rollouts served (docs/decisions/044) and the side this account is on in each, with the reason: the same
 * function the server's render and the browser's decisions place it with (src/engine/rollout.ts).
 */
const Rollouts = observer(function Rollouts() {
  const store = useStores();
  const { rollouts } = store.qa;
  if (rollouts.length === 0) return null;
  const account = store.profile.accountNumber;
  return (
    <>
      <h2>Rollouts</h2>
      <ul className="qa-panel__rule-files" aria-label="Rollouts">
        {rollouts.map((r) => {
          const placed = placementOf(r, account);
          return (
            <li key={r.change}>
              <code>rules/rollouts/{r.change}.json</code> ({r.summary}): <strong>{placed.side} side</strong>
              <p className="qa-panel__message">
                account {account ?? '(none yet)'}: {placed.why}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
});

/**
 * The explain trace of the current decisions: json-rules-engine works it out when the panel shows it, and the
 * formatter loads then too (neither is first-load code).
 */
const ExplainTrace = observer(function ExplainTrace() {
  const store = useStores();
  const trace = store.decisions.explain;
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    void Promise.all([import('../engine/explain'), trace()]).then(
      ([{ formatExplain }, made]) => {
        if (live) setText(formatExplain(made));
      },
      (error: unknown) => {
        if (live)
          setText(
            `The rules could not be explained: ${error instanceof Error ? error.message : String(error)}`,
          );
      },
    );
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
