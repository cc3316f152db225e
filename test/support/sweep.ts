/**
 * How much of the generated input the tests that repeat one check run (property runs, sampled accounts,
 * personas): `npm test` runs a sample chosen to keep every kind of input the check tells apart, small enough
 * that each test takes a few seconds on a 2-core host; `SWEEP=1` (`npm run test:unit:sweep`) runs them at
 * full size. A property's failure prints its seed and path either way (fast-check), to replay with
 * `fc.assert(..., { seed, path })`.
 */
export const SWEEP = process.env.SWEEP === '1';

/** `sample` in the suite, `sweep` under SWEEP=1. */
export const sized = <T>(sample: T, sweep: T): T => (SWEEP ? sweep : sample);
