/**
 * `npm run rules:test`: runs every rule case of rules/cases/ (or RULES_DIR's cases/) on the portal's
 * runtime and prints each failing case in plain words: the case, what was expected, what was decided, and
 * the explain trace of the deciding rule. `-- --coverage` also lists the rules no case makes match and the
 * conditions no case makes fail. Exits 1 when a case fails or a case file is invalid.
 */
import {
  coverageOf,
  formatCaseIssue,
  formatCoverage,
  formatFailure,
  loadCases,
  runCases,
} from '../lib/rule-cases';
import { loadRulesDir } from '../lib/rules-files';
import { rulesDir } from '../lib/repo';

const dir = rulesDir();
try {
  const loaded = loadCases(dir);
  const coverage = process.argv.includes('--coverage');
  // Only the coverage reads a passing case's trace: without it, cases are decided as a customer's page is.
  const results = await runCases(loadRulesDir(dir), loaded, coverage ? { traces: 'every case' } : {});
  const failed = results.filter((r) => r.failures.length > 0);
  for (const f of failed) console.error(`${formatFailure(f)}\n`);
  for (const i of loaded.issues) console.error(formatCaseIssue(i));
  if (coverage) console.log(`${formatCoverage(coverageOf(loadRulesDir(dir), results))}\n`);
  const files = loaded.files.length;
  const summary = `${results.length} cases in ${files} file${files === 1 ? '' : 's'}`;
  if (failed.length > 0 || loaded.issues.length > 0) {
    console.error(
      `rules test failed: ${failed.length} of ${summary} fail${
        loaded.issues.length > 0 ? `; ${loaded.issues.length} problem(s) in the case files` : ''
      }`,
    );
    process.exit(1);
  }
  console.log(`rules test ok: ${summary}, all pass`);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
