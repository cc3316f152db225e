export * from './vocabulary';
export * from './snapshot';
export * from './derive';
export * from './order';
export * from './history';
export * from './appointments';
export { parseDate, parseCardExpiry } from './dates';
// './tracking' is imported on its own, when the cookie is written (not part of the first load).
