/**
 * Writes schemas/ruleset.schema.json, schemas/rule-cases.schema.json and the fact table of rules/README.md
 * from the vocabulary
 * (src/facts/vocabulary.ts) and the decision table (src/engine/decisions.ts). Run it after adding a fact
 * or a decision: `npx tsx scripts/rules-schema.ts` (`--check` only reports whether they are up to date).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatLikePrettier,
  renderReadmeVocabulary,
  replaceGeneratedBlock,
  ruleCasesSchemaText,
  rulesetSchemaText,
} from '../lib/generated-files';

const root = join(import.meta.dirname, '..');
const schemaPath = join(root, 'schemas', 'ruleset.schema.json');
const casesSchemaPath = join(root, 'schemas', 'rule-cases.schema.json');
const readmePath = join(root, 'rules', 'README.md');
const check = process.argv.includes('--check');

const schemaText = await rulesetSchemaText();
const readme = readFileSync(readmePath, 'utf8');
const newReadme = await formatLikePrettier(
  readmePath,
  replaceGeneratedBlock(readme, 'vocabulary', renderReadmeVocabulary()),
);

let stale = 0;
for (const [path, text, current] of [
  [schemaPath, schemaText, readFileSafe(schemaPath)],
  [casesSchemaPath, await ruleCasesSchemaText(), readFileSafe(casesSchemaPath)],
  [readmePath, newReadme, readme],
] as const) {
  if (text === current) continue;
  stale++;
  if (check) console.error(`${path} is out of date: run npx tsx scripts/rules-schema.ts`);
  else {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
  }
}
if (check && stale > 0) process.exit(1);
if (stale === 0) console.log('ruleset and rule-cases schemas and README vocabulary are up to date');

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
