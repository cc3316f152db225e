import { describe, expect, it, vi } from 'vitest';
import portal from '../../config/portal.json';
import schema from '../../schemas/config.schema.json';
import {
  RUNTIME_CONFIG_ID,
  RUNTIME_TIMEOUTS,
  readRuntimeConfig,
  runtimeOverrides,
  withRuntime,
} from '../../src/config/runtime';
import { runtimeConfigBlock, runtimeConfigFromEnv, withRuntimeConfig } from '../../server/runtime-config';

/** A page holding `html`, as far as readRuntimeConfig looks at it: the text of the element with an id. */
function pageWith(html: string): Pick<Document, 'getElementById'> {
  return {
    getElementById: (id) => {
      const found = new RegExp(`<script [^>]*id="${id}"[^>]*>(.*?)</script>`).exec(html);
      return found ? ({ textContent: found[1] } as HTMLElement) : null;
    },
  };
}

describe('the time-outs a server sets at run time (portal-runtime)', () => {
  it('are the time-outs of config/portal.json, each read from its environment variable', () => {
    expect(RUNTIME_TIMEOUTS).toEqual({
      callMs: 'CALL_TIMEOUT_MS',
      homeCompleteMs: 'HOME_COMPLETE_MS',
      chunkLoadMs: 'CHUNK_LOAD_MS',
    });
  });

  it('are read from the environment; unset or empty variables keep the bundled values', () => {
    expect(runtimeConfigFromEnv({})).toEqual({});
    expect(runtimeConfigFromEnv({ CALL_TIMEOUT_MS: '', HOME_COMPLETE_MS: ' ' })).toEqual({});
    expect(runtimeConfigFromEnv({ CALL_TIMEOUT_MS: '800', HOME_COMPLETE_MS: '0', OTHER: 'x' })).toEqual({
      timeouts: { callMs: 800, homeCompleteMs: 0 },
    });
  });

  it.each([
    ['CALL_TIMEOUT_MS', 'soon'],
    ['CALL_TIMEOUT_MS', '99'],
    ['CALL_TIMEOUT_MS', '1.5'],
    ['CALL_TIMEOUT_MS', '-1'],
    ['CHUNK_LOAD_MS', '999'],
    ['HOME_COMPLETE_MS', '3e3'],
    ['CALL_TIMEOUT_MS', '2147483648'],
  ])('stop the start on %s=%s, naming the variable and its bounds from the schema', (variable, value) => {
    expect(() => runtimeConfigFromEnv({ [variable]: value })).toThrow(
      new RegExp(
        `^${variable} must be a whole number of milliseconds from \\d+ to 2147483647 .*not '${value}'`,
      ),
    );
  });

  it('take their lower bounds from schemas/config.schema.json', () => {
    const { callMs, chunkLoadMs } = schema.properties.timeouts.properties;
    expect(runtimeConfigFromEnv({ CALL_TIMEOUT_MS: String(callMs.minimum) })).toEqual({
      timeouts: { callMs: callMs.minimum },
    });
    expect(() => runtimeConfigFromEnv({ CHUNK_LOAD_MS: String(chunkLoadMs.minimum - 1) })).toThrow(
      `from ${chunkLoadMs.minimum} to`,
    );
  });

  it('are written into the page as a JSON data block at the end of its head, which the portal reads back', () => {
    const config = { timeouts: { callMs: 800, homeCompleteMs: 1500 } };
    const html =
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
    const page = withRuntimeConfig(html, config);
    expect(page).toBe(
      `<!doctype html><html><head><title>x</title><script type="application/json" id="${RUNTIME_CONFIG_ID}">` +
        '{"timeouts":{"callMs":800,"homeCompleteMs":1500}}</script></head><body><div id="root"></div></body></html>',
    );
    expect(readRuntimeConfig(pageWith(page))).toEqual(config);
    // Nothing to set: the page stays as built.
    expect(withRuntimeConfig(html, {})).toBe(html);
  });

  it('cannot end the block early, whatever a value holds', () => {
    const block = runtimeConfigBlock({ note: '</script><script>alert(1)</script>' } as never);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<script>alert');
    const text = /^<script [^>]*>(.*)<\/script>$/.exec(block)![1]!;
    expect(JSON.parse(text)).toEqual({ note: '</script><script>alert(1)</script>' });
  });

  it('override the bundled time-outs they name and keep the others', () => {
    const config = withRuntime(portal, { timeouts: { callMs: 800 } });
    expect(config.timeouts).toEqual({ ...portal.timeouts, callMs: 800 });
    expect(config.jumpOuts).toBe(portal.jumpOuts);
    expect(withRuntime(portal, {})).toBe(portal);
    expect(withRuntime(portal, { timeouts: {} })).toBe(portal);
  });

  it('fall back to the bundled value, key by key and with a warning, when the block is not what this build reads', () => {
    const warn = vi.fn();
    expect(
      runtimeOverrides(
        { timeouts: { callMs: 800, homeCompleteMs: '3000', chunkLoadMs: -5, later: 1 } },
        warn,
      ),
    ).toEqual({ timeouts: { callMs: 800 } });
    expect(warn.mock.calls.map(([m]) => String(m))).toEqual([
      'portal-runtime: timeouts.homeCompleteMs is not a time in ms; the bundled value applies',
      'portal-runtime: timeouts.chunkLoadMs is not a time in ms; the bundled value applies',
      "portal-runtime: unknown time-out 'later' ignored",
    ]);
    expect(runtimeOverrides({ timeouts: 5 }, warn)).toEqual({});
    expect(runtimeOverrides(null)).toEqual({});
    expect(runtimeOverrides({})).toEqual({});
  });

  it('are nothing when the page has no block, an empty one or one that is not JSON; nor where there is no page', () => {
    const warn = vi.fn();
    expect(readRuntimeConfig(pageWith('<div></div>'), warn)).toEqual({});
    expect(
      readRuntimeConfig(pageWith(`<script type="application/json" id="${RUNTIME_CONFIG_ID}"></script>`)),
    ).toEqual({});
    expect(
      readRuntimeConfig(
        pageWith(`<script type="application/json" id="${RUNTIME_CONFIG_ID}">{nope</script>`),
        warn,
      ),
    ).toEqual({});
    expect(warn).toHaveBeenCalledWith('portal-runtime is not JSON; the bundled configuration applies');
    expect(readRuntimeConfig(undefined)).toEqual({});
  });
});
