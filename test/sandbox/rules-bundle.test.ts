import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { RULE_FILES, parseRuleJson, type RuleFileEntry } from '../../server/rules-cache';
import type { Harness as SandboxServer } from './harness';
import { copyRules, makeDist, raw, start } from './harness';

/** GET /rules/bundle.json: one request, every decision file, the last valid version of each. */
const rules = copyRules();
const problems: [string, string][] = [];
let sandbox: SandboxServer;
let base: string;

const file = (name: string) => join(rules, name);
const original = (name: string) => readFileSync(join('rules', name), 'utf8');

async function bundle(): Promise<Record<string, RuleFileEntry>> {
  const res = await fetch(`${base}/rules/bundle.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { files: Record<string, RuleFileEntry> }).files;
}

beforeAll(async () => {
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir: rules,
    onRulesProblem: (f, m) => problems.push([f, m]),
  }));
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  for (const name of RULE_FILES) writeFileSync(file(name), original(name));
  // The server sees the originals again, so they are the last valid versions.
  await bundle();
  problems.length = 0;
});

describe('the rules bundle', () => {
  it('has one valid entry per decision file, each the file as it is', async () => {
    const files = await bundle();
    expect(Object.keys(files).sort()).toEqual(DECISIONS.map((d) => ruleFileOf(d.id)).sort());
    for (const name of RULE_FILES) {
      expect(files[name], name).toEqual({ status: 'valid', rules: JSON.parse(original(name)) as unknown });
    }
  });

  it('serves an edit on the next request', async () => {
    const edited = { ...(JSON.parse(original('navigation.json')) as object), description: 'edited' };
    writeFileSync(file('navigation.json'), JSON.stringify(edited));
    expect((await bundle())['navigation.json']).toEqual({ status: 'valid', rules: edited });
  });

  it('rejects an invalid edit: the last valid version is served with the full reason, logged once', async () => {
    const broken = JSON.parse(original('navigation.json')) as { rules: { conditions: unknown }[] };
    broken.rules[0]!.conditions = { all: [{ fact: 'blokedAccount', operator: 'equal', value: true }] };
    writeFileSync(file('navigation.json'), JSON.stringify(broken));
    const entry = (await bundle())['navigation.json'];
    expect(entry?.status).toBe('rejected');
    expect(entry?.rules).toEqual(JSON.parse(original('navigation.json')));
    expect(entry?.message).toContain('rules/navigation.json was rejected');
    expect(entry?.message).toContain("'blokedAccount'");
    expect(entry?.message).toContain('blockedAccount');
    await bundle();
    await fetch(`${base}/rules/navigation.json`);
    expect(problems.filter(([f]) => f === 'rules/navigation.json')).toHaveLength(1);
    // Other files are untouched.
    expect((await bundle())['home-view.json']?.status).toBe('valid');
  });

  it('rejects unparsable JSON, saying the line and column', async () => {
    writeFileSync(file('toggles.json'), original('toggles.json').replace('"rules"', '"rules" "oops"'));
    const entry = (await bundle())['toggles.json'];
    expect(entry?.status).toBe('rejected');
    expect(entry?.rules).toEqual(JSON.parse(original('toggles.json')));
    expect(entry?.message).toMatch(/not valid JSON at line \d+, column \d+/);
  });

  it('takes a file just emptied for a save under way: the last entry stays, unreported, until it stays empty', async () => {
    // An editor saving in place truncates the file, then writes it: a request between the two reads nothing.
    writeFileSync(file('navigation.json'), '');
    expect((await bundle())['navigation.json']).toEqual({
      status: 'valid',
      rules: JSON.parse(original('navigation.json')) as unknown,
    });
    expect(problems).toEqual([]);
    // The save completes: its content is served.
    const edited = { ...(JSON.parse(original('navigation.json')) as object), description: 'saved' };
    writeFileSync(file('navigation.json'), JSON.stringify(edited));
    expect((await bundle())['navigation.json']).toEqual({ status: 'valid', rules: edited });
    // A file left empty (written 10 s ago) is rejected as empty, once, and the last valid version is served.
    writeFileSync(file('navigation.json'), '\n');
    const past = new Date(Date.now() - 10_000);
    utimesSync(file('navigation.json'), past, past);
    const entry = (await bundle())['navigation.json'];
    expect(entry).toEqual({
      status: 'rejected',
      rules: edited,
      message: 'rules/navigation.json was rejected and its last valid version is served: it is empty',
    });
    await bundle();
    expect(problems).toEqual([['rules/navigation.json', 'is empty']]);
  });

  it('keeps the last valid version seen, not the first: valid edit, then broken', async () => {
    const edited = { ...(JSON.parse(original('brand.json')) as object), description: 'second version' };
    writeFileSync(file('brand.json'), JSON.stringify(edited));
    await bundle();
    writeFileSync(file('brand.json'), '{');
    expect((await bundle())['brand.json']).toMatchObject({ status: 'rejected', rules: edited });
    writeFileSync(file('brand.json'), original('brand.json'));
    expect((await bundle())['brand.json']).toEqual({
      status: 'valid',
      rules: JSON.parse(original('brand.json')) as unknown,
    });
  });

  it('says unavailable, with why, for a file that never had a valid version since start', async () => {
    const dir = copyRules();
    rmSync(join(dir, 'outage.json'));
    writeFileSync(join(dir, 'token.json'), '{"decision": "token"}');
    writeFileSync(join(dir, 'brand.json'), 'not json');
    const fresh = await start({ distDir: makeDist(), rulesDir: dir });
    try {
      const res = await fetch(`${fresh.base}/rules/bundle.json`);
      const { files } = (await res.json()) as { files: Record<string, RuleFileEntry> };
      expect(files['outage.json']).toEqual({
        status: 'unavailable',
        rules: null,
        message: 'rules/outage.json has no valid version: it is missing',
      });
      expect(files['token.json']).toMatchObject({ status: 'unavailable', rules: null });
      expect(files['token.json']?.message).toContain('"kind"');
      expect(files['brand.json']?.message).toMatch(/line 1, column 1/);
      expect(files['home-view.json']?.status).toBe('valid');
      // A file that turns valid later is valid from then on.
      writeFileSync(join(dir, 'outage.json'), original('outage.json'));
      const later = (await (await fetch(`${fresh.base}/rules/bundle.json`)).json()) as {
        files: Record<string, RuleFileEntry>;
      };
      expect(later.files['outage.json']?.status).toBe('valid');
    } finally {
      await fresh.sandbox.close();
    }
  });

  it('carries a weak ETag over the body and no-cache; the same version answers 304, a new one 200', async () => {
    const first = await raw(base, '/rules/bundle.json');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const same = await raw(base, '/rules/bundle.json', { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.body).toHaveLength(0);
    writeFileSync(
      file('payment.json'),
      JSON.stringify({ ...(JSON.parse(original('payment.json')) as object), description: 'changed' }),
    );
    const changed = await raw(base, '/rules/bundle.json', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is compressed for a client that accepts it', async () => {
    const res = await raw(base, '/rules/bundle.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await raw(base, '/rules/bundle.json');
    expect(res.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(res.body).equals(plain.body)).toBe(true);
  });
});

describe('the per-file route and the status page', () => {
  it('/rules/<file>.json serves the same last valid version as the bundle', async () => {
    writeFileSync(file('navigation.json'), '{"decision": "navigation"}');
    const res = await fetch(`${base}/rules/navigation.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(JSON.parse(original('navigation.json')));
  });

  it('/rules/status says each file status and message', async () => {
    writeFileSync(file('navigation.json'), '[]');
    const { files } = (await (await fetch(`${base}/rules/status`)).json()) as {
      files: Record<string, { status: string; message?: string }>;
    };
    expect(files['navigation.json']?.status).toBe('rejected');
    expect(files['navigation.json']?.message).toContain('a rule file is a JSON object');
    expect(files['home-view.json']).toEqual({ status: 'valid' });
  });
});

describe('parseRuleJson', () => {
  it.each([
    ['{"a": 1,}', 1, 9],
    ['{\n  "a": tru\n}', 2, 8],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3],
    ['', 1, 1],
  ])('%j is refused at line %i, column %i', (text, line, column) => {
    const parsed = parseRuleJson(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(`line ${line}, column ${column}`);
  });
});
