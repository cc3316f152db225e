import { describe, expect, it } from 'vitest';
import { personaProblem } from '../../server/personas';
import { envelopeSaysFailure, personaVariants, prng } from './persona-variants';
import { fuzzSettings } from './settings';

const today = new Date(2026, 2, 10);
const variants = personaVariants({ seed: 42, count: 40, today });

describe('the response fuzz generator', () => {
  it('is deterministic: the same seed gives the same variants, another seed others', () => {
    expect(JSON.stringify(personaVariants({ seed: 42, count: 40, today }))).toBe(JSON.stringify(variants));
    expect(JSON.stringify(personaVariants({ seed: 43, count: 40, today }))).not.toBe(
      JSON.stringify(variants),
    );
    const a = prng(1);
    const b = prng(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('gives valid personas the sandbox serves, each with its mutations listed', () => {
    for (const v of variants) {
      expect(personaProblem(v.persona, `${v.id}.json`)).toBeNull();
      expect(v.mutations.length).toBeGreaterThan(0);
    }
  });

  it("starts with the probe's findings and mixes every kind of mutation", () => {
    // Every kind over a sample of the size the browser fuzz can run (FUZZ_VARIANTS=96): a kind drawn one time
    // in three per array (an array emptied) may miss a 40-variant sample when the personas change.
    const sample = personaVariants({ seed: 42, count: 96, today });
    const all = sample.flatMap((v) => v.mutations).join('\n');
    expect(variants[0]?.mutations.join(' ')).toMatch(/lone surrogate/);
    for (const kind of [/ removed$/m, / added$/m, / emptied$/m, /repeated 40 times/, / = /])
      expect(all).toMatch(kind);
  });

  it('knows which variants have a profile that says failure (only those may show the error view)', () => {
    const failures = variants.filter((v) => v.profileFailure).map((v) => v.mutations.join(' '));
    expect(failures).toContain('homeEarlyInit.statusCode = statusCode 500');
    expect(failures).toContain('homeEarlyInit.status = status FAILURE');
    for (const v of variants) expect(v.profileFailure).toBe(envelopeSaysFailure(v.persona));
    expect(variants.filter((v) => !v.profileFailure).length).toBeGreaterThan(30);
  });

  it('reads its seed and size from FUZZ_SEED and FUZZ_VARIANTS, and refuses nonsense', () => {
    expect(fuzzSettings({ FUZZ_SEED: '7', FUZZ_VARIANTS: '96' })).toEqual({ seed: 7, count: 96 });
    expect(() => fuzzSettings({ FUZZ_VARIANTS: 'many' })).toThrow(/whole numbers/);
  });
});
