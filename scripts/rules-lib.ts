/** Node-side helpers shared by the rules CLIs (check, explain, preview, schema) and their tests. */
import { ALL_FACTS, type FactDefinition } from '../src/facts/vocabulary';
import { DECISIONS, factsFor, ruleFileOf } from '../src/engine/decisions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { buildRulesetSchema } from '../src/engine/schema-builder';
import type { Rulesets } from '../src/engine/types';
import { formatIssue, validateRuleset, type RulesetIssue } from '../src/engine/validate';

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` (markers kept). */
export function replaceGeneratedBlock(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`markers ${start} ... ${end} not found`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

function factRow(f: FactDefinition, usedBy: string): string {
  const values = f.values ? f.values.map((v) => `\`${String(v)}\``).join(', ') : '';
  return `| \`${f.name}\` | ${f.type} | ${escapeCell(f.description)} | ${values} | ${usedBy} |`;
}

/** The vocabulary table of rules/README.md (generated: see scripts/rules-schema.ts). */
export function renderReadmeVocabulary(): string {
  const lines = ['| fact | type | meaning | known values | usable in |', '| --- | --- | --- | --- | --- |'];
  for (const f of ALL_FACTS) {
    const usedBy = DECISIONS.filter((d) => factsFor(d).some((g) => g.name === f.name)).map((d) => d.id);
    const label = usedBy.length === DECISIONS.length ? 'all' : usedBy.join(', ');
    lines.push(factRow(f, label));
  }
  return lines.join('\n');
}

export const repoRoot = join(import.meta.dirname, '..');

/** The rules directory: RULES_DIR when set (an analyst's working copy), else rules/. */
export function rulesDir(): string {
  return process.env.RULES_DIR ? join(process.cwd(), process.env.RULES_DIR) : join(repoRoot, 'rules');
}

export interface CheckedRules {
  files: number;
  rules: number;
  issues: RulesetIssue[];
  /** Parsed files by name, valid or not. */
  parsed: Record<string, unknown>;
}

/** Reads and validates every rule file of a directory; reports missing and unknown files too. */
export function checkRulesDir(dir: string): CheckedRules {
  const result: CheckedRules = { files: 0, rules: 0, issues: [], parsed: {} };
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  const expected = DECISIONS.map((d) => ruleFileOf(d.id));
  for (const name of names) {
    const file = `rules/${name}`;
    result.files++;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (e) {
      result.issues.push({
        file,
        path: '',
        message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      });
      continue;
    }
    result.parsed[name] = json;
    if (!expected.includes(name)) {
      result.issues.push({
        file,
        path: '',
        message: `no decision reads this file (rule files: ${expected.join(', ')})`,
      });
      continue;
    }
    const rules = (json as { rules?: unknown }).rules;
    if (Array.isArray(rules)) result.rules += rules.length;
    result.issues.push(...validateRuleset(file, json));
  }
  for (const name of expected) {
    if (!names.includes(name))
      result.issues.push({ file: `rules/${name}`, path: '', message: 'the file is missing' });
  }
  return result;
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

/** schemas/ruleset.schema.json as it must be committed: generated, then formatted like every file. */
export async function rulesetSchemaText(): Promise<string> {
  const path = join(repoRoot, 'schemas', 'ruleset.schema.json');
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(JSON.stringify(buildRulesetSchema()), { ...options, filepath: path });
}

/** Formats a file's text the way `prettier --write` would, so generated files stay stable. */
export async function formatLikePrettier(path: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}
