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

/**
 * The blobs at `paths` of `ref`, read with one `git cat-file --batch` (one process instead of one per file);
 * null for a path the ref does not have.
 */
function blobsAt(ref: string, paths: readonly string[]): (string | null)[] {
  const out = execFileSync('git', ['cat-file', '--batch'], {
    cwd: repoRoot,
    input: paths.map((p) => `${ref}:${p}\n`).join(''),
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const blobs: (string | null)[] = [];
  let at = 0;
  for (let i = 0; i < paths.length; i++) {
    const eol = out.indexOf(10, at);
    const header = out.toString('utf8', at, eol);
    at = eol + 1;
    // "<object> missing" for a path the ref does not have, else "<sha> <type> <size>" then the content.
    const [, type, size] = header.split(' ');
    if (type !== 'blob' || size === undefined) {
      blobs.push(null);
      continue;
    }
    blobs.push(out.toString('utf8', at, at + Number(size)));
    at += Number(size) + 1;
  }
  return blobs;
}

/** The rule files at a git ref (`<ref>:rules/<file>`), each checked like rules:check does. */
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
  const files = DECISIONS.map(({ id }) => ruleFileOf(id));
  const texts = blobsAt(
    ref,
    files.map((file) => `rules/${file}`),
  );
  DECISIONS.forEach(({ id }, i) => {
    const file = files[i]!;
    const text = texts[i];
    if (text === null || text === undefined) {
      problems.push(`rules/${file} does not exist at ${ref}`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      problems.push(
        `rules/${file} at ${ref} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      );
      return;
    }
    problems.push(
      ...validateRuleset(file, json)
        .filter((issue) => issue.severity !== 'warning')
        .map(formatIssue),
    );
    rulesets[id] = json;
  });
  if (problems.length > 0)
    throw new Error(`the rules at ${ref} cannot be measured:\n  ${problems.join('\n  ')}`);
  return rulesets as Rulesets;
}

/** The base rules: a folder of rule files, or rules/ at a git ref. */
export function loadBase(base: string): Rulesets {
  if (existsSync(base) && statSync(base).isDirectory()) return loadRulesDir(resolve(base));
  return rulesAtRef(base);
}
