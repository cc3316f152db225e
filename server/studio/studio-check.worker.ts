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
import { checkRules, type CheckContext } from '../../src/engine/check';
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { textBoundsProblem } from '../../src/engine/json-bounds';
import type { Rulesets } from '../../src/engine/types';
import { formatIssue, validateRuleset } from '../../src/engine/validate';
import { checkDistributions } from '../../src/impact/distributions';

export const POPULATION_PATH = 'population/distributions.json';
const GIVEN_PATH = 'cases/given.json';

/** Every file a change can touch: each decision's rule file and cases, given.json and the population. */
export const STUDIO_FILES: ReadonlySet<string> = new Set([
  ...DECISIONS.map((d) => ruleFileOf(d.id)),
  ...DECISIONS.map((d) => `cases/${d.id}.cases.json`),
  GIVEN_PATH,
  POPULATION_PATH,
]);

const isRuleFile = (path: string): boolean => !path.includes('/');

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
      .filter(([p]) => p.startsWith('cases/'))
      .map(([p, t]) => [p.slice('cases/'.length), t]),
  );
  const loaded = cases.checkCaseTexts(caseTexts);
  problems.push(...loaded.issues.map(cases.formatCaseIssue));
  const rulesets = Object.fromEntries(
    DECISIONS.map((d) => [d.id, checked.parsed[ruleFileOf(d.id)]]),
  ) as Rulesets;
  const results = await cases.runCases(rulesets, loaded);
  for (const r of results.filter((x) => x.failures.length > 0)) {
    problems.push(`${r.file}, case ${r.ref} fails: expected ${r.expected}, got ${r.got}`);
  }
  return problems;
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
