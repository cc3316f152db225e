/**
 * Rules shared through a git remote (issue 23 item 3): two servers, each with its own rules folder and git
 * directory, on one bare repository. An approval on one is served by the other within 10 seconds; an
 * unreachable remote keeps the last version and /rules/status says so; two analysts saving on the two
 * servers at the same moment both keep their change, or the second is told clearly, and no commit is lost.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteStatus } from '../../server/studio/rules-sync';
import type { Harness as SandboxServer } from './harness';
import { readStudioConfig, type StudioConfig } from '../../server/studio/studio';
import { sharedChecker } from '../support/portal';
import { STUDIO_FILES } from '../../server/studio/studio-files';
import { Browser, copyRules, makeDist, start } from './harness';

/** How often the servers fetch the remote here (production's default is 5 s). */
const FETCH_SECONDS = 1;

interface Pair {
  remote: string;
  a: { sandbox: SandboxServer; base: string };
  b: { sandbox: SandboxServer; base: string };
  close(): Promise<void>;
}

function bareRemote(): string {
  const remote = join(mkdtempSync(join(tmpdir(), 'rules-remote-')), 'rules.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  return remote;
}

/** The test process's check thread (test/support/portal.ts): it loads the cases and personas once (seconds). */
const checker = sharedChecker();
// The thread warmed on the live rules before the first test: loading the cases and the personas in a new
// thread is the one slow step (tens of seconds on a busy machine), and every later check reuses it.
beforeAll(async () => {
  const files = Object.fromEntries(
    [...STUDIO_FILES].map((path) => [path, readFileSync(join('rules', path), 'utf8')] as [string, string]),
  );
  expect(await checker.check(files, [])).toEqual([]);
}, 240_000);

async function startPair(
  config?: StudioConfig,
  options: { fetchSeconds?: number; today?: () => Date } = {},
): Promise<Pair> {
  const remote = bareRemote();
  const server = () =>
    start({
      distDir: makeDist(),
      rulesDir: copyRules(),
      ...(options.today ? { today: options.today } : {}),
      studio: {
        gitDir: join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git'),
        remote,
        fetchSeconds: options.fetchSeconds ?? FETCH_SECONDS,
        checker,
        ...(config ? { config } : {}),
      },
    });
  // A seeds the empty remote with its folder; B, started after, takes the remote's version.
  const a = await server();
  const b = await server();
  return {
    remote,
    a,
    b,
    close: async () => {
      await a.sandbox.close();
      await b.sandbox.close();
    },
  };
}

/** Adds files to the remote's main as a team would push them (a commit made with plumbing), returns it. */
function pushFiles(remote: string, files: Record<string, string>): string {
  const env = {
    ...process.env,
    GIT_INDEX_FILE: join(mkdtempSync(join(tmpdir(), 'index-')), 'index'),
    GIT_AUTHOR_NAME: 'Rules team',
    GIT_AUTHOR_EMAIL: 'team@x',
    GIT_COMMITTER_NAME: 'Rules team',
    GIT_COMMITTER_EMAIL: 'team@x',
  };
  const g = (args: string[], input?: string): string =>
    execFileSync('git', [`--git-dir=${remote}`, ...args], {
      encoding: 'utf8',
      env,
      ...(input ? { input } : {}),
    }).trim();
  const head = g(['rev-parse', 'main']);
  g(['read-tree', head]);
  for (const [path, text] of Object.entries(files)) {
    const blob = g(['hash-object', '-w', '--stdin'], text);
    g(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`]);
  }
  const commit = g(['commit-tree', g(['write-tree']), '-p', head, '-m', 'Docs and CI for the rules']);
  g(['update-ref', 'refs/heads/main', commit, head]);
  return commit;
}

const gitLog = (remote: string, ref = 'main'): string[] =>
  execFileSync('git', [`--git-dir=${remote}`, 'log', '--format=%s', ref], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

async function analyst(
  server: { sandbox: SandboxServer; base: string },
  id: string,
): Promise<{ b: Browser; csrf: string }> {
  const b = new Browser(server.base);
  b.signInAnalyst(server.sandbox, id);
  return { b, csrf: (await b.json<{ csrfToken: string }>('/studio/api/session')).csrfToken };
}

type Live = { commit: string; files: Record<string, string> };

/** A rule file with its first description prefixed: a change every check and case accepts. */
function describe1(live: Live, file: string, words: string): Record<string, string> {
  return { [file]: live.files[file]!.replace('"description": "', `"description": "${words} `) };
}

async function save(
  who: { b: Browser; csrf: string },
  reason: string,
  base: string,
  files: Record<string, string>,
): Promise<Response> {
  return who.b.post('/studio/api/changes', { reason, base, files }, { 'x-csrf-token': who.csrf });
}

/** GET /rules/status. */
async function rulesStatus(
  base: string,
): Promise<{ remote: RemoteStatus; files: Record<string, { status: string; message?: string }> }> {
  return (await (await fetch(`${base}/rules/status`)).json()) as {
    remote: RemoteStatus;
    files: Record<string, { status: string; message?: string }>;
  };
}

/** The next fetch of `repo`'s timer that worked (`ok`) or failed. */
function nextSync(repo: SandboxServer['studioRepo'], ok: boolean): Promise<void> {
  return new Promise((resolve) => {
    const on = (e: { ok: boolean }): void => {
      if (e.ok !== ok) return;
      repo.remote!.off('synced', on);
      resolve();
    };
    repo.remote!.on('synced', on);
  });
}

/** The description the server serves for a rule file. */
async function served(base: string, file: string): Promise<string> {
  return ((await (await fetch(`${base}/rules/${file}`)).json()) as { description: string }).description;
}

describe('rules shared through a git remote, approval required', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair();
  });
  afterAll(() => pair.close());

  it('seeds an empty remote from the first server; the second serves the remote’s version', async () => {
    expect(gitLog(pair.remote)).toEqual(['The rules as the studio found them']);
    const status = await rulesStatus(pair.b.base);
    expect(status.remote).toMatchObject({ remote: pair.remote, state: 'connected' });
    expect(status.remote.commit).toBe(
      execFileSync('git', [`--git-dir=${pair.remote}`, 'rev-parse', 'main'], { encoding: 'utf8' }).trim(),
    );
  });

  it('serves on B, within 10 s, a change saved on B and approved on A', { timeout: 60_000 }, async () => {
    const ana = await analyst(pair.b, 'ana');
    const live = await ana.b.json<Live>('/studio/api/rules');
    const saved = await save(ana, 'Say why the outage alert comes first', live.commit, {
      ...describe1(live, 'home-sections.json', 'Shared.'),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    // The pending change is on the remote: A, which fetches before each studio write, finds it.
    const ben = await analyst(pair.a, 'ben');
    const liveOnB = once(pair.b.sandbox.studioRepo.remote!, 'live');
    const approved = await ben.b.post(`/studio/api/changes/${id}/approve`, {}, { 'x-csrf-token': ben.csrf });
    expect(approved.status).toBe(200);
    const approvedAt = Date.now();
    expect(await served(pair.a.base, 'home-sections.json')).toMatch(/^Shared\. /);
    const [commit] = (await liveOnB) as [string];
    const took = Date.now() - approvedAt;
    expect(took, `B served the approval ${took} ms after it`).toBeLessThan(10_000);
    expect(commit).toBe(((await approved.json()) as { id: string }).id);
    expect(await served(pair.b.base, 'home-sections.json')).toMatch(/^Shared\. /);
    expect(gitLog(pair.remote)[0]).toBe('Say why the outage alert comes first');
    // Approved on A: no longer pending on either server; the history names author and approver.
    expect((await ana.b.json<{ pending: unknown[] }>('/studio/api/changes')).pending).toEqual([]);
    expect((await ben.b.json<{ pending: unknown[] }>('/studio/api/changes')).pending).toEqual([]);
    const history = await ana.b.json<{ history: { authorId: string; approvedBy: string }[] }>(
      '/studio/api/history',
    );
    expect(history.history[0]?.authorId).toBe('ana');
    expect(history.history[0]?.approvedBy).toMatch(/^Ben Brooks/);
  });

  it('keeps two changes saved at the same moment on A and B, both pending', { timeout: 60_000 }, async () => {
    const ana = await analyst(pair.a, 'ana');
    const ben = await analyst(pair.b, 'ben');
    const live = await ana.b.json<Live>('/studio/api/rules');
    const [one, two] = await Promise.all([
      save(ana, 'Ana on A', live.commit, describe1(live, 'outage.json', 'Ana.')),
      save(ben, 'Ben on B', live.commit, describe1(live, 'outage.json', 'Ben.')),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const ids = [((await one.json()) as { id: string }).id, ((await two.json()) as { id: string }).id];
    for (const [who, server] of [
      [ana, pair.a],
      [ben, pair.b],
    ] as const) {
      // Each server's timer brings the other's change: the second fetch from now started after both saves.
      await nextSync(server.sandbox.studioRepo, true);
      await nextSync(server.sandbox.studioRepo, true);
      const pending = await who.b.json<{ pending: { id: string }[] }>('/studio/api/changes');
      expect(pending.pending.map((c) => c.id).sort()).toEqual([...ids].sort());
    }
  });

  it(
    'keeps the files of the remote that are no rules (README, CODEOWNERS, CI, other folders) through a save and an approval',
    { timeout: 60_000 },
    async () => {
      const others = {
        'README.md': readFileSync('rules/README.md', 'utf8'),
        CODEOWNERS: '* @rules-team\n',
        '.github/workflows/check.yml': 'on: push\njobs: {}\n',
        'notes/why.json': '{ "why": "not a rule file" }\n',
      };
      const liveOnB = once(pair.b.sandbox.studioRepo, 'live');
      const teams = pushFiles(pair.remote, others);
      expect((await liveOnB)[0]).toBe(teams);
      expect(readFileSync(join(pair.b.sandbox.rules.dir, 'README.md'), 'utf8')).toBe(others['README.md']);
      const ana = await analyst(pair.b, 'ana');
      const live = await ana.b.json<Live>('/studio/api/rules');
      expect(live.commit).toBe(teams);
      // The studio is shown, and checks, the rules only.
      for (const path of Object.keys(others)) expect(Object.keys(live.files)).not.toContain(path);
      const saved = await save(
        ana,
        'Shorter outage text',
        live.commit,
        describe1(live, 'outage.json', 'Short.'),
      );
      expect(saved.status, JSON.stringify(await saved.clone().json())).toBe(201);
      const ben = await analyst(pair.a, 'ben');
      const { id } = (await saved.json()) as { id: string };
      const approved = await ben.b.post(
        `/studio/api/changes/${id}/approve`,
        {},
        { 'x-csrf-token': ben.csrf },
      );
      expect(approved.status, JSON.stringify(await approved.clone().json())).toBe(200);
      // Never lost: the live version keeps every one of them, as they were.
      for (const [path, text] of Object.entries(others)) {
        expect(
          execFileSync('git', [`--git-dir=${pair.remote}`, 'show', `main:${path}`], { encoding: 'utf8' }),
        ).toBe(text);
        expect(readFileSync(join(pair.a.sandbox.rules.dir, path), 'utf8')).toBe(text);
      }
    },
  );

  it(
    'keeps the last version when the remote cannot be reached, says so, and saves nothing',
    { timeout: 60_000 },
    async () => {
      const before = await served(pair.b.base, 'home-sections.json');
      const away = `${pair.remote}.away`;
      const failed = nextSync(pair.b.sandbox.studioRepo, false);
      renameSync(pair.remote, away);
      try {
        await failed;
        const status = await rulesStatus(pair.b.base);
        expect(status.remote.state).toBe('unreachable');
        expect(status.remote.message).toMatch(
          /^The rules remote cannot be reached \(.+\): this server keeps serving the last version it fetched, at .+; the studio saves nothing until it is back\.$/,
        );
        expect(status.files['home-sections.json']).toEqual({ status: 'valid' });
        expect(await served(pair.b.base, 'home-sections.json')).toBe(before);
        const ana = await analyst(pair.b, 'ana');
        const live = await ana.b.json<Live>('/studio/api/rules');
        const refused = await save(
          ana,
          'While away',
          live.commit,
          describe1(live, 'navigation.json', 'Away.'),
        );
        expect(refused.status).toBe(503);
        expect(((await refused.json()) as { error: string }).error).toMatch(
          /^The rules remote cannot be reached: nothing was saved\./,
        );
      } finally {
        renameSync(away, pair.remote);
      }
      await nextSync(pair.b.sandbox.studioRepo, true);
      expect((await rulesStatus(pair.b.base)).remote.state).toBe('connected');
    },
  );
});

describe('rules shared through a git remote, changes live without approval', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({ ...readStudioConfig(), requireApproval: false });
  });
  afterAll(() => pair.close());

  it(
    'keeps both of two changes to different files saved at the same moment on A and B',
    { timeout: 60_000 },
    async () => {
      const ana = await analyst(pair.a, 'ana');
      const ben = await analyst(pair.b, 'ben');
      const live = await ana.b.json<Live>('/studio/api/rules');
      const [one, two] = await Promise.all([
        save(ana, 'Ana on A', live.commit, describe1(live, 'outage.json', 'Ana.')),
        save(ben, 'Ben on B', live.commit, describe1(live, 'navigation.json', 'Ben.')),
      ]);
      expect([one.status, two.status]).toEqual([201, 201]);
      // One of them went first; the other was re-applied on it: both on the remote's main, nothing lost.
      expect(gitLog(pair.remote).slice(0, 2).sort()).toEqual(['Ana on A', 'Ben on B']);
      const bothOn = async (base: string, repo: SandboxServer['studioRepo']): Promise<void> => {
        const head = execFileSync('git', [`--git-dir=${pair.remote}`, 'rev-parse', 'main'], {
          encoding: 'utf8',
        }).trim();
        if ((await repo.liveCommit()) !== head) await once(repo.remote!, 'live');
        expect(await served(base, 'outage.json')).toMatch(/^Ana\. /);
        expect(await served(base, 'navigation.json')).toMatch(/^Ben\. /);
      };
      await bothOn(pair.a.base, pair.a.sandbox.studioRepo);
      await bothOn(pair.b.base, pair.b.sandbox.studioRepo);
    },
  );

  it(
    'tells the second of two analysts who changed the same file at the same moment, and keeps the first',
    { timeout: 60_000 },
    async () => {
      const ana = await analyst(pair.a, 'ana');
      const ben = await analyst(pair.b, 'ben');
      const live = await ana.b.json<Live>('/studio/api/rules');
      const before = gitLog(pair.remote).length;
      const answers = await Promise.all([
        save(ana, 'Ana on the same file', live.commit, describe1(live, 'payment.json', 'Ana.')),
        save(ben, 'Ben on the same file', live.commit, describe1(live, 'payment.json', 'Ben.')),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
      const conflict = answers.find((r) => r.status === 409)!;
      expect(((await conflict.json()) as { error: string }).error).toBe(
        'The live rules changed since you started (payment.json): reload the studio and make the change again',
      );
      const log = gitLog(pair.remote);
      expect(log).toHaveLength(before + 1);
      expect(['Ana on the same file', 'Ben on the same file']).toContain(log[0]);
    },
  );
});

describe('a change scheduled on two servers', () => {
  let pair: Pair;
  /** Both servers' clock, moved by the test (fetching every minute: each server must go live on its own). */
  let ahead = 0;
  beforeAll(async () => {
    pair = await startPair(undefined, { fetchSeconds: 60, today: () => new Date(Date.now() + ahead) });
  });
  afterAll(() => pair.close());

  it(
    'goes live on both servers at its time, each on its own, as one commit dated then, with the approver’s note',
    { timeout: 60_000 },
    async () => {
      const ana = await analyst(pair.a, 'ana');
      const ben = await analyst(pair.b, 'ben');
      const live = await ana.b.json<Live>('/studio/api/rules');
      const saved = await save(
        ana,
        'Outage text for the night',
        live.commit,
        describe1(live, 'outage.json', 'Night.'),
      );
      expect(saved.status).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      // An hour from now, on a whole second; approved on B, which finds the change saved on A on the remote.
      const goLive = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000).toISOString();
      const note = 'Asked by the network team, after the maintenance window';
      const approved = await ben.b.post(
        `/studio/api/changes/${id}/approve`,
        { goLiveAt: goLive, note },
        { 'x-csrf-token': ben.csrf },
      );
      expect(approved.status, JSON.stringify(await approved.clone().json())).toBe(200);
      // A fetches (its timer would, within the minute) and knows of it.
      await pair.a.sandbox.studioRepo.remote!.sync();
      const listed = await ana.b.json<{ scheduled: { goLive: string; approvalNote?: string }[] }>(
        '/studio/api/changes',
      );
      expect(listed.scheduled).toMatchObject([{ goLive, approvalNote: note }]);
      // The clock reaches the time: both servers put it live, with no fetch of the timer in between.
      const onA = once(pair.a.sandbox.studioRepo, 'live');
      const onB = once(pair.b.sandbox.studioRepo, 'live');
      ahead = Date.parse(goLive) - Date.now();
      const [[a], [b]] = (await Promise.all([onA, onB])) as [[string], [string]];
      expect(a).toBe(b);
      const record = execFileSync(
        'git',
        [`--git-dir=${pair.remote}`, 'log', '-1', '--format=%H %cI%n%B', 'main'],
        { encoding: 'utf8' },
      );
      expect(record.split(' ')[0]).toBe(a);
      // Its record says it went live at its time, and why then.
      expect(Date.parse(record.split('\n')[0]!.split(' ')[1]!)).toBe(Date.parse(goLive));
      expect(record).toContain(`Approval-Note: ${note}`);
      expect(await served(pair.a.base, 'outage.json')).toMatch(/^Night\. /);
      expect(await served(pair.b.base, 'outage.json')).toMatch(/^Night\. /);
      const history = await ana.b.json<{ history: { goLive?: string; approvalNote?: string }[] }>(
        '/studio/api/history',
      );
      expect(history.history[0]).toMatchObject({ goLive, approvalNote: note });
    },
  );
});
