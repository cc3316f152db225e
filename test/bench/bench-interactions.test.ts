import { describe, expect, it } from 'vitest';
import { TAPS, interactionOf } from '../../scripts/bench-interactions';

describe("the taps' INP bench", () => {
  it("finds its controls on the document, never through the accessibility tree (a phone's renderer has it off)", () => {
    // An ARIA query turns the renderer's accessibility on, and every later frame pays for it (ADR 054).
    for (const tap of TAPS) expect(tap.control).not.toMatch(/::-p-aria/);
    const answered = TAPS.map((t) => t.answered.toString()).join('\n');
    const before = TAPS.map((t) => t.before?.toString() ?? '').join('\n');
    expect(`${answered}\n${before}`).not.toMatch(/-p-aria/);
  });

  it("takes the interaction's longest event and splits it into delay, processing and presentation", () => {
    const f = interactionOf([
      {
        name: 'pointerdown',
        interactionId: 7,
        startTime: 100,
        duration: 48,
        processingStart: 110,
        processingEnd: 112,
      },
      {
        name: 'click',
        interactionId: 7,
        startTime: 104,
        duration: 120,
        processingStart: 130,
        processingEnd: 150,
      },
      {
        name: 'mousemove',
        interactionId: 0,
        startTime: 90,
        duration: 400,
        processingStart: 90,
        processingEnd: 95,
      },
    ]);
    expect(f).toEqual({ latencyMs: 120, inputDelayMs: 26, processingMs: 20, presentationMs: 74 });
  });

  it('reports 0 when no event of an interaction reached the threshold', () => {
    expect(interactionOf([]).latencyMs).toBe(0);
  });
});
