/**
 * `npm run rules:check`: validates every rule file (rules/, or RULES_DIR) and prints each problem with the
 * file, the rule, the JSON path and what is wrong in plain words. Exits 1 on any problem. A section a rule
 * can show that no component renders is a problem too, or a warning while its feature is not built yet
 * (src/app/rendered-sections.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatIssue } from '../src/engine/validate';
import { ruleFileOf } from '../src/engine/decisions';
import { checkRulesDir, repoRoot, rulesDir, rulesetSchemaText, unrenderedSectionIssues } from './rules-lib';

const dir = rulesDir();
const result = checkRulesDir(dir);
result.issues.push(...unrenderedSectionIssues(result.parsed[ruleFileOf('home-sections')]));
const problems = result.issues.filter((i) => i.severity !== 'warning').map(formatIssue);
const warnings = result.issues.filter((i) => i.severity === 'warning').map(formatIssue);
for (const w of warnings) console.warn(w);

// The schema editors validate against must match the vocabulary the runtime knows.
if (!process.env.RULES_DIR) {
  const committed = readFileSync(join(repoRoot, 'schemas', 'ruleset.schema.json'), 'utf8');
  if (committed !== (await rulesetSchemaText())) {
    problems.push(
      'schemas/ruleset.schema.json is out of date with the fact vocabulary: run npx tsx scripts/rules-schema.ts',
    );
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(
    `\nrules check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`,
  );
  process.exit(1);
}
console.log(`rules ok: ${result.files} files, ${result.rules} rules`);
