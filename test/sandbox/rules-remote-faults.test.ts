/**
 * The rules remote when it misbehaves (issue 29 items 1 to 3): a remote that accepts connections and never
 * answers, one that refuses them, one that takes a push and then says nothing. Every studio write answers
 * within its deadline with what failed (503) and saves nothing, a push reported as failed that the remote
 * took anyway is undone, no git process (git-remote-http included) is left behind, an outage is logged
 * once at warn and its end at info, a server that never fetched the remote is not ready, and the remote's
 * password never shows in a process list.
 *
 * The remotes are real: git's own `git http-backend` behind a small HTTP server (test/support/git-http.ts),
 * or a TCP server that never says a word. The checks are left out (a check that finds nothing): what is
 * tested is git and the remote, in seconds of wall time and little CPU.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import healthPlugin from '../../server/plugins/health';
import rulesPlugin from '../../server/plugins/rules';
import { RulesCache } from '../../server/rules-cache';
import { RemoteTimeout } from '../../server/studio/rules-remote';
import { RepoError, RulesRepo, type Check, type RulesRepoOptions } from '../../server/studio/studio-repo';
import { gitHttpRemote, processesMatching, silentTcp, type GitHttpRemote } from '../support/git-http';
import { appWith } from '../server/harness';
import { Browser, copyRules, makeDist, start } from './harness';
import { git, tmp } from '../support/git-dirs';
import { noChecks } from '../support/no-checks';

/** A rules folder of two JSON files. */
function folder(): string {
  const dir = tmp('rules-');
  writeFileSync(join(dir, 'a.json'), '{ "a": 1 }\n');
  writeFileSync(join(dir, 'b.json'), '{ "b": 1 }\n');
  return dir;
}

/**
 * A repository on `url` that a first start (the usual time limits) has seeded the remote from and fetched:
 * the test's short limits apply from its own first step, not to that start, which a busy machine may take
 * more than a second for. Returns it and the live commit.
 */
async function seededOn(
  url: string,
  options: RulesRepoOptions,
  log?: Logged,
): Promise<{ repo: RulesRepo; live: string }> {
  const dirs = { folder: folder(), gitDir: join(tmp('git-'), 'rules.git') };
  const first = repoOn(url, {}, undefined, dirs);
  const live = await first.ensure();
  first.stop();
  return { repo: repoOn(url, options, log, dirs), live };
}

/**
 * A sync once the remote answers again. The test's short bound is for the outage; a fetch that a busy machine
 * makes slower than it is tried again, as the server's next fetch would be (a CI host ran one past 1 s).
 */
async function syncOnceAnswered(repo: RulesRepo): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await repo.remote!.sync();
      return;
    } catch (e) {
      if (!(e instanceof RemoteTimeout) || attempt === 5) throw e;
    }
  }
}

const noProblems: Check = () => Promise.resolve([]);
const ana = { name: 'Ana', email: 'ana@x', id: 'ana' };

interface Logged {
  warn: string[];
  info: string[];
  /** every line logged, its fields included, as JSON */
  all: string[];
}

const logged = (): Logged => ({ warn: [], info: [], all: [] });

function repoOn(
  url: string,
  options: RulesRepoOptions = {},
  log?: Logged,
  dirs = { folder: folder(), gitDir: join(tmp('git-'), 'rules.git') },
): RulesRepo {
  return new RulesRepo(dirs.folder, dirs.gitDir, {
    remote: url,
    ...options,
    ...(log
      ? {
          log: {
            warn: (o: object, m: string) => {
              log.warn.push(m);
              log.all.push(JSON.stringify({ ...o, msg: m }));
            },
            info: (o: object, m: string) => {
              log.info.push(m);
              log.all.push(JSON.stringify({ ...o, msg: m }));
            },
          },
        }
      : {}),
  });
}

const save = (repo: RulesRepo, base: string, a: number) =>
  repo.propose({
    author: ana,
    reason: `a is ${a}`,
    base,
    files: { 'a.json': `{ "a": ${a} }\n` },
    requireApproval: true,
    check: noProblems,
  });

/**
 * The git processes still running that name `needle` (a remote's port) on their command line; a process
 * ended a moment ago may take that moment to leave the process list.
 */
async function leftOver(needle: string): Promise<string[]> {
  for (let i = 0; i < 20; i++) {
    const found = (await processesMatching(needle)).filter((p) => /git/.test(p.cmdline));
    if (found.length === 0) return [];
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await processesMatching(needle)).map((p) => p.cmdline);
}

const remotes: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const r of remotes) await r.close();
});

async function httpRemote(options: Parameters<typeof gitHttpRemote>[0] = {}): Promise<GitHttpRemote> {
  const remote = await gitHttpRemote(options);
  remotes.push(remote);
  return remote;
}

describe('a rules remote that does not answer', { timeout: 60_000 }, () => {
  it('answers a save within its deadline when the remote hangs, saves nothing, leaves no git behind', async () => {
    const silent = await silentTcp();
    remotes.push(silent);
    const repo = repoOn(`http://127.0.0.1:${silent.port}/rules.git`, {
      requestTimeoutMs: 8_000,
      remoteTimeoutMs: 1_000,
    });
    // The first use tries the remote (no answer within 1 s) and keeps the folder's version here.
    const live = await repo.ensure();
    const started = Date.now();
    const saving = save(repo, live, 2);
    await expect(saving).rejects.toBeInstanceOf(RepoError);
    // The remote's time limit, not the request's (8 s), ended it: the push's second, and little more.
    expect(Date.now() - started).toBeLessThan(4_000);
    await expect(saving).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(
        /^The rules remote did not answer within 1 s: nothing was saved\./,
      ) as unknown,
    });
    expect(silent.connections).toBeGreaterThan(0);
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    // git-remote-http, which git started to talk to the remote, ended with it.
    expect(await leftOver(`127.0.0.1:${silent.port}`)).toEqual([]);
    repo.stop();
  });

  it("answers within the request's own deadline when it is shorter than the remote's time limit", async () => {
    const remote = await httpRemote();
    // A request deadline of 2.5 s; its first fetch (not a request's) done before the test.
    const { repo, live } = await seededOn(remote.url, { requestTimeoutMs: 2_500, remoteTimeoutMs: 30_000 });
    await repo.remote!.sync();
    remote.hold = 'requests';
    const started = Date.now();
    await expect(save(repo, live, 5)).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(
        /^The rules remote did not answer within 3 s: nothing was saved\./,
      ) as unknown,
    });
    // The request's 2.5 s ended the push, not git's 30 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await leftOver(`127.0.0.1:${remote.port}`)).toEqual([]);
    // The remote back: what was reported as not saved is nowhere, there or here.
    remote.release();
    await repo.remote!.sync();
    expect(git(remote.dir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(await repo.pending()).toEqual([]);
    repo.stop();
  });

  it('answers at once when the remote refuses connections, and leaves nothing behind', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const repo = repoOn(`http://127.0.0.1:${port}/rules.git`, { remoteTimeoutMs: 5_000 });
    const live = await repo.ensure();
    await expect(save(repo, live, 2)).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/^The rules remote cannot be reached: nothing was saved\./) as unknown,
    });
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(await leftOver(`127.0.0.1:${port}`)).toEqual([]);
  });

  it('undoes a push the remote took after its answer never came: what failed is not saved', async () => {
    const remote = await httpRemote();
    const log = logged();
    const { repo, live } = await seededOn(
      remote.url,
      { requestTimeoutMs: 8_000, remoteTimeoutMs: 1_500 },
      log,
    );
    expect(git(remote.dir, 'rev-parse', 'main')).toBe(live);
    await repo.remote!.sync();
    // The remote takes the push and keeps its answer back: the save is told it failed.
    remote.hold = 'answers';
    await expect(save(repo, live, 3)).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(
        /^The rules remote did not answer within 2 s: nothing was saved\./,
      ) as unknown,
    });
    expect(git(remote.dir, 'for-each-ref', '--format=%(refname)', 'refs/heads/pending/')).toMatch(
      /^refs\/heads\/pending\//,
    );
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(await leftOver(`127.0.0.1:${remote.port}`)).toEqual([]);
    // The remote answers again: at the next fetch the change that was reported as not saved is taken back.
    remote.release();
    await repo.remote!.sync();
    expect(git(remote.dir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    expect(log.warn).toContainEqual(
      'A change reported as not saved reached the rules remote late: it was undone',
    );
    // A save now goes through.
    const saved = await save(repo, live, 4);
    expect(git(remote.dir, 'rev-parse', `refs/heads/pending/${saved.id.slice(0, 12)}`)).toBe(saved.id);
    repo.stop();
  });

  it('logs an outage once at warn when it starts and at info when it ends', async () => {
    const remote = await httpRemote();
    const log = logged();
    const { repo } = await seededOn(remote.url, { remoteTimeoutMs: 1_000 }, log);
    remote.hold = 'requests';
    await expect(repo.remote!.sync()).rejects.toThrow(/no answer within 1 s/);
    await expect(repo.remote!.sync()).rejects.toThrow(/no answer within 1 s/);
    expect(log.warn).toHaveLength(1);
    expect(log.warn[0]).toMatch(
      /^The rules remote cannot be reached \(http:\/\/127\.0\.0\.1:\d+\/rules\.git: no answer within 1 s\): this server keeps serving/,
    );
    expect(log.info).toEqual([]);
    remote.release();
    await syncOnceAnswered(repo);
    await syncOnceAnswered(repo);
    expect(log.warn).toHaveLength(1);
    expect(log.info).toHaveLength(1);
    expect(log.info[0]).toMatch(/^The rules remote answers again, after \d+ s$/);
    expect(await leftOver(`127.0.0.1:${remote.port}`)).toEqual([]);
    repo.stop();
  });
});

describe('readiness with a rules remote', { timeout: 60_000 }, () => {
  /** The rules and health plugins on a repository of `folderDir`, as the server wires them. */
  const server = (repo: RulesRepo, folderDir: string) =>
    appWith(
      (root) => {
        const rules = new RulesCache(folderDir, { onProblem: () => undefined });
        void root.register(rulesPlugin, { rules, repo, fetchSeconds: 60, firstFetchWaitMs: 100 });
        void root.register(healthPlugin, { rules, rulesRemote: () => repo.remoteReadiness() });
      },
      { allowedHosts: ['localhost'] },
    );

  it('is not ready until its first fetch, then ready; after a restart it serves what it fetched before and says so', async () => {
    const remote = await httpRemote();
    // Another server has put the rules on the remote.
    await new RulesRepo(copyRules(), join(tmp('git-'), 'rules.git'), { remote: remote.url }).ensure();
    remote.hold = 'requests';
    const folderDir = copyRules();
    const gitDir = join(tmp('git-'), 'rules.git');
    const options = { remote: remote.url, remoteTimeoutMs: 1_000 };
    const repo = new RulesRepo(folderDir, gitDir, options);
    const firstFailed = new Promise<void>((resolve) =>
      repo.remote!.on('synced', (e: { ok: boolean }) => {
        if (!e.ok) resolve();
      }),
    );
    const app = await server(repo, folderDir);
    const before = await app.inject('/readyz');
    expect(before.statusCode).toBe(503);
    const check = before.json<{ checks: { rulesRemote: { ok: boolean; detail: string } } }>().checks
      .rulesRemote;
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/: this server has no version of the shared rules to serve yet$/);
    const status = (await app.inject('/rules/status')).json<{ remote: { ready: boolean; why: string } }>();
    expect(status.remote).toMatchObject({
      ready: false,
      why: expect.stringMatching(/: this server has no version of the shared rules to serve yet$/) as unknown,
    });

    // The first fetch, which the remote never answered, ended; the remote answers again.
    await firstFailed;
    remote.release();
    await syncOnceAnswered(repo);
    const after = await app.inject('/readyz');
    expect(after.statusCode).toBe(200);
    const commit = git(remote.dir, 'rev-parse', 'main');
    expect(after.json<{ checks: { rulesRemote: { detail: string } } }>().checks.rulesRemote.detail).toMatch(
      new RegExp(`^serving ${commit.slice(0, 12)}, fetched from the rules remote at `),
    );
    await app.close();

    // Started again while the remote hangs: it serves the version it fetched before, and says which.
    remote.hold = 'requests';
    const again = new RulesRepo(folderDir, gitDir, options);
    const restarted = await server(again, folderDir);
    const res = await restarted.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ checks: { rulesRemote: { detail: string } } }>().checks.rulesRemote.detail).toMatch(
      new RegExp(`^serving ${commit.slice(0, 12)}, fetched from the rules remote at .+ before this start`),
    );
    await restarted.close();
    remote.release();
  });
});

describe("the remote's password", { timeout: 60_000 }, () => {
  /**
   * Every request of git's to `remote`: git and git-remote-http are running, waiting for its answer, and
   * their command lines are read then. Returns what showed `secret` and how many helpers were seen.
   */
  function watch(remote: GitHttpRemote, secret: string): { shown: string[]; helpers: number } {
    const seen = { shown: [] as string[], helpers: 0 };
    remote.onRequest = async () => {
      for (const p of await processesMatching(secret)) seen.shown.push(p.cmdline);
      seen.helpers += (await processesMatching(`127.0.0.1:${remote.port}`)).filter((p) =>
        p.cmdline.includes('remote-http'),
      ).length;
    };
    return seen;
  }

  it('reaches git through its environment, never its command line, a log or the status', async () => {
    const token = `tok-${randomUUID()}`;
    const remote = await httpRemote({ user: 'bot', password: token });
    const seen = watch(remote, token);
    const log = logged();
    // A fetch of the empty remote, then a push seeding it: both authenticated with the password, under the
    // usual time limit (git's calls wait for the process list to be read at each request).
    const { repo, live } = await seededOn(remote.url, { remoteTimeoutMs: 1_000 }, log);
    expect(git(remote.dir, 'rev-parse', 'main')).toBe(live);
    expect(seen.helpers).toBeGreaterThan(0);
    expect(seen.shown).toEqual([]);
    // An outage and its end are logged, with the remote's address, never its password.
    delete remote.onRequest;
    remote.hold = 'requests';
    await expect(repo.remote!.sync()).rejects.toThrow(/no answer within 1 s/);
    remote.release();
    await syncOnceAnswered(repo);
    expect(log.warn).toHaveLength(1);
    expect(log.info).toHaveLength(1);
    expect(log.all.join('\n')).toContain(`127.0.0.1:${remote.port}`);
    expect(log.all.join('\n')).not.toContain(token);
    // Nor does it show in what the server says about the remote.
    expect(JSON.stringify(repo.remote!.status(live))).not.toContain(token);
    expect(JSON.stringify(await repo.remoteReadiness())).not.toContain(token);
    repo.stop();
  });

  it('keeps a token given alone (https://TOKEN@host/...) off the command line too', async () => {
    const token = `tok-${randomUUID()}`;
    // git sends a token alone as the user name, with an empty password.
    const remote = await httpRemote({ user: token, password: '' });
    const seen = watch(remote, token);
    const repo = repoOn(`http://${token}@127.0.0.1:${remote.port}/rules.git`);
    const live = await repo.ensure();
    expect(git(remote.dir, 'rev-parse', 'main')).toBe(live);
    expect(seen.helpers).toBeGreaterThan(0);
    expect(seen.shown).toEqual([]);
    repo.stop();
  });
});

describe('the studio on a remote that stops answering', { timeout: 60_000 }, () => {
  it('answers a save 503 with what failed, and still answers reads', async () => {
    const remote = await httpRemote();
    const { sandbox, base } = await start({
      distDir: makeDist(),
      rulesDir: copyRules(),
      studio: {
        gitDir: join(tmp('studio-git-'), 'rules.git'),
        remote: remote.url,
        fetchSeconds: 60,
        requestTimeoutMs: 10_000,
        remoteTimeoutMs: 1_000,
        checker: noChecks(),
      },
    });
    try {
      const b = new Browser(base);
      b.signInAnalyst(sandbox, 'ana');
      const csrf = (await b.json<{ csrfToken: string }>('/studio/api/session')).csrfToken;
      const live = await b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
      expect(Object.keys(live.files)).not.toContain('README.md');
      remote.hold = 'requests';
      const started = Date.now();
      const res = await b.post(
        '/studio/api/changes',
        {
          reason: 'While the remote hangs',
          base: live.commit,
          files: {
            'outage.json': live.files['outage.json']!.replace('"description": "', '"description": "X '),
          },
        },
        { 'x-csrf-token': csrf },
      );
      expect(res.status).toBe(503);
      // Within the request's deadline (10 s): the remote's 1 s, and the rest of the request.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^The rules remote did not answer within 1 s: nothing was saved\./,
      );
      // Reads answer with what this server has.
      expect((await b.get('/studio/api/changes')).status).toBe(200);
      expect((await b.get('/studio/api/history')).status).toBe(200);
      expect(await leftOver(`127.0.0.1:${remote.port}`)).toEqual([]);
      // The remote back: the save reported as failed is never committed, there or here.
      remote.release();
      await sandbox.studioRepo.remote!.sync();
      expect(git(remote.dir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
      expect((await b.json<{ pending: unknown[] }>('/studio/api/changes')).pending).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
