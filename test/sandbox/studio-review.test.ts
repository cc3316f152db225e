/**
 * The rule studio's review, like a real change process (issue 22, items 3 to 5): only the author withdraws,
 * with a reason the history keeps; a reviewer sends a change back with a comment the author sees; the
 * history says what each change did rule by rule; one change is reverted on its own, its diff shown first;
 * an approved change goes live at its scheduled time by the server's clock, and the portal switches then.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedChecker } from '../support/portal';
import { STUDIO_FILES } from '../../server/studio/studio-files';
import type { Harness as SandboxServer } from './harness';
import { Browser, copyRules, makeDist, start } from './harness';

let sandbox: SandboxServer;
let base: string;
let rulesDir: string;
/** The server's clock, moved by the tests. */
let clock = new Date('2026-11-26T09:00:00Z');

/** The checks' thread of the test process (test/support/portal.ts), warmed before the first test (see below). */
const checker = sharedChecker();

beforeAll(async () => {
  rulesDir = copyRules();
  const gitDir = join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git');
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir,
    studio: { gitDir, checker },
    today: () => clock,
  }));
  // Loading the cases and the personas in a new thread is the one slow step (tens of seconds on a busy
  // machine): done here, once, so that no test's own time-out pays for it.
  const files = Object.fromEntries(
    [...STUDIO_FILES].map((path) => [path, readFileSync(join(rulesDir, path), 'utf8')] as [string, string]),
  );
  expect(await checker.check(files, [])).toEqual([]);
}, 240_000);
afterAll(async () => {
  await sandbox.close();
});

interface Live {
  commit: string;
  files: Record<string, string>;
}
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
function cardWarning(files: Record<string, string>, days: number): Record<string, string> {
  const threshold = /("operator": "lessThanInclusive",\s*"value": )(\d+)/;
  const current = threshold.exec(files['prepaid-card.json']!)![2]!;
  return {
    'prepaid-card.json': files['prepaid-card.json']!.replace(threshold, `$1${days}`),
    'cases/prepaid-card.cases.json': files['cases/prepaid-card.cases.json']!.replace(
      new RegExp(`"daysToCardExpiry": ${current}\\b`, 'g'),
      `"daysToCardExpiry": ${days}`,
    ),
  };
}

async function propose(who: Who, days: number, reason: string, extra: object = {}): Promise<string> {
  const live = await who.b.json<Live>('/studio/api/rules');
  const res = await post(who, '/studio/api/changes', {
    reason,
    base: live.commit,
    files: cardWarning(live.files, days),
    ...extra,
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

interface Pending {
  id: string;
  reason: string;
  sentBack?: { by: string; comment: string };
}
interface Entry {
  id: string;
  kind: string;
  approvalNote?: string;
  reason: string;
  about?: { id: string; reason: string };
  lines: { file: string; text: string }[];
  goLive?: string;
  reverts?: string;
}

const cardValue = (): string =>
  /"lessThanInclusive",\s*"value": (\d+)/.exec(
    readFileSync(join(rulesDir, 'prepaid-card.json'), 'utf8'),
  )?.[1] ?? '?';

describe('reviewing a change', { timeout: 60_000 }, () => {
  it('lets only the author withdraw a change, with a reason kept in the history', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 45, 'Warn 45 days before');
    expect(
      (await post(ben, `/studio/api/changes/${id}/withdraw`, { reason: 'not mine to drop' })).status,
    ).toBe(403);
    expect((await post(ana, `/studio/api/changes/${id}/withdraw`, {})).status).toBe(400);
    expect(
      (await post(ana, `/studio/api/changes/${id}/withdraw`, { reason: 'Marketing wants 50 days' })).status,
    ).toBe(200);
    expect((await ana.b.json<{ pending: Pending[] }>('/studio/api/changes')).pending).toEqual([]);
    const { history } = await ana.b.json<{ history: Entry[] }>('/studio/api/history');
    expect(history[0]).toMatchObject({
      kind: 'withdrawn',
      reason: 'Marketing wants 50 days',
      about: { id, reason: 'Warn 45 days before' },
      lines: [],
    });
  });

  it('sends a change back with a comment the author sees; the revised change replaces it', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 45, 'Warn 45 days before');
    expect((await post(ana, `/studio/api/changes/${id}/send-back`, { comment: 'my own' })).status).toBe(403);
    expect(
      (await post(ben, `/studio/api/changes/${id}/send-back`, { comment: 'Use 50 days, as agreed' })).status,
    ).toBe(200);
    const { pending } = await ana.b.json<{ pending: Pending[] }>('/studio/api/changes');
    expect(pending).toMatchObject([
      { id, sentBack: { by: 'Ben Brooks', comment: 'Use 50 days, as agreed' } },
    ]);
    // Sent back: nobody approves it as it is.
    expect((await post(ben, `/studio/api/changes/${id}/approve`, {})).status).toBe(409);
    // The author revises it: the new change replaces the one sent back.
    const revised = await propose(ana, 50, 'Warn 50 days before', { replaces: id });
    const after = await ana.b.json<{ pending: Pending[] }>('/studio/api/changes');
    expect(after.pending.map((p) => p.id)).toEqual([revised]);
    const { history } = await ana.b.json<{ history: Entry[] }>('/studio/api/history');
    expect(history.slice(0, 2)).toMatchObject([
      { kind: 'withdrawn', reason: 'Replaced by the revised change “Warn 50 days before”', about: { id } },
      { kind: 'sent-back', reason: 'Use 50 days, as agreed', about: { id } },
    ]);
    // Approved, it says what it did rule by rule.
    expect((await post(ben, `/studio/api/changes/${revised}/approve`, {})).status).toBe(200);
    expect(cardValue()).toBe('50');
    const live = await ana.b.json<{ history: Entry[] }>('/studio/api/history');
    expect(live.history[0]!.lines).toEqual([
      {
        file: 'cases/prepaid-card.cases.json',
        rule: 'case 3',
        text: expect.stringMatching(/^case 3 'card expiring in 60 days .*' changed$/) as unknown,
      },
      { file: 'prepaid-card.json', rule: 'card-almost-expired', text: 'card-almost-expired: 60 → 50 days' },
    ]);
  });

  it('reverts one change on its own: its diff and lines first, then a change like any other', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const { history } = await ana.b.json<{ history: Entry[] }>('/studio/api/history');
    const change = history.find((h) => h.reason === 'Warn 50 days before')!;
    const preview = await ana.b.json<{ files: Record<string, string>; diff: string; lines: Entry['lines'] }>(
      `/studio/api/changes/${change.id}/revert`,
    );
    expect(preview.lines).toContainEqual({
      file: 'prepaid-card.json',
      rule: 'card-almost-expired',
      text: 'card-almost-expired: 50 → 60 days',
    });
    expect(preview.diff).toMatch(/^-\s+"value": 50,?$/m);
    expect(preview.diff).toMatch(/^\+\s+"value": 60,?$/m);
    const res = await post(ana, '/studio/api/revert', { change: change.id, reason: 'Back to 60 days' });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    expect((await post(ben, `/studio/api/changes/${id}/approve`, {})).status).toBe(200);
    expect(cardValue()).toBe('60');
    const after = await ana.b.json<{ history: Entry[] }>('/studio/api/history');
    expect(after.history[0]).toMatchObject({ kind: 'revert', reverts: change.id, reason: 'Back to 60 days' });
    // An entry that changes no rule has nothing to revert.
    const event = after.history.find((h) => h.kind === 'withdrawn')!;
    expect((await ana.b.get(`/studio/api/changes/${event.id}/revert`)).status).toBe(400);
  });
});

describe('scheduled go-live', { timeout: 60_000 }, () => {
  it('puts an approved change live at its time by the server’s clock, not before', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const customer = new Browser(base);
    await customer.signIn('card-expiring');
    const bundleValue = async (): Promise<number | undefined> => {
      const bundle = await customer.json<{
        files: Record<
          string,
          { rules: { rules: { name: string; conditions: { all: { value: number }[] } }[] } }
        >;
      }>('/rules/bundle.json');
      const rule = bundle.files['prepaid-card.json']!.rules.rules.find(
        (r) => r.name === 'card-almost-expired',
      );
      return rule?.conditions.all.find((c) => typeof c.value === 'number')?.value;
    };
    expect(await bundleValue()).toBe(60);

    const id = await propose(ana, 45, 'Warn 45 days before, from December');
    const goLive = '2026-12-01T08:00:00.000Z';
    expect(
      (await post(ben, `/studio/api/changes/${id}/approve`, { goLiveAt: '2026-11-26T08:00:00Z' })).status,
    ).toBe(400);
    // The approver's note for the record: one line, at most 300 characters.
    for (const note of ['Asked by marketing\nfor December', 'x'.repeat(301), 42]) {
      const refused = await post(ben, `/studio/api/changes/${id}/approve`, { goLiveAt: goLive, note });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'note: one line of at most 300 characters',
      );
    }
    const note = 'Asked by marketing (MKT-12) for the December mailing';
    const approved = await post(ben, `/studio/api/changes/${id}/approve`, {
      goLiveAt: goLive,
      note: `  ${note}\u202e `,
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ scheduled: goLive });

    // Scheduled: not pending any more, listed with its time and the note in the pending changes and the history.
    const changes = await ana.b.json<{ pending: Pending[]; scheduled: Entry[] }>('/studio/api/changes');
    expect(changes.pending).toEqual([]);
    expect(changes.scheduled).toMatchObject([
      { reason: 'Warn 45 days before, from December', goLive, approvalNote: note },
    ]);
    expect((await ana.b.json<{ scheduled: Entry[] }>('/studio/api/history')).scheduled).toHaveLength(1);

    // A minute before: still the live rules (the studio's calls apply what is due, and nothing is).
    clock = new Date(Date.parse(goLive) - 60_000);
    await ana.b.json('/studio/api/changes');
    expect(await bundleValue()).toBe(60);
    expect(cardValue()).toBe('60');

    // At the time: the server switches on its own, without any analyst's call.
    clock = new Date(goLive);
    await expect.poll(bundleValue, { timeout: 10_000 }).toBe(45);
    const { history, scheduled } = await ana.b.json<{ history: Entry[]; scheduled: Entry[] }>(
      '/studio/api/history',
    );
    expect(scheduled).toEqual([]);
    expect(history[0]).toMatchObject({
      reason: 'Warn 45 days before, from December',
      goLive,
      approvalNote: note,
    });
  });

  it('lets the author or the approver cancel a scheduled change, with a reason', async () => {
    const ana = await analyst('ana');
    const ben = await analyst('ben');
    const id = await propose(ana, 60, 'Back to 60 days, in a week');
    const at = new Date(clock.getTime() + 7 * 86_400_000).toISOString();
    const approved = (await (
      await post(ben, `/studio/api/changes/${id}/approve`, { goLiveAt: at })
    ).json()) as {
      id: string;
    };
    const other = await analyst('ana');
    expect(
      (await post(other, `/studio/api/changes/${approved.id}/withdraw`, { reason: 'Not now' })).status,
    ).toBe(200);
    const { history, scheduled } = await ana.b.json<{ history: Entry[]; scheduled: Entry[] }>(
      '/studio/api/history',
    );
    expect(scheduled).toEqual([]);
    expect(history[0]).toMatchObject({ kind: 'withdrawn', reason: 'Not now', goLive: at });
  });
});
