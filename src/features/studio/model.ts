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

export interface DraftReport {
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
  const ruleTexts = Object.fromEntries(Object.entries(files).filter(([p]) => !p.includes('/')));
  const check = checkRules(ruleTexts, context);
  const caseTexts = Object.fromEntries(
    Object.entries(files)
      .filter(([p]) => p.startsWith('cases/'))
      .map(([p, t]) => [p.slice('cases/'.length), t]),
  );
  const loaded = loadCaseTexts(caseTexts, (name) => `rules/cases/${name}`, {
    given: checkGiven,
    cases: (file, name, json, given) => checkCaseFile(file, name, json, given, personas),
  });
  const invalidRules = check.issues.some((i) => i.severity !== 'warning');
  const rulesets = invalidRules ? null : rulesetsOf(files);
  const cases = rulesets ? await runCases(rulesets, loaded, personas) : [];
  return {
    check,
    caseIssues: loaded.issues,
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

/** A decision set as lines 'decision: value', one per decision, in a stable order (the preview's rows). */
export function decisionLines(d: HomeDecisions): Record<string, string> {
  const on = (r: Record<string, boolean>): string =>
    Object.entries(r)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .join(', ') || '(none)';
  return {
    'home view': `${d.homeView.view}${d.homeView.params.messageKind ? ` (${d.homeView.params.messageKind})` : ''}`,
    banner: d.banner?.banner ?? '(none)',
    'walled garden': d.walledGarden.state,
    'prepaid card status': String(d.prepaidCard.status),
    payment: on(d.payment),
    'credit offer': String(d.creditOffer.show),
    outage: d.outage.alert,
    'appointment timing': d.appointmentTiming.timing,
    token: d.token.fresh ? 'fresh' : 'stale',
    'data calls': d.dataLoading.calls.join(', '),
    brand: d.brand.brand,
    navigation: `${d.navigation.items.join(', ')}${d.navigation.search ? ' + search' : ''}`,
    'billing actions': on(d.billingActions),
    'order actions': on(d.orderActions),
    sections:
      d.homeView.view === 'full'
        ? d.sections.map((s) => `${s.section}${s.params.variant ? ` (${s.params.variant})` : ''}`).join(', ')
        : '(not the full home)',
    toggles: on(d.toggles),
    constants: Object.entries(d.constants)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', '),
  };
}

export interface PreviewRow {
  persona: string;
  account: number;
  decision: string;
  live: string;
  draft: string;
  changed: boolean;
}

/** Each chosen persona's decisions under the live rules and the draft. */
export async function previewRows(
  live: Rulesets,
  draft: Rulesets,
  personas: readonly PersonaData[],
  today: string,
): Promise<PreviewRow[]> {
  const liveRuntime = createRuntime(live);
  const draftRuntime = createRuntime(draft);
  const rows: PreviewRow[] = [];
  for (const p of personas) {
    for (const [i, account] of p.accounts.entries()) {
      const a = decisionLines((await decideBodies(liveRuntime, account, dayAt(today))).decisions);
      const b = decisionLines((await decideBodies(draftRuntime, account, dayAt(today))).decisions);
      for (const key of Object.keys(a)) {
        rows.push({
          persona: p.id,
          account: i + 1,
          decision: key,
          live: a[key]!,
          draft: b[key]!,
          changed: a[key] !== b[key],
        });
      }
    }
  }
  return rows;
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
