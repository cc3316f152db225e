/**
 * Pushes in doubt (server/studio/rules-sync.ts, docs/decisions/042): a push that its deadline ended was
 * answered 503 "nothing was saved", so if the remote took it after all it is undone. An entry is kept until
 * that is settled: its undo worked (a refused undo is tried again at the next fetch), its refs moved
 * elsewhere, or a fetch that started well after the push (its time limit and a margin) shows that it did not
 * land (a push a slow pre-receive hook applies after the first fetch is still undone). An undo that keeps
 * failing is given up, at warn, after a bound.
 *
 * The remotes are real: git's own `git http-backend` behind a small HTTP server (test/support/git-http.ts),
 * with a pre-receive hook a test can make refuse a push, or hold it until let go.
 */
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RemoteTimeout, RulesRemote } from '../../server/studio/rules-remote';
import { RemoteSync } from '../../server/studio/rules-sync';
import { Git, Op } from '../../server/studio/studio-git';
import { RepoError, RulesRepo, type Check, type RulesRepoOptions } from '../../server/studio/studio-repo';
import { gitHttpRemote, type GitHttpRemote } from '../support/git-http';
import { git, tmp } from '../support/git-dirs';

/** The pending changes' refs of a git directory, one a line. */
const pendingIn = (dir: string): string =>
  git(dir, 'for-each-ref', '--format=%(refname)', 'refs/heads/pending/');

/** A rules folder of two JSON files. */
function folder(): string {
  const dir = tmp('rules-');
  writeFileSync(join(dir, 'a.json'), '{ "a": 1 }\n');
  writeFileSync(join(dir, 'b.json'), '{ "b": 1 }\n');
  return dir;
}

interface Logged {
  warn: string[];
  /** every line logged, its fields included, as JSON */
  all: string[];
}

function repoOn(
  url: string,
  options: RulesRepoOptions,
  log: Logged,
  dirs: { folder: string; gitDir: string },
) {
  return new RulesRepo(dirs.folder, dirs.gitDir, {
    remote: url,
    ...options,
    log: {
      warn: (o: object, m: string) => {
        log.warn.push(m);
        log.all.push(JSON.stringify({ ...o, msg: m }));
      },
      info: (o: object, m: string) => log.all.push(JSON.stringify({ ...o, msg: m })),
    },
  });
}

/**
 * A repository on `url` that a first start (the usual time limits) has seeded the remote from and fetched:
 * the test's short limits apply from its own first step. Returns it and the live commit.
 */
async function seededOn(url: string, options: RulesRepoOptions, log: Logged) {
  const dirs = { folder: folder(), gitDir: join(tmp('git-'), 'rules.git') };
  const first = new RulesRepo(dirs.folder, dirs.gitDir, { remote: url });
  const live = await first.ensure();
  first.stop();
  const repo = repoOn(url, options, log, dirs);
  await syncAnswered(repo.remote!);
  return { repo, live, dirs };
}

/**
 * A sync once the remote answers: a fetch that a busy machine makes slower than the remote's time limit is
 * tried again, as the server's next fetch would be.
 */
async function syncAnswered(sync: RemoteSync): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sync.sync();
      return;
    } catch (e) {
      if (!(e instanceof RemoteTimeout) || attempt === 5) throw e;
    }
  }
}

const noProblems: Check = () => Promise.resolve([]);
const save = (repo: RulesRepo, base: string, a: number) =>
  repo.propose({
    author: { name: 'Ana', email: 'ana@x', id: 'ana' },
    reason: `a is ${a}`,
    base,
    files: { 'a.json': `{ "a": ${a} }\n` },
    requireApproval: true,
    check: noProblems,
  });

/** Waits (checking every 25 ms) until `done()` holds; fails naming `what` after `ms`. */
async function until(done: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`Still waiting after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A pre-receive hook on a bare repository, with two switches (files beside it): `refuse` declines every
 * push; `hold` keeps a push in the hook (it has been received, and lands when let go) and says it started.
 * A held hook lets go by itself after 60 s, so a failed test leaves no git behind for long.
 */
function hookOn(dir: string) {
  const hooks = join(dir, 'hooks');
  const file = (name: string): string => join(hooks, name);
  writeFileSync(
    file('pre-receive'),
    [
      '#!/bin/sh',
      'cat >/dev/null',
      `if [ -e '${file('hold')}' ]; then`,
      `  : > '${file('started')}'`,
      '  n=0',
      `  while [ -e '${file('hold')}' ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done`,
      'fi',
      `if [ -e '${file('refuse')}' ]; then echo 'not now' >&2; exit 1; fi`,
      'exit 0',
      '',
    ].join('\n'),
  );
  chmodSync(file('pre-receive'), 0o755);
  const flag = (name: string, on: boolean): void => {
    if (on) writeFileSync(file(name), '');
    else rmSync(file(name), { force: true });
  };
  const hook = {
    refuse: (on: boolean) => flag('refuse', on),
    hold: (on: boolean) => {
      if (on) rmSync(file('started'), { force: true });
      flag('hold', on);
    },
    /** a push is in the hook, held */
    started: () => until(() => existsSync(file('started')), 'a push in the held pre-receive hook'),
  };
  hooksMade.push(hook);
  return hook;
}

const remotes: GitHttpRemote[] = [];
const hooksMade: { hold(on: boolean): void }[] = [];
afterAll(async () => {
  for (const h of hooksMade) h.hold(false);
  for (const r of remotes) await r.close();
});

async function httpRemote(options: Parameters<typeof gitHttpRemote>[0] = {}): Promise<GitHttpRemote> {
  const remote = await gitHttpRemote(options);
  remotes.push(remote);
  return remote;
}

const UNDONE = 'A change reported as not saved reached the rules remote late: it was undone';
/** The remote's time limit here: a push needs well under it, even on a slow host. */
const LIMITS = { requestTimeoutMs: 10_000, remoteTimeoutMs: 3_000 };
const NOTHING_SAVED = /^The rules remote did not answer within 3 s: nothing was saved\./;

describe('a push reported as not saved that the remote took', { timeout: 60_000 }, () => {
  it('is undone at a later fetch when the remote refused its first undo', async () => {
    const remote = await httpRemote();
    const log: Logged = { warn: [], all: [] };
    const { repo, live } = await seededOn(remote.url, LIMITS, log);
    const hook = hookOn(remote.dir);
    // The remote takes the push and keeps its answer back: the save is told it failed.
    remote.hold = 'answers';
    const saving = save(repo, live, 3);
    await expect(saving).rejects.toBeInstanceOf(RepoError);
    await expect(saving).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(NOTHING_SAVED) as unknown,
    });
    const change = pendingIn(remote.dir);
    expect(change).toMatch(/^refs\/heads\/pending\/[0-9a-f]{12}$/);
    // The remote answers again, but refuses the undo this once.
    hook.refuse(true);
    remote.release();
    await syncAnswered(repo.remote!);
    expect(pendingIn(remote.dir)).toBe(change);
    expect(log.warn).toContainEqual(expect.stringMatching(/could not be undone/));
    expect(log.warn).not.toContainEqual(UNDONE);
    // The next fetch tries again: what was reported as not saved is nowhere, there or here.
    hook.refuse(false);
    await syncAnswered(repo.remote!);
    expect(pendingIn(remote.dir)).toBe('');
    expect(pendingIn(repo.gitDir)).toBe('');
    expect(log.warn).toContainEqual(UNDONE);
    expect(await repo.pending()).toEqual([]);
    repo.stop();
  });

  it('is undone when it lands after the first fetch that followed it (a slow pre-receive hook)', async () => {
    const remote = await httpRemote();
    const log: Logged = { warn: [], all: [] };
    const { repo, live } = await seededOn(remote.url, LIMITS, log);
    const hook = hookOn(remote.dir);
    // The push reaches the remote, whose hook takes longer than the push's time limit.
    hook.hold(true);
    const saving = save(repo, live, 3);
    await expect(saving).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(NOTHING_SAVED) as unknown,
    });
    await hook.started();
    // A fetch while the hook still runs: the change is not there yet.
    await syncAnswered(repo.remote!);
    expect(pendingIn(remote.dir)).toBe('');
    // The hook ends and the remote applies the push, seconds after its client gave up.
    hook.hold(false);
    await until(() => pendingIn(remote.dir) !== '', 'the held push landing on the remote');
    // The next fetch finds it and takes it back.
    await syncAnswered(repo.remote!);
    expect(pendingIn(remote.dir)).toBe('');
    expect(pendingIn(repo.gitDir)).toBe('');
    expect(log.warn).toContainEqual(UNDONE);
    expect(await repo.pending()).toEqual([]);
    repo.stop();
  });
});

describe('how long a push stays in doubt', { timeout: 60_000 }, () => {
  /** The remote's time limit of these syncs, and the margin after it the sync allows (rules-sync.ts). */
  const LIMIT_MS = 3_000;
  const MARGIN_MS = 30_000;

  /**
   * A sync on a repository seeded from `remote`, whose clock the test moves (`clock.ms`): the fetches and
   * pushes are real, only the time the sync reads is not. Its queue runs one operation at a time.
   */
  async function clocked(remote: GitHttpRemote, log: Logged) {
    const { repo, live, dirs } = await seededOn(remote.url, {}, log);
    repo.stop();
    const clock = { ms: Date.now() };
    let queue: Promise<unknown> = Promise.resolve();
    const sync = new RemoteSync(
      new RulesRemote(remote.url, dirs.gitDir, LIMIT_MS),
      {
        git: new Git(dirs.gitDir, dirs.folder),
        inQueue: <T>(fn: (op: Op) => Promise<T>): Promise<T> => {
          const run = queue.then(async () => {
            const op = new Op(20_000, true);
            try {
              return await fn(op);
            } finally {
              op.end();
            }
          });
          queue = run.catch(() => undefined);
          return run;
        },
        // main does not move here: the folder is never written.
        writeFolder: () => Promise.reject(new Error('not expected')),
        folderTree: () => Promise.reject(new Error('not expected')),
      },
      dirs.gitDir,
      () => clock.ms,
    );
    sync.log = {
      warn: (o: object, m: string) => {
        log.warn.push(m);
        log.all.push(JSON.stringify({ ...o, msg: m }));
      },
      info: (o: object, m: string) => log.all.push(JSON.stringify({ ...o, msg: m })),
    };
    return { sync, live, clock };
  }

  /** A pending change's ref that a push ended by its deadline was creating (at `commit`). */
  const creating = (name: string, commit: string) => [
    { ref: `refs/heads/pending/${name}`, to: commit, from: null },
  ];

  it('drops a push that did not land once a fetch started after its time limit and a margin', async () => {
    const remote = await httpRemote();
    const log: Logged = { warn: [], all: [] };
    const { sync, live, clock } = await clocked(remote, log);
    sync.noteInDoubt(creating('0123456789ab', live));
    // Fetches within the push's time limit and the margin: it may still land, and is kept.
    clock.ms += 1_000;
    await syncAnswered(sync);
    clock.ms += LIMIT_MS + MARGIN_MS - 2_000;
    await syncAnswered(sync);
    expect(sync.pushesInDoubt).toBe(1);
    // A fetch that started later still does not see it: it did not land, nothing to undo or say.
    clock.ms += 2_000;
    await syncAnswered(sync);
    expect(sync.pushesInDoubt).toBe(0);
    expect(log.warn).toEqual([]);
  });

  it('leaves a push whose refs another server moved, and says so at warn', async () => {
    const remote = await httpRemote();
    const log: Logged = { warn: [], all: [] };
    const { sync, live, clock } = await clocked(remote, log);
    sync.noteInDoubt(creating('0123456789ab', 'b'.repeat(40)));
    // The ref is on the remote, at another commit than the push's.
    git(remote.dir, 'update-ref', 'refs/heads/pending/0123456789ab', live);
    clock.ms += 1_000;
    await syncAnswered(sync);
    expect(sync.pushesInDoubt).toBe(0);
    expect(log.warn).toEqual([expect.stringMatching(/its refs have moved on the rules remote since/)]);
    expect(git(remote.dir, 'rev-parse', 'refs/heads/pending/0123456789ab')).toBe(live);
  });

  it('gives up an undo that keeps failing after an hour, at warn, naming the change and no password', async () => {
    const password = 'pw-in-doubt-7f3a';
    const remote = await httpRemote({ user: 'bot', password });
    const log: Logged = { warn: [], all: [] };
    const { sync, live, clock } = await clocked(remote, log);
    const hook = hookOn(remote.dir);
    sync.noteInDoubt(creating('0123456789ab', live));
    // It landed after all, and the remote refuses every undo.
    git(remote.dir, 'update-ref', 'refs/heads/pending/0123456789ab', live);
    hook.refuse(true);
    clock.ms += 1_000;
    await syncAnswered(sync);
    await syncAnswered(sync);
    // Said once, tried at each fetch.
    expect(log.warn).toEqual([
      expect.stringMatching(/could not be undone yet: it is tried again at the next fetch$/),
    ]);
    expect(sync.pushesInDoubt).toBe(1);
    clock.ms += 60 * 60_000;
    await syncAnswered(sync);
    expect(sync.pushesInDoubt).toBe(0);
    expect(log.warn).toHaveLength(2);
    expect(log.warn[1]).toMatch(
      /could not be undone in 3 tries over 60 min: given up, the rules remote keeps it$/,
    );
    const given = JSON.parse(log.all.at(-1)!) as { refs: string[]; commits: string[]; error: string };
    expect(given).toMatchObject({ refs: ['refs/heads/pending/0123456789ab'], commits: [live] });
    expect(given.error).toMatch(/not now/);
    expect(log.all.join('\n')).toContain(`127.0.0.1:${remote.port}`);
    expect(log.all.join('\n')).not.toContain(password);
    // The change stays on the remote (and shows here) until someone withdraws it.
    expect(pendingIn(remote.dir)).toBe('refs/heads/pending/0123456789ab');
    hook.refuse(false);
    await syncAnswered(sync);
    expect(pendingIn(remote.dir)).toBe('refs/heads/pending/0123456789ab');
  });

  it('watches at most 50 pushes, the oldest given up at warn', async () => {
    const remote = await httpRemote();
    const log: Logged = { warn: [], all: [] };
    const { sync, live } = await clocked(remote, log);
    for (let i = 0; i < 51; i++) sync.noteInDoubt(creating(i.toString(16).padStart(12, '0'), live));
    expect(sync.pushesInDoubt).toBe(50);
    expect(log.warn).toEqual([
      expect.stringMatching(/^More than 50 changes reported as not saved are in doubt/),
    ]);
    expect(JSON.parse(log.all[0]!)).toMatchObject({ refs: ['refs/heads/pending/000000000000'] });
  });
});
