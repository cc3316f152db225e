import { describe, expect, it } from 'vitest';
import portal from '../../config/portal.json';
import { loadConfig } from '../../src/config/validate';

describe('config/portal.json', () => {
  it('is valid against schemas/config.schema.json (the browser no longer checks it at start-up)', () => {
    expect(loadConfig(portal)).toBe(portal);
  });

  it('an invalid configuration is refused with the place that is wrong', () => {
    expect(() => loadConfig({ ...portal, timeouts: { ...portal.timeouts, callMs: 'soon' } })).toThrow(
      'config/portal.json is invalid at /timeouts/callMs',
    );
  });
});
