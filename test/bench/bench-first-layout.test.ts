import { describe, expect, it } from 'vitest';
import { firstLayout, type TraceEvent } from '../../lib/bench-first-layout';

const MAIN = { pid: 7, tid: 1 };
const ev = (name: string, ts: number, dur?: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: dur === undefined ? 'I' : 'X',
  ts,
  ...(dur === undefined ? {} : { dur }),
  ...MAIN,
  ...extra,
});

describe('the first layout of a gathered trace, and its waits on the font service', () => {
  const trace: TraceEvent[] = [
    ev('ParseHTML', 900, 50, { args: { beginData: { url: 'about:blank' } }, tid: 9 }),
    ev('ParseHTML', 1_000, 5_000, { args: { beginData: { url: 'http://127.0.0.1:1/home' } } }),
    ev('Layout', 10_000, 2_000),
    ev('Layout', 20_000, 90_000),
    ev('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 21_000, 30_000),
    ev('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 60_000, 25_000),
    // Another thread's call and a call after the layout are not its.
    ev('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 30_000, 40_000, { tid: 2 }),
    ev('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 120_000, 1_000),
    ev('firstContentfulPaint', 130_000),
    // After the paint: not the first layout, however long.
    ev('Layout', 200_000, 500_000),
  ];

  it("takes the page's longest layout before the paint, on the page's main thread, and the calls inside it", () => {
    expect(firstLayout(trace, '/home')).toEqual({ layoutMs: 90, fontWaitMs: 55 });
  });

  it('has nothing to say of a trace without the page', () => {
    expect(firstLayout(trace, '/billing')).toEqual({ layoutMs: NaN, fontWaitMs: NaN });
  });
});
