import { DEFAULT_SEED, DEFAULT_VARIANTS } from './persona-variants';

/**
 * Variants the browser fuzz loads in `npm test`: a sample, the same every run (the seed is fixed and
 * printed); `npm run test:sweep` (SWEEP=1) loads DEFAULT_VARIANTS, the whole sweep. The generator's own
 * tests cover every kind of mutation over a larger sample without a browser.
 */
// 10 of them (50 page loads) since issue 33: CI's 20 minutes had under a minute of room on this host kind.
export const SAMPLED_VARIANTS = 10;

/**
 * The fuzz's seed and size: FUZZ_SEED and FUZZ_VARIANTS override the fixed defaults (for a replay); SWEEP=1
 * runs the whole sweep.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; count: number } {
  const seed = Number(env.FUZZ_SEED ?? DEFAULT_SEED);
  const count = Number(env.FUZZ_VARIANTS ?? (env.SWEEP === '1' ? DEFAULT_VARIANTS : SAMPLED_VARIANTS));
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1)
    throw new Error(
      `FUZZ_SEED and FUZZ_VARIANTS must be whole numbers (got ${env.FUZZ_SEED}, ${env.FUZZ_VARIANTS})`,
    );
  return { seed, count };
}
