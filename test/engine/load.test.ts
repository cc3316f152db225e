import { describe, expect, it, vi } from 'vitest';
import { loadRulesDir } from '../../scripts/rules-lib';
import { ruleFileOf, DECISIONS } from '../../src/engine/decisions';
import { loadRules, type RulesFetch, type RulesIssue } from '../../src/engine/load';

const bundledRulesets = loadRulesDir();
const bundled = Object.fromEntries(DECISIONS.map((d) => [ruleFileOf(d.id), bundledRulesets[d.id]]));

/** A server answering each rule file from `files` (by name), 404 otherwise. */
function server(files: Record<string, unknown>): RulesFetch {
  return vi.fn((url: string) => {
    const name = url.slice(url.lastIndexOf('/') + 1);
    const body = files[name];
    return Promise.resolve({
      ok: body !== undefined,
      status: body === undefined ? 404 : 200,
      json: () => Promise.resolve(body),
    });
  });
}

describe('loadRules', () => {
  it('uses the served rule files, fetched without cache', async () => {
    const edited = structuredClone(bundled);
    (edited['toggles.json'] as { description: string }).description = 'edited on the server';
    const fetch = server(edited);
    const issues: RulesIssue[] = [];
    const loaded = await loadRules({ fetch, bundled, onIssue: (i) => issues.push(i) });
    expect(issues).toEqual([]);
    expect(loaded.rulesets.toggles.description).toBe('edited on the server');
    expect(Object.values(loaded.sources).every((s) => s === 'served')).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/rules/home-view.json', { cache: 'no-store' });
  });

  it('keeps the bundled copy of a missing file and reports it', async () => {
    const { ['navigation.json']: _missing, ...rest } = bundled;
    const issues: RulesIssue[] = [];
    const loaded = await loadRules({ fetch: server(rest), bundled, onIssue: (i) => issues.push(i) });
    expect(loaded.sources.navigation).toBe('bundled');
    expect(loaded.rulesets.navigation).toEqual(bundled['navigation.json']);
    expect(issues.map((i) => i.message)).toEqual([
      'rules/navigation.json could not be loaded (the server answered 404), using the copy built into the app',
    ]);
  });

  it('keeps the bundled copy of an invalid file and reports what is wrong in plain words', async () => {
    const broken = structuredClone(bundled) as Record<
      string,
      { rules: { conditions: { all: { fact: string }[] } }[] }
    >;
    broken['home-view.json']!.rules[3]!.conditions.all[0]!.fact = 'blockedAcount';
    const issues: RulesIssue[] = [];
    const loaded = await loadRules({ fetch: server(broken), bundled, onIssue: (i) => issues.push(i) });
    expect(loaded.sources['home-view']).toBe('bundled');
    expect(loaded.sources.navigation).toBe('served');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain("unknown fact 'blockedAcount': did you mean 'blockedAccount'?");
    expect(issues[0]!.message).toContain('using the copy built into the app');
  });

  it('keeps the bundled copies when the server cannot be reached', async () => {
    const issues: RulesIssue[] = [];
    const loaded = await loadRules({
      fetch: () => Promise.reject(new Error('offline')),
      bundled,
      onIssue: (i) => issues.push(i),
    });
    expect(Object.values(loaded.sources).every((s) => s === 'bundled')).toBe(true);
    expect(issues).toHaveLength(DECISIONS.length);
    expect(issues[0]!.message).toContain('offline');
  });
});
