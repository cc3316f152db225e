// The vocabulary's tables (built from the decisions' declarations, with the analysts' descriptions) are imported
// from './vocabulary' itself by the engine and the studio: through here only its types, so no customer page
// pulls the declarations into its first load (test/e2e/first-load-budget.spec.ts).
export type * from './vocabulary';
export * from './snapshot';
// './responses' (raw bodies validated into a snapshot) is the tools' and tests', imported on its own.
export * from './derive';
export * from './order';
export * from './history';
export * from './appointments';
export { parseDate, parseCardExpiry } from './dates';
// './tracking' is imported on its own, when the cookie is written (not part of the first load).
