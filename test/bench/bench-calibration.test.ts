import { describe, expect, it } from 'vitest';
import { LOW_TIER_PHONE_INDEX, runSlowdown, slowdownFor } from '../../lib/bench-calibration';

describe('slowdownFor: the host made a low-tier phone', () => {
  it('divides the index by 264, to two decimals', () => {
    expect(LOW_TIER_PHONE_INDEX).toBe(264);
    expect(slowdownFor(1_166)).toBe(4.42);
    expect(slowdownFor(264)).toBe(1);
  });
  it('never speeds a host slower than the phone up', () => {
    expect(slowdownFor(200)).toBe(1);
  });
  it('refuses what is not an index', () => {
    expect(() => slowdownFor(0)).toThrow();
    expect(() => slowdownFor(NaN)).toThrow();
  });
});

describe("runSlowdown: one Lighthouse run's multiplier", () => {
  it('is the index that run measured / 264', () => {
    expect(runSlowdown(1_320, {})).toBe(5);
  });
  it('gives way to BENCH_CPU_SLOWDOWN, then BENCH_BENCHMARK_INDEX', () => {
    expect(runSlowdown(1_320, { BENCH_CPU_SLOWDOWN: '4', BENCH_BENCHMARK_INDEX: '528' })).toBe(4);
    expect(runSlowdown(1_320, { BENCH_BENCHMARK_INDEX: '528' })).toBe(2);
  });
  it('refuses a slowdown under 1', () => {
    expect(() => runSlowdown(1_320, { BENCH_CPU_SLOWDOWN: '0.5' })).toThrow();
  });
});
