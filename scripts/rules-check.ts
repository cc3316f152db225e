/**
 * `npm run rules:check`: validates every rule file (rules/, or RULES_DIR), then analyses what the valid
 * ones mean (src/engine/analyze.ts): rules that never fire or never win, ties left to the file order,
 * sections sharing an order, constants and toggles nothing reads, numbers written twice. Prints each
 * problem with the file, the rule, the JSON path and what is wrong in plain words; exits 1 on any.
 * Findings a rule file acknowledges are listed with their reason and do not fail the check. A section, view or
 * banner no component renders cannot be decided: the registries are typed to render every id the schema
 * allows (docs/decisions/026).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatIssue } from '../src/engine/validate';
import { analyzeRulesDir, checkRolloutsDir, checkRulesDir } from '../lib/rules-files';
import { repoRoot, rulesDir } from '../lib/repo';
import { ruleCasesSchemaText, rulesetSchemaText } from '../lib/generated-files';

const dir = rulesDir();
const result = checkRulesDir(dir);
const analysis = analyzeRulesDir(result);
// A rollout (rules/rollouts/<change>.json) is checked like the files it serves to its share of accounts.
const rollouts = checkRolloutsDir(dir);
const problems = [
  ...result.issues.filter((i) => i.severity !== 'warning'),
  ...rollouts.issues,
  ...analysis.findings.filter((i) => i.severity !== 'warning'),
].map(formatIssue);
const warnings = [...result.issues, ...analysis.findings]
  .filter((i) => i.severity === 'warning')
  .map(formatIssue);
for (const w of warnings) console.warn(w);

// The schemas editors validate against must match the vocabulary the runtime knows.
if (!process.env.RULES_DIR) {
  for (const [name, text] of [
    ['ruleset.schema.json', await rulesetSchemaText()],
    ['rule-cases.schema.json', await ruleCasesSchemaText()],
  ] as const) {
    if (readFileSync(join(repoRoot, 'schemas', name), 'utf8') !== text) {
      problems.push(
        `schemas/${name} is out of date with the fact vocabulary: run npx tsx scripts/rules-schema.ts`,
      );
    }
  }
}

for (const a of analysis.acknowledged) {
  console.log(`acknowledged [${a.code ?? ''}] ${a.file}, rule ${a.rule ?? ''}: ${a.reason}`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(
    `\nrules check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`,
  );
  process.exit(1);
}
const acknowledged = analysis.acknowledged.length;
console.log(
  `rules ok: ${result.files} files, ${result.rules} rules${
    rollouts.rollouts.length > 0 ? `, ${rollouts.rollouts.length} rolled out` : ''
  }${acknowledged > 0 ? `; ${acknowledged} acknowledged finding${acknowledged === 1 ? '' : 's'}` : ''}`,
);
