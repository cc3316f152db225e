/**
 * The page-load budgets `npm run bench` prints figures against (docs/decisions/010-first-load.md, 037 and
 * 038), shared with the browser tests that hold the first load and the layout shift to them.
 */
export const BUDGETS = {
  firstLoadKb: 190,
  lcpMs: 1_500,
  cls: 0.05,
  roundTrips: 3,
  /** Lighthouse's performance score: the aim, and the floor below which a build is not done (issue 20). */
  performance: 98,
  performanceFloor: 90,
  tbtMs: 100,
  /** No task after the first paint longer than this, in Chromium at 4x CPU slowdown (issue 20, item 4). */
  longTaskMs: 50,
} as const;
