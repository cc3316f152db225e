import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CapturedSession } from '../../machines/paths';
import { contentHash } from '../../machines/version';
import { repoRoot as ROOT } from '../../lib/repo';
import { rulesToServe } from '../../lib/qa-replay';
import { findRuleFileInHistory, rulesHashOfDir } from '../../lib/paths/sessions';

// qa:replay serves the rules a session was decided with: the current rules when they are those, else each
// recorded rule file's version from git history, saying plainly which differ and which cannot be found.

const cleanup: string[] = [];
afterAll(async () => {
  const { rmSync } = await import('node:fs');
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
/** The commits that changed rules/constants.json, newest first (it has several versions). */
const commits = git('log', '--format=%H', '--', 'rules/constants.json').split('\n').filter(Boolean);
const older = commits[1];

async function sessionWith(files: Record<string, string>): Promise<CapturedSession> {
  const now = await rulesHashOfDir(join(ROOT, 'rules'));
  const recorded = { ...now.files };
  for (const [name, hash] of Object.entries(files)) recorded[name] = { source: 'served', hash };
  return {
    capturedAt: '2025-03-10T09:30:00Z',
    date: '2025-03-10',
    persona: 'postpaid',
    faults: {},
    page: { path: '/home' },
    rules: { hash: Object.keys(files).length ? 'sha256:'.padEnd(71, '0') : now.hash, files: recorded },
    browser: { timeZone: 'UTC', locale: 'en-US', viewport: { width: 1280, height: 720 } },
  };
}

describe('the rules a replay serves', () => {
  it('are the current rules when they are the captured ones', async () => {
    const lines: string[] = [];
    const dir = await rulesToServe(await sessionWith({}), (l) => lines.push(l), cleanup);
    expect(dir).toBe(join(ROOT, 'rules'));
    expect(lines.join('\n')).toMatch(/rules {5}sha256:\w{12}… as captured/);
  });

  it.skipIf(!older)(
    'are the captured version of a changed file, found in git history, with a warning',
    async () => {
      expect(
        older,
        'rules/constants.json has an earlier version in git history (not a shallow clone)',
      ).toBeDefined();
      const text = git('show', `${older}:rules/constants.json`);
      const hash = (await contentHash(JSON.parse(text)))!;
      expect(await findRuleFileInHistory('constants.json', hash)).toEqual({
        commit: expect.any(String) as unknown,
        text,
      });
      const lines: string[] = [];
      const dir = await rulesToServe(
        await sessionWith({ 'constants.json': hash }),
        (l) => lines.push(l),
        cleanup,
      );
      expect(dir).not.toBe(join(ROOT, 'rules'));
      expect(readFileSync(join(dir, 'constants.json'), 'utf8')).toBe(text);
      expect(readFileSync(join(dir, 'home-view.json'), 'utf8')).toBe(
        readFileSync(join(ROOT, 'rules', 'home-view.json'), 'utf8'),
      );
      const said = lines.join('\n');
      expect(said).toContain('WARNING: the rules differ from those the session was decided with');
      expect(said).toMatch(/rules\/constants\.json: serving the captured version, from commit [0-9a-f]{10}/);
    },
  );

  it('warn plainly when a captured version is nowhere in history, and serve the current one', async () => {
    const lines: string[] = [];
    const unknown = `sha256:${'ab'.repeat(32)}`;
    const dir = await rulesToServe(
      await sessionWith({ 'toggles.json': unknown }),
      (l) => lines.push(l),
      cleanup,
    );
    expect(readFileSync(join(dir, 'toggles.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'rules', 'toggles.json'), 'utf8'),
    );
    expect(lines.join('\n')).toContain(
      "rules/toggles.json: WARNING the captured version (sha256:abababababab…) is not in this repository's history; serving the current one",
    );
    expect(lines.join('\n')).toContain('1 rule file(s) differ from the capture');
  });
});
