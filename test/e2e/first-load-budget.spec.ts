import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { firstLoad } from '../../scripts/first-load';
import { BUDGETS } from '../../scripts/bench-page-load';

/**
 * The first-load JavaScript of /home, counted from the build `npm test` has just made (deterministic: the
 * same bytes gzipped at level 9, no timing). The budget is BUDGETS.firstLoadKb (140 KB). The first load got
 * within it (139.8 KB: docs/decisions/010-first-load.md); the billing cards of issue 8, merged after, took it
 * to 141.7 KB, so until room is made (ADR 010 lists where) this is a ratchet just above the budget, never to
 * be raised: a change that adds to /home's first load fails here. `npm run bench` prints the figure against
 * the budget as over.
 */
const FIRST_LOAD_CEILING_KB = 142;

test('the first-load JavaScript of /home stays under its 142 KB ratchet (budget 140 KB, gzipped)', () => {
  const load = firstLoad(join(process.cwd(), 'dist'));
  expect(load, 'npm test builds dist/ before the browser tests').not.toBeNull();
  const kb = load!.files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const heaviest = [...load!.files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`)
    .join(', ');
  // The ratchet only ever comes down to the budget.
  expect(FIRST_LOAD_CEILING_KB).toBeLessThanOrEqual(BUDGETS.firstLoadKb + 2);
  expect(kb, `first load ${kb.toFixed(1)} KB gzipped (heaviest: ${heaviest})`).toBeLessThanOrEqual(
    FIRST_LOAD_CEILING_KB,
  );
});
