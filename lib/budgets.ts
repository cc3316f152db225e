/**
 * The page-load budgets `npm run bench` prints figures against (docs/decisions/010-first-load.md, 037, 038 and
 * 039), shared with the browser tests that hold the first load and the layout shift to them. The CPU figures
 * apply to the calibrated low-tier phone (lib/bench-calibration.ts: the host's benchmark index / 264), not to
 * Lighthouse's fixed 4x, so they mean the same on every machine (issue 30).
 */
export const BUDGETS = {
  firstLoadKb: 190,
  /** LCP with the preset's throttling applied to the load (what a phone on that network sees) */
  lcpMs: 1_500,
  /** LCP as Lighthouse simulates it (it counts every request finished before the observed LCP: ADR 039) */
  lcpSimulatedMs: 2_500,
  cls: 0.05,
  roundTrips: 3,
  /** Lighthouse's performance score: the aim, and the floor below which a build is not done (issue 20). */
  performance: 98,
  performanceFloor: 90,
  tbtMs: 100,
  /** No task after the first paint longer than this, in Chromium on the calibrated phone (issue 20, item 4). */
  longTaskMs: 50,
  /** Interaction to Next Paint of the main taps (Share WiFi, the account menu, Pay), on the calibrated phone. */
  inpMs: 200,
} as const;
