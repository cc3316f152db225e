/**
 * The simulator: any facts, typed or picked (starting from a persona's account or an account of the
 * generated population), decided under the live rules and the draft, every decision side by side with
 * why: the winning rule and each condition with the fact's value, as rules:explain prints it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { createRuntime } from '../../engine/runtime';
import type { ConditionTrace, DecisionTrace, ExplainTrace } from '../../engine/types';
import { factDefinition, type AccountFacts } from '../../facts/vocabulary';
import { parseDistributions } from '../../impact/distributions';
import { createGenerator, factsObject } from '../../impact/population';
import { decideBodies } from '../../engine/persona-decide';
import type { LiveRules, PersonaData } from './api';
import { DISTRIBUTIONS_PATH } from './impact-client';
import { dayAt, parseOr, readings, rulesetsOf, type Files, type Reading } from './model';
import { DraftInput } from './DraftInput';
import { readFactValue } from './input-check';
import { Fact } from './parts';
import { factGroups, factMatches, factValueWords, operatorWords } from './words';

type Facts = Record<string, unknown>;

interface Side {
  readings: { decision: string; reading: Reading }[];
  explain: ExplainTrace;
}

const show = (v: unknown): string => (v === undefined ? '(absent)' : (JSON.stringify(v) ?? 'undefined'));
/** A fact's value in a trace, a decided value by its name ('2 (almost expired)'). */
const showFact = (fact: string, v: unknown): string =>
  v === undefined ? '(absent)' : v === null ? 'null' : factValueWords(fact, v);
const readingText = (r: Reading | undefined): string =>
  !r ? '' : 'list' in r ? r.list.join(', ') || '(none)' : r.value;

const inputText = (v: unknown): string =>
  v === undefined ? '(absent)' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');

function ConditionView({ c }: { c: ConditionTrace }) {
  const mark = c.held === null ? 'not reached' : c.held ? 'held' : 'failed';
  if ('fact' in c) {
    return (
      <li
        className={`studio-trace studio-trace--${c.held === null ? 'skipped' : c.held ? 'held' : 'failed'}`}
      >
        [{mark}] <code>{c.fact}</code> {operatorWords(c.operator)}{' '}
        <code>{c.expectedFact ?? showFact(c.fact, c.expected)}</code> (value:{' '}
        <code>{showFact(c.fact, c.value)}</code>)
      </li>
    );
  }
  const children = c.group === 'not' ? [c.child] : c.children;
  return (
    <li>
      [{mark}] {c.group === 'not' ? 'not' : `${c.group} of`}
      <ul>
        {children.map((x, i) => (
          <ConditionView key={i} c={x} />
        ))}
      </ul>
    </li>
  );
}

function TraceView({ trace, side }: { trace: DecisionTrace | undefined; side: string }) {
  if (!trace) return <p className="studio-muted">No trace under the {side}.</p>;
  const head =
    trace.kind === 'first-match'
      ? `Winner: ${trace.winner ?? '(none: the default)'}`
      : `Matching: ${trace.matched.join(', ') || '(none)'}`;
  return (
    <div>
      <p>
        <strong>{side}</strong>: {head}
      </p>
      <ul className="studio-trace-rules">
        {trace.rules.map((r) => (
          <li key={r.name}>
            {r.matched ? 'matches' : 'does not match'}: #{r.position} <code>{r.name}</code> (priority{' '}
            {r.priority}) → <code>{JSON.stringify(r.event.params)}</code>
            {r.error ? <span> (error: {r.error})</span> : null}
            <ul>
              <ConditionView c={r.conditions} />
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function decideSide(files: Files, facts: Facts): Promise<Side | null> {
  const rules = rulesetsOf(files);
  if (!rules) return null;
  const { decisions, explain } = await createRuntime(rules).decide(facts as AccountFacts);
  return { readings: readings(decisions), explain };
}

/**
 * The facts, grouped as the vocabulary groups them, each an input checked as typed by its type ("fifty"
 * for a number is refused at once, with what to type; `null` and `(absent)` are values too), the changed
 * ones marked; a search over names, groups and meanings.
 */
function FactsPanel(props: {
  facts: Facts | null;
  names: string[];
  edited: string[];
  filter: string;
  onFilter: (text: string) => void;
  onUndo: () => void;
  onFact: (name: string, value: unknown) => void;
}) {
  const { facts, names, edited } = props;
  const listId = useId();
  const defs = names.map(
    (name) =>
      factDefinition(name) ?? { name, type: 'string' as const, description: '', source: 'data' as const },
  );
  return (
    <section aria-labelledby="studio-sim-facts" className="studio-panel">
      <h3 id="studio-sim-facts">Facts ({edited.length} changed)</h3>
      <label>
        Find a fact{' '}
        <input type="search" value={props.filter} onChange={(e) => props.onFilter(e.target.value)} />
      </label>{' '}
      <button
        type="button"
        className="btn btn--secondary"
        disabled={edited.length === 0}
        onClick={props.onUndo}
      >
        Undo my changes to the facts
      </button>
      <datalist id={listId}>
        <option value="(absent)" />
        <option value="null" />
      </datalist>
      <div className="studio-sim__facts">
        {factGroups(defs).map((g) => (
          <fieldset key={g.group} className="studio-sim__group">
            <legend>{g.group}</legend>
            {g.facts.map(({ name }) => (
              <SimFact
                key={name}
                name={name}
                value={facts?.[name]}
                edited={edited.includes(name)}
                listId={listId}
                onValue={(v) => props.onFact(name, v)}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

function SimFact({
  name,
  value,
  edited,
  listId,
  onValue,
}: {
  name: string;
  value: unknown;
  edited: boolean;
  listId: string;
  onValue: (value: unknown) => void;
}) {
  const def = factDefinition(name);
  const label = (
    <>
      <Fact name={name} />
      {edited ? ' (changed)' : ''}
    </>
  );
  const className = edited ? 'studio-sim__fact studio-changed' : 'studio-sim__fact';
  if (def?.type === 'boolean') {
    return (
      <label className={className}>
        <span>{label}</span>
        <select value={inputText(value)} onChange={(e) => onValue(readValue(def, e.target.value))}>
          <option>true</option>
          <option>false</option>
          <option>null</option>
          <option>(absent)</option>
        </select>
      </label>
    );
  }
  return (
    <>
      <DraftInput
        className={className}
        label={label}
        value={value}
        show={inputText}
        inputMode={def?.type === 'number' ? 'decimal' : undefined}
        list={def?.values ? `${listId}-${name}` : listId}
        read={(text) => readFactValue(def, text)}
        onValue={onValue}
      />
      {def?.values ? (
        <datalist id={`${listId}-${name}`}>
          {def.values.map((v) => (
            <option key={String(v)} value={String(v)} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

/** A value chosen from a list (true, false, null, absent), as the fact holds it. */
function readValue(def: Parameters<typeof readFactValue>[0], text: string): unknown {
  const r = readFactValue(def, text);
  return 'value' in r ? r.value : null;
}

interface Row {
  decision: string;
  live: Reading;
  draft: Reading | undefined;
  changed: boolean;
}

const traceOf = (side: Side | null | undefined, decision: string) =>
  side?.explain.find((t) => t.decision === decision);

/**
 * One decision under both rule sets; its traces (every rule and condition: hundreds of lines for the
 * home's sections) are drawn when it is opened, so a change of a fact redraws only what is shown.
 */
function DecisionRow({
  row: r,
  sides,
}: {
  row: Row;
  sides: { live: Side | null; draft: Side | null } | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li className={r.changed ? 'studio-changed' : undefined}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <strong>{r.decision}</strong>: {readingText(r.live)}
          {r.changed ? ` → changed: ${readingText(r.draft)}` : ''}
        </summary>
        {open ? (
          <>
            <TraceView trace={traceOf(sides?.live, r.decision)} side="live rules" />
            <TraceView trace={traceOf(sides?.draft, r.decision)} side="draft" />
          </>
        ) : null}
      </details>
    </li>
  );
}

/** Every decision under the live rules and the draft, the differing ones marked, each with its traces. */
function DecisionsPanel({
  sides,
  rows,
}: {
  sides: { live: Side | null; draft: Side | null } | null;
  rows: Row[];
}) {
  return (
    <section aria-labelledby="studio-sim-decisions" className="studio-panel">
      <h3 id="studio-sim-decisions">Decisions</h3>
      <p role="status">
        {!sides
          ? 'Deciding…'
          : !sides.draft
            ? 'The draft has a file that is not valid JSON: the live rules only.'
            : `${rows.filter((r) => r.changed).length} of ${rows.length} decisions differ between the live rules and the draft.`}
      </p>
      <ul className="studio-sim__decisions">
        {rows.map((r) => (
          <DecisionRow key={r.decision} row={r} sides={sides} />
        ))}
      </ul>
    </section>
  );
}

export function Simulator({
  live,
  files,
  personas,
}: {
  live: LiveRules;
  files: Files;
  personas: PersonaData[];
}) {
  const [start, setStart] = useState<{ kind: 'persona'; id: string } | { kind: 'generated'; index: number }>({
    kind: 'persona',
    id: `${personas[0]?.id ?? ''}#0`,
  });
  const [base, setBase] = useState<Facts | null>(null);
  const [facts, setFacts] = useState<Facts | null>(null);
  const [sides, setSides] = useState<{ live: Side | null; draft: Side | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [index, setIndex] = useState('0');

  const generator = useMemo(() => {
    const json = parseOr<unknown>(live.files[DISTRIBUTIONS_PATH]);
    try {
      const d = parseDistributions(json);
      return { make: createGenerator(d), seed: d.seed, accounts: d.accounts };
    } catch {
      return null;
    }
  }, [live.files]);

  // The starting facts: a persona account's (after its calls, as the live rules plan them) or a generated one.
  useEffect(() => {
    let stale = false;
    const done = (f: Facts): void => {
      if (stale) return;
      setBase(f);
      setFacts(f);
    };
    if (start.kind === 'generated') {
      if (generator) done(factsObject(generator.make(generator.seed, start.index).facts));
      return undefined;
    }
    const [id, n] = start.id.split('#') as [string, string];
    const account = personas.find((p) => p.id === id)?.accounts[Number(n)];
    const rules = rulesetsOf(live.files);
    if (account && rules) {
      decideBodies(createRuntime(rules), account, dayAt(live.today)).then(
        (r) => done(r.facts as Facts),
        (e: unknown) => !stale && setProblem(String(e)),
      );
    }
    return () => {
      stale = true;
    };
  }, [start, personas, live, generator]);

  useEffect(() => {
    if (!facts) return undefined;
    let stale = false;
    const t = setTimeout(() => {
      Promise.all([decideSide(live.files, facts), decideSide(files, facts)]).then(
        ([a, b]) => !stale && (setSides({ live: a, draft: b }), setProblem(null)),
        (e: unknown) => !stale && setProblem(e instanceof Error ? e.message : String(e)),
      );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [facts, files, live.files]);

  const names = Object.keys(facts ?? {}).filter((n) => {
    const def = factDefinition(n);
    return def ? factMatches(def, filter) : n.toLowerCase().includes(filter.trim().toLowerCase());
  });
  const edited = Object.keys(facts ?? {}).filter((n) => show(facts?.[n]) !== show(base?.[n]));
  const rows: Row[] = (sides?.live?.readings ?? []).map(({ decision, reading }, i) => {
    const draft = sides?.draft?.readings[i]?.reading;
    return { decision, live: reading, draft, changed: readingText(reading) !== readingText(draft) };
  });
  return (
    <section aria-labelledby="studio-sim-title" className="studio-sim">
      <h2 id="studio-sim-title">Simulator</h2>
      <p>
        Start from a persona’s account or an account of the generated population, change any fact, and see
        every decision under the live rules and the draft, with why.
      </p>
      <fieldset className="studio-panel studio-sim__start">
        <legend>Start from</legend>
        <label>
          A persona’s account{' '}
          <select
            value={start.kind === 'persona' ? start.id : ''}
            onChange={(e) => setStart({ kind: 'persona', id: e.target.value })}
          >
            {start.kind === 'generated' ? <option value="">(a generated account)</option> : null}
            {personas.flatMap((p) =>
              p.accounts.map((_, n) => (
                <option key={`${p.id}#${n}`} value={`${p.id}#${n}`}>
                  {p.id}
                  {p.accounts.length > 1 ? ` account ${n + 1}` : ''}
                </option>
              )),
            )}
          </select>
        </label>
        {generator ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const i = Number(index);
              if (Number.isInteger(i) && i >= 0 && i < generator.accounts)
                setStart({ kind: 'generated', index: i });
            }}
          >
            <label>
              Generated account number (0 to {(generator.accounts - 1).toLocaleString('en-US')}){' '}
              <input
                inputMode="numeric"
                value={index}
                onChange={(e) => setIndex(e.target.value)}
                className="studio-number"
              />
            </label>{' '}
            <button type="submit" className="btn btn--secondary">
              Load the generated account
            </button>
          </form>
        ) : null}
      </fieldset>
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="studio-sim__grid">
        <FactsPanel
          facts={facts}
          names={names}
          edited={edited}
          filter={filter}
          onFilter={setFilter}
          onUndo={() => setFacts(base)}
          onFact={(name, value) => setFacts((f) => ({ ...f, [name]: value }))}
        />
        <DecisionsPanel sides={sides} rows={rows} />
      </div>
    </section>
  );
}
