/**
 * What the studio computes in the browser, with the same code as the command line: rules:check
 * (engine/check.ts), the rule cases (engine/cases.ts) and the persona decisions of the preview
 * (engine/persona-decide.ts). Pure functions of the draft's files.
 */
import {
  CASE_DATE,
  checkCaseFile,
  checkGiven,
  loadCaseTexts,
  runCases,
  type CasePersonas,
  type CaseResult,
} from '../../engine/cases';
import { checkRules, type CheckContext, type CheckResult } from '../../engine/check';
import { DECISIONS, ruleFileOf, type DecisionId } from '../../engine/decisions';
import { decideBodies } from '../../engine/persona-decide';
import { createRuntime } from '../../engine/runtime';
import type { HomeDecisions, RuleCondition, RuleFile, Rulesets } from '../../engine/types';
import type { RulesetIssue } from '../../engine/validate';
import { applyEdits, modify } from 'jsonc-parser';
import { textBoundsProblem } from '../../engine/json-bounds';
import { readDecisions } from '../../impact/impact';
import type { PersonaData } from './api';

export type Files = Record<string, string>;

/** The rule files in decision order, with the decision each makes. */
export const RULE_FILES: readonly { id: DecisionId; name: string }[] = DECISIONS.map((d) => ({
  id: d.id,
  name: ruleFileOf(d.id),
}));

export const casesPathOf = (id: DecisionId): string => `cases/${id}.cases.json`;

/** A day as the rules tools evaluate it: noon local time. */
export function dayAt(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

export function parseOr<T>(text: string | undefined): T | null {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The rule sets of a set of files, or null when any decision's file is missing or not JSON. */
export function rulesetsOf(files: Files): Rulesets | null {
  const out: Partial<Rulesets> = {};
  for (const f of RULE_FILES) {
    const parsed = parseOr<RuleFile>(files[f.name]);
    if (!parsed || !Array.isArray(parsed.rules)) return null;
    out[f.id] = parsed;
  }
  return out as Rulesets;
}

/** Personas' bodies by date, fetched once per date. */
export type BodiesByDate = (date: string) => Promise<PersonaData[]>;

export function casePersonas(list: readonly PersonaData[], bodies: BodiesByDate): CasePersonas {
  return {
    ids: list.map((p) => p.id),
    accounts: (id) => list.find((p) => p.id === id)?.accounts.length,
    decide: async (runtime, id, date, accountIndex) => {
      const persona = (await bodies(date)).find((p) => p.id === id);
      const account = persona?.accounts[accountIndex];
      if (!account) throw new Error(`no persona ${id} account ${accountIndex + 1} on ${date}`);
      return decideBodies(runtime, account, dayAt(date));
    },
  };
}

const yieldToPage = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export interface DraftReport {
  /** The draft's files this report is of (the same object as the page's draft while it is current). */
  files: Files;
  check: CheckResult;
  caseIssues: RulesetIssue[];
  cases: CaseResult[];
  /** The number of failing cases. */
  failing: number;
}

/** rules:check and every rule case on the draft's files. */
export async function checkDraft(
  files: Files,
  context: CheckContext,
  personas: CasePersonas,
): Promise<DraftReport> {
  // Bounded first, as the server does: a file too long or nested too deep is reported, not walked.
  const bounded: RulesetIssue[] = [];
  const within = Object.fromEntries(
    Object.entries(files).filter(([path, text]) => {
      const problem = textBoundsProblem(text);
      if (problem) bounded.push({ file: `rules/${path}`, path: '', message: problem });
      return !problem;
    }),
  );
  const ruleTexts = Object.fromEntries(Object.entries(within).filter(([p]) => !p.includes('/')));
  // A file set aside for its size or depth is there: the checks that miss it must not say it is missing.
  const setAside = new Set(bounded.map((i) => i.file));
  const missing = (i: RulesetIssue): boolean => setAside.has(i.file) && i.message === 'the file is missing';
  const checked = checkRules(ruleTexts, context);
  const check =
    bounded.length > 0
      ? {
          ...checked,
          issues: [...bounded, ...checked.issues.filter((i) => !missing(i))],
          errors: [...bounded, ...checked.errors.filter((i) => !missing(i))],
        }
      : checked;
  await yieldToPage();
  const caseTexts = Object.fromEntries(
    Object.entries(within)
      .filter(([p]) => p.startsWith('cases/'))
      .map(([p, t]) => [p.slice('cases/'.length), t]),
  );
  const loaded = loadCaseTexts(caseTexts, (name) => `rules/cases/${name}`, {
    given: checkGiven,
    cases: (file, name, json, given) => checkCaseFile(file, name, json, given, personas),
  });
  const invalidRules = check.issues.some((i) => i.severity !== 'warning') || bounded.length > 0;
  const rulesets = invalidRules ? null : rulesetsOf(files);
  // One case file at a time, the page drawn in between: a check of every case takes a second or more.
  const cases: CaseResult[] = [];
  for (const file of rulesets ? loaded.files : []) {
    cases.push(...(await runCases(rulesets!, { files: [file], given: loaded.given }, personas)));
    await yieldToPage();
  }
  return {
    files,
    check,
    caseIssues: loaded.issues.filter((i) => !missing(i)),
    cases,
    failing: cases.filter((c) => c.failures.length > 0).length,
  };
}

/** The dates persona cases are decided on. */
export function caseDates(files: Files): string[] {
  const dates = new Set([CASE_DATE]);
  for (const [path, text] of Object.entries(files)) {
    if (!path.startsWith('cases/')) continue;
    for (const m of text.matchAll(/"date"\s*:\s*"(\d{4}-\d{2}-\d{2})"/g)) dates.add(m[1]!);
  }
  return [...dates];
}

/** A decision as the impact report reads it: one value, or a list in order. */
export type Reading = { value: string } | { list: readonly string[] };

export interface PreviewDecision {
  decision: string;
  live: Reading;
  draft: Reading;
  changed: boolean;
}

export interface PreviewAccount {
  persona: string;
  description: string;
  /** The account's number in the persona, from 1. */
  account: number;
  decisions: PreviewDecision[];
  changed: boolean;
}

/** Every decision of an account in the impact report's words. */
export function readings(d: HomeDecisions): { decision: string; reading: Reading }[] {
  return readDecisions(d).map((r) => ({
    decision: r.decision,
    reading: r.list ? { list: r.list } : { value: r.value ?? '' },
  }));
}

const readingText = (r: Reading): string => ('list' in r ? r.list.join('\u0000') : r.value);

/** Lines 'decision: value' of an account's decisions, for the example account and the simulator. */
export function decisionLines(d: HomeDecisions): Record<string, string> {
  return Object.fromEntries(
    readings(d).map(({ decision, reading }) => [
      decision,
      'list' in reading ? reading.list.join(', ') || '(none)' : reading.value,
    ]),
  );
}

/** The live rules' readings of every persona account, kept while the live rules stay the same. */
const liveCache = new WeakMap<Rulesets, Map<string, Promise<{ decision: string; reading: Reading }[]>>>();

/**
 * Every persona account's decisions under the live rules and the draft, one persona at a time (the page
 * stays responsive: a pause between personas); stops early when `stale()` says a newer draft came.
 */
export async function previewAccounts(
  live: Rulesets,
  draft: Rulesets,
  personas: readonly PersonaData[],
  today: string,
  stale: () => boolean = () => false,
): Promise<PreviewAccount[] | null> {
  let cache = liveCache.get(live);
  if (!cache) {
    cache = new Map<string, Promise<{ decision: string; reading: Reading }[]>>();
    liveCache.set(live, cache);
  }
  const liveRuntime = createRuntime(live);
  const draftRuntime = createRuntime(draft);
  const out: PreviewAccount[] = [];
  for (const p of personas) {
    await yieldToPage();
    if (stale()) return null;
    for (const [i, account] of p.accounts.entries()) {
      const key = `${today} ${p.id} ${i}`;
      let a = cache.get(key);
      if (!a) {
        a = decideBodies(liveRuntime, account, dayAt(today)).then((r) => readings(r.decisions));
        cache.set(key, a);
      }
      const b = readings((await decideBodies(draftRuntime, account, dayAt(today))).decisions);
      const decisions = (await a).map(({ decision, reading }, n) => {
        const next = b[n]!.reading;
        return { decision, live: reading, draft: next, changed: readingText(reading) !== readingText(next) };
      });
      out.push({
        persona: p.id,
        description: p.description,
        account: i + 1,
        decisions,
        changed: decisions.some((d) => d.changed),
      });
    }
  }
  // Changed accounts first, each group in the personas' order.
  return [...out.filter((x) => x.changed), ...out.filter((x) => !x.changed)];
}

/**
 * A list's items under the draft, each marked kept, added or moved (out of the order of the items both
 * lists keep: the longest run kept in order stays "kept"); then the removed ones.
 */
export function listMarks(
  live: readonly string[],
  draft: readonly string[],
): { item: string; mark: 'kept' | 'added' | 'moved' | 'removed' }[] {
  const a = live.filter((x) => draft.includes(x));
  const b = draft.filter((x) => live.includes(x));
  // Longest common subsequence of the shared items: what kept its place relative to the others.
  const table = a.map(() => b.map(() => 0));
  const at = (i: number, j: number): number => (i < 0 || j < 0 ? 0 : table[i]![j]!);
  a.forEach((x, i) =>
    b.forEach(
      (y, j) => (table[i]![j] = x === y ? at(i - 1, j - 1) + 1 : Math.max(at(i - 1, j), at(i, j - 1))),
    ),
  );
  const inOrder = new Set<string>();
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0;) {
    if (a[i] === b[j]) {
      inOrder.add(a[i]!);
      i--;
      j--;
    } else if (at(i - 1, j) >= at(i, j - 1)) i--;
    else j--;
  }
  const out: { item: string; mark: 'kept' | 'added' | 'moved' | 'removed' }[] = draft.map((item) => ({
    item,
    mark: !live.includes(item) ? 'added' : inOrder.has(item) ? 'kept' : 'moved',
  }));
  for (const item of live) if (!draft.includes(item)) out.push({ item, mark: 'removed' });
  return out;
}

/** A condition in words: `daysToCardExpiry lessThanInclusive 60`, groups as all(...)/any(...)/not(...). */
export function conditionLeaves(
  c: RuleCondition,
  path = 'conditions',
): { path: string; fact: string; operator: string; value: unknown; depth: number; group?: string }[] {
  const out: {
    path: string;
    fact: string;
    operator: string;
    value: unknown;
    depth: number;
    group?: string;
  }[] = [];
  const walk = (node: RuleCondition, p: string, depth: number): void => {
    if ('all' in node) {
      if (depth > 0) out.push({ path: p, fact: '', operator: '', value: null, depth, group: 'all of' });
      node.all.forEach((x, i) => walk(x, `${p}.all[${i}]`, depth + 1));
    } else if ('any' in node) {
      out.push({ path: p, fact: '', operator: '', value: null, depth, group: 'any of' });
      node.any.forEach((x, i) => walk(x, `${p}.any[${i}]`, depth + 1));
    } else if ('not' in node) {
      out.push({ path: p, fact: '', operator: '', value: null, depth, group: 'not' });
      walk(node.not, `${p}.not`, depth + 1);
    } else out.push({ path: p, fact: node.fact, operator: node.operator, value: node.value, depth });
  };
  walk(c, path, 0);
  return out;
}

/** Reads or writes the value at a path like 'rules[2].conditions.all[0]' of a parsed file. */
export function atPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const part of path.split(/\.|(?=\[)/).filter(Boolean)) {
    const m = /^\[(\d+)\]$/.exec(part);
    if (node === null || typeof node !== 'object') return undefined;
    node = m ? (node as unknown[])[Number(m[1])] : (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A file's JSON text as the repository keeps it: two-space indentation and a final newline. */
export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Sets (or, with `undefined`, removes) the value at a JSON path of a file's text, leaving every other
 * byte as it was (jsonc-parser's edits): a change of one threshold is a one-line diff in the history.
 */
export function editJson(text: string, path: (string | number)[], value: unknown, insert = false): string {
  const edits = modify(text, path, value, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
    ...(insert ? { isArrayInsertion: true } : {}),
  });
  return applyEdits(text, edits);
}

/** The latest value of something, read by callbacks made once (a machine's effects), never during render. */
export class Holder<T> {
  constructor(public current: T) {}
  set(value: T): void {
    this.current = value;
  }
}
