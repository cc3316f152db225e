/**
 * The rule studio's server (/studio/api/*): only analysts, CSRF on every write, every change checked again
 * with rules:check and the rule cases, recorded in a git repository of the rules folder, live only after a
 * second analyst approves, and restorable.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness as SandboxServer } from './harness';
import { Browser, copyRules, makeDist, start } from './harness';

let sandbox: SandboxServer;
let base: string;
let rulesDir: string;
let gitDir: string;

beforeAll(async () => {
  rulesDir = copyRules();
  gitDir = join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git');
  ({ sandbox, base } = await start({ distDir: makeDist(), rulesDir, studio: { gitDir } }));
});
afterAll(() => sandbox.close());

const git = (...args: string[]): string =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' });

async function analyst(id: string): Promise<{ b: Browser; csrf: string }> {
  const b = new Browser(base);
  b.signInAnalyst(sandbox, id);
  const session = await b.json<{ csrfToken: string }>('/studio/api/session');
  return { b, csrf: session.csrfToken };
}

/** The card warning's rule file with the threshold `days`, and its cases updated to match. */
function cardWarningChange(files: Record<string, string>, days: number): Record<string, string> {
  const rules = files['prepaid-card.json']!.replace(/("value": )60\b/, `$1${days}`);
  const cases = files['cases/prepaid-card.cases.json']!.replace(
    /"daysToCardExpiry": 60\b/g,
    `"daysToCardExpiry": ${days}`,
  );
  return { 'prepaid-card.json': rules, 'cases/prepaid-card.cases.json': cases };
}

describe('rule studio API', () => {
  it('answers 403 to a customer on every studio call, reads and writes alike', async () => {
    const customer = new Browser(base);
    await customer.signIn('card-expiring');
    for (const path of [
      '/studio/api/session',
      '/studio/api/rules',
      '/studio/api/history',
      '/studio/api/changes',
      '/studio/api/personas',
    ]) {
      expect((await customer.get(path)).status, path).toBe(403);
    }
    const write = await customer.post('/studio/api/changes', {
      reason: 'customer try',
      base: 'x',
      files: {},
    });
    expect(write.status).toBe(403);
    expect((await customer.get('/rules/draft/prepaid-card.json')).status).toBe(403);
    expect((await customer.get('/rules/draft/bundle.json')).status).toBe(403);
    expect((await customer.get('/studio/api/versions/main')).status).toBe(403);
    const anonymous = new Browser(base);
    expect((await anonymous.get('/studio/api/rules')).status).toBe(403);
  });

  it('refuses a write without the session CSRF token, or with a cross-site origin', async () => {
    const { b, csrf } = await analyst('ana');
    const live = await b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
    const body = { reason: 'no token', base: live.commit, files: cardWarningChange(live.files, 45) };
    expect((await b.post('/studio/api/changes', body)).status).toBe(403);
    expect(
      (await b.post('/studio/api/changes', body, { 'x-csrf-token': 'x'.repeat(csrf.length) })).status,
    ).toBe(403);
    const cross = await b.post('/studio/api/changes', body, {
      'x-csrf-token': csrf,
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
    expect(await b.json<{ pending: unknown[] }>('/studio/api/changes')).toMatchObject({ pending: [] });
  });

  // Every check of a save in the server's worker threads, several saves: seconds of work on a busy machine.
  it(
    'validates a change again on the server with the messages of rules:check and the rule cases',
    { timeout: 60_000 },
    async () => {
      const { b, csrf } = await analyst('ana');
      const live = await b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
      const invalid = live.files['prepaid-card.json']!.replace('"daysToCardExpiry"', '"daysToCardExpiri"');
      const res = await b.post(
        '/studio/api/changes',
        { reason: 'typo', base: live.commit, files: { 'prepaid-card.json': invalid } },
        { 'x-csrf-token': csrf },
      );
      expect(res.status).toBe(422);
      const body = (await res.json()) as { problems: string[] };
      expect(body.problems.join('\n')).toContain(
        "unknown fact 'daysToCardExpiri': did you mean 'daysToCardExpiry'?",
      );

      // The rules alone: the case at the old boundary fails, so the change is refused until it is updated.
      const rulesOnly = { 'prepaid-card.json': cardWarningChange(live.files, 45)['prepaid-card.json']! };
      const failing = await b.post(
        '/studio/api/changes',
        { reason: 'cases not updated', base: live.commit, files: rulesOnly },
        { 'x-csrf-token': csrf },
      );
      expect(failing.status).toBe(422);
      expect(((await failing.json()) as { problems: string[] }).problems.join('\n')).toMatch(
        /prepaid-card\.cases\.json, case #\d+ .* fails/,
      );
    },
  );

  it(
    'records a change as a commit by its analyst, live only after a second analyst approves, then restores',
    // Git commits and every check of a save, twice: seconds of work, more on a busy machine.
    { timeout: 60_000 },
    async () => {
      const ana = await analyst('ana');
      const ben = await analyst('ben');
      const live = await ana.b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
      const saved = await ana.b.post(
        '/studio/api/changes',
        {
          reason: 'Warn 45 days before the card expires',
          base: live.commit,
          files: cardWarningChange(live.files, 45),
          impact: { accounts: 100000, changed: 1234 },
        },
        { 'x-csrf-token': ana.csrf },
      );
      expect(saved.status).toBe(201);
      const { id, pending } = (await saved.json()) as { id: string; pending: boolean };
      expect(pending).toBe(true);
      // Not live yet: the folder the portal serves is unchanged.
      expect(readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8')).toBe(live.files['prepaid-card.json']);
      const list = await ana.b.json<{
        pending: { id: string; reason: string; authorId: string; files: string[]; diff: string }[];
      }>('/studio/api/changes');
      expect(list.pending).toHaveLength(1);
      expect(list.pending[0]).toMatchObject({
        id,
        reason: 'Warn 45 days before the card expires',
        authorId: 'ana',
        files: ['cases/prepaid-card.cases.json', 'prepaid-card.json'],
      });
      expect(list.pending[0]!.diff).toMatch(/^\+\s+"value": 45$/m);

      const own = await ana.b.post(`/studio/api/changes/${id}/approve`, {}, { 'x-csrf-token': ana.csrf });
      expect(own.status).toBe(403);
      const approved = await ben.b.post(
        `/studio/api/changes/${id}/approve`,
        {},
        { 'x-csrf-token': ben.csrf },
      );
      expect(approved.status).toBe(200);
      expect(readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8')).toContain('"value": 45');
      // The portal serves it at the next load.
      expect(JSON.stringify(await ben.b.json('/rules/prepaid-card.json'))).toContain('"value":45');

      const history = await ben.b.json<{
        history: {
          id: string;
          reason: string;
          author: { name: string };
          committer: { name: string };
          approvedBy?: string;
          impact?: unknown;
          kind: string;
        }[];
      }>('/studio/api/history');
      expect(history.history[0]).toMatchObject({
        reason: 'Warn 45 days before the card expires',
        author: { name: 'Ana Alvarez' },
        committer: { name: 'Ben Brooks' },
        approvedBy: 'Ben Brooks <ben.brooks@provider.example>',
        impact: { accounts: 100000, changed: 1234 },
      });
      // A real git repository: git itself reads the same history.
      expect(git('log', '-1', '--format=%an|%cn|%s', 'main').trim()).toBe(
        'Ana Alvarez|Ben Brooks|Warn 45 days before the card expires',
      );

      // Restore the version before the change: itself a recorded change needing approval.
      const before = history.history[1]!.id;
      // The version's files, for the restore's impact in the browser.
      const version = await ben.b.json<{ files: Record<string, string> }>(`/studio/api/versions/${before}`);
      expect(version.files['prepaid-card.json']).toBe(live.files['prepaid-card.json']);
      const restore = await ben.b.post(
        '/studio/api/restore',
        {
          version: before,
          reason: 'Back to 60 days',
          impact: { accounts: 100000, changedAccounts: 270, ms: 900, decisions: [] },
        },
        { 'x-csrf-token': ben.csrf },
      );
      expect(restore.status).toBe(201);
      const restoreId = ((await restore.json()) as { id: string }).id;
      expect(readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8')).toContain('"value": 45');
      expect(
        (await ana.b.post(`/studio/api/changes/${restoreId}/approve`, {}, { 'x-csrf-token': ana.csrf }))
          .status,
      ).toBe(200);
      expect(readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8')).toBe(live.files['prepaid-card.json']);
      const after = await ana.b.json<{ history: { kind: string; restores?: string; reason: string }[] }>(
        '/studio/api/history',
      );
      expect(after.history[0]).toMatchObject({
        kind: 'restore',
        restores: before,
        reason: 'Back to 60 days',
        impact: { accounts: 100000, changedAccounts: 270 },
      });
    },
  );

  it(
    'refuses a change made on a live version that has since changed the same file',
    // Git commits and every check of a save, twice: seconds of work, more on a busy machine.
    { timeout: 60_000 },
    async () => {
      const ana = await analyst('ana');
      const ben = await analyst('ben');
      const live = await ana.b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
      const first = await ana.b.post(
        '/studio/api/changes',
        { reason: 'First at 50', base: live.commit, files: cardWarningChange(live.files, 50) },
        { 'x-csrf-token': ana.csrf },
      );
      const id = ((await first.json()) as { id: string }).id;
      await ben.b.post(`/studio/api/changes/${id}/approve`, {}, { 'x-csrf-token': ben.csrf });
      const stale = await ben.b.post(
        '/studio/api/changes',
        { reason: 'Second at 40', base: live.commit, files: cardWarningChange(live.files, 40) },
        { 'x-csrf-token': ben.csrf },
      );
      expect(stale.status).toBe(409);
      // Put it back for the other tests.
      const now = await ana.b.json<{ history: { id: string }[] }>('/studio/api/history');
      const back = await ana.b.post(
        '/studio/api/restore',
        { version: now.history[1]!.id, reason: 'Undo the 50-day test' },
        { 'x-csrf-token': ana.csrf },
      );
      const backId = ((await back.json()) as { id: string }).id;
      expect(
        (await ben.b.post(`/studio/api/changes/${backId}/approve`, {}, { 'x-csrf-token': ben.csrf })).status,
      ).toBe(200);
    },
  );

  it('serves a draft to the analyst who previews it as a persona, and frames only for analysts', async () => {
    const ana = await analyst('ana');
    const live = await ana.b.json<{ files: Record<string, string> }>('/studio/api/rules');
    const res = await ana.b.post(
      '/studio/api/preview',
      {
        persona: 'card-expiring',
        files: { 'prepaid-card.json': cardWarningChange(live.files, 20)['prepaid-card.json'] },
      },
      { 'x-csrf-token': ana.csrf },
    );
    // Each frame signs the browser in as the persona at the sandbox's sign-in (Orch's session), then opens
    // the home under the live or the draft rules.
    const opened = (await res.json()) as { live: string; draft: string };
    expect(opened).toEqual({
      persona: 'card-expiring',
      live: '/sandbox/signin?persona=card-expiring&redirect=%2Fhome',
      draft: '/sandbox/signin?persona=card-expiring&redirect=%2Fhome%3Frules%3Ddraft',
      draftPage: '/home?rules=draft',
    });
    expect(JSON.stringify(await ana.b.json('/rules/draft/prepaid-card.json'))).toContain('"value":20');
    expect(JSON.stringify(await ana.b.json('/rules/prepaid-card.json'))).toContain('"value":60');
    // The portal opened with ?rules=draft asks for the bundle: the draft's file in it, the others live.
    const bundle = await ana.b.json<{ files: Record<string, { status: string; rules: unknown }> }>(
      '/rules/draft/bundle.json',
    );
    expect(bundle.files['prepaid-card.json']?.status).toBe('valid');
    expect(JSON.stringify(bundle.files['prepaid-card.json']?.rules)).toContain('"value":20');
    expect(JSON.stringify(bundle.files['prepaid-card.json']?.rules)).not.toContain('"value":60');
    expect(Object.keys(bundle.files)).toEqual(
      Object.keys((await ana.b.json<{ files: object }>('/rules/bundle.json')).files),
    );
    // The frame's sign-in makes the analyst's browser that customer at Orch; the studio session stays.
    const framed = await ana.b.get(opened.draft);
    expect(new URL(String(framed.headers.get('location'))).pathname).toBe('/home');
    expect(new URL(String(framed.headers.get('location'))).search).toBe('?rules=draft');
    expect(await ana.b.json('/Orch/isAuth')).toEqual({ authenticated: true });
    expect((await ana.b.get('/studio/api/session')).status).toBe(200);
    const page = await ana.b.get('/studio');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const customer = new Browser(base);
    await customer.signIn('card-expiring');
    const theirs = await customer.get('/home');
    expect(theirs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(theirs.headers.get('x-frame-options')).toBe('DENY');
  });
});
