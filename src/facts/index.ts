export * from './vocabulary';
export * from './snapshot';
export * from './derive';
export * from './order';
export * from './history';
export * from './appointments';
export { parseDate, parseCardExpiry } from './dates';
export * from './tracking';
