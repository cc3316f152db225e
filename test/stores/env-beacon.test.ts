// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnv } from '../../src/stores/env';

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
