/**
 * The core of the rule cases (rules/cases/<decision>.cases.json, see rules/README.md): what a case file may
 * say, the checks of its own that name the file, the case and the place, and how a case runs on the
 * portal's runtime. `npm run rules:test` (lib/rule-cases.ts: files, personas, the schema backstop and
 * coverage) and the rule studio in the browser run the same code, so a case passes or fails the same way in
 * both. Browser-safe: personas come in as data.
 */
import { DECISIONS, decisionSpec, type DecisionId } from './decisions';
import type { OutcomeSpec, Placement } from './declare';
import { parseJson } from './check';
import { formatDecisionTrace } from './explain';
import { ruleRef } from './rule-ref';
import { createRuntime, type Runtime } from './runtime';
import type { DecisionTrace, ExplainTrace, HomeDecisions, ItemDecisions, Rulesets } from './types';
import { closest, type RulesetIssue } from './validate';
import {
  ACCOUNT_FACTS,
  DECISION_FACTS,
  ORDER_FACTS,
  type AccountFacts,
  type FactDefinition,
  type OrderFacts,
} from '../facts/vocabulary';

export type Facts = Record<string, string | number | boolean | null>;

export interface RuleCase {
  name: string;
  /** A named set of facts of given.json to start from instead of the file's. */
  given?: string;
  /** The facts this case changes. */
  facts?: Facts;
  /** Or: a persona of sandbox/personas/, on a date (default the preview's), its account N (from 1). */
  persona?: string;
  date?: string;
  account?: number;
  expect: Record<string, unknown>;
}

export interface CaseFile {
  $schema?: string;
  decision: DecisionId;
  description: string;
  /** The named set of facts every case starts from (given.json). */
  given: string;
  cases: RuleCase[];
}

export interface GivenEntry {
  description?: string;
  /** Another entry whose facts these change. */
  extends?: string;
  facts: Facts;
}

export interface GivenFile {
  $schema?: string;
  description?: string;
  given: Record<string, GivenEntry>;
}

// ------------------------------------------------------------------------------------ what is decided

export type ListItem = { id: string; variant?: string };
export type Outcome = { list: ListItem[] } | { record: Record<string, unknown> };

/** The ids a decision adds, for a decision whose outcome is a list of things added (flags, calls, sections). */
function listIds(spec: OutcomeSpec): readonly string[] | undefined {
  switch (spec.type) {
    case 'flags':
      return spec.names;
    case 'list':
      return spec.values;
    case 'union':
      return spec.order;
    case 'placements':
      return spec.ids;
    default:
      return undefined;
  }
}

/** The decisions whose outcome is a list of things added (flags, actions, calls, sections), with their ids. */
export const LISTS: Partial<Record<DecisionId, readonly string[]>> = Object.fromEntries(
  DECISIONS.flatMap((d) => {
    const ids = listIds(d.outcome);
    return ids ? [[d.id, ids]] : [];
  }),
);

const on = (record: Record<string, boolean>): ListItem[] =>
  Object.entries(record)
    .filter(([, v]) => v)
    .map(([id]) => ({ id }));

/** A decided value in the shape its cases' "expect" uses, as its outcome kind reads. */
export function caseOutcome(spec: OutcomeSpec, value: unknown): Outcome {
  switch (spec.type) {
    case 'flags':
      return { list: on(value as Record<string, boolean>) };
    case 'list':
    case 'union':
      return { list: ((value as Record<string, string[]>)[spec.wrap] ?? []).map((id) => ({ id })) };
    case 'placements':
      return {
        list: (value as Placement[]).map((s) => ({
          id: s.section,
          ...(s.params.variant ? { variant: s.params.variant } : {}),
        })),
      };
    case 'value':
      return {
        record: spec.wrap === null ? { [spec.field]: value ?? null } : (value as Record<string, unknown>),
      };
    case 'first-or-null':
      return { record: { [spec.field]: (value as Record<string, unknown> | null)?.[spec.field] ?? null } };
    case 'params':
      return {
        record: spec.caseRecord ? spec.caseRecord(value as never) : (value as Record<string, unknown>),
      };
    case 'lookup':
      return { record: value as Record<string, unknown> };
  }
}

/** What a decision decided, in the shape its cases' "expect" uses. */
export function outcomeOf(id: DecisionId, d: HomeDecisions, item: ItemDecisions | null): Outcome {
  const spec = decisionSpec(id)!;
  if (spec.stage !== 'order') return caseOutcome(spec.outcome, (d as Record<string, unknown>)[spec.key]);
  // No item decided (a persona case of a per-item decision): nothing shows, no answer.
  if (!item) return spec.outcome.type === 'flags' ? { list: [] } : caseOutcome(spec.outcome, null);
  return caseOutcome(spec.outcome, (item as Record<string, unknown>)[spec.key]);
}

/**
 * The facts a case may set: the account's, and the feature toggles (`toggle.cancel`), which a case switches
 * as if rules/toggles.json said so: "with the embargo message toggle on, ..." is a sentence of the spec.
 */
export const TOGGLE_FACTS = DECISION_FACTS.filter((f) => f.name.startsWith('toggle.'));
export const CASE_FACTS: readonly FactDefinition[] = [...ACCOUNT_FACTS, ...TOGGLE_FACTS];
/** A per-item case's facts: the item's, and what the pending-order alert offers (orderActions.*). */
export const ITEM_FACTS: readonly FactDefinition[] = [
  ...ORDER_FACTS,
  ...DECISION_FACTS.filter((f) => f.name.startsWith('orderActions.')),
];

/** A persona as the cases need it: how many accounts it has, and its decisions on a day. */
export interface CasePersonas {
  /** Every persona's id (for a did-you-mean). */
  ids: readonly string[];
  accounts(id: string): number | undefined;
  decide(
    runtime: Runtime,
    id: string,
    date: string,
    accountIndex: number,
  ): Promise<{ decisions: HomeDecisions; explain: () => Promise<ExplainTrace> }>;
}

/** The day persona cases are decided on when they name none (the preview's pinned date). */
export const CASE_DATE = '2026-03-10';

export interface LoadedCases {
  files: { file: string; cases: CaseFile }[];
  given: GivenFile['given'];
  issues: RulesetIssue[];
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const show = (v: unknown): string => JSON.stringify(v) ?? 'undefined';
export const caseRef = (i: number, c: unknown): string => ruleRef(i + 1, isObject(c) ? c.name : undefined);

function checkFacts(
  issues: RulesetIssue[],
  file: string,
  rule: string | undefined,
  facts: unknown,
  path: string,
  known: readonly FactDefinition[],
): void {
  const at = (p: string, message: string): void => {
    issues.push({ file, ...(rule ? { rule } : {}), path: p, message });
  };
  if (!isObject(facts)) {
    at(path, '"facts" lists fact names with their values: {"accountTenure": 0}');
    return;
  }
  const names = known.map((f) => f.name);
  for (const [name, value] of Object.entries(facts)) {
    const def = known.find((f) => f.name === name);
    if (!def) {
      const guess = closest(name, names);
      at(`${path}.${name}`, `unknown fact '${name}'${guess ? `: did you mean '${guess}'?` : ''}`);
    } else if (value !== null && typeof value !== def.type) {
      at(`${path}.${name}`, `'${name}' is a ${def.type} (or null for unknown), not ${show(value)}`);
    } else if (def.closed && def.values && value !== null && !def.values.includes(value as string | number)) {
      at(
        `${path}.${name}`,
        `${show(value)} is not a value '${name}' can have (${def.values.map(show).join(', ')})`,
      );
    }
  }
}

export function checkGiven(file: string, json: unknown): RulesetIssue[] {
  const issues: RulesetIssue[] = [];
  if (!isObject(json) || !isObject(json.given)) {
    return [
      { file, path: 'given', message: '"given" names sets of facts: {"plain account": {"facts": {...}}}' },
    ];
  }
  const entries = json.given;
  for (const [name, entry] of Object.entries(entries)) {
    const path = `given.${name}`;
    if (!isObject(entry)) {
      issues.push({
        file,
        path,
        message: 'an entry is {"description": ..., "extends": ..., "facts": {...}}',
      });
      continue;
    }
    checkFacts(issues, file, undefined, entry.facts, `${path}.facts`, [...CASE_FACTS, ...ITEM_FACTS]);
    const seen = [name];
    let next = entry.extends;
    while (typeof next === 'string') {
      if (!(next in entries)) {
        issues.push({ file, path: `${path}.extends`, message: `no entry is named '${next}'` });
        break;
      }
      if (seen.includes(next)) {
        issues.push({
          file,
          path: `${path}.extends`,
          message: `the entries extend each other in a circle: ${seen.join(' -> ')}`,
        });
        break;
      }
      seen.push(next);
      const parent = entries[next];
      next = isObject(parent) ? parent.extends : undefined;
    }
  }
  return issues;
}

export function checkCaseFile(
  file: string,
  name: string,
  json: unknown,
  given: GivenFile['given'],
  personas: Pick<CasePersonas, 'accounts' | 'ids'>,
): RulesetIssue[] {
  const issues: RulesetIssue[] = [];
  const at = (path: string, message: string, rule?: string): void => {
    issues.push({ file, ...(rule ? { rule } : {}), path, message });
  };
  if (!isObject(json))
    return [{ file, path: '', message: 'a case file is {"decision", "description", "given", "cases"}' }];
  const ids = DECISIONS.map((d) => d.id);
  const decision = typeof json.decision === 'string' ? decisionSpec(json.decision) : undefined;
  if (!decision) {
    const guess = typeof json.decision === 'string' ? closest(json.decision, ids) : undefined;
    at(
      'decision',
      `"decision" must name a decision${guess ? `: did you mean '${guess}'?` : ` (${ids.join(', ')})`}`,
    );
    return issues;
  }
  if (name !== `${decision.id}.cases.json`)
    at('decision', `the cases of '${decision.id}' live in ${decision.id}.cases.json`);
  const givenNames = Object.keys(given);
  const checkGivenName = (value: unknown, path: string, rule?: string): void => {
    if (typeof value === 'string' && value in given) return;
    const guess = typeof value === 'string' ? closest(value, givenNames) : undefined;
    at(
      path,
      `no set of facts in given.json is named ${show(value)}${guess ? `: did you mean '${guess}'?` : ''}`,
      rule,
    );
  };
  checkGivenName(json.given, 'given');
  const known = decision.stage === 'order' ? [...CASE_FACTS, ...ITEM_FACTS] : CASE_FACTS;
  if (!Array.isArray(json.cases)) at('cases', '"cases" is a list of cases in [ ]');
  const names = new Set<string>();
  (Array.isArray(json.cases) ? json.cases : []).forEach((c, i) => {
    const path = `cases[${i}]`;
    const rule = caseRef(i, c);
    if (!isObject(c)) return;
    if (typeof c.name === 'string') {
      if (names.has(c.name))
        at(`${path}.name`, 'another case has this name: name each case after what it checks', rule);
      names.add(c.name);
    }
    if ('given' in c) checkGivenName(c.given, `${path}.given`, rule);
    if ('facts' in c) checkFacts(issues, file, rule, c.facts, `${path}.facts`, known);
    if ('persona' in c) {
      if ('facts' in c || 'given' in c)
        at(path, 'a case gives either facts (and "given") or a persona, not both', rule);
      if (decision.stage === 'order')
        at(`${path}.persona`, `${decision.id} cases give the facts of an order`, rule);
      const accounts = typeof c.persona === 'string' ? personas.accounts(c.persona) : undefined;
      if (accounts === undefined) {
        const guess = typeof c.persona === 'string' ? closest(c.persona, personas.ids) : undefined;
        at(
          `${path}.persona`,
          `no persona is named ${show(c.persona)}${guess ? `: did you mean '${guess}'?` : ''}`,
          rule,
        );
      } else if (typeof c.account === 'number' && c.account > accounts) {
        at(`${path}.account`, `${String(c.persona)} has ${accounts} account(s)`, rule);
      }
    } else if ('date' in c || 'account' in c) {
      at(path, '"date" and "account" go with a persona', rule);
    }
  });
  return issues;
}

/** How the files of a cases folder are checked: the own checks, plus the CLI's schema backstop. */
export interface CaseCheckers {
  given: (file: string, json: unknown) => RulesetIssue[];
  cases: (file: string, name: string, json: unknown, given: GivenFile['given']) => RulesetIssue[];
}

/** The case files of a cases folder given as texts by name ('given.json', 'prepaid-card.cases.json'), checked. */
export function loadCaseTexts(
  texts: Readonly<Record<string, string>>,
  label: (name: string) => string,
  checkers: CaseCheckers,
): LoadedCases {
  const result: LoadedCases = { files: [], given: {}, issues: [] };
  const parsed = new Map<string, unknown>();
  for (const name of Object.keys(texts).sort()) {
    const p = parseJson(texts[name]!);
    if ('problem' in p) result.issues.push({ file: label(name), path: p.where, message: p.problem });
    else parsed.set(name, p.json);
  }
  const givenJson = parsed.get('given.json');
  if (givenJson === undefined) {
    if (!result.issues.some((i) => i.file === label('given.json')))
      result.issues.push({ file: label('given.json'), path: '', message: 'the file is missing' });
  } else {
    result.issues.push(...checkers.given(label('given.json'), givenJson));
    if (isObject(givenJson) && isObject(givenJson.given))
      result.given = givenJson.given as GivenFile['given'];
  }
  for (const [name, json] of parsed) {
    if (name === 'given.json') continue;
    const file = label(name);
    const issues = checkers.cases(file, name, json, result.given);
    result.issues.push(...issues);
    if (issues.length === 0) result.files.push({ file, cases: json as CaseFile });
  }
  return result;
}

/** The facts of a given entry, its `extends` applied first. */
export function givenFacts(given: GivenFile['given'], name: string): Facts {
  const entry = given[name];
  if (!entry) throw new Error(`no set of facts in given.json is named '${name}'`);
  return { ...(entry.extends ? givenFacts(given, entry.extends) : {}), ...entry.facts };
}

// ------------------------------------------------------------------------------------ running

export interface CaseResult {
  file: string;
  decision: DecisionId;
  /** `#3 'name'`. */
  ref: string;
  case: RuleCase;
  /** Why it fails, one line each; empty when it passes. */
  failures: string[];
  expected: string;
  got: string;
  /**
   * json-rules-engine's trace of the case's decision: for a failing case always, for a passing one only when
   * every trace was asked for (`traces: 'every case'`, what the coverage reads); null otherwise.
   */
  trace: DecisionTrace | null;
}

export interface RunCasesOptions {
  /**
   * 'failing cases' (the default): every case is decided as a customer's page is (the compiled evaluator,
   * docs/decisions/045) and only a failing case is traced with json-rules-engine, to explain it; 'every
   * case': every case is decided and traced by json-rules-engine (the rules' coverage reads every trace).
   */
  traces?: 'failing cases' | 'every case';
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export const words = (record: Record<string, unknown>): string =>
  Object.entries(record)
    .map(([k, v]) => `${k} ${show(v)}`)
    .join(', ');
export const listWords = (items: ListItem[]): string =>
  items.length === 0
    ? '(nothing)'
    : items.map((i) => (i.variant ? `${i.id} (${i.variant})` : i.id)).join(', ');

/** Compares an outcome with a case's "expect"; each failure in plain words. */
export function compare(expect: Record<string, unknown>, outcome: Outcome): string[] {
  const failures: string[] = [];
  if ('record' in outcome) {
    for (const [key, value] of Object.entries(expect)) {
      if (!sameValue(outcome.record[key], value))
        failures.push(`${key}: expected ${show(value)}, got ${show(outcome.record[key])}`);
    }
    return failures;
  }
  const ids = outcome.list.map((i) => i.id);
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
  for (const id of list(expect.includes))
    if (!ids.includes(id)) failures.push(`expected ${id}, which is not decided`);
  for (const id of list(expect.excludes))
    if (ids.includes(id)) failures.push(`expected no ${id}, but it is decided`);
  if ('exactly' in expect && !sameValue(ids, list(expect.exactly)))
    failures.push(`expected exactly ${list(expect.exactly).join(', ') || '(nothing)'}`);
  if ('inOrder' in expect) {
    const wanted = list(expect.inOrder);
    const seen = ids.filter((id) => wanted.includes(id));
    if (!sameValue(seen, wanted)) failures.push(`expected in this order: ${wanted.join(', ')}`);
  }
  if ('first' in expect && ids[0] !== expect.first) failures.push(`expected ${String(expect.first)} first`);
  for (const [id, variant] of Object.entries(isObject(expect.variants) ? expect.variants : {})) {
    const item = outcome.list.find((i) => i.id === id);
    if (!item) failures.push(`expected ${id} (${String(variant)}), which is not decided`);
    else if (item.variant !== variant)
      failures.push(`expected ${id} in its variant ${String(variant)}, got ${item.variant ?? 'no variant'}`);
  }
  return failures;
}

export function expectedWords(decision: DecisionId, expect: Record<string, unknown>): string {
  if (!LISTS[decision]) return words(expect);
  return Object.entries(expect)
    .map(([k, v]) =>
      k === 'variants' && isObject(v)
        ? Object.entries(v)
            .map(([s, variant]) => `${s} (${String(variant)})`)
            .join(', ')
        : `${k} ${Array.isArray(v) ? v.join(', ') || '(nothing)' : String(v)}`,
    )
    .join('; ');
}

/** The rules that explain a failure: the winner, and the rules that would give what was expected. */
export function explainTrace(decision: DecisionId, trace: DecisionTrace, c: RuleCase): DecisionTrace {
  const spec = decisionSpec(decision)!;
  const key = (spec.params as { required?: string[] }).required?.[0];
  const wanted = new Set<string>();
  const e = c.expect;
  if (LISTS[decision] && key) {
    for (const k of ['includes', 'excludes', 'exactly', 'inOrder'])
      for (const id of Array.isArray(e[k]) ? (e[k] as unknown[]) : []) wanted.add(String(id));
    if (typeof e.first === 'string') wanted.add(e.first);
    for (const id of Object.keys(isObject(e.variants) ? e.variants : {})) wanted.add(id);
  }
  const relevant = trace.rules.filter((r) => {
    if (r.name === trace.winner) return true;
    if (LISTS[decision] && key) return wanted.has(String(r.event.params[key]));
    if (spec.kind === 'lookup' && spec.lookupKey) return String(r.event.params[spec.lookupKey]) in e;
    // First match: the rules whose decision is what the case expected.
    return Object.entries(e).every(([k, v]) => !(k in r.event.params) || sameValue(r.event.params[k], v));
  });
  return { ...trace, rules: relevant.slice(0, 6) };
}

/** The runtime of the rules, with toggles switched as a case says (built once per setting). */
function runtimes(rulesets: Rulesets): (toggles: Facts) => Runtime {
  const built = new Map<string, Runtime>();
  return (toggles) => {
    const key = JSON.stringify(Object.entries(toggles).sort());
    let runtime = built.get(key);
    if (!runtime) {
      const switched: Rulesets = { ...rulesets, toggles: structuredClone(rulesets.toggles) };
      for (const rule of switched.toggles.rules) {
        const name = `toggle.${String(rule.event.params.toggle)}`;
        if (name in toggles) rule.event.params.on = toggles[name];
      }
      runtime = createRuntime(switched);
      built.set(key, runtime);
    }
    return runtime;
  };
}

export async function runCases(
  rulesets: Rulesets,
  loaded: Pick<LoadedCases, 'files' | 'given'>,
  personas: CasePersonas,
  options: RunCasesOptions = {},
): Promise<CaseResult[]> {
  const runtime = runtimes(rulesets);
  const everyTrace = options.traces === 'every case';
  const results: CaseResult[] = [];
  for (const { file, cases } of loaded.files) {
    for (const [i, c] of cases.cases.entries()) {
      const run = await runCase(runtime, loaded.given, cases, c, personas, everyTrace);
      const failures = compare(c.expect, run.outcome);
      const trace = 'trace' in run ? run.trace : failures.length > 0 ? await run.traced() : null;
      results.push({
        file,
        decision: cases.decision,
        ref: caseRef(i, c),
        case: c,
        failures,
        expected: expectedWords(cases.decision, c.expect),
        got: 'list' in run.outcome ? listWords(run.outcome.list) : words(run.outcome.record),
        trace,
      });
    }
  }
  return results;
}

async function runCase(
  runtimeWith: (toggles: Facts) => Runtime,
  given: GivenFile['given'],
  file: CaseFile,
  c: RuleCase,
  personas: CasePersonas,
  everyTrace: boolean,
): Promise<
  { outcome: Outcome; trace: DecisionTrace } | { outcome: Outcome; traced: () => Promise<DecisionTrace> }
> {
  const traceOf = (explain: DecisionTrace[]): DecisionTrace =>
    explain.find((d) => d.decision === file.decision)!;
  if (c.persona !== undefined) {
    const r = await personas.decide(runtimeWith({}), c.persona, c.date ?? CASE_DATE, (c.account ?? 1) - 1);
    const outcome = outcomeOf(file.decision, r.decisions, null);
    const tracedPersona = async () => traceOf(await r.explain());
    return everyTrace ? { outcome, trace: await tracedPersona() } : { outcome, traced: tracedPersona };
  }
  const facts = { ...givenFacts(given, c.given ?? file.given), ...c.facts };
  const runtime = runtimeWith(
    Object.fromEntries(Object.entries(facts).filter(([k]) => k.startsWith('toggle.'))),
  );
  const account = Object.fromEntries(
    ACCOUNT_FACTS.map((f) => [f.name, facts[f.name] ?? null]),
  ) as unknown as AccountFacts;
  const order =
    decisionSpec(file.decision)?.stage === 'order'
      ? (Object.fromEntries(ORDER_FACTS.map((f) => [f.name, facts[f.name] ?? null])) as unknown as OrderFacts)
      : null;
  // A case may set what the pending-order alert offers as a fact, as the per-item rules read it.
  const itemContext = (decisions: HomeDecisions) => ({
    toggles: decisions.toggles,
    orderActions: {
      ...decisions.orderActions,
      ...('orderActions.cancelOrder' in facts
        ? { 'cancel-order': facts['orderActions.cancelOrder'] === true }
        : {}),
    },
  });
  // json-rules-engine's outcome and trace of the case.
  const reference = async (): Promise<{ outcome: Outcome; trace: DecisionTrace }> => {
    const { decisions, explain } = await runtime.decide(account);
    if (!order) return { outcome: outcomeOf(file.decision, decisions, null), trace: traceOf(explain) };
    const r = await runtime.decideItem(order, itemContext(decisions));
    return { outcome: outcomeOf(file.decision, decisions, r.decisions), trace: traceOf(r.explain) };
  };
  if (everyTrace) return reference();
  const { decisions } = await runtime.decisions(account);
  const item = order ? await runtime.itemDecisions(order, itemContext(decisions)) : null;
  return {
    outcome: outcomeOf(file.decision, decisions, item),
    traced: async () => (await reference()).trace,
  };
}

/** A failed case in plain words: case, expected, got, and the explain trace of the deciding rules. */
export function formatFailure(r: CaseResult): string {
  if (!r.trace) throw new Error(`case ${r.ref} of ${r.file} has no trace: only a failing case is explained`);
  const trace = formatDecisionTrace(explainTrace(r.decision, r.trace, r.case))
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
  return [
    `FAIL ${r.file}, case ${r.ref}`,
    `    decision: ${r.decision}`,
    `    expected: ${r.expected}`,
    `    got:      ${r.got}`,
    ...r.failures.map((f) => `    - ${f}`),
    '    explain (the deciding rule and the rules that would decide what was expected):',
    trace,
  ].join('\n');
}
