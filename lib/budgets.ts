/**
 * The page-load budgets `npm run bench` prints figures against (docs/decisions/010-first-load.md), shared
 * with the browser tests that hold the first load and the layout shift to them.
 */
export const BUDGETS = {
  firstLoadKb: 190,
  lcpMs: 1_500,
  cls: 0.05,
  roundTrips: 3,
  performance: 98,
  tbtMs: 50,
} as const;
