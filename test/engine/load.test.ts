import { describe, expect, it, vi } from 'vitest';
import { loadRulesDir } from '../../lib/rules-files';
import { ruleFileOf, DECISIONS } from '../../src/engine/decisions';
import {
  loadRules,
  ruleHashes,
  type BundledRules,
  type RulesFetch,
  type RulesIssue,
} from '../../src/engine/load';

const bundledRulesets = loadRulesDir();
const copies = Object.fromEntries(DECISIONS.map((d) => [ruleFileOf(d.id), bundledRulesets[d.id]]));

/** The bundled copies, counting how often the app had to load them. */
function bundledCopies(): BundledRules & { loads: number } {
  const b = {
    loads: 0,
    hashes: ruleHashes(copies),
    load: () => {
      b.loads++;
      return Promise.resolve(copies);
    },
  };
  return b;
}

type Entry = { status: 'valid' | 'rejected' | 'unavailable'; rules: unknown; message?: string };

/** GET /rules/bundle.json answering every decision file as valid, with `changes` applied. */
function bundleServer(changes: Record<string, Entry> = {}): RulesFetch {
  const files: Record<string, Entry> = {};
  for (const [name, rules] of Object.entries(copies)) files[name] = { status: 'valid', rules };
  Object.assign(files, changes);
  return vi.fn(() => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ files }) }));
}

const edited = (name: string, description: string): unknown => ({
  ...(copies[name] as object),
  description,
});

async function load(fetch: RulesFetch, bundled = bundledCopies()) {
  const issues: RulesIssue[] = [];
  const loaded = await loadRules({ fetch, bundled, onIssue: (i) => issues.push(i) });
  return { loaded, issues, bundled };
}

describe('loadRules over the served bundle', () => {
  it('asks for every rule file in one request, revalidated by the browser cache', async () => {
    const fetch = bundleServer();
    const { loaded, issues, bundled } = await load(fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/rules/bundle.json', { cache: 'no-cache' });
    expect(issues).toEqual([]);
    expect(Object.values(loaded.sources).every((s) => s === 'served')).toBe(true);
    expect(Object.values(loaded.files).every((f) => f.state === 'served' && f.message === undefined)).toBe(
      true,
    );
    // Served files equal to the built-in copies: the copies themselves are never downloaded.
    expect(bundled.loads).toBe(0);
  });

  it('a valid file uses the served rules: an analyst edit shows without a rebuild', async () => {
    const { loaded, issues } = await load(
      bundleServer({ 'toggles.json': { status: 'valid', rules: edited('toggles.json', 'edited') } }),
    );
    expect(issues).toEqual([]);
    expect(loaded.rulesets.toggles.description).toBe('edited');
    expect(loaded.files.toggles).toEqual({ file: 'rules/toggles.json', state: 'served' });
  });

  it('a rejected file keeps its last valid version (not the bundled copy), is logged once and shown as rejected with the full message', async () => {
    const message =
      "rules/toggles.json was rejected and its last valid version is served: it is invalid: rules/toggles.json rule 2 'x' /conditions/all/0/fact: unknown fact 'blockedAcount' (did you mean 'blockedAccount'?)";
    const { loaded, issues } = await load(
      bundleServer({
        'toggles.json': { status: 'rejected', rules: edited('toggles.json', 'last valid edit'), message },
      }),
    );
    expect(loaded.rulesets.toggles.description).toBe('last valid edit');
    expect(loaded.sources.toggles).toBe('served');
    expect(loaded.files.toggles).toEqual({ file: 'rules/toggles.json', state: 'rejected', message });
    expect(issues.map((i) => i.message)).toEqual([message]);
  });

  it('an unavailable file falls back to the bundled copy, logged with the server message', async () => {
    const message = 'rules/navigation.json has no valid version: it is missing';
    const { loaded, issues, bundled } = await load(
      bundleServer({ 'navigation.json': { status: 'unavailable', rules: null, message } }),
    );
    expect(loaded.sources.navigation).toBe('bundled');
    expect(loaded.rulesets.navigation).toEqual(copies['navigation.json']);
    expect(loaded.files.navigation).toEqual({
      file: 'rules/navigation.json',
      state: 'fallen back',
      message: `${message}; using the copy built into the app`,
    });
    expect(issues.map((i) => i.message)).toEqual([`${message}; using the copy built into the app`]);
    expect(loaded.sources['home-view']).toBe('served');
    expect(bundled.loads).toBe(1);
  });

  it('a file missing from the bundle falls back like an unavailable one', async () => {
    const fetch: RulesFetch = () =>
      Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ files: {} }) });
    const { loaded, issues } = await load(fetch);
    expect(Object.values(loaded.sources).every((s) => s === 'bundled')).toBe(true);
    expect(issues).toHaveLength(DECISIONS.length);
    expect(issues[0]!.message).toContain('is not in the served bundle');
  });

  it('a served file that differs from the bundled copy is still validated in the browser', async () => {
    const broken = structuredClone(copies['home-view.json']) as {
      rules: { conditions: { all: { fact: string }[] } }[];
    };
    broken.rules[3]!.conditions.all[0]!.fact = 'blockedAcount';
    const { loaded, issues } = await load(
      bundleServer({ 'home-view.json': { status: 'valid', rules: broken } }),
    );
    expect(loaded.sources['home-view']).toBe('bundled');
    expect(loaded.files['home-view'].state).toBe('fallen back');
    expect(loaded.sources.navigation).toBe('served');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toContain("unknown fact 'blockedAcount': did you mean 'blockedAccount'?");
    expect(issues[0]!.message).toContain('using the copy built into the app');
  });

  it('a bundle that cannot be fetched falls back to every bundled copy, logged once', async () => {
    const { loaded, issues } = await load(() => Promise.reject(new Error('offline')));
    expect(Object.values(loaded.sources).every((s) => s === 'bundled')).toBe(true);
    expect(Object.values(loaded.files).every((f) => f.state === 'fallen back')).toBe(true);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toBe(
      '/rules/bundle.json it could not be read (offline): every rule file uses the copy built into the app',
    );
  });

  it('a bundle answered with an error status or without files falls back too', async () => {
    const status = await load(() =>
      Promise.resolve({ ok: false, status: 503, json: () => Promise.resolve({}) }),
    );
    expect(status.issues.map((i) => i.message)).toEqual([
      '/rules/bundle.json the server answered 503: every rule file uses the copy built into the app',
    ]);
    const shape = await load(() =>
      Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve([]) }),
    );
    expect(shape.issues[0]!.message).toContain('its answer has no files');
    expect(Object.values(shape.loaded.sources).every((s) => s === 'bundled')).toBe(true);
  });
});
