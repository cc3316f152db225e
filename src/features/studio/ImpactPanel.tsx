/**
 * The impact of the draft on the generated population (issue 14, item 5; ADR 014 and 019): measured in a
 * Web Worker with a progress bar and a Cancel, shown as counts per decision and change (live → draft) in
 * a table and a bar chart, with example accounts that open with their facts and their decisions under the
 * live and the draft rules.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fromCallback } from 'xstate';
import { shownMessages } from '../../../machines/messages';
import { studioImpactMachine, type StudioImpactEvent } from '../../../machines/studio-impact.machine';
import { factDefinition } from '../../facts/vocabulary';
import { usePageFlow } from '../../stores/use-page-flow';
import { Dialog } from '../../ui/Dialog';
import type { LiveRules } from './api';
import {
  ImpactProblems,
  prepareImpact,
  startImpact,
  type ImpactResult,
  type Preparation,
} from './impact-client';
import type { ImpactAccount } from './impact-protocol';
import { decisionLines, Holder, type Files } from './model';
import { Fact } from './parts';

const count = (n: number): string => n.toLocaleString('en-US');
const share = (n: number, of: number): string =>
  of === 0 ? '0%' : `${((100 * n) / of).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

interface ImpactPanelProps {
  live: LiveRules;
  files: Files;
  /** The latest finished result (null when there is none): the save records its figures. */
  onResult: (result: ImpactResult | null) => void;
}

export function ImpactPanel({ live, files, onResult }: ImpactPanelProps) {
  // The measure actor is made once; it reads the draft of the moment it starts through this holder.
  const [latest] = useState(() => new Holder({ live, files, onResult }));
  useEffect(() => {
    latest.set({ live, files, onResult });
  });
  const [result, setResult] = useState<ImpactResult | null>(null);
  const [machine] = useState(() =>
    studioImpactMachine.provide({
      actors: {
        measure: fromCallback<StudioImpactEvent>(({ sendBack }) => {
          let stopped = false;
          const job = startImpact(latest.current.live.files, latest.current.files, (p) => {
            if (!stopped) sendBack({ type: 'IMPACT.PROGRESS', done: p.done, total: p.total });
          });
          job.result.then(
            (r) => {
              if (stopped) return r.release();
              setResult((old) => {
                old?.release();
                return r;
              });
              latest.current.onResult(r);
              sendBack({
                type: 'IMPACT.DONE',
                accounts: r.report.accounts,
                changedAccounts: r.report.changedAccounts,
                ms: r.ms,
              });
            },
            (e: unknown) => {
              if (stopped) return;
              sendBack({
                type: 'IMPACT.FAILED',
                problems: e instanceof ImpactProblems ? e.problems : [String(e)],
              });
            },
          );
          return () => {
            stopped = true;
            job.stop();
          };
        }),
      },
    }),
  );
  const [snapshot, send] = usePageFlow('studio-impact', machine);
  const { context } = snapshot;
  const running = snapshot.matches('running');
  const message = shownMessages(snapshot)[0];

  // An edit makes a result stale (and restarts a run under way on the new draft).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    send({ type: 'IMPACT.STALE' });
    latest.current.onResult(null);
  }, [files, send, latest]);

  // The last result's rules are let go in the worker with the page.
  useEffect(() => () => result?.release(), [result]);

  // The population is prepared with the live rules ahead of the click, as the panel comes near the screen
  // (an analyst who never looks at the impact costs nothing): a measurement then decides the draft only.
  const [preparation, setPreparation] = useState<Preparation | null>(null);
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = section.current;
    if (!el || near) return undefined;
    const seen = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: '800px 0px',
      },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  const wanted = near || running;
  useEffect(() => (wanted ? prepareImpact(live.files, setPreparation) : undefined), [live.files, wanted]);
  const preparing = preparation?.state === 'preparing' ? preparation : null;

  const [example, setExample] = useState<number | null>(null);
  const progressId = useId();
  const shown = result && (snapshot.matches('measured') || snapshot.matches('stale')) ? result : null;

  return (
    <section ref={section} aria-labelledby="studio-impact-title" className="studio-panel">
      <h3 id="studio-impact-title">Impact on the generated accounts</h3>
      <p className="studio-muted">
        Every account of the generated population (rules/population/distributions.json) decided with the live
        rules and with the draft, in a worker beside the page; each change is counted from live to draft. The
        accounts and their live decisions are prepared once, as this panel comes into view.
      </p>
      <div className="studio-toolbar">
        {/* One button that turns into Cancel while a run is under way: keyboard focus stays on it. */}
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => send({ type: running ? 'IMPACT.CANCEL' : 'IMPACT.RUN' })}
        >
          {running ? 'Cancel the measurement' : 'Measure the impact'}
        </button>
      </div>
      {running && preparing ? (
        <div className="studio-progress">
          <label htmlFor={progressId}>
            Preparing {count(preparing.total)} accounts with the live rules: {count(preparing.done)} of{' '}
            {count(preparing.total)}
          </label>
          <progress id={progressId} max={preparing.total || 1} value={preparing.done} />
        </div>
      ) : running ? (
        <div className="studio-progress">
          <label htmlFor={progressId}>
            Measuring the impact: {count(context.done)} of {context.total ? count(context.total) : '…'}{' '}
            accounts
          </label>
          <progress id={progressId} max={context.total || 1} value={context.done} />
        </div>
      ) : preparing ? (
        <p role="status" className="studio-muted">
          Preparing {count(preparing.total)} accounts… ({count(preparing.done)} decided with the live rules; a
          measurement then decides the draft only)
        </p>
      ) : null}
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`studio-message studio-message--${message.tone}`}
        >
          {message.text}
        </p>
      ) : null}
      {snapshot.matches('failed') && context.problems.length > 0 ? (
        <ul className="studio-issues" aria-label="Why the impact could not be measured">
          {context.problems.map((p, i) => (
            <li key={i} className="studio-issues__error">
              {p}
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? <ImpactResultView result={shown} onExample={setExample} /> : null}
      {shown && example !== null ? (
        <ExampleDialog result={shown} index={example} onClose={() => setExample(null)} />
      ) : null}
    </section>
  );
}

function ImpactResultView({
  result,
  onExample,
}: {
  result: ImpactResult;
  onExample: (index: number) => void;
}) {
  const { report } = result;
  const labelOf = new Map(report.examples.map((e) => [e.index, e.label]));
  const rows = report.decisions.flatMap((d) => d.changes.map((c) => ({ decision: d.decision, ...c })));
  return (
    <>
      <p role="status" className="studio-impact-summary">
        <strong>
          {count(report.accounts)} accounts in {count(result.ms)} ms
        </strong>
        . {count(report.changedAccounts)} of them ({share(report.changedAccounts, report.accounts)}) see a
        change. (The time is the draft’s: the accounts and their live decisions were prepared beforehand.)
      </p>
      {rows.length === 0 ? (
        <p>No account’s decisions change.</p>
      ) : (
        <>
          <ImpactChart rows={rows} accounts={report.accounts} />
          <div className="studio-scroll" tabIndex={0} role="region" aria-label="Impact per decision">
            <table className="studio-table studio-impact-table">
              <caption>Accounts per decision and change (live → draft), of {count(report.accounts)}</caption>
              <thead>
                <tr>
                  <th scope="col">Decision</th>
                  <th scope="col">Change (live → draft)</th>
                  <th scope="col">Accounts</th>
                  <th scope="col">Share</th>
                  <th scope="col">Example accounts</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.decision} ${r.change}`}>
                    <td>{r.decision}</td>
                    <th scope="row">{r.change}</th>
                    <td className="studio-num">{count(r.accounts)}</td>
                    <td className="studio-num">{share(r.accounts, report.accounts)}</td>
                    <td>
                      {r.examples.map((index) => (
                        <button
                          key={index}
                          type="button"
                          className="btn btn--secondary studio-example"
                          aria-label={`Open example account ${labelOf.get(index) ?? `#${index}`} (${r.decision}: ${r.change})`}
                          onClick={() => onExample(index)}
                        >
                          {labelOf.get(index) ?? `#${index}`}
                        </button>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** The changes as horizontal bars (the table above holds the same figures for every reader). */
function ImpactChart({
  rows,
  accounts,
}: {
  rows: { decision: string; change: string; accounts: number }[];
  accounts: number;
}) {
  const titleId = useId();
  const top = [...rows].sort((a, b) => b.accounts - a.accounts).slice(0, 10);
  const max = Math.max(1, ...top.map((r) => r.accounts));
  // Each change's label above its bar, so the chart stays legible when it is scaled down to a phone.
  const rowHeight = 46;
  const barHeight = 16;
  const width = 440;
  const barWidth = 330;
  const height = top.length * rowHeight;
  return (
    <figure className="studio-chart">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        className="studio-chart__svg"
      >
        <title id={titleId}>
          {`Accounts per change, the ${top.length} largest: ${top
            .map((r) => `${r.decision} ${r.change}: ${count(r.accounts)}`)
            .join('; ')}`}
        </title>
        {top.map((r, i) => {
          const y = i * rowHeight;
          const w = Math.max(2, Math.round((barWidth * r.accounts) / max));
          const label = `${r.decision}: ${r.change}`;
          return (
            <g key={label}>
              <text x={0} y={y + 14} className="studio-chart__label">
                {label.length > 60 ? `${label.slice(0, 59)}…` : label}
              </text>
              <rect x={0} y={y + 20} width={w} height={barHeight} className="studio-chart__bar" />
              <text x={w + 6} y={y + 20 + barHeight / 2} className="studio-chart__value">
                {`${count(r.accounts)} (${share(r.accounts, accounts)})`}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="studio-muted">
        The largest changes, in accounts; every figure is in the table below.
      </figcaption>
    </figure>
  );
}

function ExampleDialog({
  result,
  index,
  onClose,
}: {
  result: ImpactResult;
  index: number;
  onClose: () => void;
}) {
  const [account, setAccount] = useState<ImpactAccount | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stale = false;
    result.account(index).then(
      (a) => !stale && setAccount(a),
      (e: unknown) => !stale && setProblem(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      stale = true;
    };
  }, [result, index]);
  const label = result.report.examples.find((e) => e.index === index)?.label ?? `#${index}`;
  const keyFacts = result.report.keyFacts;
  const liveLines = account ? decisionLines(account.live.decisions) : {};
  const draftLines = account ? decisionLines(account.draft.decisions) : {};
  const items = account
    ? (['orders', 'tickets'] as const).map((kind) => ({
        kind,
        live: account.live[kind].length,
        changed: account.draft[kind].filter(
          (d, i) => JSON.stringify(d) !== JSON.stringify(account.live[kind][i]),
        ).length,
      }))
    : [];
  return (
    <Dialog open title={`Example account ${label}`} onClose={onClose} width="56rem">
      {problem ? <p role="alert">{problem}</p> : null}
      {!account && !problem ? <p>Loading the account…</p> : null}
      {account ? (
        <>
          <p>
            Account {label} of the generated population, as the customer has it under the live rules, with its
            decisions under the live and the draft rules.
          </p>
          <div
            className="studio-scroll"
            tabIndex={0}
            role="region"
            aria-label={`Key facts of account ${label}`}
          >
            <table className="studio-table studio-table--labels">
              <caption>The facts the changed rules test</caption>
              <tbody>
                {keyFacts.map((f) => (
                  <tr key={f}>
                    <th scope="row">
                      <Fact name={f} />
                    </th>
                    <td>
                      <code>{JSON.stringify(account.facts[f]) ?? 'undefined'}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div
            className="studio-scroll"
            tabIndex={0}
            role="region"
            aria-label={`Decisions of account ${label}`}
          >
            <table className="studio-table studio-table--labels">
              <caption>Decisions under the live and the draft rules</caption>
              <thead>
                <tr>
                  <th scope="col">Decision</th>
                  <th scope="col">Live</th>
                  <th scope="col">Draft</th>
                </tr>
              </thead>
              <tbody>
                {Object.keys(liveLines).map((k) => {
                  const changed = liveLines[k] !== draftLines[k];
                  return (
                    <tr key={k} className={changed ? 'studio-changed' : undefined}>
                      <th scope="row">{k}</th>
                      <td>{liveLines[k]}</td>
                      <td>
                        {changed ? <strong>changed: </strong> : null}
                        {draftLines[k]}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {items.some((i) => i.live > 0) ? (
            <p>
              {items
                .map((i) => `${i.live} ${i.kind} in the history, ${i.changed} with changed actions`)
                .join('; ')}
              .
            </p>
          ) : null}
          <details>
            <summary>Every fact of account {label}</summary>
            <ul className="studio-allfacts">
              {Object.entries(account.facts).map(([f, v]) => (
                <li key={f}>
                  {factDefinition(f) ? <Fact name={f} /> : <code>{f}</code>}:{' '}
                  <code>{JSON.stringify(v) ?? 'undefined'}</code>
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : null}
    </Dialog>
  );
}

/** A change's impact figures as its history entry shows them. */
export function ImpactFiguresView({
  figures,
}: {
  figures: {
    accounts: number;
    changedAccounts: number;
    ms: number;
    decisions: { decision: string; accounts: number; changes: { change: string; accounts: number }[] }[];
  };
}) {
  return (
    <div className="studio-impact-figures">
      <p>
        Impact: {count(figures.changedAccounts)} of {count(figures.accounts)} accounts see a change (
        {share(figures.changedAccounts, figures.accounts)}; measured in {count(figures.ms)} ms).
      </p>
      {figures.decisions.length > 0 ? (
        <ul aria-label="Impact per decision">
          {figures.decisions.flatMap((d) =>
            d.changes.map((c) => (
              <li key={`${d.decision} ${c.change}`}>
                {d.decision}: {c.change}: {count(c.accounts)} accounts
              </li>
            )),
          )}
        </ul>
      ) : null}
    </div>
  );
}
