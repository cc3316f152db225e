// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

/** What happened, in order: each yield to the main thread and each of the library's observers started. */
const log = vi.hoisted(() => [] as string[]);
vi.mock('../../src/yield-to-main', () => ({
  yieldToMain: () => {
    log.push('yield');
    return Promise.resolve();
  },
}));
vi.mock('web-vitals', () => ({
  onLCP: () => log.push('LCP'),
  onINP: () => log.push('INP'),
  onCLS: () => log.push('CLS'),
  onTTFB: () => log.push('TTFB'),
}));

describe('reportVitals', () => {
  it("starts each of the library's four observers in a task of its own, then marks that it listens (issue 30)", async () => {
    const { reportVitals, VITALS_MARK } = await import('../../src/shell/vitals');
    await reportVitals('/home');
    // On a slow phone the four started in one task made a long task after the first paint.
    expect(log).toEqual(['yield', 'LCP', 'yield', 'INP', 'yield', 'CLS', 'yield', 'TTFB']);
    expect(performance.getEntriesByName(VITALS_MARK)).toHaveLength(1);
  });
});
