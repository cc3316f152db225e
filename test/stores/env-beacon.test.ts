// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, browserEnv } from '../../src/stores/env';

afterEach(() => vi.restoreAllMocks());

/** navigator.sendBeacon replaced by a recorder (happy-dom has none of its own). */
function beacons(): Array<[string, string]> {
  const sent: Array<[string, string]> = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push([url, body]);
      return true;
    },
  });
  return sent;
}

describe("the browser's beacon (a rollout's counts): sent after the tap's paint, never lost as the page goes", () => {
  it('is not sent inside the handler that reports it, but after the next frame, several together', async () => {
    const sent = beacons();
    const env = browserEnv();
    env.beacon('/effect', '{"a":1}');
    env.beacon('/effect', '{"a":2}');
    expect(sent).toEqual([]);
    await vi.waitFor(() =>
      expect(sent).toEqual([
        ['/effect', '{"a":1}'],
        ['/effect', '{"a":2}'],
      ]),
    );
  });

  it('a page that goes away first (a tap on a link to another site) sends what is queued as it is hidden', () => {
    const sent = beacons();
    browserEnv().beacon('/effect', '{"tap":1}');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([['/effect', '{"tap":1}']]);
  });
});

describe('a full-page navigation starts after the frame that answers the tap (src/stores/env.ts, afterPaint)', () => {
  it('is not started inside the handler, but once the next frame is painted', async () => {
    const go = vi.fn();
    afterPaint(go);
    expect(go).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1));
  });

  it('a hidden page, which paints no frame, leaves at once', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const go = vi.fn();
    afterPaint(go);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('a frame that never comes (the page hidden meanwhile) holds it 250 ms at most, and it runs once', () => {
    vi.useFakeTimers();
    try {
      const frames: FrameRequestCallback[] = [];
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
      const go = vi.fn();
      afterPaint(go);
      vi.advanceTimersByTime(249);
      expect(go).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(go).toHaveBeenCalledTimes(1);
      // The frame comes after all: nothing more.
      frames.forEach((cb) => cb(0));
      vi.runAllTimers();
      expect(go).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
