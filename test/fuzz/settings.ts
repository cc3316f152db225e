import { DEFAULT_SEED, DEFAULT_VARIANTS } from './persona-variants';

/** The fuzz's seed and size: FUZZ_SEED and FUZZ_VARIANTS override the fixed defaults (for a replay). */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; count: number } {
  const seed = Number(env.FUZZ_SEED ?? DEFAULT_SEED);
  const count = Number(env.FUZZ_VARIANTS ?? DEFAULT_VARIANTS);
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1)
    throw new Error(
      `FUZZ_SEED and FUZZ_VARIANTS must be whole numbers (got ${env.FUZZ_SEED}, ${env.FUZZ_VARIANTS})`,
    );
  return { seed, count };
}
