/**
 * The rule studio's server checks everything it stores (issue 22, item 2): every file a change can touch
 * has a schema and a check (the population too), size and nesting are bounded and refused with 422 and a
 * message, and the checks run in worker threads, so customers are answered while a change is checked.
 * Also the studio's own page: a per-response CSP nonce for the JSON editor's styles, on that page only.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness as SandboxServer } from './harness';
import type { StudioChecker } from '../../server/studio/studio-check';
import { sharedChecker } from '../support/portal';
import { Browser, copyRules, makeDist, start } from './harness';

let sandbox: SandboxServer;
let base: string;
let rulesDir: string;
let checker: StudioChecker;

beforeAll(async () => {
  rulesDir = copyRules();
  checker = sharedChecker();
  const gitDir = join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git');
  ({ sandbox, base } = await start({ distDir: makeDist(), rulesDir, studio: { gitDir, checker } }));
});
afterAll(async () => {
  await sandbox.close();
});

interface Live {
  commit: string;
  files: Record<string, string>;
}

async function analyst(id: string): Promise<{ b: Browser; csrf: string; live: Live }> {
  const b = new Browser(base);
  b.signInAnalyst(sandbox, id);
  const session = await b.json<{ csrfToken: string }>('/studio/api/session');
  return { b, csrf: session.csrfToken, live: await b.json<Live>('/studio/api/rules') };
}

async function save(
  who: { b: Browser; csrf: string; live: Live },
  files: Record<string, string>,
  reason = 'a change to check',
): Promise<{ status: number; body: { error?: string; problems?: string[]; id?: string } }> {
  const res = await who.b.post(
    '/studio/api/changes',
    { reason, base: who.live.commit, files },
    { 'x-csrf-token': who.csrf },
  );
  return { status: res.status, body: (await res.json()) as { error?: string; problems?: string[] } };
}

/** Counts the checks that reach a worker while `fn` runs. */
async function checksDuring(fn: () => Promise<void>): Promise<number> {
  let started = 0;
  const onStart = (): void => void started++;
  checker.events.on('start', onStart);
  try {
    await fn();
  } finally {
    checker.events.off('start', onStart);
  }
  return started;
}

describe('every file a change can touch is checked', { timeout: 60_000 }, () => {
  it('refuses a population file that is not JSON, or that its schema refuses, and nothing goes pending', async () => {
    const ana = await analyst('ana');
    const notJson = await save(ana, { 'population/distributions.json': 'this is not json <script>' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.problems?.join('\n')).toMatch(
      /rules\/population\/distributions\.json: not valid JSON/,
    );
    const population = JSON.parse(ana.live.files['population/distributions.json']!) as Record<
      string,
      unknown
    >;
    const wrong = await save(ana, {
      'population/distributions.json': JSON.stringify({ ...population, accounts: 'many' }, null, 2),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.problems?.join('\n')).toMatch(/rules\/population\/distributions\.json: .*accounts/);
    expect(await ana.b.json<{ pending: unknown[] }>('/studio/api/changes')).toMatchObject({ pending: [] });
  });

  it('refuses a file the studio does not change, and a case file its checks refuse', async () => {
    const ana = await analyst('ana');
    const unknown = await save(ana, { 'secrets/keys.json': '{}' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.problems?.[0]).toMatch(/rules\/secrets\/keys\.json: not a file the studio changes/);
    const cases = await save(ana, { 'cases/prepaid-card.cases.json': '{"cases": 3}' });
    expect(cases.status).toBe(422);
    expect(cases.body.problems?.join('\n')).toMatch(/prepaid-card\.cases\.json/);
  });

  it('refuses 20,000 nested "all" groups with a message, without overflowing the stack', async () => {
    const ana = await analyst('ana');
    const leaf = '{"fact":"isPrepaid","operator":"equal","value":true}';
    const deep = '{"all":['.repeat(20_000) + leaf + ']}'.repeat(20_000);
    const file = ana.live.files['prepaid-card.json']!.replace(
      /"conditions": \{\s*"all": \[\s*\{\s*"fact": "isPrepaid"[^\]]*\]\s*\}/,
      `"conditions": ${deep}`,
    );
    // Within the size bound: it is the nesting that is refused, before any recursive walk.
    expect(file.length).toBeLessThan(256 * 1024);
    const refused = await save(ana, { 'prepaid-card.json': file });
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      'rules/prepaid-card.json: it nests lists and objects more than 32 levels deep: group the conditions in fewer levels, or split the rule',
    ]);
    // The preview's check of the draft refuses it the same way.
    const preview = await ana.b.post(
      '/studio/api/preview',
      { persona: 'card-expiring', files: { 'prepaid-card.json': file } },
      { 'x-csrf-token': ana.csrf },
    );
    expect(preview.status).toBe(422);
  });

  it('refuses a 1.5 MB file at once, before any check runs', async () => {
    const ana = await analyst('ana');
    const huge = ana.live.files['home-sections.json']!.replace(
      '"description": "',
      `"description": "${'x'.repeat(1_500_000)}`,
    );
    let result: Awaited<ReturnType<typeof save>> | undefined;
    const checks = await checksDuring(async () => {
      result = await save(ana, { 'home-sections.json': huge });
    });
    expect(result?.status).toBe(422);
    expect(result?.body.problems).toEqual([
      `rules/home-sections.json: it is ${huge.length.toLocaleString('en-US')} characters long: a file of the rules folder may have at most 262,144`,
    ]);
    expect(checks).toBe(0);
  });
});

describe('checks run beside the event loop', { timeout: 60_000 }, () => {
  it('answers a customer while a large change is being checked', async () => {
    const ana = await analyst('ana');
    const customer = new Browser(base);
    await customer.signIn('card-expiring');
    // A large valid-looking change: 480 more rules in the card file (about 250,000 characters).
    const file = JSON.parse(ana.live.files['prepaid-card.json']!) as { rules: unknown[] };
    for (let i = 0; i < 480; i++) {
      file.rules.push({
        name: `extra-${i}`,
        description: 'a rule among many',
        priority: 1,
        conditions: {
          all: [
            { fact: 'isPrepaid', operator: 'equal', value: true },
            { fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: -1000 - i },
          ],
        },
        event: { type: 'prepaid-card', params: { status: 0 } },
      });
    }
    const text = JSON.stringify(file, null, 2);
    expect(text.length).toBeLessThan(256 * 1024);

    // From the moment the check starts in a worker until it ends, a customer keeps asking: with the check
    // on the event loop no answer could come back in between.
    const order: string[] = [];
    let checking = false;
    const answered: Promise<void>[] = [];
    const onStart = (): void => {
      checking = true;
      const ask = async (): Promise<void> => {
        while (checking) {
          const res = await customer.get('/Orch/isAuth');
          expect(res.status).toBe(200);
          if (checking) order.push('customer answered during the check');
        }
      };
      answered.push(ask());
    };
    const onEnd = (): void => {
      checking = false;
      order.push('check ended');
    };
    checker.events.once('start', onStart);
    checker.events.once('end', onEnd);
    const saved = await save(ana, { 'prepaid-card.json': text }, 'many rules');
    order.push('change answered');
    await Promise.all(answered);
    // Refused for what the rules say (never-wins), after the check, not for its size.
    expect(saved.status).toBe(422);
    expect(saved.body.problems?.[0]).toMatch(/never wins/);
    expect(order.indexOf('check ended')).toBeGreaterThan(0);
    expect(order[0]).toBe('customer answered during the check');
    expect(order.at(-1)).toBe('change answered');
  });
});

describe('the studio page', { timeout: 60_000 }, () => {
  it('carries a nonce of its own for the editor’s styles in its CSP, and no other page does', async () => {
    const ana = new Browser(base);
    ana.signInAnalyst(sandbox, 'ana');
    const first = await ana.get('/studio');
    const second = await ana.get('/studio');
    const policy = first.headers.get('content-security-policy') ?? '';
    const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce!);
    // A customer's page and the analyst's other pages keep the plain policy.
    const customer = new Browser(base);
    await customer.signIn('card-expiring');
    expect((await customer.get('/home')).headers.get('content-security-policy')).toContain(
      "style-src 'self';",
    );
    expect((await ana.get('/billing')).headers.get('content-security-policy')).not.toContain('nonce');
  });

  it('marks a hand edit of the folder valid or rejected in the history, and the studio says so', async () => {
    const ana = await analyst('ana');
    const path = join(rulesDir, 'brand.json');
    const before = readFileSync(path, 'utf8');
    writeFileSync(path, before.replace('"description": "', '"description": "Edited by hand. '));
    const valid = await ana.b.json<{ handEdit: unknown }>('/studio/api/rules');
    expect(valid.handEdit).toBeNull();
    writeFileSync(path, before.replace(/"priority": \d+/, '"priority": "high"'));
    const invalid = await ana.b.json<{ handEdit: { files: string[]; problems: string[] } }>(
      '/studio/api/rules',
    );
    expect(invalid.handEdit.files).toEqual(['brand.json']);
    expect(invalid.handEdit.problems.join('\n')).toMatch(/rules\/brand\.json.*priority/);
    const history = await ana.b.json<{ history: { kind: string; check?: string; lines: unknown[] }[] }>(
      '/studio/api/history',
    );
    expect(history.history.slice(0, 2)).toMatchObject([
      { kind: 'outside', check: 'rejected' },
      { kind: 'outside', check: 'valid' },
    ]);
    writeFileSync(path, before);
    const fixed = await ana.b.json<{ handEdit: unknown }>('/studio/api/rules');
    expect(fixed.handEdit).toBeNull();
  });
});
