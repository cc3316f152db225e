/**
 * Files generated from the code and committed (schemas/ruleset.schema.json, schemas/rule-cases.schema.json,
 * the vocabulary table of rules/README.md), formatted as prettier would so they stay stable.
 */
import { join } from 'node:path';
import { factsFor } from '../src/engine/fact-scope';
import { DECISIONS } from '../src/engine/decisions';
import { buildRulesetSchema } from '../src/engine/schema-builder';
import { ALL_FACTS, type FactDefinition } from '../src/facts/vocabulary';
import { formatLikePrettier } from './format';
import { repoRoot } from './repo';
import { buildRuleCasesSchema } from './rule-cases';

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

/** schemas/ruleset.schema.json as it must be committed: generated, then formatted like every file. */
export async function rulesetSchemaText(): Promise<string> {
  const path = join(repoRoot, 'schemas', 'ruleset.schema.json');
  return formatLikePrettier(path, JSON.stringify(buildRulesetSchema()));
}

/** schemas/rule-cases.schema.json as it must be committed (lib/rule-cases.ts builds it). */
export async function ruleCasesSchemaText(): Promise<string> {
  return formatLikePrettier(
    join(repoRoot, 'schemas', 'rule-cases.schema.json'),
    JSON.stringify(buildRuleCasesSchema()),
  );
}

export { formatLikePrettier };
