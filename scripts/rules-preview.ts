/**
 * `npm run rules:preview`: every persona against every decision (home view, banner, sections in order,
 * navigation, other decisions, toggles) for a pinned date, one line per persona and decision.
 * `-- --diff` prints only what changed against the reviewed golden copy test/golden/rules-preview.md
 * (persona, decision, before, after) and counts; `-- --update` rewrites that copy, which a test compares
 * with the current rules; `-- --date YYYY-MM-DD` previews another day (not for the golden file).
 * RULES_DIR previews an analyst's copy.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { diffPreviews, formatPreviewDiff } from '../lib/preview-format';
import { PREVIEW_DATE, currentPreview, goldenPreviewPath } from '../lib/personas';
import { loadRulesDir } from '../lib/rules-files';
import { repoRoot, rulesDir } from '../lib/repo';

const args = process.argv.slice(2);
const dateIndex = args.indexOf('--date');
const date = dateIndex >= 0 ? args[dateIndex + 1] : PREVIEW_DATE;
if (!date) {
  console.error('--date needs a value: --date YYYY-MM-DD');
  process.exit(2);
}

try {
  const text = await currentPreview(loadRulesDir(rulesDir()), date);
  const pinned = (what: string): void => {
    if (date !== PREVIEW_DATE)
      throw new Error(`the golden file is pinned to ${PREVIEW_DATE}: drop --date to ${what}`);
  };
  if (args.includes('--update')) {
    pinned('update it');
    mkdirSync(dirname(goldenPreviewPath), { recursive: true });
    writeFileSync(goldenPreviewPath, text);
    console.log(`wrote ${goldenPreviewPath}`);
  } else if (args.includes('--diff')) {
    pinned('compare with it');
    if (!existsSync(goldenPreviewPath))
      throw new Error(`no golden file ${goldenPreviewPath}: run with --update`);
    const golden = readFileSync(goldenPreviewPath, 'utf8');
    process.stdout.write(
      formatPreviewDiff(diffPreviews(golden, text), relative(repoRoot, goldenPreviewPath)),
    );
  } else {
    process.stdout.write(text);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
