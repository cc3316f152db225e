/**
 * The checks of the rule studio's server, run in a worker thread (studio-check.ts runs a pool of them), so a
 * large or hostile change never holds a customer's request: every file a change can touch is bounded (size
 * and nesting, before it is parsed), then checked against its schema and its own checks with the messages
 * of the command line: rule files by rules:check (validate, then analyse), rule cases and given.json by the
 * rule cases' checks and every case run, the population by the population's schema and checks.
 *
 * Its functions are plain async functions of data (files by path, relative to the rules folder), so tests
 * can call them directly too.
 */
import { createHash } from 'node:crypto';
import { checkRules, type CheckContext } from '../../src/engine/check';
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { textBoundsProblem } from '../../src/engine/json-bounds';
import type { Rulesets } from '../../src/engine/types';
import { formatIssue, validateRuleset } from '../../src/engine/validate';
import { checkDistributions } from '../../src/impact/distributions';
import { GIVEN_PATH, POPULATION_PATH, STUDIO_FILES } from './studio-files';

export { POPULATION_PATH, STUDIO_FILES } from './studio-files';

/** A decision's rule file (not a README, not another JSON file of the folder: those are no rules). */
const isRuleFile = (path: string): boolean => !path.includes('/') && STUDIO_FILES.has(path);

/**
 * What the checks need from the code: compiled into the server's build (vite.server.config.ts; a release has
 * no source to scan), else scanned once per worker (the code does not change).
 */
let context: Promise<CheckContext> | undefined;
const checkContext = (): Promise<CheckContext> =>
  (context ??=
    typeof __PORTAL_CHECK_CONTEXT__ === 'undefined'
      ? import('../../lib/rules-files').then((m) => m.checkContext())
      : Promise.resolve(__PORTAL_CHECK_CONTEXT__));

/** What the checks need from the code, for the studio's browser side (its own check as the analyst types). */
export function contextData(): Promise<CheckContext> {
  return checkContext();
}

/**
 * The paths a change may not write and the files outside the bounds: checked before anything is parsed.
 * `changed` are the paths the change writes (only those are refused for being unknown: a live folder may
 * hold other files, which the studio never writes).
 */
export function boundsProblems(
  files: Readonly<Record<string, string>>,
  changed: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const path of changed) {
    if (!STUDIO_FILES.has(path)) {
      problems.push(
        `rules/${path.slice(0, 100)}: not a file the studio changes (a decision's rule file, its cases in cases/, cases/given.json or ${POPULATION_PATH})`,
      );
    }
  }
  for (const [path, text] of Object.entries(files)) {
    if (!STUDIO_FILES.has(path)) continue;
    const problem = textBoundsProblem(text);
    if (problem) problems.push(`rules/${path}: ${problem}`);
  }
  return problems;
}

function populationProblems(text: string | undefined): string[] {
  if (text === undefined) return [`rules/${POPULATION_PATH}: the file is missing`];
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (e) {
    return [`rules/${POPULATION_PATH}: not valid JSON (${e instanceof Error ? e.message : String(e)})`];
  }
  return checkDistributions(json).map((p) => `rules/${POPULATION_PATH}: ${p}`);
}

/**
 * Every problem of the whole set of files as it would be live (empty when it may go live): bounds, rule
 * files, the population, then the case files and every case (run only on valid rules).
 */
export async function checkChange(input: {
  files: Readonly<Record<string, string>>;
  changed: readonly string[];
}): Promise<string[]> {
  const { files, changed } = input;
  const bounds = boundsProblems(files, changed);
  if (bounds.length > 0) return bounds;
  const rules = Object.fromEntries(Object.entries(files).filter(([p]) => isRuleFile(p)));
  const checked = checkRules(rules, await checkContext());
  const problems = checked.errors.map(formatIssue);
  problems.push(...populationProblems(files[POPULATION_PATH]));
  if (problems.length > 0) return problems;
  const cases = await import('../../lib/rule-cases');
  const caseTexts = Object.fromEntries(
    Object.entries(files)
      .filter(([p]) => p.startsWith('cases/') && STUDIO_FILES.has(p))
      .map(([p, t]) => [p.slice('cases/'.length), t]),
  );
  const loaded = cases.checkCaseTexts(caseTexts);
  problems.push(...loaded.issues.map(cases.formatCaseIssue));
  const rulesets = Object.fromEntries(
    DECISIONS.map((d) => [d.id, checked.parsed[ruleFileOf(d.id)]]),
  ) as Rulesets;
  // Only the case files whose inputs changed run again (issue 31 item 1): a case decides with its own
  // decision's rules and the decided facts those rules test, so its result is kept by the texts of exactly
  // those rule files, its own file and given.json.
  const keys = caseKeys(files, checked.parsed, loaded.files);
  const again = loaded.files.filter((f) => !caseResults.has(keys.get(f.file)!));
  lastCaseFilesRun = again.length;
  const results = await cases.runCases(rulesets, { ...loaded, files: again });
  const failures = new Map<string, string[]>(again.map((f) => [f.file, []]));
  for (const r of results.filter((x) => x.failures.length > 0)) {
    failures.get(r.file)?.push(`${r.file}, case ${r.ref} fails: expected ${r.expected}, got ${r.got}`);
  }
  for (const [file, lines] of failures) remember(keys.get(file)!, lines);
  for (const f of loaded.files) problems.push(...(caseResults.get(keys.get(f.file)!) ?? []));
  return problems;
}

/** The failing cases of a case file, by the key of everything its result depends on (a few hundred kept). */
const caseResults = new Map<string, string[]>();
const CASE_RESULTS_KEPT = 400;

function remember(key: string, lines: string[]): void {
  caseResults.delete(key);
  caseResults.set(key, lines);
  if (caseResults.size > CASE_RESULTS_KEPT) caseResults.delete(caseResults.keys().next().value!);
}

/** How many case files the last check ran (the rest were known): tests and the bench read it. */
export let lastCaseFilesRun = 0;

/** Every fact a rule file tests, anywhere in it ("fact": "<name>", values that are facts included). */
function factsTested(json: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(json)) for (const v of json) factsTested(v, out);
  else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (k === 'fact' && typeof v === 'string') out.add(v);
      else factsTested(v, out);
    }
  }
  return out;
}

/** Which decision feeds each decided fact ('walledGarden.state' → walled-garden). */
const FEEDER = new Map<string, string>(
  DECISIONS.filter((d) => d.stage !== 'order').flatMap((d) =>
    d.feeds.map((f) => [f.name, d.id] as [string, string]),
  ),
);
/** What every per-item decision is given of the account's decisions (toggles, what an order offers). */
const ITEM_CONTEXT = DECISIONS.filter((d) => d.feeds.some((f) => 'items' in f && f.items === true)).map(
  (d) => d.id,
);

/**
 * The key of each case file's result: its text, given.json, and the texts of its decision's rule file and
 * of every decision whose decided facts it tests, through the stages (a per-item decision also every
 * decision that gives the items their context).
 */
function caseKeys(
  files: Readonly<Record<string, string>>,
  parsed: Readonly<Record<string, unknown>>,
  caseFiles: readonly { file: string; cases: { decision: string } }[],
): Map<string, string> {
  const deps = new Map<string, Set<string>>();
  const depsOf = (id: string, seen = new Set<string>()): Set<string> => {
    const known = deps.get(id);
    if (known) return known;
    const out = new Set<string>([id]);
    if (seen.has(id)) return out;
    seen.add(id);
    const d = DECISIONS.find((x) => x.id === id);
    const feeders = [...factsTested(parsed[ruleFileOf(id as never)])].flatMap((f) => {
      const by = FEEDER.get(f);
      return by && by !== id ? [by] : [];
    });
    if (d?.stage === 'order') feeders.push(...ITEM_CONTEXT);
    for (const by of feeders) for (const x of depsOf(by, seen)) out.add(x);
    deps.set(id, out);
    return out;
  };
  const given = files[GIVEN_PATH] ?? '';
  const keys = new Map<string, string>();
  for (const f of caseFiles) {
    const h = createHash('sha256');
    h.update(f.file).update('\0').update(JSON.stringify(f.cases)).update('\0').update(given);
    for (const id of [...depsOf(f.cases.decision)].sort())
      h.update('\0')
        .update(id)
        .update('\0')
        .update(files[ruleFileOf(id)] ?? '');
    keys.set(f.file, h.digest('hex'));
  }
  return keys;
}

/**
 * The draft's rule files for the home side by side, parsed and validated (nothing else of the draft is
 * served): the valid ones by name, and every problem.
 */
export function checkDraftRules(files: Readonly<Record<string, string>>): {
  rules: Record<string, unknown>;
  problems: string[];
} {
  const rules: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    if (!isRuleFile(name) || !STUDIO_FILES.has(name)) continue;
    const bounded = textBoundsProblem(text);
    if (bounded) {
      problems.push(`rules/${name}: ${bounded}`);
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      problems.push(`rules/${name} is not valid JSON`);
      continue;
    }
    const errors = validateRuleset(`rules/${name}`, parsed).filter((i) => i.severity !== 'warning');
    if (errors.length > 0) problems.push(...errors.map(formatIssue));
    else rules[name] = parsed;
  }
  return { rules, problems };
}
