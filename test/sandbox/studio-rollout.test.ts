/**
 * Gradual rollout in the studio (issue 32 item 1, docs/decisions/044): an approver approves a change for a
 * share of accounts, raises, lowers, ends or completes it; the share and who set it are in the rollout file,
 * in the history and in what the portal serves; the live rule files do not change until it is completed.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness as SandboxServer } from './harness';
import { Browser, copyRules, makeDist, start } from './harness';

let sandbox: SandboxServer;
let base: string;
let rulesDir: string;
const clock = new Date('2026-11-26T09:00:00Z');

beforeAll(async () => {
  rulesDir = copyRules();
  const gitDir = join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git');
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir,
    studio: { gitDir },
    today: () => clock,
    // A guard quick to decide: 3 issue-log records on the new side, none on the live side.
    rolloutGuard: { factor: 3, minErrors: 3 },
  }));
});
afterAll(() => sandbox.close());

interface Who {
  b: Browser;
  csrf: string;
}

async function analyst(id: string): Promise<Who> {
  const b = new Browser(base);
  b.signInAnalyst(sandbox, id);
  return { b, csrf: (await b.json<{ csrfToken: string }>('/studio/api/session')).csrfToken };
}

const post = (who: Who, path: string, body: unknown): Promise<Response> =>
  who.b.post(path, body, { 'x-csrf-token': who.csrf });

/** The card warning at `days`, its case at the old boundary moved to the new one. */
async function propose(who: Who, days: number, reason: string): Promise<string> {
  const live = await who.b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
  const threshold = /("operator": "lessThanInclusive",\s*"value": )(\d+)/;
  const current = threshold.exec(live.files['prepaid-card.json']!)![2]!;
  const res = await post(who, '/studio/api/changes', {
    reason,
    base: live.commit,
    files: {
      'prepaid-card.json': live.files['prepaid-card.json']!.replace(threshold, `$1${days}`),
      'cases/prepaid-card.cases.json': live.files['cases/prepaid-card.cases.json']!.replace(
        new RegExp(`"daysToCardExpiry": ${current}\\b`, 'g'),
        `"daysToCardExpiry": ${days}`,
      ),
    },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const cardValue = (): string =>
  /"lessThanInclusive",\s*"value": (\d+)/.exec(
    readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8'),
  )?.[1] ?? '?';

const rolloutFile = (id: string) => join(rulesDir, 'rollouts', `${id.slice(0, 12)}.json`);
const rolloutOnDisk = (id: string) =>
  JSON.parse(readFileSync(rolloutFile(id), 'utf8')) as {
    change: string;
    share: number;
    setBy: string;
    summary: string;
    reason?: string;
    files: Record<string, unknown>;
  };

interface Entry {
  kind: string;
  reason: string;
  rollout?: { share: number; setBy: string };
  approvedBy?: string;
  about?: { id: string };
}
const history = async (who: Who) => (await who.b.json<{ history: Entry[] }>('/studio/api/history')).history;

async function served(): Promise<Array<{ change: string; share: number }>> {
  const bundle = (await (await fetch(`${base}/rules/bundle.json`)).json()) as {
    rollouts?: Array<{ change: string; share: number }>;
  };
  return bundle.rollouts ?? [];
}

describe('a gradual rollout', { timeout: 90_000 }, () => {
  it('is approved for a share, raised, lowered and ended, each with who set it in the history', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 45, 'Warn 45 days before');
    const change = id.slice(0, 12);

    const approved = await post(ben, `/studio/api/changes/${id}/approve`, { share: 50 });
    expect(approved.status, JSON.stringify(await approved.clone().json())).toBe(200);
    // The live file stays; the rollout file carries the change's rule file (its cases wait for everyone).
    expect(cardValue()).toBe('60');
    expect(rolloutOnDisk(id)).toMatchObject({
      change,
      share: 50,
      setBy: 'Ben Brooks',
      summary: expect.stringMatching(/card-almost-expired: 60 → 45/) as unknown,
    });
    expect(Object.keys(rolloutOnDisk(id).files)).toEqual(['prepaid-card.json']);
    expect(await served()).toMatchObject([{ change, share: 50 }]);
    expect((await history(ana))[0]).toMatchObject({
      kind: 'rollout',
      reason: 'Warn 45 days before',
      rollout: { share: 50, setBy: 'Ben Brooks' },
      approvedBy: 'Ben Brooks <ben.brooks@provider.example>',
    });
    expect((await ana.b.json<{ pending: unknown[] }>('/studio/api/changes')).pending).toEqual([]);

    const raised = await post(ana, `/studio/api/rollouts/${change}/share`, {
      share: 100,
      reason: 'No errors',
    });
    expect(raised.status, JSON.stringify(await raised.clone().json())).toBe(200);
    expect(rolloutOnDisk(id)).toMatchObject({ share: 100, setBy: 'Ana Alvarez', reason: 'No errors' });
    expect((await history(ben))[0]).toMatchObject({
      kind: 'rollout-share',
      reason: 'No errors',
      rollout: { share: 100, setBy: 'Ana Alvarez' },
      about: { id: change },
    });
    expect(
      (await post(ben, `/studio/api/rollouts/${change}/share`, { share: 5, reason: 'Calls rose' })).status,
    ).toBe(200);
    expect(await served()).toMatchObject([{ change, share: 5 }]);
    const { rollouts } = await ben.b.json<{ rollouts: unknown[] }>('/studio/api/rollouts');
    expect(rollouts).toMatchObject([{ change, share: 5, setBy: 'Ben Brooks', files: ['prepaid-card.json'] }]);

    const ended = await post(ben, `/studio/api/rollouts/${change}/end`, {
      reason: 'Marketing wants 50 days',
    });
    expect(ended.status, JSON.stringify(await ended.clone().json())).toBe(200);
    expect(existsSync(rolloutFile(id))).toBe(false);
    expect(await served()).toEqual([]);
    expect(cardValue()).toBe('60');
    expect((await history(ana))[0]).toMatchObject({
      kind: 'rollout-ended',
      reason: 'Marketing wants 50 days',
      rollout: { share: 0, setBy: 'Ben Brooks' },
    });
    expect(
      (await post(ben, `/studio/api/rollouts/${change}/share`, { share: 5, reason: 'again' })).status,
    ).toBe(404);
  });

  it('is completed: the change goes live for everyone with its cases, the rollout file goes', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 45, 'Warn 45 days before');
    expect((await post(ben, `/studio/api/changes/${id}/approve`, { share: 25 })).status).toBe(200);
    const done = await post(ben, `/studio/api/rollouts/${id.slice(0, 12)}/end`, {
      complete: true,
      reason: 'A week at 25 % without errors',
    });
    expect(done.status, JSON.stringify(await done.clone().json())).toBe(200);
    expect(cardValue()).toBe('45');
    expect(readFileSync(join(rulesDir, 'cases', 'prepaid-card.cases.json'), 'utf8')).toContain(
      '"daysToCardExpiry": 45',
    );
    expect(existsSync(rolloutFile(id))).toBe(false);
    expect(await served()).toEqual([]);
    expect((await history(ana))[0]).toMatchObject({
      kind: 'rollout-completed',
      rollout: { share: 100, setBy: 'Ben Brooks' },
    });
  });

  it('refuses a share of 0 or over 100, and a share with a go-live time', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 30, 'Warn 30 days before');
    expect((await post(ben, `/studio/api/changes/${id}/approve`, { share: 0 })).status).toBe(400);
    expect((await post(ben, `/studio/api/changes/${id}/approve`, { share: 150 })).status).toBe(400);
    const both = await post(ben, `/studio/api/changes/${id}/approve`, {
      share: 5,
      goLiveAt: '2026-11-27T09:00:00Z',
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: string }).error).toMatch(/not both/);
  });

  it('goes back to 0 % by itself when its new side logs issues far more often, the history says why', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 40, 'Warn 40 days before');
    const change = id.slice(0, 12);
    expect((await post(ben, `/studio/api/changes/${id}/approve`, { share: 100 })).status).toBe(200);
    // A customer's page reports failures to the issue log, naming its account (every account is on the new side).
    const customer = new Browser(base);
    const record = { page: 'home', operation: 'getProfile', message: 'failed', accountNumber: 'PPB10020082' };
    for (let i = 0; i < 2; i++) await customer.post('/Orch/dssh/ui/sanitize', record);
    expect(rolloutOnDisk(id).share).toBe(100);
    await customer.post('/Orch/dssh/ui/sanitize', record);
    await expect.poll(() => rolloutOnDisk(id).share, { timeout: 30_000 }).toBe(0);
    expect(rolloutOnDisk(id).setBy).toBe('Rollout guard');
    expect(await served()).toMatchObject([{ change, share: 0 }]);
    const [entry] = await history(ana);
    expect(entry).toMatchObject({ kind: 'rollout-share', rollout: { share: 0, setBy: 'Rollout guard' } });
    expect(entry!.reason).toMatch(
      /^The guard set the rollout to 0 %: 3 issue-log records for 0 homes on the new side/,
    );
    const effect = await ana.b.json<{ sides: { new: { issues: number } } }>(
      `/studio/api/rollouts/${change}/effect`,
    );
    expect(effect.sides.new.issues).toBe(3);
  });
});
