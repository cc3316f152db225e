/**
 * What rules:impact and the bench share on the node side: the base rules from a folder or a git ref, the
 * default distributions, the budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DECISIONS, ruleFileOf } from '../src/engine/decisions';
import type { Rulesets } from '../src/engine/types';
import { formatIssue, validateRuleset } from '../src/engine/validate';
import { repoRoot } from './repo';
import { loadRulesDir } from './rules-files';

/** The bench's budget for 100,000 accounts (docs/decisions/014). */
export const IMPACT_BUDGET_MS = 1000;

export const defaultDistributions = join(repoRoot, 'rules', 'population', 'distributions.json');

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The rule files at a git ref (`git show <ref>:rules/<file>`), each checked like rules:check does. */
export function rulesAtRef(ref: string): Rulesets {
  // A ref is never an option to git.
  if (ref.startsWith('-')) throw new Error(`--base ${ref}: a git ref does not start with '-'`);
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--base ${ref}: neither a folder nor a git ref (a branch, tag or commit)`);
  }
  const rulesets: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { id } of DECISIONS) {
    const file = ruleFileOf(id);
    let text: string;
    try {
      text = git(['show', `${ref}:rules/${file}`]);
    } catch {
      problems.push(`rules/${file} does not exist at ${ref}`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push(
        `rules/${file} at ${ref} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      );
      continue;
    }
    problems.push(
      ...validateRuleset(file, json)
        .filter((i) => i.severity !== 'warning')
        .map(formatIssue),
    );
    rulesets[id] = json;
  }
  if (problems.length > 0)
    throw new Error(`the rules at ${ref} cannot be measured:\n  ${problems.join('\n  ')}`);
  return rulesets as Rulesets;
}

/** The base rules: a folder of rule files, or rules/ at a git ref. */
export function loadBase(base: string): Rulesets {
  if (existsSync(base) && statSync(base).isDirectory()) return loadRulesDir(resolve(base));
  return rulesAtRef(base);
}
