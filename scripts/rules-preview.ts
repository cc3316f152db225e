/**
 * `npm run rules:preview`: a markdown table of every persona against every decision (home view, banner,
 * sections in order, navigation, other decisions, toggles) for a pinned date. `-- --update` rewrites the
 * golden file test/golden/rules-preview.md, which a test compares with the current rules; `-- --date
 * YYYY-MM-DD` previews another day (not for the golden file). RULES_DIR previews an analyst's copy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PREVIEW_DATE, currentPreview, goldenPreviewPath, loadRulesDir, rulesDir } from './rules-lib';

const args = process.argv.slice(2);
const dateIndex = args.indexOf('--date');
const date = dateIndex >= 0 ? args[dateIndex + 1] : PREVIEW_DATE;
if (!date) {
  console.error('--date needs a value: --date YYYY-MM-DD');
  process.exit(2);
}

try {
  const text = await currentPreview(loadRulesDir(rulesDir()), date);
  if (args.includes('--update')) {
    if (date !== PREVIEW_DATE)
      throw new Error(`the golden file is pinned to ${PREVIEW_DATE}: drop --date to update it`);
    mkdirSync(dirname(goldenPreviewPath), { recursive: true });
    writeFileSync(goldenPreviewPath, text);
    console.log(`wrote ${goldenPreviewPath}`);
  } else {
    process.stdout.write(text);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
