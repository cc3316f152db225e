/**
 * The rule files of a folder as the node-side tools read them (rules:check, explain, preview, impact, the
 * studio's server, the tests): read, checked, analysed with what the code reads and renders, loaded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisResult } from '../src/engine/analyze';
import {
  analyzeChecked,
  checkRuleTexts,
  parseJson,
  type CheckContext,
  type CheckedFiles,
} from '../src/engine/check';
import { CONSTANT_NAMES, DECISIONS, ruleFileOf } from '../src/engine/decisions';
import type { Rulesets } from '../src/engine/types';
import { formatIssue, type RulesetIssue } from '../src/engine/validate';
import { TOGGLE_NAMES } from '../src/facts/vocabulary';
import type { Rollout } from '../src/engine/rollout';
import { asRollout, checkRollout, servableRollouts } from '../src/engine/rollout-check';
import { repoRoot, rulesDir } from './repo';

export type CheckedRules = CheckedFiles;

/** Reads and validates every rule file of a directory; reports missing and unknown files too. */
export function checkRulesDir(dir: string): CheckedRules {
  return checkRuleTexts(readRuleTexts(dir));
}

/** The text of every JSON file of a rules directory (not its subfolders), by file name. */
export function readRuleTexts(dir: string): Record<string, string> {
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

export { parseJson };

const CODE_DIRS = ['src', 'machines'];

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'generated' ? [] : codeFiles(path);
    return /\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/**
 * The constants and toggles the portal's code reads (src/ and machines/): `constantOf(store, 'name')`,
 * `constants.name`, `constants['name']`, a `{name}` a message text shows, `toggles.name`, `toggles?.name`,
 * `toggles['name']`. The decision table and the vocabulary only list the names, which is not a read.
 */
export function codeReads(root: string = repoRoot): { constants: Set<string>; toggles: Set<string> } {
  const text = CODE_DIRS.flatMap((d) => codeFiles(join(root, d)))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const reads = (names: readonly string[], patterns: (n: string) => RegExp[]): Set<string> =>
    new Set(names.filter((n) => patterns(n).some((re) => re.test(text))));
  return {
    constants: reads(CONSTANT_NAMES, (n) => [
      new RegExp(`constantOf\\([^,()]+,\\s*['"]${n}['"]`),
      // A message text that shows it: 'The restart takes up to {modemRestartMinutes} minutes.' (fillConstants).
      new RegExp(`\\{${n}\\}`),
      new RegExp(`constants\\??\\.${n}\\b`),
      new RegExp(`constants\\[\\s*['"]${n}['"]\\s*\\]`),
    ]),
    toggles: reads(TOGGLE_NAMES, (n) => [
      new RegExp(`toggles\\??\\.${n}\\b`),
      new RegExp(`toggles\\[\\s*['"]${n}['"]\\s*\\]`),
    ]),
  };
}

/**
 * The analysis of rules:check (src/engine/analyze.ts) on the files of a checked directory that are valid:
 * what never fires or never wins, ties, shared orders, unused constants and toggles, numbers written twice.
 */
export function analyzeRulesDir(checked: CheckedRules): AnalysisResult {
  // What the home renders needs no scan: the app's section registry, the home's views and its banners are
  // typed to render every id their decision may place (docs/decisions/026), so a rule cannot name one that
  // no component renders.
  return analyzeChecked(checked, { codeReads: codeReads() });
}

/** What the analysis needs from the code, as JSON (the studio's server sends it to the browser). */
export function checkContext(): CheckContext {
  const reads = codeReads();
  return {
    codeReads: { constants: [...reads.constants].sort(), toggles: [...reads.toggles].sort() },
  };
}

/** Loads a directory's rules for the runtime; throws with every issue when any file is invalid. */
export function loadRulesDir(dir: string = rulesDir()): Rulesets {
  const checked = checkRulesDir(dir);
  const errors = checked.issues.filter((i) => i.severity !== 'warning');
  if (errors.length > 0) {
    throw new Error(`invalid rules in ${dir}:\n${errors.map(formatIssue).join('\n')}`);
  }
  return Object.fromEntries(DECISIONS.map((d) => [d.id, checked.parsed[ruleFileOf(d.id)]])) as Rulesets;
}

/**
 * The rollouts of a rules directory (its rollouts/ folder, docs/decisions/044): those that can be served, and
 * every problem (a file that is not JSON, a wrong shape, an invalid candidate file, two rollouts of one file).
 */
export function checkRolloutsDir(dir: string = rulesDir()): { rollouts: Rollout[]; issues: RulesetIssue[] } {
  const texts = readRuleTexts(join(dir, 'rollouts'));
  const issues: RulesetIssue[] = [];
  const valid: Rollout[] = [];
  for (const [name, text] of Object.entries(texts)) {
    const parsed = parseJson(text);
    if (!('json' in parsed)) {
      issues.push({ file: `rules/rollouts/${name}`, path: '', message: parsed.problem });
      continue;
    }
    const problems = checkRollout(name, parsed.json);
    if (problems.length > 0) issues.push(...problems);
    else valid.push(asRollout(parsed.json));
  }
  const servable = servableRollouts(valid);
  return { rollouts: servable.rollouts, issues: [...issues, ...servable.issues] };
}
